import type { Lang, WordPair } from './types';
import { pairs as en } from './en';
import { pairs as zh } from './zh';

export type { Lang, Word, WordPair } from './types';

export const packs: Record<Lang, WordPair[]> = { en, zh };

/** The pair of `lang` that contains `word` (English is matched case-insensitively). */
export function findPair(lang: Lang, word: string): WordPair | undefined {
	const w = lang === 'en' ? word.trim().toLowerCase() : word.trim();
	return packs[lang].find((p) => p.a.word === w || p.b.word === w);
}

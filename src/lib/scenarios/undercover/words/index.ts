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

/**
 * What a player knows about its own word and nothing else: that word's features, never its partner's.
 * The fair scripted baseline's only lookup (a model brings this knowledge itself; it is never told
 * the pair). A word in no pack has none.
 */
export function ownFeatures(lang: Lang, word: string): readonly string[] {
	const pair = findPair(lang, word);
	if (!pair) return [];
	const w = lang === 'en' ? word.trim().toLowerCase() : word.trim();
	return (pair.a.word === w ? pair.a : pair.b).features;
}

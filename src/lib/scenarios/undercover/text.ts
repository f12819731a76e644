/**
 * Word matching: the one rule for what counts as saying a word, used by the rules (a speech must not
 * say its own word, whoever wrote it), the reply parser (which rejects it before the rules would) and
 * the lessons (which must not name a game's words).
 */
import type { Lang } from './words/types';

function escapeRegExp(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Does `text` say `word`? Chinese has no word boundaries, so any occurrence counts; in English the
 * word must stand alone or with a plural ending, so "cat" is found in "Cats purr" but not in "category".
 */
export function mentionsWord(text: string, word: string, lang: Lang): boolean {
	if (!word) return false;
	if (lang === 'zh') return text.includes(word);
	// Cheap rejection first: the pattern can only match where the letters occur.
	if (!text.toLowerCase().includes(word.toLowerCase())) return false;
	let pattern = patterns.get(word);
	if (!pattern) {
		pattern = new RegExp(`(^|[^\\p{L}])${escapeRegExp(word)}(s|es)?($|[^\\p{L}])`, 'iu');
		patterns.set(word, pattern);
	}
	return pattern.test(text);
}

/** Compiled patterns by word: the packs hold a few hundred words, so this stays small. */
const patterns = new Map<string, RegExp>();

/**
 * Does `text` say the seat's word? `mentionsWord`, and in Chinese also with the spaces taken out:
 * "苹 果" is still the word, since Chinese has no spaces to hide behind.
 */
export function saysWord(text: string, word: string, lang: Lang): boolean {
	return (
		mentionsWord(text, word, lang) || (lang === 'zh' && mentionsWord(text.replace(/\s+/g, ''), word, lang))
	);
}

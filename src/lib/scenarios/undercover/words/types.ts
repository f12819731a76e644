import type { RunLang } from '../../shared/lang';

export interface Word {
	word: string;
	features: string[];
}

export interface WordPair {
	category: string;
	difficulty: 1 | 2 | 3;
	a: Word;
	b: Word;
}

/** A word pack's language is the run's language. */
export type Lang = RunLang;

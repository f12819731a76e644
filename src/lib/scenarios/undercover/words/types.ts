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

export type Lang = 'en' | 'zh';

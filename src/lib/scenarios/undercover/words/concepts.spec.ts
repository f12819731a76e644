import { describe, expect, it } from 'vitest';
import { CONCEPTS, conceptOf, conceptPair, conceptWords } from './concepts';
import { packs } from '.';

describe('concepts shared by the English and Chinese packs', () => {
	it('names, for every concept, one pair in each pack holding both of its words', () => {
		expect(CONCEPTS.length).toBeGreaterThan(90);
		for (const c of CONCEPTS)
			for (const lang of ['en', 'zh'] as const) {
				const pair = conceptPair(c, lang);
				expect(pair, `${c} in ${lang}`).toBeDefined();
				expect(conceptOf(lang, pair!)).toBe(c);
			}
	});

	it('keeps the word order: the first word is the same thing in both languages', () => {
		expect(conceptWords('cat/dog', 'zh')).toEqual(['猫', '狗']);
		expect(conceptWords('belt/tie', 'zh')).toEqual(['腰带', '领带']);
		expect(conceptWords('bandage/plaster', 'zh')).toEqual(['绷带', '创可贴']);
		expect(conceptWords('nothing/here', 'en')).toBeUndefined();
	});

	it('gives no concept to a pair the other pack lacks', () => {
		expect(
			conceptOf(
				'zh',
				packs.zh.find((p) => p.a.word === '辣椒')!
			)
		).toBeNull();
		expect(
			conceptOf(
				'en',
				packs.en.find((p) => p.a.word === 'flute')!
			)
		).toBeNull();
	});
});

import { describe, it, expect } from 'vitest';
import { packs, findPair } from './index';
import type { Lang, Word, WordPair } from './types';
import { personas } from '../personas';

const langs: Lang[] = ['en', 'zh'];

const WORD_RE: Record<Lang, RegExp> = {
	en: /^[a-z]+$/,
	zh: /^[\u4e00-\u9fff]{1,4}$/
};
const FEATURE_LEN: Record<Lang, [number, number]> = { en: [3, 40], zh: [2, 16] };
const TRAILING_PUNCT = /[.,;:!?。，、；：！？…]$/;

const len = (s: string) => Array.from(s).length;
const norm = (lang: Lang, s: string) => (lang === 'en' ? s.toLowerCase() : s);
const label = (p: WordPair) => `${p.a.word}/${p.b.word}`;

/** Collect every rule violation of one pack so a failure lists all of them at once. */
function problems(lang: Lang, pairs: WordPair[]): string[] {
	const out: string[] = [];
	for (const p of pairs) {
		const id = label(p);
		if (!p.category || typeof p.category !== 'string') out.push(`${id}: missing category`);
		if (![1, 2, 3].includes(p.difficulty)) out.push(`${id}: bad difficulty ${p.difficulty}`);
		const words = [p.a.word, p.b.word];
		if (norm(lang, p.a.word) === norm(lang, p.b.word)) out.push(`${id}: both words are the same`);
		for (const w of [p.a, p.b] as Word[]) {
			if (!WORD_RE[lang].test(w.word)) out.push(`${id}: bad word "${w.word}"`);
			if (w.features.length < 3 || w.features.length > 6)
				out.push(`${id}: "${w.word}" has ${w.features.length} features`);
			if (new Set(w.features).size !== w.features.length) out.push(`${id}: "${w.word}" repeats a feature`);
			for (const f of w.features) {
				const [min, max] = FEATURE_LEN[lang];
				if (len(f) < min || len(f) > max) out.push(`${id}: feature "${f}" has length ${len(f)}`);
				if (f !== f.trim()) out.push(`${id}: feature "${f}" has surrounding spaces`);
				if (TRAILING_PUNCT.test(f)) out.push(`${id}: feature "${f}" ends with punctuation`);
				if (lang === 'en' && !/^[a-z]/.test(f)) out.push(`${id}: feature "${f}" must start lowercase`);
				for (const other of words) {
					// Strict: plain substring, so "cat" also forbids "cats" and "category".
					if (norm(lang, f).includes(norm(lang, other)))
						out.push(`${id}: feature "${f}" contains "${other}"`);
				}
			}
		}
		const fa = new Set(p.a.features);
		const fb = new Set(p.b.features);
		const shared = [...fa].filter((f) => fb.has(f));
		if (shared.length < 1) out.push(`${id}: no shared feature`);
		if (![...fa].some((f) => !fb.has(f))) out.push(`${id}: "${p.a.word}" has no unique feature`);
		if (![...fb].some((f) => !fa.has(f))) out.push(`${id}: "${p.b.word}" has no unique feature`);
	}
	const seen = new Map<string, string>();
	for (const p of pairs) {
		for (const w of [p.a.word, p.b.word]) {
			const k = norm(lang, w);
			const prev = seen.get(k);
			if (prev) out.push(`word "${w}" appears in ${prev} and ${label(p)}`);
			else seen.set(k, label(p));
		}
	}
	return out;
}

describe.each(langs)('word pack %s', (lang) => {
	const pairs = packs[lang];

	it('is big and varied enough', () => {
		expect(pairs.length).toBeGreaterThanOrEqual(150);
		const categories = new Set(pairs.map((p) => p.category));
		expect(categories.size).toBeGreaterThanOrEqual(8);
		for (const c of categories) {
			expect(pairs.filter((p) => p.category === c).length, c).toBeGreaterThanOrEqual(3);
		}
		const difficulties = new Set(pairs.map((p) => p.difficulty));
		expect(difficulties.size).toBeGreaterThanOrEqual(2);
	});

	it('follows every pair and feature rule', () => {
		expect(problems(lang, pairs)).toEqual([]);
	});

	it('never pairs a word with one that contains it (a seat would see the other word inside its own)', () => {
		const nested = pairs.filter((p) => {
			const [a, b] = [p.a.word.toLowerCase(), p.b.word.toLowerCase()];
			return a.includes(b) || b.includes(a);
		});
		expect(nested.map((p) => `${p.a.word}/${p.b.word}`)).toEqual([]);
	});

	it('finds the pair of every word', () => {
		for (const p of pairs) {
			expect(findPair(lang, p.a.word)).toBe(p);
			expect(findPair(lang, p.b.word)).toBe(p);
		}
		expect(findPair(lang, 'no-such-word')).toBeUndefined();
	});
});

describe('findPair', () => {
	it('matches English words case-insensitively', () => {
		const p = packs.en[0]!;
		expect(findPair('en', p.a.word.toUpperCase())).toBe(p);
	});
});

describe('personas', () => {
	it('has at least 16 distinct personas with both languages filled', () => {
		expect(personas.length).toBeGreaterThanOrEqual(16);
		expect(new Set(personas.map((p) => p.id)).size).toBe(personas.length);
		for (const p of personas) {
			expect(p.id).toMatch(/^[a-z][a-z0-9-]*$/);
			expect(p.temperament).toMatch(/^[EI][NS][TF][JP]$/);
			for (const lang of langs) {
				expect(p.name[lang]?.trim(), `${p.id} name.${lang}`).toBeTruthy();
				expect(p.style[lang]?.trim(), `${p.id} style.${lang}`).toBeTruthy();
			}
			expect(len(p.name.zh)).toBeLessThanOrEqual(2);
		}
		for (const lang of langs) {
			expect(new Set(personas.map((p) => p.name[lang])).size, `unique ${lang} names`).toBe(personas.length);
		}
	});

	it('covers all 16 temperaments', () => {
		expect(new Set(personas.map((p) => p.temperament)).size).toBe(16);
	});
});

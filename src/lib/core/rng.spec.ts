import { describe, expect, it } from 'vitest';
import { createRng, createStream } from './rng';

describe('seeded generator', () => {
	it('gives the same numbers for the same seed and stream name', () => {
		const a = createStream(42, 'deal');
		const b = createStream(42, 'deal');
		expect(Array.from({ length: 20 }, () => a.next())).toEqual(Array.from({ length: 20 }, () => b.next()));
	});

	it('keeps named streams independent: drawing from one never shifts another', () => {
		const rng = createRng(7);
		const untouched = rng.stream('votes');
		const expected = Array.from({ length: 5 }, () => untouched.next());
		const busy = createRng(7);
		const other = busy.stream('speech');
		for (let i = 0; i < 1000; i++) other.next();
		const votes = busy.stream('votes');
		expect(Array.from({ length: 5 }, () => votes.next())).toEqual(expected);
	});

	it('differs between seeds and names', () => {
		expect(createStream(1, 'x').next()).not.toBe(createStream(2, 'x').next());
		expect(createStream(1, 'x').next()).not.toBe(createStream(1, 'y').next());
	});

	it('spreads int() evenly and stays in range', () => {
		const s = createStream(99, 'dist');
		const counts = [0, 0, 0, 0, 0, 0];
		for (let i = 0; i < 60_000; i++) counts[s.int(6)]!++;
		for (const c of counts) expect(c).toBeGreaterThan(9_400);
		for (const c of counts) expect(c).toBeLessThan(10_600);
	});

	it('shuffles into a permutation without touching the input', () => {
		const input = [1, 2, 3, 4, 5, 6, 7, 8];
		const out = createStream(3, 's').shuffle(input);
		expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
		expect([...out].sort()).toEqual(input);
	});

	it('refuses bad arguments', () => {
		expect(() => createRng(1.5)).toThrow(/seed/);
		expect(() => createStream(1, 'x').int(0)).toThrow(RangeError);
		expect(() => createStream(1, 'x').pick([])).toThrow(RangeError);
	});
});

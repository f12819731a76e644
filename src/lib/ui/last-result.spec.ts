import { describe, expect, it } from 'vitest';
import { lastResult } from './last-result';

describe('lastResult', () => {
	it('derives again only when an input is another object or value, and then returns the new result', () => {
		let calls = 0;
		const total = lastResult((xs: readonly number[], scale: number) => {
			calls++;
			return { sum: xs.reduce((a, b) => a + b, 0) * scale };
		});
		const xs = [1, 2, 3];
		const first = total(xs, 2);
		expect(first).toEqual({ sum: 12 });
		expect(total(xs, 2)).toBe(first);
		expect(calls).toBe(1);
		// The same numbers in another array are another input: immutably folded state never mutates in place.
		expect(total([1, 2, 3], 2)).not.toBe(first);
		expect(total([1, 2, 3], 3)).toEqual({ sum: 18 });
		expect(calls).toBe(3);
	});
});

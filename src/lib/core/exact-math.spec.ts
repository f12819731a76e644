import { describe, expect, it } from 'vitest';
import { expExact, lnExact } from './exact-math';

describe('lnExact', () => {
	it('matches Math.log to the last few bits over counts and fractions', () => {
		for (let n = 1; n <= 2000; n++)
			expect(Math.abs(lnExact(n) - Math.log(n))).toBeLessThan(4e-15 * Math.max(1, Math.log(n)));
		for (const x of [1e-9, 0.001, 0.5, 0.7071, 1.5, 2.5, 1e6, 1e300])
			expect(Math.abs(lnExact(x) - Math.log(x))).toBeLessThan(1e-13 * Math.max(1, Math.abs(Math.log(x))));
		expect(lnExact(1)).toBe(0);
		expect(lnExact(expExact(3))).toBeCloseTo(3, 14);
	});

	it('refuses what has no logarithm', () => {
		for (const x of [0, -1, Infinity, NaN]) expect(() => lnExact(x)).toThrow(RangeError);
	});
});

import { describe, expect, it } from 'vitest';
import { bootstrapMeanDiff, compareProportions, compareRows, normalQuantile, wilson, zFor } from './ab';
import type { LeaderboardRow, Proportion } from './leaderboard';

describe('normal quantiles', () => {
	it('matches tabulated values', () => {
		expect(zFor(0.95)).toBeCloseTo(1.959964, 6);
		expect(zFor(0.99)).toBeCloseTo(2.575829, 6);
		expect(zFor(0.9)).toBeCloseTo(1.644854, 6);
		expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 6);
		expect(normalQuantile(0.5)).toBe(0);
		expect(() => zFor(1)).toThrow(RangeError);
	});
});

describe('wilson', () => {
	it('matches Newcombe (1998) for 81/263 and handles 0/n and n = 0', () => {
		const w = wilson({ x: 81, n: 263 });
		expect(w.lower).toBeCloseTo(0.2553, 4);
		expect(w.upper).toBeCloseTo(0.3662, 4);
		expect(wilson({ x: 0, n: 10 })).toMatchObject({ p: 0, lower: 0 });
		expect(wilson({ x: 0, n: 10 }).upper).toBeCloseTo(0.2775, 4);
		expect(wilson({ x: 0, n: 0 })).toEqual({ p: null, lower: 0, upper: 1 });
		expect(() => wilson({ x: 3, n: 2 })).toThrow(RangeError);
	});
});

describe('compareProportions (Newcombe hybrid score, method 10)', () => {
	// Newcombe, "Interval estimation for the difference between independent proportions",
	// Statistics in Medicine 17 (1998), Table II, method 10.
	const table: [number, number, number, number, number, number][] = [
		[56, 70, 48, 80, 0.0524, 0.3339],
		[9, 10, 3, 10, 0.1705, 0.809],
		[6, 7, 2, 7, 0.0582, 0.8062],
		[5, 56, 0, 29, -0.0381, 0.1926],
		[0, 10, 0, 20, -0.1611, 0.2775],
		[0, 10, 0, 10, -0.2775, 0.2775],
		[10, 10, 0, 20, 0.6791, 1],
		[10, 10, 0, 10, 0.6075, 1]
	];
	it.each(table)('%i/%i - %i/%i: [%f, %f]', (x1, n1, x2, n2, lo, hi) => {
		const r = compareProportions({ x: x1, n: n1 }, { x: x2, n: n2 });
		expect(r.diff).toBeCloseTo(x1 / n1 - x2 / n2, 10);
		expect(r.lower).toBeCloseTo(lo, 4);
		expect(r.upper).toBeCloseTo(hi, 4);
	});

	it('says whether the interval excludes zero, and is wider at a higher level', () => {
		expect(compareProportions({ x: 56, n: 70 }, { x: 48, n: 80 }).differs).toBe(true);
		expect(compareProportions({ x: 0, n: 10 }, { x: 0, n: 20 }).differs).toBe(false);
		const r95 = compareProportions({ x: 30, n: 50 }, { x: 20, n: 50 });
		const r99 = compareProportions({ x: 30, n: 50 }, { x: 20, n: 50 }, 0.99);
		expect(r99.upper - r99.lower).toBeGreaterThan(r95.upper - r95.lower);
	});

	it('is the whole range when a side has no observations', () => {
		expect(compareProportions({ x: 0, n: 0 }, { x: 3, n: 5 })).toMatchObject({
			diff: null,
			lower: -1,
			upper: 1
		});
	});
});

describe('bootstrapMeanDiff', () => {
	const a = Array.from({ length: 100 }, (_, i) => i);
	const b = Array.from({ length: 100 }, (_, i) => i + 10);

	it('is reproducible from its seed and changes with it', () => {
		const one = bootstrapMeanDiff(a, b, { seed: 7, iterations: 500 });
		expect(bootstrapMeanDiff(a, b, { seed: 7, iterations: 500 })).toEqual(one);
		expect(bootstrapMeanDiff(a, b, { seed: 8, iterations: 500 }).lower).not.toBe(one.lower);
	});

	it('centres on the observed difference with about the normal-theory width', () => {
		const r = bootstrapMeanDiff(a, b, { seed: 1, iterations: 4000 });
		expect(r.diff).toBe(-10);
		expect(r.meanA).toBeCloseTo(49.5);
		// Standard error of the difference: sqrt(2 * var / n), var = 833.25 (population), so about 4.08.
		const se = Math.sqrt((2 * 833.25) / 100);
		expect(r.lower).toBeCloseTo(-10 - 1.96 * se, 0);
		expect(r.upper).toBeCloseTo(-10 + 1.96 * se, 0);
		expect(r.differs).toBe(true);
	});

	it('gives a zero-width interval for constant data and rejects empty sides', () => {
		expect(bootstrapMeanDiff([3, 3, 3], [1, 1], { seed: 1, iterations: 50 })).toMatchObject({
			diff: 2,
			lower: 2,
			upper: 2
		});
		expect(() => bootstrapMeanDiff([], [1], { seed: 1 })).toThrow(RangeError);
		expect(() => bootstrapMeanDiff([1], [1], { seed: 1, iterations: 0 })).toThrow(RangeError);
	});
});

describe('compareRows', () => {
	const prop = (x: number, n: number): Proportion => ({ x, n, rate: n ? x / n : null });
	const row = (win: number, tokens: number[]): LeaderboardRow => ({
		key: 'k',
		label: 'k',
		games: tokens.length,
		seatGames: tokens.length * 6,
		civilianWin: prop(win, 50),
		undercoverWin: prop(5, 10),
		blankWin: prop(0, 0),
		draw: prop(0, 60),
		firstRoundOut: prop(5, 60),
		voteHit: prop(30, 60),
		voteHitAsCivilian: prop(25, 50),
		herding: prop(40, 60),
		comeback: prop(1, 2),
		invalidReply: prop(0, 100),
		forfeit: prop(0, 100),
		calls: 0,
		tokens: { total: 0, perGame: 0, values: tokens },
		seconds: { total: 0, perGame: 0, values: [] }
	});

	it('compares every rate and the per-game means', () => {
		const r = compareRows(row(40, [100, 120, 110]), row(20, [200, 210, 190]), { seed: 3, iterations: 300 });
		expect(r.rates.civilianWin.differs).toBe(true);
		expect(r.rates.voteHit.diff).toBe(0);
		expect(r.tokens?.diff).toBeCloseTo(-90);
		expect(r.tokens?.differs).toBe(true);
		expect(r.seconds).toBeNull();
	});
});

import { describe, expect, it } from 'vitest';
import {
	bootstrapClusteredMeanDiff,
	bootstrapMeanDiff,
	COMPARED_RATES,
	comparePaired,
	compareProportions,
	compareRows,
	gamesNeededMcNemar,
	gamesNeededPaired,
	mcnemarExact,
	normalQuantile,
	wilson,
	zFor,
	type ComparedRate,
	type Count,
	type GameFigures
} from './ab';
import type { LeaderboardRow, Proportion } from '../scenarios/undercover/analysis/leaderboard';

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

describe('bootstrapClusteredMeanDiff', () => {
	// 20 games a side, 10 speeches each, every speech of a game the same length: the speeches of a game
	// carry one game's worth of information, not ten.
	const games = (shift: number) => Array.from({ length: 20 }, (_, g) => ({ sum: 10 * (g + shift), n: 10 }));
	const flat = (shift: number) => games(shift).flatMap((c) => Array<number>(c.n).fill(c.sum / c.n));

	it('pools the values and widens the interval by the clusters, where a bootstrap of values does not', () => {
		const clustered = bootstrapClusteredMeanDiff(games(5), games(0), { seed: 1, iterations: 4000 });
		const naive = bootstrapMeanDiff(flat(5), flat(0), { seed: 1, iterations: 4000 });
		expect(clustered.diff).toBe(5);
		expect(naive.diff).toBe(5);
		// Each side: 20 game means 0..19 (population variance 33.25); se of the difference sqrt(2 * 33.25 / 20).
		const se = Math.sqrt((2 * 33.25) / 20);
		expect(clustered.lower).toBeCloseTo(5 - 1.96 * se, 0);
		expect(clustered.upper).toBeCloseTo(5 + 1.96 * se, 0);
		expect(clustered.differs).toBe(true);
		// Treating the 200 speeches as independent shrinks the interval by about sqrt(10).
		const ratio = (clustered.upper - clustered.lower) / (naive.upper - naive.lower);
		expect(ratio).toBeGreaterThan(2.6);
		expect(ratio).toBeLessThan(3.8);
	});

	it('weighs clusters by their size, leaves empty ones out, and equals the plain bootstrap for clusters of one', () => {
		const r = bootstrapClusteredMeanDiff(
			[
				{ sum: 30, n: 3 },
				{ sum: 0, n: 0 },
				{ sum: 2, n: 1 }
			],
			[{ sum: 4, n: 2 }],
			{ seed: 3, iterations: 200 }
		);
		expect(r.meanA).toBe(8);
		expect(r.diff).toBe(6);
		const xs = [4, 9, 1, 7, 7];
		const ys = [2, 8, 3];
		const one = (x: number) => ({ sum: x, n: 1 });
		expect(bootstrapClusteredMeanDiff(xs.map(one), ys.map(one), { seed: 9, iterations: 300 })).toEqual(
			bootstrapMeanDiff(xs, ys, { seed: 9, iterations: 300 })
		);
		expect(() => bootstrapClusteredMeanDiff([{ sum: 0, n: 0 }], [one(1)], { seed: 1 })).toThrow(RangeError);
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
		firstOption: prop(10, 60),
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

describe('paired comparisons', () => {
	const rates = (over: Partial<Record<ComparedRate, Count>>): Record<ComparedRate, Count> =>
		Object.fromEntries(COMPARED_RATES.map((k) => [k, over[k] ?? { x: 0, n: 0 }])) as Record<
			ComparedRate,
			Count
		>;
	const fig = (game: string, over: Partial<Record<ComparedRate, Count>>, tokens = 0): GameFigures => ({
		game,
		rates: rates(over),
		tokens,
		seconds: tokens / 100
	});

	it('gives McNemar’s exact p-value on the discordant games', () => {
		// 10 games only A won, 2 only B won: 2 * P(X <= 2), X ~ Bin(12, 1/2) = 2 * 79/4096.
		expect(mcnemarExact(10, 2).p).toBeCloseTo((2 * 79) / 4096, 12);
		expect(mcnemarExact(2, 10).p).toBeCloseTo((2 * 79) / 4096, 12);
		expect(mcnemarExact(0, 0).p).toBe(1);
		expect(mcnemarExact(3, 3).p).toBe(1);
	});

	it('sizes a McNemar test by Connor’s formula, and refuses to size no difference', () => {
		// p10 = 0.2, p01 = 0.1: (1.96 sqrt(.3) + 0.8416 sqrt(.29))^2 / 0.01 = 233.1
		expect(gamesNeededMcNemar(20, 10, 100)).toBe(234);
		expect(gamesNeededMcNemar(5, 5, 100)).toBeNull();
		// A paired mean: sd 1, mean difference 0.5 -> ((1.96 + 0.84) * 2)^2 = 31.4
		const diffs = [-0.5, 1.5, -0.5, 1.5].map((d) => d); // mean 0.5, sd 1.1547
		expect(gamesNeededPaired(diffs)).toBe(Math.ceil(((1.959964 + 0.841621) * 1.1547005 * 2) ** 2));
		expect(gamesNeededPaired([0, 0, 0])).toBeNull();
	});

	it('uses the pairing: a small steady gain on deals of very different difficulty is found', () => {
		// Deal i is easy or hard for both sides alike; A wins 2 more of every 20 civilian seats on each deal.
		const a: GameFigures[] = [];
		const b: GameFigures[] = [];
		for (let i = 0; i < 40; i++) {
			const base = i % 2 ? 2 : 16;
			a.push(fig(`g${i}`, { voteHit: { x: base + 2, n: 20 } }, 1000 + 10 * i + 5));
			b.push(fig(`g${i}`, { voteHit: { x: base, n: 20 } }, 1000 + 10 * i));
		}
		const paired = comparePaired(a, b, { seed: 3 });
		const r = paired.rates.voteHit;
		expect(r.diff).toBeCloseTo(0.1, 12);
		expect(r.pairs).toBe(40);
		expect(r.differs).toBe(true);
		expect(r.lower).toBeGreaterThan(0);
		expect(r.mcnemar).toBeNull(); // not a yes/no per game
		// The same counts as two independent samples: the deal-to-deal spread swamps the gain.
		const unpaired = compareProportions({ x: 400, n: 800 }, { x: 360, n: 800 });
		expect(unpaired.upper - unpaired.lower).toBeGreaterThan(2 * (r.upper - r.lower));
		// Tokens: +5 on every game, exactly.
		expect(paired.tokens).toMatchObject({ diff: 5, lower: 5, upper: 5, differs: true, pairs: 40 });
	});

	it('runs McNemar on yes/no figures, leaves unpaired games out and names them', () => {
		const won = (x: number) => ({ civilianWin: { x, n: 5 } });
		const a = [
			fig('g1', won(5)),
			fig('g2', won(5)),
			fig('g3', won(0)),
			fig('g4', won(5)),
			fig('extra', won(5))
		];
		const b = [
			fig('g1', won(0)),
			fig('g2', won(5)),
			fig('g3', won(0)),
			fig('g4', won(0)),
			fig('other', won(0))
		];
		const paired = comparePaired(a, b, { seed: 1 });
		expect(paired.pairs).toBe(4);
		expect(paired.onlyA).toEqual(['extra']);
		expect(paired.onlyB).toEqual(['other']);
		const r = paired.rates.civilianWin;
		expect(r.a).toMatchObject({ x: 15, n: 20 });
		expect(r.b).toMatchObject({ x: 5, n: 20 });
		expect(r.mcnemar).toEqual({ aOnly: 2, bOnly: 0, p: 0.5 });
		expect(r.gamesNeeded).toBeGreaterThan(4);
		// A figure nobody observed has no difference and the widest interval.
		expect(paired.rates.comeback).toMatchObject({
			diff: null,
			lower: -1,
			upper: 1,
			differs: false,
			pairs: 0
		});
	});

	it('is a function of the data and the seed', () => {
		const ids = Array.from({ length: 15 }, (_, i) => i);
		const a = ids.map((i) => fig(`g${i}`, { herding: { x: (i * 7) % 11, n: 11 } }, i * 3));
		const b = ids.map((i) => fig(`g${i}`, { herding: { x: (i * 5) % 11, n: 11 } }, i * 2));
		expect(comparePaired(a, b, { seed: 9 })).toEqual(comparePaired(a, b, { seed: 9 }));
		expect(comparePaired(a, b, { seed: 9 }).rates.herding.lower).not.toBe(
			comparePaired(a, b, { seed: 10 }).rates.herding.lower
		);
	});
});

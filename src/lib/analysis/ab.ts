/**
 * The A/B view's statistics: is configuration A different from B, and by how much? Seed 002's P4 asked
 * for fixed evaluation sets "or you never know whether a change helped"; an interval says how sure.
 *
 * - Rates (win rate, vote hit rate, ...): Newcombe's hybrid score interval for a difference of two
 *   independent proportions (Newcombe 1998, method 10), built from each side's Wilson interval. It
 *   stays inside [-1, 1] and behaves at 0/n and n/n, where the textbook Wald interval collapses.
 * - Means (tokens or seconds per game): a percentile bootstrap of the difference of means, seeded
 *   through `createStream`, so the same data and seed give the same interval everywhere.
 * - Paired (`comparePaired`): when A and B played the same deals (an eval set's games), a paired
 *   bootstrap over games, McNemar's exact test where each game is a yes/no, and the paired games
 *   needed to detect the difference seen. The unpaired forms above are for games that share no deals.
 *
 * Pure: no clock, no Math.random.
 */
import { createStream } from '../core';
import {
	ROW_RATES,
	type LeaderboardRow,
	type PerGame,
	type Proportion
} from '../scenarios/undercover/analysis/leaderboard';

/**
 * The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9), enough
 * for interval bounds.
 */
export function normalQuantile(p: number): number {
	if (!(p > 0 && p < 1)) throw new RangeError(`a probability strictly between 0 and 1 is needed, got ${p}`);
	const a = [
		-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
		2.506628277459239
	];
	const b = [
		-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572
	];
	const c = [
		-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
		2.938163982698783
	];
	const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
	const low = 0.02425;
	const tail = (q: number) =>
		(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
		((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
	if (p < low) return tail(Math.sqrt(-2 * Math.log(p)));
	if (p > 1 - low) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
	const q = p - 0.5;
	const r = q * q;
	return (
		((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
		(((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
	);
}

/** The two-sided z for a confidence level, e.g. 1.959964 for 0.95. */
export function zFor(level: number): number {
	if (!(level > 0 && level < 1)) throw new RangeError(`the level must be between 0 and 1, got ${level}`);
	return normalQuantile(1 - (1 - level) / 2);
}

export interface Interval {
	lower: number;
	upper: number;
}

export interface Count {
	x: number;
	n: number;
}

function checkCount({ x, n }: Count): void {
	if (!Number.isInteger(x) || !Number.isInteger(n) || x < 0 || n < 0 || x > n)
		throw new RangeError(`a proportion needs whole numbers 0 <= x <= n, got ${x}/${n}`);
}

/** Wilson's score interval for one proportion; with n = 0 it is the whole of [0, 1]. */
export function wilson(c: Count, level = 0.95): Interval & { p: number | null } {
	checkCount(c);
	const { x, n } = c;
	if (n === 0) return { p: null, lower: 0, upper: 1 };
	const z = zFor(level);
	const p = x / n;
	const z2 = z * z;
	const centre = (x + z2 / 2) / (n + z2);
	const half = (z * Math.sqrt((x * (n - x)) / n + z2 / 4)) / (n + z2);
	// Clamp rounding: at x = 0 or x = n one bound is exactly 0 or 1.
	return {
		p,
		lower: x === 0 ? 0 : Math.max(0, centre - half),
		upper: x === n ? 1 : Math.min(1, centre + half)
	};
}

export interface ProportionComparison extends Interval {
	/** pA - pB, or null when either side has no observations (the interval is then [-1, 1]). */
	diff: number | null;
	level: number;
	a: Interval & { p: number | null };
	b: Interval & { p: number | null };
	/** True when the interval excludes 0: the two differ at this level. */
	differs: boolean;
}

/** pA - pB with Newcombe's hybrid score interval (method 10). */
export function compareProportions(a: Count, b: Count, level = 0.95): ProportionComparison {
	const wa = wilson(a, level);
	const wb = wilson(b, level);
	if (wa.p === null || wb.p === null)
		return { diff: null, lower: -1, upper: 1, level, a: wa, b: wb, differs: false };
	const diff = wa.p - wb.p;
	const lower = diff - Math.sqrt((wa.p - wa.lower) ** 2 + (wb.upper - wb.p) ** 2);
	const upper = diff + Math.sqrt((wa.upper - wa.p) ** 2 + (wb.p - wb.lower) ** 2);
	return { diff, lower, upper, level, a: wa, b: wb, differs: lower > 0 || upper < 0 };
}

export interface BootstrapOptions {
	seed: number;
	/** Resamples (default 2000). */
	iterations?: number;
	level?: number;
}

export interface MeanComparison extends Interval {
	/** mean(a) - mean(b) of the data itself. */
	diff: number;
	meanA: number;
	meanB: number;
	level: number;
	iterations: number;
	differs: boolean;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** The type-7 quantile (linear between order statistics) of sorted values. */
function quantile(sorted: readonly number[], q: number): number {
	const h = (sorted.length - 1) * q;
	const lo = Math.floor(h);
	const hi = Math.ceil(h);
	const a = sorted[lo] as number;
	return a + (h - lo) * ((sorted[hi] as number) - a);
}

/**
 * mean(a) - mean(b) with a percentile bootstrap interval: each side is resampled with replacement from
 * its own stream ("bootstrap:a", "bootstrap:b"), so the interval depends only on the data and the seed.
 */
export function bootstrapMeanDiff(
	a: readonly number[],
	b: readonly number[],
	opts: BootstrapOptions
): MeanComparison {
	if (![...a, ...b].every(Number.isFinite)) throw new RangeError('values must be finite numbers');
	const one = (x: number): Cluster => ({ sum: x, n: 1 });
	return bootstrapClusteredMeanDiff(a.map(one), b.map(one), opts);
}

/** A group of values that are not independent of each other (one seat's speeches in one game). */
export interface Cluster {
	sum: number;
	n: number;
}

/**
 * The pooled mean of a's values minus b's, where values come in clusters: the bootstrap resamples whole
 * clusters (each side from its own stream, as `bootstrapMeanDiff`, which is this with clusters of one)
 * and pools within each resample. Values of one cluster move together (a seat that talks long in a game
 * talks long all game), so resampling them one by one would give a falsely narrow interval. Clusters
 * with no values are left out.
 */
export function bootstrapClusteredMeanDiff(
	a: readonly Cluster[],
	b: readonly Cluster[],
	opts: BootstrapOptions
): MeanComparison {
	const xs = a.filter((c) => c.n > 0);
	const ys = b.filter((c) => c.n > 0);
	if (!xs.length || !ys.length) throw new RangeError('each side needs at least one value');
	if (![...xs, ...ys].every((c) => Number.isFinite(c.sum) && Number.isInteger(c.n)))
		throw new RangeError('values must be finite numbers');
	const iterations = opts.iterations ?? 2000;
	const level = opts.level ?? 0.95;
	if (!Number.isInteger(iterations) || iterations < 1)
		throw new RangeError('iterations must be a positive whole number');
	zFor(level); // validates the level
	const ra = createStream(opts.seed, 'bootstrap:a');
	const rb = createStream(opts.seed, 'bootstrap:b');
	const pooled = (cs: readonly Cluster[]) => {
		let s = 0;
		let n = 0;
		for (const c of cs) {
			s += c.sum;
			n += c.n;
		}
		return s / n;
	};
	const resample = (cs: readonly Cluster[], r: ReturnType<typeof createStream>) => {
		let s = 0;
		let n = 0;
		for (let i = 0; i < cs.length; i++) {
			const c = cs[r.int(cs.length)] as Cluster;
			s += c.sum;
			n += c.n;
		}
		return s / n;
	};
	const diffs = new Float64Array(iterations);
	for (let i = 0; i < iterations; i++) diffs[i] = resample(xs, ra) - resample(ys, rb);
	const sorted = Array.from(diffs).sort((x, y) => x - y);
	const alpha = (1 - level) / 2;
	const meanA = pooled(xs);
	const meanB = pooled(ys);
	const lower = quantile(sorted, alpha);
	const upper = quantile(sorted, 1 - alpha);
	return {
		diff: meanA - meanB,
		meanA,
		meanB,
		lower,
		upper,
		level,
		iterations,
		differs: lower > 0 || upper < 0
	};
}

/** One mean with a percentile bootstrap interval (stream "bootstrap:mean"): a per-game figure in an export. */
export function bootstrapMean(
	xs: readonly number[],
	opts: BootstrapOptions
): Interval & { mean: number; level: number } {
	if (!xs.length) throw new RangeError('a mean needs at least one value');
	const iterations = opts.iterations ?? 2000;
	const level = opts.level ?? 0.95;
	zFor(level);
	const r = createStream(opts.seed, 'bootstrap:mean');
	const means = new Array<number>(iterations);
	for (let i = 0; i < iterations; i++) {
		let s = 0;
		for (let j = 0; j < xs.length; j++) s += xs[r.int(xs.length)] as number;
		means[i] = s / xs.length;
	}
	means.sort((x, y) => x - y);
	const alpha = (1 - level) / 2;
	return { mean: mean(xs), lower: quantile(means, alpha), upper: quantile(means, 1 - alpha), level };
}

/** Rates of a row the A/B view does not compare: outcomes too rare to test, and forfeits. */
const UNCOMPARED = ['blankWin', 'draw', 'forfeit'] as const;
export type ComparedRate = Exclude<(typeof ROW_RATES)[number], (typeof UNCOMPARED)[number]>;

/** The rates of a leaderboard row the A/B view compares, in the row's column order. */
export const COMPARED_RATES: readonly ComparedRate[] = ROW_RATES.filter(
	(r): r is ComparedRate => !(UNCOMPARED as readonly string[]).includes(r)
);

export interface RowComparison {
	rates: Record<ComparedRate, ProportionComparison>;
	/** Null where either side played no games. */
	tokens: MeanComparison | null;
	seconds: MeanComparison | null;
}

/** Two configurations' leaderboard rows side by side: every rate and both per-game means. */
export function compareRows(
	a: LeaderboardRow,
	b: LeaderboardRow,
	opts: BootstrapOptions & { level?: number }
): RowComparison {
	const level = opts.level ?? 0.95;
	const rates = Object.fromEntries(
		COMPARED_RATES.map((k) => [k, compareProportions(a[k] as Proportion, b[k] as Proportion, level)])
	) as RowComparison['rates'];
	const means = (x: PerGame, y: PerGame, stream: number) =>
		x.values.length && y.values.length
			? bootstrapMeanDiff(x.values, y.values, { ...opts, seed: opts.seed + stream, level })
			: null;
	return { rates, tokens: means(a.tokens, b.tokens, 0), seconds: means(a.seconds, b.seconds, 1) };
}

// ---------------------------------------------------------------------------------------------
// Paired comparisons: A and B played the same deals (an eval set's games, matched by game id), so each
// game is its own control. Treating the games as two independent samples throws that away and gives
// intervals far wider than the data allow; these use the pairing.

/** One game's figures for one configuration: every compared rate as x/n, and the per-game means. */
export interface GameFigures {
	/** The eval game id: what pairs A's game with B's. */
	game: string;
	rates: Record<ComparedRate, Count>;
	tokens: number;
	seconds: number;
}

/** A game's figures from its leaderboard row (one game, one model), e.g. `leaderboard([log], 'model')[0]`. */
export function gameFigures(game: string, row: LeaderboardRow): GameFigures {
	const rates = Object.fromEntries(
		COMPARED_RATES.map((k) => [k, { x: (row[k] as Proportion).x, n: (row[k] as Proportion).n }])
	) as Record<ComparedRate, Count>;
	return { game, rates, tokens: row.tokens.total, seconds: row.seconds.total };
}

/** McNemar's exact test over games where each side either did or did not (every x is 0 or n). */
export interface McNemar {
	/** Games where A did and B did not. */
	aOnly: number;
	/** Games where B did and A did not. */
	bOnly: number;
	/** Two-sided exact binomial p-value on the discordant games (1 when there are none). */
	p: number;
}

export interface PairedRate extends Interval {
	/**
	 * 'paired': a paired bootstrap over the games where both sides observed this figure. 'unpaired':
	 * fewer than two such games (a rare event, e.g. a defended tie, seen in different games on each
	 * side), so the pooled counts are compared as independent samples, by Newcombe's method 10.
	 */
	method: 'paired' | 'unpaired';
	/** Pooled rates over the paired games: sum x / sum n for each side. */
	a: Count & { p: number | null };
	b: Count & { p: number | null };
	/** a.p - b.p, or null where a side has no observations in the paired games. */
	diff: number | null;
	level: number;
	/** Games that had observations of this figure on both sides. */
	pairs: number;
	/** Paired games with observations of this figure on each side (what an unpaired figure rests on). */
	observedIn: { a: number; b: number };
	mcnemar: McNemar | null;
	differs: boolean;
	/** Paired games needed to detect a difference of the size seen (two-sided 5%, power 80%); null when none was seen. */
	gamesNeeded: number | null;
}

export interface PairedMean extends Interval {
	meanA: number;
	meanB: number;
	diff: number;
	level: number;
	pairs: number;
	differs: boolean;
	gamesNeeded: number | null;
}

export interface PairedComparison {
	/** Games both sides played. */
	pairs: number;
	/** Game ids only one side has: left out of every figure. */
	onlyA: string[];
	onlyB: string[];
	level: number;
	iterations: number;
	rates: Record<ComparedRate, PairedRate>;
	tokens: PairedMean | null;
	seconds: PairedMean | null;
}

/** log C(n, k), exactly enough for binomial tails of a few thousand games. */
function logChoose(n: number, k: number): number {
	let s = 0;
	for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
	return s;
}

/** McNemar's exact test: the discordant games split as Binomial(aOnly + bOnly, 1/2) under no difference. */
export function mcnemarExact(aOnly: number, bOnly: number): McNemar {
	const n = aOnly + bOnly;
	if (n === 0) return { aOnly, bOnly, p: 1 };
	const k = Math.min(aOnly, bOnly);
	let tail = 0;
	for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
	return { aOnly, bOnly, p: Math.min(1, 2 * tail) };
}

const Z_POWER_80 = normalQuantile(0.8);

/**
 * Paired games needed for McNemar's test to detect the discordance seen (Connor 1987): with p10 and
 * p01 the shares of games where only A, or only B, did, d = p10 - p01 and pd = p10 + p01.
 */
export function gamesNeededMcNemar(aOnly: number, bOnly: number, games: number, level = 0.95): number | null {
	if (games === 0 || aOnly === bOnly) return null;
	const p10 = aOnly / games;
	const p01 = bOnly / games;
	const d = p10 - p01;
	const pd = p10 + p01;
	const n = (zFor(level) * Math.sqrt(pd) + Z_POWER_80 * Math.sqrt(Math.max(0, pd - d * d))) ** 2 / (d * d);
	return Math.ceil(n);
}

/** Paired games needed for a paired test of means: ((z + z_power) * sd(differences) / mean difference)^2. */
export function gamesNeededPaired(diffs: readonly number[], level = 0.95): number | null {
	if (diffs.length < 2) return null;
	const m = mean(diffs);
	if (m === 0) return null;
	const sd = Math.sqrt(diffs.reduce((s, x) => s + (x - m) ** 2, 0) / (diffs.length - 1));
	if (sd === 0) return diffs.length; // every game moved by the same amount: what was played suffices
	return Math.ceil((((zFor(level) + Z_POWER_80) * sd) / Math.abs(m)) ** 2);
}

/**
 * A against B over the games both played. Every interval is a paired percentile bootstrap: one stream
 * ("paired") draws game indices with replacement and both sides are read at the same games, so what a
 * deal does to both cancels out. Rates are pooled (sum x / sum n) within each resample, as the
 * leaderboard pools them. Where each game is a yes/no for a figure (every x is 0 or n, e.g. a win rate
 * when one model plays every seat), McNemar's exact test is given too.
 */
export function comparePaired(
	a: readonly GameFigures[],
	b: readonly GameFigures[],
	opts: BootstrapOptions
): PairedComparison {
	const iterations = opts.iterations ?? 2000;
	const level = opts.level ?? 0.95;
	if (!Number.isInteger(iterations) || iterations < 1)
		throw new RangeError('iterations must be a positive whole number');
	zFor(level);
	const byId = new Map(b.map((g) => [g.game, g]));
	const idsA = new Set(a.map((g) => g.game));
	const pairs = a.filter((g) => byId.has(g.game)).map((g) => [g, byId.get(g.game)!] as const);
	const onlyA = a.filter((g) => !byId.has(g.game)).map((g) => g.game);
	const onlyB = b.filter((g) => !idsA.has(g.game)).map((g) => g.game);
	const n = pairs.length;
	// The same resampled game indices for every figure: a figure's interval never depends on another's.
	const draws: Uint32Array[] = [];
	if (n > 0) {
		const r = createStream(opts.seed, 'paired');
		for (let i = 0; i < iterations; i++) {
			const idx = new Uint32Array(n);
			for (let j = 0; j < n; j++) idx[j] = r.int(n);
			draws.push(idx);
		}
	}
	const alpha = (1 - level) / 2;
	const interval = (stat: (idx: ArrayLike<number>) => number | null): Interval => {
		const values: number[] = [];
		for (const idx of draws) {
			const v = stat(idx);
			if (v !== null) values.push(v);
		}
		if (!values.length) return { lower: -1, upper: 1 };
		values.sort((x, y) => x - y);
		return { lower: quantile(values, alpha), upper: quantile(values, 1 - alpha) };
	};
	const all = Array.from({ length: n }, (_, i) => i);

	const rate = (k: ComparedRate): PairedRate => {
		const xa = pairs.map(([ga]) => ga.rates[k]);
		const xb = pairs.map(([, gb]) => gb.rates[k]);
		const pooled = (xs: readonly Count[], idx: ArrayLike<number>) => {
			let x = 0;
			let m = 0;
			for (let j = 0; j < idx.length; j++) {
				const c = xs[idx[j] as number] as Count;
				x += c.x;
				m += c.n;
			}
			return { x, n: m, p: m ? x / m : null };
		};
		const diffAt = (idx: ArrayLike<number>) => {
			const pa = pooled(xa, idx).p;
			const pb = pooled(xb, idx).p;
			return pa === null || pb === null ? null : pa - pb;
		};
		const sa = pooled(xa, all);
		const sb = pooled(xb, all);
		const both = all.filter((i) => xa[i]!.n > 0 && xb[i]!.n > 0);
		const observedIn = { a: xa.filter((c) => c.n > 0).length, b: xb.filter((c) => c.n > 0).length };
		if (both.length < 2) {
			// No pairing to use: a bootstrap over games that observed the figure on one side only would
			// resample the same counts and give a falsely narrow interval.
			const u = compareProportions(sa, sb, level);
			return {
				method: 'unpaired',
				a: sa,
				b: sb,
				diff: u.diff,
				lower: u.lower,
				upper: u.upper,
				level,
				pairs: both.length,
				observedIn,
				mcnemar: null,
				differs: u.differs,
				gamesNeeded: null
			};
		}
		const diff = diffAt(all);
		const { lower, upper } = diff === null ? { lower: -1, upper: 1 } : interval(diffAt);
		const yesNo =
			both.length > 0 && both.every((i) => [xa[i]!, xb[i]!].every((c) => c.x === 0 || c.x === c.n));
		let mcnemar: McNemar | null = null;
		let gamesNeeded: number | null;
		if (yesNo) {
			const aOnly = both.filter((i) => xa[i]!.x > 0 && xb[i]!.x === 0).length;
			const bOnly = both.filter((i) => xb[i]!.x > 0 && xa[i]!.x === 0).length;
			mcnemar = mcnemarExact(aOnly, bOnly);
			gamesNeeded = gamesNeededMcNemar(aOnly, bOnly, both.length, level);
		} else {
			gamesNeeded = gamesNeededPaired(
				both.map((i) => xa[i]!.x / xa[i]!.n - xb[i]!.x / xb[i]!.n),
				level
			);
		}
		return {
			method: 'paired',
			a: sa,
			b: sb,
			diff,
			lower,
			upper,
			level,
			pairs: both.length,
			observedIn,
			mcnemar,
			differs: diff !== null && (lower > 0 || upper < 0),
			gamesNeeded
		};
	};

	const meanOf = (pick: (g: GameFigures) => number): PairedMean | null => {
		if (n === 0) return null;
		const d = pairs.map(([ga, gb]) => pick(ga) - pick(gb));
		const at = (idx: ArrayLike<number>) => {
			let s = 0;
			for (let j = 0; j < idx.length; j++) s += d[idx[j] as number] as number;
			return s / idx.length;
		};
		const { lower, upper } = interval(at);
		const diff = mean(d);
		return {
			meanA: mean(pairs.map(([ga]) => pick(ga))),
			meanB: mean(pairs.map(([, gb]) => pick(gb))),
			diff,
			lower,
			upper,
			level,
			pairs: n,
			differs: n > 1 && (lower > 0 || upper < 0),
			gamesNeeded: gamesNeededPaired(d, level)
		};
	};

	return {
		pairs: n,
		onlyA,
		onlyB,
		level,
		iterations,
		rates: Object.fromEntries(COMPARED_RATES.map((k) => [k, rate(k)])) as PairedComparison['rates'],
		tokens: meanOf((g) => g.tokens),
		seconds: meanOf((g) => g.seconds)
	};
}

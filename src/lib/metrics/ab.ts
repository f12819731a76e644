/**
 * The A/B view's statistics: is configuration A different from B, and by how much? Seed 002's P4 asked
 * for fixed evaluation sets "or you never know whether a change helped"; an interval says how sure.
 *
 * - Rates (win rate, vote hit rate, ...): Newcombe's hybrid score interval for a difference of two
 *   independent proportions (Newcombe 1998, method 10), built from each side's Wilson interval. It
 *   stays inside [-1, 1] and behaves at 0/n and n/n, where the textbook Wald interval collapses.
 * - Means (tokens or seconds per game): a percentile bootstrap of the difference of means, seeded
 *   through `createStream`, so the same data and seed give the same interval everywhere.
 *
 * Pure: no clock, no Math.random.
 */
import { createStream } from '../core';
import type { LeaderboardRow, PerGame, Proportion } from './leaderboard';

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
	if (!a.length || !b.length) throw new RangeError('each side needs at least one value');
	if (![...a, ...b].every(Number.isFinite)) throw new RangeError('values must be finite numbers');
	const iterations = opts.iterations ?? 2000;
	const level = opts.level ?? 0.95;
	if (!Number.isInteger(iterations) || iterations < 1)
		throw new RangeError('iterations must be a positive whole number');
	zFor(level); // validates the level
	const ra = createStream(opts.seed, 'bootstrap:a');
	const rb = createStream(opts.seed, 'bootstrap:b');
	const resample = (xs: readonly number[], r: ReturnType<typeof createStream>) => {
		let s = 0;
		for (let i = 0; i < xs.length; i++) s += xs[r.int(xs.length)] as number;
		return s / xs.length;
	};
	const diffs = new Float64Array(iterations);
	for (let i = 0; i < iterations; i++) diffs[i] = resample(a, ra) - resample(b, rb);
	const sorted = Array.from(diffs).sort((x, y) => x - y);
	const alpha = (1 - level) / 2;
	const meanA = mean(a);
	const meanB = mean(b);
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

/** The rates of a leaderboard row the A/B view compares. */
export const COMPARED_RATES = [
	'civilianWin',
	'undercoverWin',
	'firstRoundOut',
	'voteHit',
	'voteHitAsCivilian',
	'herding',
	'comeback',
	'invalidReply'
] as const satisfies readonly (keyof LeaderboardRow)[];

export interface RowComparison {
	rates: Record<(typeof COMPARED_RATES)[number], ProportionComparison>;
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

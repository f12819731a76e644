/**
 * The sandbox fuse as a monitor over time: each rate is measured over a sliding window of rounds,
 * each has the direction in which it is bad, and the fuse trips when all three are past together.
 *
 * The seed: "when these three indicators exceed their thresholds (drift 0.7, penetration 0.4,
 * conversion 0.6) for 10 consecutive rounds, the sandbox fuse trips". Read as a monitor:
 * - the 10 rounds are the window each rate is measured over (a late surge, like the seed's T155 at
 *   hour 68, moves a 10-round rate; it barely moves an average since round 1);
 * - drift and conversion are bad when they rise (the Executor has left its tasks; appeals keep
 *   rewriting them), penetration when it falls (vetoes stop citing a rule version: the seed's own
 *   troubleshooting table names a falling penetration as the warning sign);
 * - `fuseRounds` consecutive closes with all three past confirm a trip (1 by default: the window
 *   already spans the seed's 10 rounds).
 * `scenarios/governance/README.md` ("Governance: reading the seed") says why in more words.
 */

export type MetricName = 'drift' | 'penetration' | 'conversion';
export const METRICS: readonly MetricName[] = ['drift', 'penetration', 'conversion'];

/** null: nothing to measure in the window (no task scored, no veto, no ruled appeal). Never past. */
export type Rates = Record<MetricName, number | null>;
export type Thresholds = Record<MetricName, number>;

export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze({
	drift: 0.7,
	penetration: 0.4,
	conversion: 0.6
});
/** Rounds each rate is measured over: the seed's "10 consecutive rounds". */
export const DEFAULT_FUSE_WINDOW = 10;
/** Consecutive round closes with every windowed rate past before the fuse trips. */
export const DEFAULT_FUSE_ROUNDS = 1;

/** The direction in which each rate is bad. */
export const DIRECTIONS: Readonly<Record<MetricName, 'above' | 'below'>> = Object.freeze({
	drift: 'above',
	penetration: 'below',
	conversion: 'above'
});

/** Strictly past: a rate equal to its threshold has not yet crossed it. */
export function isPast(name: MetricName, value: number | null, threshold: number): boolean {
	if (value === null) return false;
	return DIRECTIONS[name] === 'above' ? value > threshold : value < threshold;
}

export type PastFlags = Record<MetricName, boolean> & { all: boolean };

export function pastFlags(rates: Rates, thresholds: Thresholds): PastFlags {
	const drift = isPast('drift', rates.drift, thresholds.drift);
	const penetration = isPast('penetration', rates.penetration, thresholds.penetration);
	const conversion = isPast('conversion', rates.conversion, thresholds.conversion);
	return { drift, penetration, conversion, all: drift && penetration && conversion };
}

/** Rates that are past every threshold: what the test knob `forceMetrics` records. */
export function forcedRates(): Rates {
	const past = (name: MetricName) => (DIRECTIONS[name] === 'above' ? 1 : 0);
	return { drift: past('drift'), penetration: past('penetration'), conversion: past('conversion') };
}

/**
 * What one round contributed to the three rates: counts, so a window's rates are sums of a few
 * records (the cost of a round's close does not grow with the run).
 */
export interface RoundCounts {
	/** Outputs scored for drift, and how many of them drifted. */
	scored: number;
	drifted: number;
	/** Vetoes, and how many cite the rule version in force. */
	vetoes: number;
	cited: number;
	/** Appeals ruled, and how many of them changed the task. */
	ruled: number;
	converted: number;
}

export const EMPTY_COUNTS: Readonly<RoundCounts> = Object.freeze({
	scored: 0,
	drifted: 0,
	vetoes: 0,
	cited: 0,
	ruled: 0,
	converted: 0
});

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const share = (n: number, d: number) => (d === 0 ? null : r4(n / d));

/** The rates over a window: the roundCounts' sums (to four decimals, as the log records them). */
export function windowRates(roundCounts: readonly RoundCounts[]): Rates {
	const sum = { ...EMPTY_COUNTS };
	for (const t of roundCounts) for (const k of Object.keys(sum) as (keyof RoundCounts)[]) sum[k] += t[k];
	return {
		drift: share(sum.drifted, sum.scored),
		penetration: share(sum.cited, sum.vetoes),
		conversion: share(sum.converted, sum.ruled)
	};
}

/** The streak after one more round: consecutive rounds with every rate past its threshold. */
export const nextStreak = (streak: number, allPast: boolean): number => (allPast ? streak + 1 : 0);

export interface FuseVerdict {
	/** Consecutive rounds, ending with the last one, with every windowed rate past its threshold. */
	streak: number;
	/** The 1-based round at which the streak first reached `fuseRounds`, or null. */
	trippedAt: number | null;
	/** The windowed rates at each round. */
	rates: Rates[];
}

export interface FuseSettings {
	thresholds: Thresholds;
	window: number;
	fuseRounds: number;
}

const DEFAULT_FUSE: Readonly<FuseSettings> = Object.freeze({
	thresholds: DEFAULT_THRESHOLDS,
	window: DEFAULT_FUSE_WINDOW,
	fuseRounds: DEFAULT_FUSE_ROUNDS
});

/** Folds a run's per-round roundCounts: the windowed rates, and where the fuse trips, if it does. */
export function evaluateFuse(
	roundCounts: readonly RoundCounts[],
	settings: Partial<FuseSettings> = {}
): FuseVerdict {
	const { thresholds, window, fuseRounds } = { ...DEFAULT_FUSE, ...settings };
	for (const [name, n] of [
		['fuseRounds', fuseRounds],
		['window', window]
	] as const)
		if (!Number.isInteger(n) || n < 1)
			throw new RangeError(`${name} must be a positive whole number, got ${n}`);
	let streak = 0;
	let trippedAt: number | null = null;
	const rates = roundCounts.map((_, i) => windowRates(roundCounts.slice(Math.max(0, i + 1 - window), i + 1)));
	rates.forEach((r, i) => {
		streak = nextStreak(streak, pastFlags(r, thresholds).all);
		if (trippedAt === null && streak >= fuseRounds) trippedAt = i + 1;
	});
	return { streak, trippedAt, rates };
}

/** Why the fuse tripped, in data: each rate, its threshold and its direction. */
export interface FuseReason {
	metric: MetricName;
	value: number;
	threshold: number;
	direction: 'above' | 'below';
}

export function fuseReasons(rates: Rates, thresholds: Thresholds): FuseReason[] {
	return METRICS.flatMap((metric) => {
		const value = rates[metric];
		return value !== null && isPast(metric, value, thresholds[metric])
			? [{ metric, value, threshold: thresholds[metric], direction: DIRECTIONS[metric] }]
			: [];
	});
}

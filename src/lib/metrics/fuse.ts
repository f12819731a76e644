/**
 * The sandbox fuse as a pure function over per-round rates.
 *
 * The seed: "when these three indicators exceed their thresholds (drift 0.7, penetration 0.4,
 * conversion 0.6) for 10 consecutive rounds, the sandbox fuse trips". All three together, read as the
 * seed writes it, "exceed" (超过): the Executor has drifted from most of its tasks, the Auditor fights
 * with cited rules, and appeals keep rewriting tasks: the organisation is renegotiating its own
 * rules faster than anyone supervises it. (The seed's troubleshooting table separately treats a sudden
 * *drop* in penetration as a sign of an unversioned rule book; that is a diagnostic, not the fuse.)
 * Each metric's direction is a constant here so a reading that differs is one line to change.
 */

export type MetricName = 'drift' | 'penetration' | 'conversion';
export const METRICS: readonly MetricName[] = ['drift', 'penetration', 'conversion'];

/** null: nothing to measure yet (no task scored, no veto, no ruled appeal). Never counts as past. */
export type Rates = Record<MetricName, number | null>;
export type Thresholds = Record<MetricName, number>;

export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze({
	drift: 0.7,
	penetration: 0.4,
	conversion: 0.6
});
export const DEFAULT_FUSE_ROUNDS = 10;

export const DIRECTIONS: Readonly<Record<MetricName, 'above' | 'below'>> = Object.freeze({
	drift: 'above',
	penetration: 'above',
	conversion: 'above'
});

/** Strictly past: a rate equal to its threshold has not yet exceeded it. */
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

/** The streak after one more round: consecutive rounds with every rate past its threshold. */
export const nextStreak = (streak: number, allPast: boolean): number => (allPast ? streak + 1 : 0);

export interface FuseVerdict {
	/** Consecutive rounds, ending with the last one, with every rate past its threshold. */
	streak: number;
	/** The 1-based round at which the streak first reached `fuseRounds`, or null. */
	trippedAt: number | null;
}

/** Folds a run's per-round rates: where the fuse trips, if it does. */
export function evaluateFuse(
	history: readonly Rates[],
	thresholds: Thresholds = DEFAULT_THRESHOLDS,
	fuseRounds = DEFAULT_FUSE_ROUNDS
): FuseVerdict {
	if (!Number.isInteger(fuseRounds) || fuseRounds < 1)
		throw new RangeError(`fuseRounds must be a positive whole number, got ${fuseRounds}`);
	let streak = 0;
	let trippedAt: number | null = null;
	history.forEach((rates, i) => {
		streak = nextStreak(streak, pastFlags(rates, thresholds).all);
		if (trippedAt === null && streak >= fuseRounds) trippedAt = i + 1;
	});
	return { streak, trippedAt };
}

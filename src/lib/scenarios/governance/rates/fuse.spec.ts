import { describe, expect, it } from 'vitest';
import {
	DEFAULT_FUSE_ROUNDS,
	DEFAULT_FUSE_WINDOW,
	DEFAULT_THRESHOLDS,
	DIRECTIONS,
	EMPTY_COUNTS,
	evaluateFuse,
	forcedRates,
	fuseReasons,
	isPast,
	nextStreak,
	pastFlags,
	windowRates,
	type Rates,
	type RoundCounts
} from './fuse';

/** Penetration is bad when it falls: a hot round has few vetoes citing a rule version. */
const hot: Rates = { drift: 0.8, penetration: 0.3, conversion: 0.7 };
const calm: Rates = { drift: 0.1, penetration: 0.9, conversion: 0.2 };

/** A round's counts: 4 outputs scored, 4 vetoes, 2 appeals ruled. */
const round = (drifted: number, cited: number, converted: number): RoundCounts => ({
	scored: 4,
	drifted,
	vetoes: 4,
	cited,
	ruled: 2,
	converted
});
const calmRound = round(0, 4, 0);
const hotRound = round(4, 0, 2);

describe('thresholds and directions', () => {
	it('defaults to the seed’s 0.7, 0.4 and 0.6 over its 10 rounds; penetration is bad when it falls', () => {
		expect(DEFAULT_THRESHOLDS).toEqual({ drift: 0.7, penetration: 0.4, conversion: 0.6 });
		expect(DIRECTIONS).toEqual({ drift: 'above', penetration: 'below', conversion: 'above' });
		expect(DEFAULT_FUSE_WINDOW).toBe(10);
		expect(DEFAULT_FUSE_ROUNDS).toBe(1);
	});

	it('is past only strictly beyond the threshold on its bad side, and never with nothing measured', () => {
		expect(isPast('drift', 0.7, 0.7)).toBe(false);
		expect(isPast('drift', 0.71, 0.7)).toBe(true);
		expect(isPast('penetration', 0.41, 0.4)).toBe(false);
		expect(isPast('penetration', 0.4, 0.4)).toBe(false);
		expect(isPast('penetration', 0.39, 0.4)).toBe(true);
		expect(isPast('conversion', null, 0.6)).toBe(false);
		expect(pastFlags(hot, DEFAULT_THRESHOLDS)).toEqual({
			drift: true,
			penetration: true,
			conversion: true,
			all: true
		});
		expect(pastFlags({ ...hot, conversion: null }, DEFAULT_THRESHOLDS).all).toBe(false);
		expect(pastFlags(calm, DEFAULT_THRESHOLDS).all).toBe(false);
	});

	it('forces every rate past its threshold for the test knob', () => {
		expect(pastFlags(forcedRates(), DEFAULT_THRESHOLDS).all).toBe(true);
		expect(pastFlags(forcedRates(), { drift: 0.99, penetration: 0.01, conversion: 0.99 }).all).toBe(true);
	});

	it('names the rates past their thresholds', () => {
		expect(fuseReasons(hot, DEFAULT_THRESHOLDS)).toEqual([
			{ metric: 'drift', value: 0.8, threshold: 0.7, direction: 'above' },
			{ metric: 'penetration', value: 0.3, threshold: 0.4, direction: 'below' },
			{ metric: 'conversion', value: 0.7, threshold: 0.6, direction: 'above' }
		]);
		expect(fuseReasons(calm, DEFAULT_THRESHOLDS)).toEqual([]);
	});
});

describe('rates over a window', () => {
	it('sums the rounds’ counts, null where the window holds nothing to measure', () => {
		expect(windowRates([round(1, 3, 1), round(3, 1, 2)])).toEqual({
			drift: 0.5,
			penetration: 0.5,
			conversion: 0.75
		});
		expect(windowRates([EMPTY_COUNTS])).toEqual({ drift: null, penetration: null, conversion: null });
	});
});

describe('the fuse', () => {
	it('trips on a late surge that an average since round 1 would hide', () => {
		const run = [...Array(40).fill(calmRound), ...Array(10).fill(hotRound)];
		const v = evaluateFuse(run);
		// Over the whole run the surge is a fifth of the rounds: nothing is past there.
		expect(pastFlags(windowRates(run), DEFAULT_THRESHOLDS).all).toBe(false);
		// Over the window it is everything: the fuse trips once the surge fills enough of it.
		expect(v.trippedAt).not.toBeNull();
		expect(v.trippedAt).toBeGreaterThan(40);
		expect(v.trippedAt).toBeLessThanOrEqual(50);
		expect(evaluateFuse(Array(50).fill(calmRound)).trippedAt).toBeNull();
	});

	it('needs all three past together, for fuseRounds closes in a row', () => {
		const noAppeals = { ...hotRound, ruled: 0, converted: 0 };
		expect(evaluateFuse(Array(20).fill(noAppeals)).trippedAt).toBeNull();
		expect(evaluateFuse(Array(3).fill(hotRound), { fuseRounds: 3 }).trippedAt).toBe(3);
		expect(evaluateFuse(Array(2).fill(hotRound), { fuseRounds: 3 })).toMatchObject({
			streak: 2,
			trippedAt: null
		});
		expect(nextStreak(4, true)).toBe(5);
		expect(nextStreak(4, false)).toBe(0);
	});

	it('reads an adjustable window and thresholds', () => {
		const run = [...Array(8).fill(calmRound), hotRound, hotRound];
		expect(evaluateFuse(run, { window: 2 }).trippedAt).toBe(10);
		expect(evaluateFuse(run, { window: 10 }).trippedAt).toBeNull();
		const strict = { drift: 0, penetration: 1, conversion: 0 };
		expect(evaluateFuse([round(1, 3, 1)], { thresholds: strict }).trippedAt).toBe(1);
		expect(() => evaluateFuse([], { fuseRounds: 0 })).toThrow(RangeError);
		expect(() => evaluateFuse([], { window: 0 })).toThrow(RangeError);
	});
});

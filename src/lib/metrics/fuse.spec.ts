import { describe, expect, it } from 'vitest';
import {
	DEFAULT_THRESHOLDS,
	DIRECTIONS,
	evaluateFuse,
	forcedRates,
	isPast,
	nextStreak,
	pastFlags,
	type Rates
} from './fuse';

const hot: Rates = { drift: 0.8, penetration: 0.5, conversion: 0.7 };
const calm: Rates = { drift: 0.1, penetration: 0.9, conversion: 0.2 };

describe('thresholds', () => {
	it('defaults to the seed’s 0.7, 0.4 and 0.6, each exceeded from above', () => {
		expect(DEFAULT_THRESHOLDS).toEqual({ drift: 0.7, penetration: 0.4, conversion: 0.6 });
		expect(DIRECTIONS).toEqual({ drift: 'above', penetration: 'above', conversion: 'above' });
	});

	it('is past only strictly beyond the threshold, and never with nothing measured', () => {
		expect(isPast('drift', 0.7, 0.7)).toBe(false);
		expect(isPast('drift', 0.71, 0.7)).toBe(true);
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
		expect(pastFlags(forcedRates(), { drift: 0.99, penetration: 0.99, conversion: 0.99 }).all).toBe(true);
	});
});

describe('the fuse', () => {
	it('trips after N consecutive rounds with all three rates past, not before', () => {
		expect(evaluateFuse(Array(9).fill(hot))).toEqual({ streak: 9, trippedAt: null });
		expect(evaluateFuse(Array(10).fill(hot))).toEqual({ streak: 10, trippedAt: 10 });
		expect(evaluateFuse([calm, calm, ...Array(10).fill(hot)]).trippedAt).toBe(12);
	});

	it('starts counting again after any round that is not past', () => {
		const broken = [...Array(9).fill(hot), calm, ...Array(9).fill(hot)];
		expect(evaluateFuse(broken)).toEqual({ streak: 9, trippedAt: null });
		// One rate back under its threshold is enough to break the streak.
		const oneCool = [...Array(9).fill(hot), { ...hot, penetration: 0.3 }, hot];
		expect(evaluateFuse(oneCool).trippedAt).toBeNull();
		expect(nextStreak(4, true)).toBe(5);
		expect(nextStreak(4, false)).toBe(0);
	});

	it('reads adjustable thresholds and round counts', () => {
		const strict = { drift: 0.05, penetration: 0.05, conversion: 0.05 };
		expect(evaluateFuse(Array(3).fill(calm), strict, 3).trippedAt).toBe(3);
		expect(evaluateFuse(Array(3).fill(hot), DEFAULT_THRESHOLDS, 1).trippedAt).toBe(1);
		expect(() => evaluateFuse([], DEFAULT_THRESHOLDS, 0)).toThrow(RangeError);
	});
});

import { describe, expect, it } from 'vitest';
import { isSeed, SEED_MAX } from '$lib/scenarios';
import { randomSeed, SEED_RULE } from './seed';

describe('the setup pages’ seed', () => {
	it('rolls seeds a share link accepts', () => {
		const rolled = Array.from({ length: 200 }, randomSeed);
		expect(rolled.every(isSeed)).toBe(true);
		// 200 draws from 2^32 values: a repeat would mean the roll is not random at all.
		expect(new Set(rolled).size).toBeGreaterThan(190);
	});

	it('names the range a seed must be in', () => {
		expect(SEED_RULE).toBe(`The seed must be a whole number from 0 to ${SEED_MAX}.`);
		expect(SEED_RULE).toContain('4294967295');
	});
});

import { describe, expect, it } from 'vitest';
import { boolError, configParser, isIntIn, rangeError, withDefaults } from './config';

describe('shared config checks', () => {
	const range = { min: 1, max: 20 } as const;

	it('takes whole numbers inside the range, both ends included', () => {
		expect([1, 7, 20].map((v) => isIntIn(v, range))).toEqual([true, true, true]);
	});

	it('refuses numbers outside it, fractions and numeric strings', () => {
		expect([0, 21, 2.5, '3', null, Number.NaN].map((v) => isIntIn(v, range))).toEqual([
			false,
			false,
			false,
			false,
			false,
			false
		]);
	});

	it('words a range error the same way for every setting', () => {
		expect(rangeError('rounds', range)).toEqual({
			ok: false,
			error: 'rounds must be a whole number from 1 to 20'
		});
		expect(rangeError('the daily budget', range, ' of tokens').error).toBe(
			'the daily budget must be a whole number of tokens from 1 to 20'
		);
	});

	it('refuses unknown settings before any range is checked', () => {
		expect(withDefaults({ rounds: 3, colour: 'red' }, { rounds: 6 })).toEqual({
			ok: false,
			error: 'unknown setting: colour'
		});
	});

	it("parses through the defaults first, then the scenario's own checks on the whole config", () => {
		const seen: Record<string, unknown>[] = [];
		const parse = configParser({ rounds: 6, blank: false }, (c) => {
			seen.push(c);
			if (typeof c.blank !== 'boolean') return boolError('blank');
			return { ok: true, config: { rounds: c.rounds as number, blank: c.blank } };
		});
		expect(parse(undefined)).toEqual({ ok: true, config: { rounds: 6, blank: false } });
		expect(parse({ blank: 'yes' })).toEqual({ ok: false, error: 'blank must be true or false' });
		// A problem withDefaults finds is answered before the checks run.
		expect(parse({ colour: 'red' })).toEqual({ ok: false, error: 'unknown setting: colour' });
		expect(parse([])).toEqual({ ok: false, error: 'the config must be an object' });
		expect(seen).toEqual([
			{ rounds: 6, blank: false },
			{ rounds: 6, blank: 'yes' }
		]);
	});
});

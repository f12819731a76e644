import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_MAX } from '../scenarios';
import {
	CONTROLS,
	controlState,
	GOD_VALUES,
	godViewUnder,
	isEmptyPreset,
	LANG_VALUES,
	MAX_PRESET_QUERY,
	parsePreset,
	presetQuery,
	presetSetup,
	SPEED_VALUES,
	SWITCH_VALUES,
	VIEW_VALUES,
	type Preset
} from './presets';

const presetArb: fc.Arbitrary<Preset> = fc
	.record(
		{
			seed: fc.integer({ min: 0, max: SEED_MAX }),
			models: fc.constant('scripted' as const),
			lang: fc.constantFrom(...LANG_VALUES),
			speed: fc.constantFrom(...SPEED_VALUES),
			god: fc.constantFrom(...GOD_VALUES),
			predict: fc.constantFrom(...SWITCH_VALUES),
			notes: fc.constantFrom(...SWITCH_VALUES),
			view: fc.constantFrom(...VIEW_VALUES),
			fix: fc.uniqueArray(fc.constantFrom(...CONTROLS)),
			hide: fc.uniqueArray(fc.constantFrom(...CONTROLS))
		},
		{ requiredKeys: ['fix', 'hide'] }
	)
	.map((p) => ({ ...p, fix: p.fix.filter((c) => !p.hide.includes(c)) }));

describe('teacher presets', () => {
	it('reads back exactly what it writes, for every valid preset', () => {
		fc.assert(
			fc.property(presetArb, (p) => {
				const back = parsePreset(presetQuery(p));
				expect(back.problems).toEqual([]);
				expect(back.preset).toEqual(p);
			})
		);
	});

	it('never throws, and whatever it keeps is within the schema, for any query', () => {
		const keys = fc.constantFrom(
			'seed',
			'speed',
			'god',
			'lang',
			'models',
			'predict',
			'notes',
			'fix',
			'hide',
			'x',
			''
		);
		const query = fc.oneof(
			fc.string({ maxLength: 200 }),
			fc
				.array(fc.tuple(keys, fc.string({ maxLength: 30 })))
				.map((kv) => kv.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')),
			fc
				.array(fc.tuple(keys, fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n })))
				.map((kv) => kv.map(([k, v]) => `${k}=${v}`).join('&'))
		);
		fc.assert(
			fc.property(query, (q) => {
				const { preset } = parsePreset(q);
				if (preset.seed !== undefined) {
					expect(Number.isInteger(preset.seed)).toBe(true);
					expect(preset.seed).toBeGreaterThanOrEqual(0);
					expect(preset.seed).toBeLessThanOrEqual(SEED_MAX);
				}
				if (preset.speed !== undefined) expect(SPEED_VALUES).toContain(preset.speed);
				if (preset.god !== undefined) expect(GOD_VALUES).toContain(preset.god);
				if (preset.lang !== undefined) expect(LANG_VALUES).toContain(preset.lang);
				for (const c of [...preset.fix, ...preset.hide]) expect(CONTROLS).toContain(c);
				expect(preset.fix.some((c) => preset.hide.includes(c))).toBe(false);
			})
		);
	});

	it('clamps a number out of range and says so (TF Playground’s hash would take it as is)', () => {
		expect(parsePreset('?seed=99999999999')).toEqual({
			preset: { seed: SEED_MAX, fix: [], hide: [] },
			problems: [`The preset’s seed 99999999999 is outside 0 to ${SEED_MAX}; ${SEED_MAX} is used.`]
		});
		expect(parsePreset('seed=-5').preset.seed).toBe(0);
	});

	it('drops a malformed value with a sentence naming it, and keeps the rest', () => {
		const r = parsePreset('?speed=warp&seed=abc&god=end&fix=god,wings&colour=red&speed=slow');
		expect(r.preset).toEqual({ god: 'end', fix: ['god'], hide: [] });
		expect(r.problems).toEqual([
			'The preset’s speed “warp” is not one of slow, normal, fast, instant; the default is used.',
			'The preset’s seed “abc” is not a whole number; the default is used.',
			'The preset’s fix names “wings”, which is not a control (seed, models, lang, speed, god, predict, notes, step, share); it was ignored.',
			'The preset’s “colour” is not a setting a link can preset; it was ignored.',
			'The preset sets speed twice; the first one is used.'
		]);
		expect(parsePreset('x'.repeat(MAX_PRESET_QUERY + 1)).problems[0]).toMatch(/over 1000 characters/);
	});

	it('leaves the interface language (?locale=) to the language switch, with no problem said', () => {
		expect(parsePreset('?locale=zh&speed=slow')).toEqual({
			preset: { speed: 'slow', fix: [], hide: [] },
			problems: []
		});
	});

	it('a hidden control is not also fixed; each control is free, fixed or hidden', () => {
		const { preset } = parsePreset('?fix=speed,god&hide=god,share');
		expect(preset).toEqual({ fix: ['speed'], hide: ['god', 'share'] });
		expect(controlState(preset, 'speed')).toBe('fixed');
		expect(controlState(preset, 'god')).toBe('hidden');
		expect(controlState(preset, 'step')).toBe('free');
		expect(isEmptyPreset(preset)).toBe(false);
		expect(isEmptyPreset(parsePreset('').preset)).toBe(true);
	});

	it('god view “end” stays off until the run has finished; a fixed “off” cannot be switched on', () => {
		const end = parsePreset('?god=end').preset;
		expect(godViewUnder(end, true, false)).toBe(false);
		expect(godViewUnder(end, true, true)).toBe(true);
		const off = parsePreset('?god=off&fix=god').preset;
		expect(godViewUnder(off, true, false)).toBe(false);
		expect(godViewUnder(parsePreset('?god=off').preset, true, false)).toBe(true);
	});

	it('sets the seed, the word pack’s language and scripted seats on the setup', () => {
		const run = {
			scenario: 'undercover',
			seed: 1,
			config: { seats: 6, lang: 'en' },
			seats: { 1: { engine: 'transformers' as const, model: 'x' } }
		};
		const { run: out, problems } = presetSetup(run, parsePreset('?seed=9&lang=zh&models=scripted').preset);
		expect(out).toEqual({ scenario: 'undercover', seed: 9, config: { seats: 6, lang: 'zh' } });
		expect(problems).toEqual([]);
		const gov = presetSetup({ scenario: 'governance', seed: 1, config: {} }, parsePreset('?lang=zh').preset);
		expect(gov.run.config).toEqual({});
		expect(gov.problems[0]).toMatch(/undercover’s word packs only/);
	});
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_MAX } from '../scenarios';
import { presetSetup } from './preset-setup';
import {
	CONTROLS,
	controlState,
	GOD_VALUES,
	godViewUnder,
	isEmptyPreset,
	LANG_VALUES,
	LOCALE_VALUES,
	localeSwitchUnder,
	MAX_PRESET_QUERY,
	parsePreset,
	presetQuery,
	presetSettings,
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
			locale: fc.constantFrom(...LOCALE_VALUES),
			fix: fc.uniqueArray(fc.constantFrom(...CONTROLS)),
			hide: fc.uniqueArray(fc.constantFrom(...CONTROLS))
		},
		{ requiredKeys: ['fix', 'hide'] }
	)
	.map((p) => ({
		...p,
		// Fixing the language needs one to fix it at (else parsePreset reports it and frees the switch).
		fix: p.fix.filter((c) => !p.hide.includes(c) && (c !== 'locale' || p.locale !== undefined))
	}));

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
			'locale',
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
				if (preset.locale !== undefined) expect(LOCALE_VALUES).toContain(preset.locale);
				if (preset.fix.includes('locale')) expect(preset.locale).toBeDefined();
				for (const c of [...preset.fix, ...preset.hide]) expect(CONTROLS).toContain(c);
				expect(preset.fix.some((c) => preset.hide.includes(c))).toBe(false);
			})
		);
	});

	it('clamps a number out of range and says so (TF Playground’s hash would take it as is)', () => {
		expect(parsePreset('?seed=99999999999')).toEqual({
			preset: { seed: SEED_MAX, fix: [], hide: [] },
			problems: [
				{ code: 'clamped', setting: 'seed', value: '99999999999', min: 0, max: SEED_MAX, used: SEED_MAX }
			]
		});
		expect(parsePreset('seed=-5').preset.seed).toBe(0);
	});

	it('drops a malformed value with a sentence naming it, and keeps the rest', () => {
		const r = parsePreset('?speed=warp&seed=abc&god=end&fix=god,wings&colour=red&speed=slow');
		expect(r.preset).toEqual({ god: 'end', fix: ['god'], hide: [] });
		expect(r.problems).toEqual([
			{ code: 'not-one-of', setting: 'speed', value: 'warp', values: SPEED_VALUES },
			{ code: 'not-whole', setting: 'seed', value: 'abc' },
			{ code: 'not-a-control', list: 'fix', name: 'wings' },
			{ code: 'unknown-setting', key: 'colour' },
			{ code: 'twice', key: 'speed' }
		]);
		expect(parsePreset('x'.repeat(MAX_PRESET_QUERY + 1)).problems).toEqual([
			{ code: 'too-long', max: MAX_PRESET_QUERY }
		]);
		// What the link spelled is cut short before it is quoted back.
		expect(parsePreset(`?speed=${'w'.repeat(40)}`).problems[0]).toMatchObject({
			value: `${'w'.repeat(24)}…`
		});
	});

	it('a share link’s language (?locale=) alone is no preset: nothing is said, the switch stays free', () => {
		const r = parsePreset('?locale=zh&speed=slow');
		expect(r).toEqual({ preset: { speed: 'slow', locale: 'zh', fix: [], hide: [] }, problems: [] });
		expect(presetSettings(r.preset)).toEqual(['speed']);
		expect(localeSwitchUnder(r.preset)).toBeNull();
		expect(isEmptyPreset(parsePreset('?locale=en').preset)).toBe(true);
	});

	it('fix=locale holds the language switch at the link’s language, and says so as a setting', () => {
		const r = parsePreset('?locale=zh&fix=locale');
		expect(r.problems).toEqual([]);
		expect(localeSwitchUnder(r.preset)).toBe('fixed');
		expect(presetSettings(r.preset)).toEqual(['locale']);
		expect(isEmptyPreset(r.preset)).toBe(false);
		expect(localeSwitchUnder(parsePreset('?hide=locale').preset)).toBe('hidden');
		expect(presetQuery(r.preset)).toBe('?locale=zh&fix=locale');
	});

	it('a language the site lacks is dropped with a problem, and fix=locale without one frees the switch', () => {
		const fr = parsePreset('?locale=fr&fix=locale');
		expect(fr.preset).toEqual({ fix: [], hide: [] });
		expect(fr.problems).toEqual([
			{ code: 'not-one-of', setting: 'locale', value: 'fr', values: LOCALE_VALUES },
			{ code: 'locale-unnamed' }
		]);
		expect(localeSwitchUnder(fr.preset)).toBeNull();
		const none = parsePreset('?fix=locale,speed');
		expect(none.preset.fix).toEqual(['speed']);
		expect(none.problems).toEqual([{ code: 'locale-unnamed' }]);
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
		expect(gov.problems).toEqual([{ code: 'lang-undercover-only' }]);
	});
});

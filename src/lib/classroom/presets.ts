/**
 * Teacher presets by link, in the manner of TensorFlow Playground's URL state but validated: the
 * query of a play link (`?speed=slow&god=end&fix=speed,god&hide=share`) can set controls, fix them
 * (shown, disabled) and hide others. Every value is checked against one table; a number out of range
 * is clamped, anything else wrong is dropped, and each is said in a sentence, so a mistyped link
 * opens with the default and says why. It is a teaching aid, not a lock: anyone can edit a link.
 */
import { LOCALE_PARAM } from '../i18n/link-locale';
import { SEED_MAX } from '../scenarios';
import type { SharedRun } from '../share/link';

/** The controls of the play page a preset can reach. */
export const CONTROLS = [
	'seed',
	'models',
	'lang',
	'speed',
	'god',
	'predict',
	'notes',
	'step',
	'share'
] as const;
export type Control = (typeof CONTROLS)[number];

export const SPEED_VALUES = ['slow', 'normal', 'fast', 'instant'] as const;
/** `end`: the god view is off until the run has finished, then on. */
export const GOD_VALUES = ['on', 'off', 'end'] as const;
export const LANG_VALUES = ['en', 'zh'] as const;
/** `scripted`: every seat a scripted agent, whatever the link's setup named (no model to load). */
export const MODEL_VALUES = ['scripted'] as const;
export const SWITCH_VALUES = ['on', 'off'] as const;
/** `presenter`: the run opens in the projector view. */
export const VIEW_VALUES = ['page', 'presenter'] as const;

export interface Preset {
	seed?: number;
	models?: (typeof MODEL_VALUES)[number];
	lang?: (typeof LANG_VALUES)[number];
	speed?: (typeof SPEED_VALUES)[number];
	god?: (typeof GOD_VALUES)[number];
	predict?: (typeof SWITCH_VALUES)[number];
	notes?: (typeof SWITCH_VALUES)[number];
	view?: (typeof VIEW_VALUES)[number];
	/** Controls shown but disabled. */
	fix: Control[];
	/** Controls left off the page. */
	hide: Control[];
}

type Field =
	| { kind: 'int'; min: number; max: number; what: string }
	| { kind: 'enum'; values: readonly string[]; what: string };

/** The one table every preset value is checked against. */
export const PRESET_SCHEMA: Record<Exclude<keyof Preset, 'fix' | 'hide'>, Field> = {
	seed: { kind: 'int', min: 0, max: SEED_MAX, what: 'seed' },
	models: { kind: 'enum', values: MODEL_VALUES, what: 'players' },
	lang: { kind: 'enum', values: LANG_VALUES, what: 'word-pack language' },
	speed: { kind: 'enum', values: SPEED_VALUES, what: 'speed' },
	god: { kind: 'enum', values: GOD_VALUES, what: 'god view' },
	predict: { kind: 'enum', values: SWITCH_VALUES, what: 'predict mode' },
	notes: { kind: 'enum', values: SWITCH_VALUES, what: 'step notes' },
	view: { kind: 'enum', values: VIEW_VALUES, what: 'view' }
};

/** Bounds on the query itself: a preset is a handful of short settings. */
export const MAX_PRESET_QUERY = 1000;

export interface ParsedPreset {
	preset: Preset;
	/** One sentence per value that was clamped, dropped or unknown. */
	problems: string[];
}

const quote = (v: string) => `“${v.length > 24 ? v.slice(0, 24) + '…' : v}”`;

/** Reads a preset from a URL's query (`?a=b&...`, the leading `?` optional). Never throws. */
export function parsePreset(search: string): ParsedPreset {
	const raw = search.startsWith('?') ? search.slice(1) : search;
	if (raw === '') return { preset: { fix: [], hide: [] }, problems: [] };
	if (raw.length > MAX_PRESET_QUERY)
		return {
			preset: { fix: [], hide: [] },
			problems: [`This link’s preset is over ${MAX_PRESET_QUERY} characters, so none of it was used.`]
		};
	let params: URLSearchParams;
	try {
		params = new URLSearchParams(raw);
	} catch {
		return {
			preset: { fix: [], hide: [] },
			problems: ['This link’s preset could not be read; none of it was used.']
		};
	}
	const preset: Preset = { fix: [], hide: [] };
	const problems: string[] = [];
	const seen = new Set<string>();
	for (const [key, value] of params) {
		if (seen.has(key)) {
			problems.push(`The preset sets ${key} twice; the first one is used.`);
			continue;
		}
		seen.add(key);
		if (key === 'fix' || key === 'hide') {
			const names = value.split(',').filter((n) => n !== '');
			for (const n of names) {
				if (!(CONTROLS as readonly string[]).includes(n))
					problems.push(
						`The preset’s ${key} names ${quote(n)}, which is not a control (${CONTROLS.join(', ')}); it was ignored.`
					);
				else if (!preset[key].includes(n as Control)) preset[key].push(n as Control);
			}
			continue;
		}
		// The interface language travels in the same query but is not a preset: $lib/i18n reads it.
		if (key === LOCALE_PARAM) continue;
		if (!Object.hasOwn(PRESET_SCHEMA, key)) {
			problems.push(`The preset’s ${quote(key)} is not a setting a link can preset; it was ignored.`);
			continue;
		}
		const name = key as keyof typeof PRESET_SCHEMA;
		const field = PRESET_SCHEMA[name];
		if (field.kind === 'int') {
			if (!/^-?\d{1,20}$/.test(value)) {
				problems.push(
					`The preset’s ${field.what} ${quote(value)} is not a whole number; the default is used.`
				);
				continue;
			}
			const n = Number(value);
			const clamped = Math.min(field.max, Math.max(field.min, n));
			if (clamped !== n)
				problems.push(
					`The preset’s ${field.what} ${value} is outside ${field.min} to ${field.max}; ${clamped} is used.`
				);
			(preset as unknown as Record<string, unknown>)[name] = clamped;
		} else if (field.values.includes(value)) {
			(preset as unknown as Record<string, unknown>)[name] = value;
		} else {
			problems.push(
				`The preset’s ${field.what} ${quote(value)} is not one of ${field.values.join(', ')}; the default is used.`
			);
		}
	}
	// A control cannot be both shown disabled and absent: hidden wins, since the link asked for less.
	preset.fix = preset.fix.filter((c) => !preset.hide.includes(c));
	return { preset, problems };
}

/** Writes a preset as a query (`?…`), in the table's order, so links read the same way each time. */
export function presetQuery(p: Preset): string {
	const params = new URLSearchParams();
	for (const key of Object.keys(PRESET_SCHEMA) as (keyof typeof PRESET_SCHEMA)[]) {
		const v = p[key];
		if (v !== undefined) params.set(key, String(v));
	}
	if (p.fix.length) params.set('fix', p.fix.join(','));
	if (p.hide.length) params.set('hide', p.hide.join(','));
	const q = params.toString().replace(/%2C/g, ',');
	return q ? `?${q}` : '';
}

/**
 * The setup a preset opens: the link's, with the preset's seed, language (undercover) and players.
 * Returns the problems of settings that do not apply to this scenario.
 */
export function presetSetup(run: SharedRun, p: Preset): { run: SharedRun; problems: string[] } {
	const problems: string[] = [];
	let out: SharedRun = { ...run, config: { ...run.config } };
	if (p.seed !== undefined) out.seed = p.seed;
	if (p.lang !== undefined) {
		if (run.scenario === 'undercover') out.config.lang = p.lang;
		else problems.push(`The preset’s language applies to undercover’s word packs only; it was ignored here.`);
	}
	if (p.models === 'scripted' && out.seats) {
		const { seats: _seats, ...rest } = out;
		out = rest;
	}
	return { run: out, problems };
}

/** What a control is under a preset: shown and usable, shown but fixed, or absent. */
export function controlState(p: Preset, c: Control): 'free' | 'fixed' | 'hidden' {
	if (p.hide.includes(c)) return 'hidden';
	return p.fix.includes(c) ? 'fixed' : 'free';
}

/** Whether a preset sets or limits anything at all (then the page says so). */
export function isEmptyPreset(p: Preset): boolean {
	return (
		p.fix.length === 0 &&
		p.hide.length === 0 &&
		(Object.keys(PRESET_SCHEMA) as (keyof typeof PRESET_SCHEMA)[]).every((k) => p[k] === undefined)
	);
}

/** The god view under a preset: `end` keeps it off until the run has finished. */
export function godViewUnder(p: Preset, chosen: boolean, finished: boolean): boolean {
	switch (p.god) {
		case 'on':
			return controlState(p, 'god') === 'free' ? chosen : true;
		case 'off':
			return controlState(p, 'god') === 'free' ? chosen : false;
		case 'end':
			return finished && chosen;
		case undefined:
			return chosen;
	}
}

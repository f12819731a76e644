/**
 * Teacher presets by link, in the manner of TensorFlow Playground's URL state but validated: the
 * query of a play link (`?speed=slow&god=end&fix=speed,god&hide=share`) can set controls, fix them
 * (shown, disabled) and hide others. Every value is checked against one table; a number out of range
 * is clamped, anything else wrong is dropped, and each is reported as a problem (a code and its
 * values, which the page puts in a sentence in the interface language: `ui/classroom/preset-text.ts`),
 * so a mistyped link opens with the default and says why. It is a teaching aid, not a lock: anyone can
 * edit a link.
 */
import { locales, type Locale } from '../paraglide/runtime.js';
import { SEED_MAX } from '../scenarios/seed';

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
	'share',
	'locale'
] as const;
export type Control = (typeof CONTROLS)[number];

export const SPEED_VALUES = ['slow', 'normal', 'fast', 'instant'] as const;
/** `end`: the god view is off until the run has finished, then on. */
export const GOD_VALUES = ['on', 'off', 'end'] as const;
export const LANG_VALUES = ['en', 'zh'] as const;
/** `scripted`: every seat a scripted agent, whatever the link's setup named (no model to load). */
const MODEL_VALUES = ['scripted'] as const;
export const SWITCH_VALUES = ['on', 'off'] as const;
/** `presenter`: the run opens in the projector view. */
export const VIEW_VALUES = ['page', 'presenter'] as const;
/** The interface languages (`?locale=`): read by $lib/i18n first; a preset can fix it (`fix=locale`). */
export const LOCALE_VALUES: readonly Locale[] = locales;

export interface Preset {
	seed?: number;
	models?: (typeof MODEL_VALUES)[number];
	lang?: (typeof LANG_VALUES)[number];
	speed?: (typeof SPEED_VALUES)[number];
	god?: (typeof GOD_VALUES)[number];
	predict?: (typeof SWITCH_VALUES)[number];
	notes?: (typeof SWITCH_VALUES)[number];
	view?: (typeof VIEW_VALUES)[number];
	/** The interface language the link opens in; the switch is disabled only when `fix` names `locale`. */
	locale?: Locale;
	/** Controls shown but disabled. */
	fix: Control[];
	/** Controls left off the page. */
	hide: Control[];
}

type Field = { kind: 'int'; min: number; max: number } | { kind: 'enum'; values: readonly string[] };

export type Setting = Exclude<keyof Preset, 'fix' | 'hide'>;

/** The one table every preset value is checked against. */
const PRESET_SCHEMA: Record<Setting, Field> = {
	seed: { kind: 'int', min: 0, max: SEED_MAX },
	models: { kind: 'enum', values: MODEL_VALUES },
	lang: { kind: 'enum', values: LANG_VALUES },
	speed: { kind: 'enum', values: SPEED_VALUES },
	god: { kind: 'enum', values: GOD_VALUES },
	predict: { kind: 'enum', values: SWITCH_VALUES },
	notes: { kind: 'enum', values: SWITCH_VALUES },
	view: { kind: 'enum', values: VIEW_VALUES },
	locale: { kind: 'enum', values: LOCALE_VALUES }
};

/**
 * What was wrong with a preset, as a code and the values a sentence needs (never a sentence: the
 * page says it in the interface language). Values quoted from the link are cut to 24 characters.
 */
export type PresetProblem =
	| { code: 'too-long'; max: number }
	| { code: 'unreadable' }
	| { code: 'twice'; key: string }
	| { code: 'not-a-control'; list: 'fix' | 'hide'; name: string }
	| { code: 'unknown-setting'; key: string }
	| { code: 'not-whole'; setting: Setting; value: string }
	| { code: 'clamped'; setting: Setting; value: string; min: number; max: number; used: number }
	| { code: 'not-one-of'; setting: Setting; value: string; values: readonly string[] }
	| { code: 'locale-unnamed' }
	| { code: 'lang-undercover-only' };

/** The query key naming the lesson-pack lesson a link opens (read by the play page, not a setting). */
export const LESSON_KEY = 'lesson';

/** Bounds on the query itself: a preset is a handful of short settings. */
export const MAX_PRESET_QUERY = 1000;

export interface ParsedPreset {
	preset: Preset;
	/** One per value that was clamped, dropped or unknown. */
	problems: PresetProblem[];
}

const cut = (v: string) => (v.length > 24 ? v.slice(0, 24) + '…' : v);

/** Reads a preset from a URL's query (`?a=b&...`, the leading `?` optional). Never throws. */
export function parsePreset(search: string): ParsedPreset {
	const raw = search.startsWith('?') ? search.slice(1) : search;
	if (raw === '') return { preset: { fix: [], hide: [] }, problems: [] };
	if (raw.length > MAX_PRESET_QUERY)
		return {
			preset: { fix: [], hide: [] },
			problems: [{ code: 'too-long', max: MAX_PRESET_QUERY }]
		};
	let params: URLSearchParams;
	try {
		params = new URLSearchParams(raw);
	} catch {
		return {
			preset: { fix: [], hide: [] },
			problems: [{ code: 'unreadable' }]
		};
	}
	const preset: Preset = { fix: [], hide: [] };
	const problems: PresetProblem[] = [];
	const seen = new Set<string>();
	for (const [key, value] of params) {
		if (seen.has(key)) {
			problems.push({ code: 'twice', key: cut(key) });
			continue;
		}
		seen.add(key);
		// The lesson a link is from (the lesson pack's `lesson=<id>`): the play page shows its goal.
		if (key === LESSON_KEY) continue;
		if (key === 'fix' || key === 'hide') {
			const names = value.split(',').filter((n) => n !== '');
			for (const n of names) {
				if (!(CONTROLS as readonly string[]).includes(n))
					problems.push({ code: 'not-a-control', list: key, name: cut(n) });
				else if (!preset[key].includes(n as Control)) preset[key].push(n as Control);
			}
			continue;
		}
		if (!Object.hasOwn(PRESET_SCHEMA, key)) {
			problems.push({ code: 'unknown-setting', key: cut(key) });
			continue;
		}
		const setting = key as Setting;
		const field = PRESET_SCHEMA[setting];
		if (field.kind === 'int') {
			if (!/^-?\d{1,20}$/.test(value)) {
				problems.push({ code: 'not-whole', setting, value: cut(value) });
				continue;
			}
			const n = Number(value);
			const clamped = Math.min(field.max, Math.max(field.min, n));
			if (clamped !== n)
				problems.push({ code: 'clamped', setting, value, min: field.min, max: field.max, used: clamped });
			(preset as unknown as Record<string, unknown>)[setting] = clamped;
		} else if (field.values.includes(value)) {
			(preset as unknown as Record<string, unknown>)[setting] = value;
		} else {
			problems.push({ code: 'not-one-of', setting, value: cut(value), values: field.values });
		}
	}
	// Fixing the language needs a language to fix it at (the link's `locale=`): else the switch stays free.
	if (preset.fix.includes('locale') && preset.locale === undefined) {
		preset.fix = preset.fix.filter((c) => c !== 'locale');
		problems.push({ code: 'locale-unnamed' });
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

/** What a control is under a preset: shown and usable, shown but fixed, or absent. */
export function controlState(p: Preset, c: Control): 'free' | 'fixed' | 'hidden' {
	if (p.hide.includes(c)) return 'hidden';
	return p.fix.includes(c) ? 'fixed' : 'free';
}

/**
 * The settings a preset sets, in the table's order. The language alone is not one: every share link
 * names the language it was made in (`?locale=`), which is no teacher's preset until `fix` holds it.
 */
export function presetSettings(p: Preset): Setting[] {
	return (Object.keys(PRESET_SCHEMA) as Setting[]).filter(
		(k) => p[k] !== undefined && (k !== 'locale' || p.fix.includes('locale'))
	);
}

/** Whether a preset sets or limits anything at all (then the page says so). */
export function isEmptyPreset(p: Preset): boolean {
	return p.fix.length === 0 && p.hide.length === 0 && presetSettings(p).length === 0;
}

/** What a preset does to the language switch: nothing (null), or holds it fixed (disabled) or hidden. */
export function localeSwitchUnder(p: Preset): 'fixed' | 'hidden' | null {
	const state = controlState(p, 'locale');
	return state === 'free' ? null : state;
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

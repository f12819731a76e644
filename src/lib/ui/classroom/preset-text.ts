/**
 * A teacher's preset in words, in the interface language: what it sets, the controls it fixes or
 * hides, and each problem `classroom/presets.ts` found (a code and values there, a sentence here).
 * Every setting, control and value has a message, so a Chinese page names them in Chinese; only what
 * the link itself spelled (a mistyped key or value) is quoted as it was.
 */
import { m } from '$lib/paraglide/messages';
import {
	CONTROLS,
	type Control,
	type Preset,
	type PresetProblem,
	type Setting
} from '$lib/classroom/presets';

const SETTING: Record<Setting, () => string> = {
	seed: m.play_setting_seed,
	models: m.play_setting_models,
	lang: m.play_setting_lang,
	speed: m.play_setting_speed,
	god: m.play_setting_god,
	predict: m.play_setting_predict,
	notes: m.play_setting_notes,
	view: m.play_setting_view,
	locale: m.play_setting_locale
};

const CONTROL: Record<Control, () => string> = {
	seed: m.play_control_seed,
	models: m.play_control_models,
	lang: m.play_control_lang,
	speed: m.play_control_speed,
	god: m.play_control_god,
	predict: m.play_control_predict,
	notes: m.play_control_notes,
	step: m.play_control_step,
	share: m.play_control_share,
	locale: m.play_control_locale
};

/** A preset's values as a person reads them (the link's own tokens are for the link). */
const VALUE: Record<string, () => string> = {
	slow: m.play_speed_slow,
	normal: m.play_speed_normal,
	fast: m.play_speed_fast,
	instant: m.play_speed_instant,
	on: m.play_value_on,
	off: m.play_value_off,
	end: m.play_value_end,
	scripted: m.play_value_scripted,
	page: m.play_value_page,
	presenter: m.play_value_presenter
};

/** A preset value (or a speed on the play page's own select) in words. */
export const valueName = (v: string): string => VALUE[v]?.() ?? v;

const list = (items: readonly string[]) => items.join(m.list_sep());

const controlName = (c: Control): string => CONTROL[c]();

export const controlNames = (cs: readonly Control[]): string => list(cs.map(controlName));

/** One setting of a preset and its value, e.g. "speed fast", "god view off until the end". */
export function settingText(p: Preset, k: Setting): string {
	const v = p[k];
	const value =
		k === 'lang'
			? v === 'zh'
				? m.play_value_zh()
				: m.play_value_en()
			: k === 'locale'
				? v === 'zh'
					? m.play_value_locale_zh()
					: m.play_value_locale_en()
				: valueName(String(v));
	return `${SETTING[k]()} ${value}`;
}

/** A part of a sentence: words in the page's language, or one of the link's own tokens, shown as typed. */
export type TextPart = string | { code: string };

/** A token of the link inside a message, marked so that `presetProblemParts` can find it again. */
const code = (token: string) => `\uE000${token}\uE001`;

/**
 * The sentence for one problem with a preset, in parts: the link's own tokens in it (the value typed,
 * the values allowed, a setting's key) are code a teacher types, not words to translate ("速度不能是
 * `warp`"), so the page shows them as code, apart from the language check.
 */
export function presetProblemParts(p: PresetProblem): TextPart[] {
	return problemSentence(p)
		.split(/\uE000([^\uE001]*)\uE001/)
		.map((part, i) => (i % 2 ? { code: part } : part))
		.filter((part) => part !== '');
}

/** The sentence for one problem with a preset, as plain text. */
export function presetProblemText(p: PresetProblem): string {
	return presetProblemParts(p)
		.map((part) => (typeof part === 'string' ? part : part.code))
		.join('');
}

function problemSentence(p: PresetProblem): string {
	switch (p.code) {
		case 'too-long':
			return m.play_problem_too_long({ max: p.max });
		case 'unreadable':
			return m.play_problem_unreadable();
		case 'twice':
			return m.play_problem_twice({ key: code(p.key) });
		case 'not-a-control':
			return m.play_problem_not_a_control({
				list: p.list === 'fix' ? m.play_list_fix() : m.play_list_hide(),
				name: code(p.name),
				controls: controlNames(CONTROLS)
			});
		case 'unknown-setting':
			return m.play_problem_unknown({ key: code(p.key) });
		case 'not-whole':
			return m.play_problem_not_whole({ setting: SETTING[p.setting](), value: code(p.value) });
		case 'clamped':
			return m.play_problem_clamped({
				setting: SETTING[p.setting](),
				value: code(p.value),
				min: p.min,
				max: p.max,
				used: p.used
			});
		case 'not-one-of':
			return m.play_problem_not_one_of({
				setting: SETTING[p.setting](),
				value: code(p.value),
				values: list(p.values.map(code))
			});
		case 'locale-unnamed':
			return m.play_problem_locale_unnamed();
		case 'lang-undercover-only':
			return m.play_problem_lang();
	}
}

import { describe, expect, it } from 'vitest';
import { parsePreset, presetSettings } from '$lib/classroom/presets';
import { presetSetup } from '$lib/classroom/preset-setup';
import { overwriteGetLocale, type Locale } from '$lib/paraglide/runtime';
import { controlNames, presetProblemParts, presetProblemText, settingText } from './preset-text';

/** Two English words in a row, as tests/e2e/language.ts counts a sentence someone forgot to translate. */
const ENGLISH_RUN = /[A-Za-z][a-z]+(?:['’][a-z]+)?(?:[ ,:;-]+[A-Za-z][a-z]+(?:['’][a-z]+)?)+/;

const inLocale = <T>(locale: Locale, f: () => T): T => {
	overwriteGetLocale(() => locale);
	try {
		return f();
	} finally {
		overwriteGetLocale(() => 'en');
	}
};

const MALFORMED =
	'?speed=warp&seed=abc&god=end&fix=god,wings&colour=red&speed=slow&locale=fr&hide=locale&view=big';

describe('a preset in words', () => {
	it('marks the link’s own tokens in a problem as code, apart from the words around them', () => {
		const [speed] = parsePreset('?speed=warp').problems;
		const parts = inLocale('zh', () => presetProblemParts(speed!));
		expect(parts.filter((p) => typeof p !== 'string')).toEqual([
			{ code: 'warp' },
			{ code: 'slow' },
			{ code: 'normal' },
			{ code: 'fast' },
			{ code: 'instant' }
		]);
		// What is left is Chinese: no token of the link among the words.
		const words = parts.filter((p): p is string => typeof p === 'string').join('');
		expect(words).not.toMatch(/[a-z]{2,}/);
		expect(words).toContain('、');
	});

	it('says each problem in the English sentence the page has always shown', () => {
		const sentences = parsePreset(MALFORMED).problems.map(presetProblemText);
		expect(sentences).toEqual([
			'The preset’s speed “warp” is not one of slow, normal, fast, instant; the default is used.',
			'The preset’s seed “abc” is not a whole number; the default is used.',
			'The preset’s fix names “wings”, which is not a control (seed, models, lang, speed, god, predict, notes, step, share, locale); it was ignored.',
			'The preset’s “colour” is not a setting a link can preset; it was ignored.',
			'The preset sets speed twice; the first one is used.',
			'The preset’s interface language “fr” is not one of en, zh; the default is used.',
			'The preset’s view “big” is not one of page, presenter; the default is used.'
		]);
		expect(presetProblemText(parsePreset('?seed=99999999999').problems[0]!)).toBe(
			'The preset’s seed 99999999999 is outside 0 to 4294967295; 4294967295 is used.'
		);
	});

	it('says every problem, setting and control in Chinese with no English sentence', () => {
		const parsed = parsePreset(MALFORMED);
		const texts = inLocale('zh', () => [
			...parsed.problems.map(presetProblemText),
			presetProblemText({ code: 'locale-unnamed' }),
			presetProblemText({ code: 'too-long', max: 1000 }),
			presetProblemText({ code: 'unreadable' }),
			...presetSetup(
				{ scenario: 'governance', seed: 1, config: {} },
				parsePreset('?lang=zh').preset
			).problems.map(presetProblemText),
			...[
				'?speed=fast&god=end&predict=on&notes=off&view=presenter&models=scripted&lang=zh&seed=3',
				'?locale=zh&fix=locale'
			].flatMap((q) => {
				const p = parsePreset(q).preset;
				return presetSettings(p).map((k) => settingText(p, k));
			}),
			controlNames(['seed', 'models', 'lang', 'speed', 'god', 'predict', 'notes', 'step', 'share', 'locale'])
		]);
		expect(texts.length).toBeGreaterThan(15);
		for (const t of texts) expect(t, t).not.toMatch(ENGLISH_RUN);
		// The link's own tokens stay as the link spells them, listed the Chinese way.
		expect(texts).toContain('预设的速度“warp”不是 slow、normal、fast、instant 之一；使用默认值。');
	});

	it('names a preset’s settings as the notice shows them', () => {
		const p = parsePreset('?speed=fast&god=end&lang=zh&seed=11').preset;
		expect(presetSettings(p).map((k) => settingText(p, k))).toEqual([
			'seed 11',
			'word-pack language zh',
			'speed fast',
			'god view off until the end'
		]);
	});
});

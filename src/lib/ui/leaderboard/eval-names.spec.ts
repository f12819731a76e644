import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale, type Locale } from '$lib/paraglide/runtime';
import { EVAL_SPECS, type EvalSetId } from '$lib/scenarios/undercover/eval-sets';
import { evalDescription, evalName } from './eval-names';

let locale: Locale = 'en';
overwriteGetLocale(() => locale);
afterEach(() => {
	locale = 'en';
});

describe('the evaluation sets’ names', () => {
	it('names and describes every set in the interface’s language', () => {
		const ids = Object.keys(EVAL_SPECS) as EvalSetId[];
		const english = ids.map((id) => [evalName(id), evalDescription(id)]);
		expect(english.every(([name, description]) => name && description)).toBe(true);
		expect(evalName('smoke')).toBe('smoke');
		locale = 'zh';
		expect(evalName('smoke')).toBe('冒烟测试');
		// Every description is said in the reader's language, not left in English.
		ids.forEach((id, i) => expect(evalDescription(id)).not.toBe(english[i]![1]));
	});

	it('names a set this site no longer has by its id', () => {
		expect(evalName('retired-set')).toBe('retired-set');
	});
});

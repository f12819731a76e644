import { describe, expect, it } from 'vitest';
import { inLang, isRunLang, RUN_LANGS, type ByLang } from './lang';

describe('run languages', () => {
	it('knows English and Chinese, and nothing else', () => {
		expect(RUN_LANGS).toEqual(['en', 'zh']);
		expect(['en', 'fr', 'zh', 'EN', '', null, undefined, 1].filter(isRunLang)).toEqual(['en', 'zh']);
	});

	it("reads a table's entry for a language, English where a state has none", () => {
		const table: ByLang<string> = { en: 'rounds', zh: '轮' };
		expect(inLang(table, 'zh')).toBe('轮');
		expect(inLang(table, 'en')).toBe('rounds');
		expect(inLang(table, undefined)).toBe('rounds');
	});
});

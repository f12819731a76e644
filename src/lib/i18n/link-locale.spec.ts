import { describe, expect, it } from 'vitest';
import { localeFromSearch, withLocale } from './link-locale';

describe('the language in a link', () => {
	it('reads a language the site has, and nothing else', () => {
		expect(localeFromSearch('?locale=zh')).toBe('zh');
		expect(localeFromSearch('speed=slow&locale=en')).toBe('en');
		expect(localeFromSearch('?locale=fr')).toBeUndefined();
		expect(localeFromSearch('?locale=')).toBeUndefined();
		expect(localeFromSearch('')).toBeUndefined();
	});

	it('sets the language in a path or a full URL and keeps the rest of the query and the fragment', () => {
		expect(withLocale('/play/?speed=slow#v1.abc', 'zh')).toBe('/play/?speed=slow&locale=zh#v1.abc');
		expect(withLocale('/play/?locale=zh#v1.abc', 'en')).toBe('/play/?locale=en#v1.abc');
		expect(withLocale('https://example.org/conclave/?locale=en', 'zh')).toBe(
			'https://example.org/conclave/?locale=zh'
		);
		expect(localeFromSearch(new URL(withLocale('https://x.org/', 'zh')).search)).toBe('zh');
	});
});

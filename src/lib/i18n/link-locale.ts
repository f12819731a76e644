/**
 * The interface language in a link: the query's `?locale=zh`. A query value rather than a `/zh/` path
 * prefix, so every link made before there were two languages still opens, and the fragment stays the
 * run's alone. Pure: the share links and the teacher presets read it in Node as well.
 */
import { isLocale, type Locale } from '../paraglide/runtime.js';

export const LOCALE_PARAM = 'locale';

/** The BCP 47 tag each language goes by in HTML (`<html lang>`, `hreflang`): a screen reader's voice, the CJK font Chromium picks. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN' };

/** The language a URL's query names, or undefined when it names none or one the site does not have. */
export function localeFromSearch(search: string): Locale | undefined {
	const value = new URLSearchParams(search).get(LOCALE_PARAM);
	return value !== null && isLocale(value) ? value : undefined;
}

/** `href` with its query naming `locale` (any earlier value replaced); the fragment is kept. */
export function withLocale(href: string, locale: Locale): string {
	const url = new URL(href, 'http://link.invalid');
	url.searchParams.set(LOCALE_PARAM, locale);
	return url.origin === 'http://link.invalid' ? url.pathname + url.search + url.hash : url.href;
}

/**
 * The interface language in the browser. Paraglide resolves it once, by the strategies in
 * project.inlang/paraglide.config.js (the link's `?locale=`, the remembered choice, the browser's
 * languages, English); from then on it lives in a rune, so switching re-renders every message in place.
 * Paraglide's own setLocale reloads the page instead, which would cut a run playing in this tab
 * (its `reload: false` is documented as the escape hatch for a fully client-rendered site like this).
 *
 * Imported once, for its effect, by the root layout, before any message renders.
 */
import { replaceState } from '$app/navigation';
import { page } from '$app/state';
import {
	defineCustomClientStrategy,
	getLocale,
	isLocale,
	overwriteGetLocale,
	overwriteSetLocale,
	type Locale
} from '$lib/paraglide/runtime';
import { loadPreference, savePreference } from '$lib/storage/preferences';
import { HTML_LANG, LOCALE_PARAM, localeFromSearch, withLocale } from './link-locale';

const PREFERENCE = 'locale';

// Both strategies only read: what the person chooses is written by `choose` below, so opening a link
// or a browser in another language is never remembered as a choice.
defineCustomClientStrategy('custom-link', {
	getLocale: () => localeFromSearch(location.search),
	setLocale: () => {}
});
defineCustomClientStrategy('custom-remembered', {
	getLocale: () => {
		const saved = loadPreference(PREFERENCE);
		return saved !== null && isLocale(saved) ? saved : undefined;
	},
	setLocale: () => {}
});

let current: Locale = $state(getLocale());
document.documentElement.lang = HTML_LANG[current];

/** Switches the interface to `next`, remembers it, and keeps a `?locale=` in the address true to it. */
function choose(next: Locale): void {
	current = next;
	document.documentElement.lang = HTML_LANG[next];
	savePreference(PREFERENCE, next);
	if (new URLSearchParams(location.search).has(LOCALE_PARAM))
		replaceState(withLocale(location.href, next), page.state);
}

overwriteGetLocale(() => current);
overwriteSetLocale(choose);

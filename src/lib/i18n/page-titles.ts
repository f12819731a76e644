/**
 * Each page's title, in the interface language on the page (`pageTitle`) and in both languages in the
 * prerendered shell (`prerenderedTitle`, written by src/hooks.server.ts at build time). The site has
 * one static file a page and the language is chosen in the browser, so the shell names the page in
 * both: what a link preview, a search engine or a browser tab shows before the app starts.
 */
import { m } from '../paraglide/messages.js';
import { locales, type Locale } from '../paraglide/runtime.js';

const TITLES = {
	'/': undefined,
	'/undercover': m.uc_title,
	'/governance': m.gov_title,
	'/autonomy': m.auto_title,
	// The run page names its scenario once it knows it (play_title_*); the shell, before, says "Run".
	'/play': m.title_play,
	'/runs': m.runs_title,
	'/lessons': m.lessons_title,
	'/leaderboard': m.lb_title,
	'/models': m.models_title,
	'/bench': m.bench_title
} as const;

export type TitledRoute = keyof typeof TITLES;

export function isTitledRoute(route: string | null): route is TitledRoute {
	return route !== null && Object.hasOwn(TITLES, route);
}

/** The page's own name in one language, without the site's. */
function pageName(route: TitledRoute, locale?: Locale): string | undefined {
	return TITLES[route]?.({}, locale ? { locale } : undefined);
}

/** The title of a page, in `locale` (the interface language when absent): "<page> · Conclave". */
export function pageTitle(route: TitledRoute, locale?: Locale): string {
	const name = pageName(route, locale);
	return name ? `${name} · Conclave` : 'Conclave';
}

/** The title of a page in every language the site has, for its prerendered shell. */
export function prerenderedTitle(route: TitledRoute): string {
	const names = locales.map((l) => pageName(route, l)).filter((n): n is string => n !== undefined);
	return [...names, 'Conclave'].join(' · ');
}

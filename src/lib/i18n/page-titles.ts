/**
 * Each page's title, in the interface language on the page (`pageTitle`) and in both languages in the
 * prerendered shell (`prerenderedTitle`, written by src/hooks.server.ts at build time). The site has
 * one static file a page and the language is chosen in the browser, so the shell names the page in
 * both: what a link preview, a search engine or a browser tab shows before the app starts. A scenario's
 * setup page (`routes/[scenario]`) is named by its scenario's view (`setup.title`), through
 * `namedTitle` and `prerenderedNamedTitle`, so that a scenario's name is not listed here.
 */
import { m } from '../paraglide/messages.js';
import { locales, type Locale } from '../paraglide/runtime.js';

const TITLES = {
	'/': undefined,
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

/** A page's name: a message, which takes the language to say it in. */
export type PageName = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** The title of a page named `name`, in `locale` (the interface language when absent): "<page> · Conclave". */
export function namedTitle(name: PageName | undefined, locale?: Locale): string {
	return name ? `${name({}, locale ? { locale } : undefined)} · Conclave` : 'Conclave';
}

/** The title of a page named `name` in every language the site has, for its prerendered shell. */
export function prerenderedNamedTitle(name: PageName | undefined): string {
	return [...(name ? locales.map((l) => name({}, { locale: l })) : []), 'Conclave'].join(' · ');
}

/** The title of a page, in `locale` (the interface language when absent): "<page> · Conclave". */
export function pageTitle(route: TitledRoute, locale?: Locale): string {
	return namedTitle(TITLES[route], locale);
}

/** The title of a page in every language the site has, for its prerendered shell. */
export function prerenderedTitle(route: TitledRoute): string {
	return prerenderedNamedTitle(TITLES[route]);
}

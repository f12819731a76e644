/**
 * Runs at build time only (the site is prerendered and has no server): writes each page's title in
 * both languages into its shell, and names the page's other languages for crawlers (`hreflang`
 * alternates, which the `?locale=` query selects). In the browser the page sets its title in the
 * interface language as soon as it starts (i18n/page-titles.ts).
 */
import type { Handle } from '@sveltejs/kit';
import { isTitledRoute, prerenderedNamedTitle, prerenderedTitle } from '$lib/i18n/page-titles';
import { withSetup } from '$lib/ui/scenario-view';
import { locales } from '$lib/paraglide/runtime';
import { HTML_LANG, LOCALE_PARAM } from '$lib/i18n/link-locale';

export const handle: Handle = ({ event, resolve }) =>
	resolve(event, {
		transformPageChunk: ({ html }) => {
			const route = event.route.id;
			// A setup page is named by its scenario's view; every other page by its route.
			const title =
				route === '/[scenario=scenario]'
					? prerenderedNamedTitle(withSetup(event.params.scenario ?? '')?.setup.title)
					: isTitledRoute(route)
						? prerenderedTitle(route)
						: undefined;
			if (title === undefined) return html;
			const alternates = locales
				.map((l) => `<link rel="alternate" hreflang="${HTML_LANG[l]}" href="?${LOCALE_PARAM}=${l}" />`)
				.join('\n\t\t');
			return html.replace(
				'<title>Conclave</title>',
				`<title>${escapeHtml(title)}</title>\n\t\t${alternates}`
			);
		}
	});

function escapeHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

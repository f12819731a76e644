/**
 * Runs at build time only (the site is prerendered and has no server): writes each page's title in
 * both languages into its shell, and names the page's other languages for crawlers (`hreflang`
 * alternates, which the `?locale=` query selects). In the browser the page sets its title in the
 * interface language as soon as it starts (i18n/page-titles.ts).
 */
import type { Handle } from '@sveltejs/kit';
import { isTitledRoute, prerenderedTitle } from '$lib/i18n/page-titles';
import { locales } from '$lib/paraglide/runtime';
import { HTML_LANG, LOCALE_PARAM } from '$lib/i18n/link-locale';

export const handle: Handle = ({ event, resolve }) =>
	resolve(event, {
		transformPageChunk: ({ html }) => {
			const route = event.route.id;
			if (!isTitledRoute(route)) return html;
			const alternates = locales
				.map((l) => `<link rel="alternate" hreflang="${HTML_LANG[l]}" href="?${LOCALE_PARAM}=${l}" />`)
				.join('\n\t\t');
			return html.replace(
				'<title>Conclave</title>',
				`<title>${escapeHtml(prerenderedTitle(route))}</title>\n\t\t${alternates}`
			);
		}
	});

function escapeHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

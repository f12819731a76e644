import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTitledRoute, pageTitle, prerenderedTitle } from './page-titles';

/**
 * Every route of the site with a name of its own, as SvelteKit names it: `/` and each folder of
 * src/routes with a page, but the setup pages' `[scenario]`, which its scenario's view names
 * (ui/scenario-view.spec.ts).
 */
const ROUTES = [
	'/',
	...readdirSync('src/routes', { withFileTypes: true })
		.filter(
			(d) =>
				d.isDirectory() &&
				!d.name.startsWith('[') &&
				readdirSync(`src/routes/${d.name}`).includes('+page.svelte')
		)
		.map((d) => `/${d.name}`)
];

describe('page titles', () => {
	it('every page of the site has one', () => {
		expect(ROUTES.length).toBeGreaterThan(5);
		for (const route of ROUTES) expect(isTitledRoute(route), route).toBe(true);
		expect(isTitledRoute('/nowhere')).toBe(false);
		expect(isTitledRoute(null)).toBe(false);
	});

	it('names the page in the language asked, then the site', () => {
		expect(pageTitle('/runs', 'en')).toBe('Runs · Conclave');
		expect(pageTitle('/runs', 'zh')).toBe('运行记录 · Conclave');
		expect(pageTitle('/', 'zh')).toBe('Conclave');
	});

	it('prerenders each page’s title in both languages', () => {
		expect(prerenderedTitle('/runs')).toBe('Runs · 运行记录 · Conclave');
		for (const route of ROUTES.filter(isTitledRoute).filter((r) => r !== '/')) {
			const title = prerenderedTitle(route);
			expect(title, route).toContain(pageTitle(route, 'en').replace(' · Conclave', ''));
			expect(title, route).toContain(pageTitle(route, 'zh').replace(' · Conclave', ''));
		}
	});
});

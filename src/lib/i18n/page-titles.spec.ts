import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTitledRoute, pageTitle, prerenderedTitle } from './page-titles';

/** Every route of the site, as SvelteKit names it: `/` and each folder of src/routes with a page. */
const ROUTES = [
	'/',
	...readdirSync('src/routes', { withFileTypes: true })
		.filter((d) => d.isDirectory() && readdirSync(`src/routes/${d.name}`).includes('+page.svelte'))
		.map((d) => `/${d.name}`)
];

describe('page titles', () => {
	it('every page of the site has one', () => {
		expect(ROUTES.length).toBeGreaterThan(8);
		for (const route of ROUTES) expect(isTitledRoute(route), route).toBe(true);
		expect(isTitledRoute('/nowhere')).toBe(false);
		expect(isTitledRoute(null)).toBe(false);
	});

	it('names the page in the language asked, then the site', () => {
		expect(pageTitle('/runs', 'en')).toBe('Runs · Conclave');
		expect(pageTitle('/undercover', 'zh')).toBe('谁是卧底 · Conclave');
		expect(pageTitle('/', 'zh')).toBe('Conclave');
	});

	it('prerenders each page’s title in both languages', () => {
		expect(prerenderedTitle('/undercover')).toBe('Undercover · 谁是卧底 · Conclave');
		for (const route of ROUTES.filter(isTitledRoute).filter((r) => r !== '/')) {
			const title = prerenderedTitle(route);
			expect(title, route).toContain(pageTitle(route, 'en').replace(' · Conclave', ''));
			expect(title, route).toContain(pageTitle(route, 'zh').replace(' · Conclave', ''));
		}
	});
});

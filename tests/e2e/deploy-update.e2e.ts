/**
 * A new deploy replaces the old cache without breaking an open tab. The test serves the built site
 * itself, as a host would, so that it can put a new deploy up while a tab is open: deploy B is the same
 * build with another version in its service worker (what a rebuild gives; the chunks a tab already
 * runs are the same files here, so the test takes the network away to show they come from the old
 * deploy's cache). The tab of deploy A keeps working, the new worker waits while it is open, and once
 * the tab is closed the new worker takes over and deletes A's cache.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { shellCacheName } from '../../src/lib/offline/cache-plan';
import { expect, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });

const BUILD = fileURLToPath(new URL('../../build', import.meta.url));
const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript',
	'.css': 'text/css',
	'.json': 'application/json',
	'.svg': 'image/svg+xml',
	'.wasm': 'application/wasm',
	'.mjs': 'text/javascript'
};
/** The version the build was made with, and the one deploy B announces instead. */
const A = (JSON.parse(readFileSync(join(BUILD, '_app/version.json'), 'utf8')) as { version: string }).version;
const B = `${A}-b`;

let server: Server;
let origin = '';
let deployed = A;

test.beforeAll(async () => {
	server = createServer((req, res) => {
		const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
		let file = normalize(join(BUILD, path));
		if (!file.startsWith(BUILD)) return void res.writeHead(403).end();
		if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
		if (!existsSync(file)) return void res.writeHead(404).end('not found');
		let body: Buffer | string = readFileSync(file);
		// Deploy B: the service worker and the version file name another version.
		if (path === '/service-worker.js' || path === '/_app/version.json')
			body = body.toString('utf8').replaceAll(A, deployed);
		res.writeHead(200, {
			'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
			'cache-control': 'no-cache'
		});
		res.end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const shellCaches = (page: Page) =>
	page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('conclave-shell-')).sort());
const workers = (page: Page) =>
	page.evaluate(async () => {
		const r = await navigator.serviceWorker.getRegistration();
		return {
			active: r?.active?.state ?? null,
			waiting: r?.waiting?.state ?? null,
			controlled: navigator.serviceWorker.controller !== null
		};
	});

test('a new deploy waits while a tab of the old one is open, then takes over and deletes the old cache', async ({
	page,
	context
}) => {
	test.setTimeout(180_000);
	// Deploy A: the first visit installs its worker, which precaches A and controls the tab.
	await page.goto(`${origin}/`);
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 60_000 })
		.toBe('activated');
	expect(await shellCaches(page)).toEqual([shellCacheName(A)]);

	// Deploy B goes up; the browser's update check finds it, and it installs beside A and waits.
	deployed = B;
	await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
	await expect
		.poll(() => workers(page), { timeout: 60_000 })
		.toEqual({
			active: 'activated',
			waiting: 'installed',
			controlled: true
		});
	expect(await shellCaches(page)).toEqual([shellCacheName(A), shellCacheName(B)].sort());

	// The open tab keeps working on A: with the network gone, it still navigates in the app and
	// loads the chunks of pages it had not shown yet, from A's cache, through A's worker.
	await context.setOffline(true);
	for (const [name, path] of [
		['Runs', 'runs'],
		['Agents’ memory', 'lessons'],
		['Leaderboard', 'leaderboard']
	]) {
		await page.locator('header nav').getByRole('link', { name, exact: true }).click();
		await expect(page).toHaveURL(new RegExp(`/${path}/$`));
		await expect(page.locator('main h1')).toBeVisible();
	}
	await page.getByRole('link', { name: 'Undercover', exact: true }).first().click();
	await expect(page.locator('main')).not.toBeEmpty();
	expect(await workers(page)).toEqual({ active: 'activated', waiting: 'installed', controlled: true });
	await context.setOffline(false);

	// The last tab of A closes: B takes over the next visit, and A's cache is gone. B activates once no
	// tab is A's; a visit that starts before it has (a race the browser decides) is A's again, so until
	// B controls the visit, that tab closes and the visit is made anew.
	await page.close();
	let next = await context.newPage();
	await expect
		.poll(
			async () => {
				await next.close();
				next = await context.newPage();
				await next.goto(`${origin}/`);
				return workers(next);
			},
			{ timeout: 60_000 }
		)
		.toEqual({ active: 'activated', waiting: null, controlled: true });
	await expect.poll(() => shellCaches(next), { timeout: 30_000 }).toEqual([shellCacheName(B)]);
	// And B's tab works offline from B's cache.
	await context.setOffline(true);
	await next.goto(`${origin}/runs/`);
	await expect(next.locator('main h1')).toBeVisible();
});

/**
 * The browser-test fixture: every request to a host other than this machine fails the test, and so
 * does any uncaught error on the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

const LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const test = base.extend<{ guard: void; remoteExpected: boolean; expectedPageErrors: string[] }>({
	/** Uncaught errors a test causes on purpose (a simulated crash); any other still fails it. */
	expectedPageErrors: [[], { option: true }],
	/** Set in a test that deliberately tries the network (the requests still fail, as offline). */
	remoteExpected: [false, { option: true }],
	guard: [
		async ({ context, page, remoteExpected, expectedPageErrors }, use) => {
			const outside: string[] = [];
			const errors: string[] = [];
			await context.route('**/*', (route) => {
				const url = new URL(route.request().url());
				if (url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL.has(url.hostname))
					return route.continue();
				outside.push(url.href);
				return route.abort('blockedbyclient');
			});
			page.on('pageerror', (err) => {
				if (!expectedPageErrors.includes(err.message)) errors.push(err.message);
			});
			await use();
			if (!remoteExpected) expect(outside, 'requests to non-local hosts').toEqual([]);
			expect(errors, 'uncaught errors on the page').toEqual([]);
		},
		{ auto: true }
	]
});

export { expect };

/** Plays the current game to its end as fast as the page allows, and returns its log hash. */
export async function playToEnd(page: Page): Promise<string> {
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	return (await page.getByTestId('log-hash').textContent()) ?? '';
}

export async function eventCount(page: Page): Promise<number> {
	const text = (await page.getByTestId('run-status').textContent()) ?? '';
	return Number(/(\d+) events?/.exec(text)?.[1] ?? /event (\d+)/.exec(text)?.[1] ?? 0);
}

const MODELS = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'models');

/**
 * Serves the generated tiny models at /test-models/<name>/… on the site's own origin, the way a
 * teacher could host models beside the site. No test ever fetches real weights.
 */
export async function serveTestModels(page: Page): Promise<void> {
	// On the context, not the page: the model is fetched by an engine worker.
	await page.context().route('**/test-models/**', async (route) => {
		const path = new URL(route.request().url()).pathname.replace(/^.*\/test-models\//, '');
		const file = join(MODELS, ...path.split('/').filter((p) => p && p !== '..'));
		if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
		return route.fulfill({
			status: 200,
			body: readFileSync(file),
			headers: { 'access-control-allow-origin': '*' }
		});
	});
}

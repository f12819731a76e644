/**
 * The browser-test fixture: every request to a host other than this machine fails the test, and so
 * does any uncaught error on the page.
 */
import { serveTestModels as serveModels } from '../../scripts/test-models';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import type { Lesson } from '../../src/lib/agents/lessons';
// Every built-in scenario registered for the tests' own runs (createRunner, sim): the registry registers
// none by itself, and a test file must not depend on another having registered them in its worker.
import '../../src/lib/scenarios/built-in';

const LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Lists every request from `context` to a host other than this machine, in the returned array; the
 * browser fails them itself (REMOTE_BLOCK_ARGS, on the launch of every test browser). The list is kept
 * by listening, not by routing: a Playwright route on every URL turns the browser's HTTP cache off
 * (Playwright's documentation of `route`), so each navigation would fetch and compile the site's
 * scripts again, where a visitor's browser reads them from its cache.
 */
export async function blockRemote(context: BrowserContext): Promise<string[]> {
	const outside: string[] = [];
	context.on('request', (request) => {
		const url = new URL(request.url());
		if (url.protocol !== 'data:' && url.protocol !== 'blob:' && !LOCAL.has(url.hostname))
			outside.push(url.href);
	});
	return outside;
}

export const test = base.extend<{ guard: void; remoteExpected: boolean; expectedPageErrors: string[] }>({
	/** Uncaught errors a test causes on purpose (a simulated crash); any other still fails it. */
	expectedPageErrors: [[], { option: true }],
	/** Set in a test that deliberately tries the network (the requests still fail, as offline). */
	remoteExpected: [false, { option: true }],
	guard: [
		async ({ context, page, remoteExpected, expectedPageErrors }, use) => {
			const errors: string[] = [];
			const outside = await blockRemote(context);
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

/** Every page of the site (the hidden /bench/ page aside). */
export const PAGES = [
	'/',
	'/undercover/',
	'/governance/',
	'/autonomy/',
	'/runs/',
	'/models/',
	'/lessons/',
	'/leaderboard/',
	'/play/'
];

/** Plays the current game to its end as fast as the page allows, and returns its log hash. */
export async function playToEnd(page: Page): Promise<string> {
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	// What a person relies on before leaving the page: every event shown is saved (where it is saved at all).
	const saved = page.getByTestId('saved');
	if (await saved.count()) await expect(saved).toHaveAttribute('data-saved', String(await eventCount(page)));
	return (await page.getByTestId('log-hash').textContent()) ?? '';
}

export async function eventCount(page: Page): Promise<number> {
	const text = (await page.getByTestId('run-status').textContent()) ?? '';
	return Number(/(\d+) events?/.exec(text)?.[1] ?? /event (\d+)/.exec(text)?.[1] ?? 0);
}

/** Serves the generated tiny models at /test-models/<name>/… (see scripts/test-models.ts). */
export function serveTestModels(page: Page): Promise<void> {
	return serveModels(page.context());
}

/** Puts lessons into the page's lesson database, with the schema storage/lessons.ts creates. */
export async function seedLessons(page: Page, lessons: Lesson[]): Promise<void> {
	await page.evaluate(async (records) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave-lessons', 1);
			req.onupgradeneeded = () => {
				const store = req.result.createObjectStore('lessons', { keyPath: 'id' });
				store.createIndex('byOwner', ['persona', 'model', 'lang']);
				req.result.createObjectStore('meta', { keyPath: 'key' });
			};
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		await new Promise<void>((resolve, reject) => {
			const tx = db.transaction('lessons', 'readwrite');
			for (const r of records) tx.objectStore('lessons').put(r);
			tx.oncomplete = () => resolve();
			tx.onerror = () => reject(tx.error);
		});
		db.close();
	}, lessons);
}

/** The saved events of the run this page shows (`#run=<id>`), in order, read straight from IndexedDB. */
export async function savedEvents(
	page: Page
): Promise<{ runId: string; seq: number; kind: string; data: Record<string, unknown> }[]> {
	const runId = /#run=(\w+)/.exec(page.url())?.[1];
	return page.evaluate(async (runId) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const rows = await new Promise<
			{ runId: string; seq: number; kind: string; data: Record<string, unknown> }[]
		>((resolve) => {
			const req = db.transaction('events').objectStore('events').getAll();
			req.onsuccess = () => resolve(req.result);
		});
		db.close();
		return rows.filter((r) => r.runId === runId).sort((a, b) => a.seq - b.seq);
	}, runId);
}

/** Makes every write of a run's events fail as a full disk does (QuotaExceededError), from the page's start. */
export async function fillStorage(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const put = IDBObjectStore.prototype.put;
		IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
			if (this.name === 'events')
				throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
			return put.apply(this, args);
		};
	});
}

/**
 * A link or a file is the run, for model games too: export on one page, `npm run sim -- --replay`
 * in Node, import in a fresh browser profile, a link with recorded replies that replays with no
 * model loaded, and the files Conclave refuses (tampered, empty, too large, hostile).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { fakeClient } from '../../scripts/fake-client';
import { parseArgs, readReplayFile, simulate, simulateReplay } from '../../scripts/sim';
import { fromJsonLines, toJsonLines, type Policy } from '../../src/lib/core';
import type { ModelChoice } from '../../src/lib/engines/types';
import { createRunner } from '../../src/lib/run/play';
import { policyForChoice } from '../../src/lib/policies/factory';
import { encodeShare, type SharedRun } from '../../src/lib/share/link';
import { expect, playToEnd, serveTestModels, test } from './fixtures';
import { startMockEndpoint, type MockEndpoint } from './mock-endpoint';

const dir = mkdtempSync(join(tmpdir(), 'conclave-replay-'));
const TINY_PAGE: ModelChoice = { engine: 'transformers', model: '/test-models/tiny-chat' };
const LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A fresh browser profile (its own storage), with the same rule: no request may leave this machine. */
async function freshProfile(browser: Browser, baseURL: string) {
	const context = await browser.newContext({ baseURL });
	const outside: string[] = [];
	const models: string[] = [];
	const workers: string[] = [];
	await context.route('**/*', (route) => {
		const url = new URL(route.request().url());
		if (url.pathname.includes('/test-models/')) models.push(url.pathname);
		if (url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL.has(url.hostname))
			return route.continue();
		outside.push(url.href);
		return route.abort('blockedbyclient');
	});
	const page = await context.newPage();
	page.on('worker', (w) => workers.push(w.url()));
	return { context, page, outside, models, workers };
}

/** Clicks Export and returns the downloaded file's path. */
async function exportLog(page: Page, name: string): Promise<string> {
	const download = page.waitForEvent('download');
	await page.getByTestId('export-log').click();
	const file = join(dir, name);
	await (await download).saveAs(file);
	return file;
}

/** Imports a file on the Runs page through the file picker and opens its replay. */
async function importFile(page: Page, file: string) {
	await page.goto('/runs/');
	await page.getByTestId('import-file').setInputFiles(file);
	await expect(page.getByTestId('import-done')).toContainText('chain verified');
}

/** Replays the open run to its end and returns the hash it ended on, once it said it matched. */
async function replayToEnd(page: Page): Promise<string> {
	await expect(page.getByTestId('replay-mode')).toBeVisible();
	const hash = await playToEnd(page);
	await expect(page.getByTestId('replay-verdict')).toContainText('Replayed exactly');
	return hash;
}

/**
 * What `npm run sim -- --replay FILE --json` prints: the CLI's own re-execution (readReplayFile, then
 * simulateReplay), called in this process rather than through a spawned `npx tsx` (seconds a call on a busy
 * machine). That the command line reaches these functions and prints their summary is scripts/sim.spec.ts's.
 */
async function simReplay(file: string): Promise<{ logHash: string }> {
	return (await simulateReplay(readReplayFile(file))).summary;
}

test('a scripted undercover game: exported, replayed by sim, imported in a fresh profile, the same hash', async ({
	page,
	browser,
	baseURL
}) => {
	const setup = {
		scenario: 'undercover',
		seed: 31,
		config: { seats: 5, undercover: 1, blank: false, lang: 'en', rounds: 6 }
	};
	await page.goto(`/play/#${encodeShare(setup)}`);
	const hash = await playToEnd(page);
	const file = await exportLog(page, 'scripted-undercover.jsonl');
	expect((await simReplay(file)).logHash).toBe(hash);

	const fresh = await freshProfile(browser, baseURL!);
	await importFile(fresh.page, file);
	await fresh.page.getByTestId('import-replay').click();
	expect(await replayToEnd(fresh.page)).toBe(hash);
	await expect(
		fresh.page.getByTestId('transcript').or(fresh.page.getByTestId('winner')).first()
	).toBeVisible();
	expect(fresh.workers, 'workers started by a replay').toEqual([]);
	expect(fresh.outside).toEqual([]);
	await fresh.context.close();
});

test('a scripted governance run: exported, dropped on the Runs page of a fresh profile, the same hash and files', async ({
	page,
	browser,
	baseURL
}) => {
	const run = { scenario: 'governance', seed: 5, config: { policy: 'impact', rounds: 8 } };
	await page.goto(`/play/#${encodeShare(run)}`);
	const hash = await playToEnd(page);
	const file = await exportLog(page, 'scripted-governance.jsonl');
	expect((await simReplay(file)).logHash).toBe(hash);

	const fresh = await freshProfile(browser, baseURL!);
	await fresh.page.goto('/runs/');
	// A drop before the page is hydrated is the browser's, not ours: wait until the page takes it.
	await expect(fresh.page.getByTestId('import')).toHaveAttribute('data-listening', 'true');
	// Dropped anywhere on the page, as a person drags it from their files.
	const text = readFileSync(file, 'utf8');
	const transfer = await fresh.page.evaluateHandle((t) => {
		const dt = new DataTransfer();
		dt.items.add(new File([t], 'governance.jsonl', { type: 'application/x-ndjson' }));
		return dt;
	}, text);
	await fresh.page.dispatchEvent('body', 'dragover', { dataTransfer: transfer });
	await fresh.page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
	await expect(fresh.page.getByTestId('import-done')).toContainText('Imported governance.jsonl');
	await expect(fresh.page.getByTestId('run-row')).toHaveCount(1);
	await expect(fresh.page.getByTestId('run-row')).not.toContainText('Resume');
	await fresh.page.getByTestId('import-replay').click();
	expect(await replayToEnd(fresh.page)).toBe(hash);
	expect(fresh.workers, 'a replay starts no tool worker either').toEqual([]);
	await fresh.context.close();
});

test('a tiny-model game: sim --replay reproduces the page’s hash, and its recorded link replays with no model', async ({
	page,
	browser,
	baseURL
}) => {
	test.setTimeout(240_000);
	await serveTestModels(page);
	const run: SharedRun = {
		scenario: 'undercover',
		seed: 2,
		config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
		seats: { '1': TINY_PAGE, '2': TINY_PAGE, '3': TINY_PAGE, '4': TINY_PAGE }
	};
	await page.goto(`/play/#${encodeShare(run)}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 180_000 });
	const hash = (await page.getByTestId('log-hash').textContent()) ?? '';
	const file = await exportLog(page, 'tiny-undercover.jsonl');
	const log = fromJsonLines(readFileSync(file, 'utf8'));
	expect(log.events.filter((e) => e.kind === 'model.called').length).toBeGreaterThan(4);
	expect((await simReplay(file)).logHash).toBe(hash);

	// The link with the recorded replies, opened in a fresh profile that has no model at all.
	const link = await page.getByTestId('recorded-link').getAttribute('href');
	expect(link).toMatch(/#v1\.[\w-]+~r1\./);
	expect(new URL(link!).hash.length).toBeLessThanOrEqual(8001);
	const fresh = await freshProfile(browser, baseURL!);
	await fresh.page.goto(link!);
	await expect(fresh.page.getByTestId('run-status')).toContainText('ready');
	expect(await replayToEnd(fresh.page)).toBe(hash);
	// The same speeches, move for move.
	const speeches = log.events
		.filter((e) => e.kind === 'speech.given')
		.map((e) => (e.data as { text: string }).text);
	for (const s of speeches.slice(0, 3))
		await expect(fresh.page.getByTestId('transcript')).toContainText(s.slice(0, 40));
	expect(fresh.workers, 'workers started by the link').toEqual([]);
	expect(fresh.models, 'model files fetched by the link').toEqual([]);
	expect(fresh.outside).toEqual([]);
	await fresh.context.close();
});

test('a headless tiny-model run, imported on the page, replays to the hash sim printed', async ({ page }) => {
	test.setTimeout(120_000);
	const file = join(dir, 'headless-tiny.jsonl');
	// `npm run sim` with these arguments, in this process: its parser, its run and the log its --log writes.
	const args = parseArgs([
		'--seed',
		'3',
		'--seats',
		'4',
		'--rounds',
		'2',
		'--engine',
		'transformers',
		'--model',
		'tests/fixtures/models/tiny-chat'
	]);
	const { runner, summary } = await simulate(args.run);
	writeFileSync(file, toJsonLines(runner.log.header, runner.log.events));
	expect(summary.modelCalls).toBeGreaterThan(4);
	const workers: string[] = [];
	page.on('worker', (w) => workers.push(w.url()));
	await importFile(page, file);
	await page.getByTestId('import-replay').click();
	expect(await replayToEnd(page)).toBe(summary.logHash);
	expect(workers).toEqual([]);
});

test('a tiny-model governance run on the page: exported, replayed by sim and imported, the same hash', async ({
	page,
	browser,
	baseURL
}) => {
	test.setTimeout(300_000);
	await serveTestModels(page);
	// The Executor on the tiny model: it works through the Tool Agent (tool calls in the log).
	const run: SharedRun = {
		scenario: 'governance',
		seed: 5,
		config: { policy: 'cosign', rounds: 3 },
		seats: { '2': TINY_PAGE }
	};
	await page.goto(`/play/#${encodeShare(run)}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 240_000 });
	const hash = (await page.getByTestId('log-hash').textContent()) ?? '';
	const file = await exportLog(page, 'tiny-governance.jsonl');
	expect(fromJsonLines(readFileSync(file, 'utf8')).events.some((e) => e.kind === 'model.called')).toBe(true);
	expect((await simReplay(file)).logHash).toBe(hash);
	const fresh = await freshProfile(browser, baseURL!);
	await importFile(fresh.page, file);
	await fresh.page.getByTestId('import-replay').click();
	expect(await replayToEnd(fresh.page)).toBe(hash);
	expect(fresh.workers).toEqual([]);
	await fresh.context.close();
});

test('a file with one character changed is refused with its event number, and nothing is stored', async ({
	page
}) => {
	const setup = { scenario: 'undercover', seed: 8, config: {} };
	const { runner } = await simulate(setup);
	const lines = toJsonLines(runner.log.header, runner.log.events).split('\n');
	// One character: a speech's text.
	const seq = runner.log.events.findIndex((e) => e.kind === 'speech.given');
	lines[seq + 1] = lines[seq + 1]!.replace(/"text":"(.)/, (_, c) => `"text":"${c === 'X' ? 'Y' : 'X'}`);
	const file = join(dir, 'tampered.jsonl');
	writeFileSync(file, lines.join('\n'));
	await page.goto('/runs/');
	await page.getByTestId('import-file').setInputFiles(file);
	await expect(page.getByTestId('import-error')).toHaveText(
		`tampered.jsonl: This file was altered: event ${seq} (speech.given) no longer matches its hash. Nothing was imported.`
	);
	await expect(page.getByText('No saved runs yet')).toBeVisible();
	// The untouched file imports, and a second import of it is recognised.
	const good = join(dir, 'good.jsonl');
	writeFileSync(good, toJsonLines(runner.log.header, runner.log.events));
	await page.getByTestId('import-file').setInputFiles(good);
	await expect(page.getByTestId('import-done')).toContainText('Imported good.jsonl');
	await page.getByTestId('import-file').setInputFiles(good);
	await expect(page.getByTestId('import-done')).toContainText('already saved here');
	await expect(page.getByTestId('run-row')).toHaveCount(1);
});

test('empty, too large, not a log, hostile: each gets a sentence, shown as text, and saved runs stay', async ({
	page
}) => {
	const { runner } = await simulate({ scenario: 'undercover', seed: 9, config: {} });
	const good = join(dir, 'keep.jsonl');
	writeFileSync(good, toJsonLines(runner.log.header, runner.log.events));
	await importFile(page, good);
	const error = page.getByTestId('import-error');
	const pick = (name: string, buffer: Buffer) =>
		page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/x-ndjson', buffer });

	await pick('empty.jsonl', Buffer.alloc(0));
	await expect(error).toHaveText(
		'empty.jsonl: This file is empty: there is no run in it. Nothing was imported.'
	);
	await pick('notes.txt', Buffer.from('Shopping list\nmilk\n'));
	await expect(error).toContainText('This is not a Conclave run file');
	const newer = { ...runner.log.header, format: 99 };
	await pick('future.jsonl', Buffer.from(toJsonLines(newer, runner.log.events)));
	await expect(error).toContainText(
		'written by a newer version of Conclave (log format 99; this site reads format 1)'
	);
	const other = createRunner({ scenario: 'undercover', seed: 10, config: {} }).log.header;
	await pick('mixed.jsonl', Buffer.from(toJsonLines(other, runner.log.events)));
	await expect(error).toContainText('These events belong to another run: event 0');

	// Markup in the file is quoted as text; no element is made from it.
	const markup = '<img src=x onerror="window.__pwned=1">';
	await pick(`${markup}.jsonl`, Buffer.from(`${markup}\n`));
	await expect(error).toContainText(markup);
	await expect(page.locator('[data-testid="import"] img')).toHaveCount(0);
	expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

	// 200 MB: refused by its size, before it is read.
	const huge = await page.evaluateHandle(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([new Uint8Array(200 * 2 ** 20)], 'huge.jsonl'));
		return dt;
	});
	await page.dispatchEvent('body', 'drop', { dataTransfer: huge });
	await expect(error).toHaveText(
		'huge.jsonl: This file is 200 MB; Conclave opens run files of up to 50 MB. Nothing was imported.'
	);
	await expect(page.getByTestId('run-row')).toHaveCount(1);
});

test('a file whose header names a model endpoint replays without calling it', async ({ page }) => {
	// A run "played" against an endpoint on another host (here a fake client in this process).
	const evil: ModelChoice = { engine: 'openai', model: 'gpt-evil', baseUrl: 'https://evil.example/v1' };
	const run: SharedRun = {
		scenario: 'undercover',
		seed: 12,
		config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
		seats: {
			'1': evil,
			'2': { engine: 'scripted' },
			'3': { engine: 'scripted' },
			'4': { engine: 'scripted' }
		}
	};
	const client = fakeClient('gpt-evil');
	const policy: Policy = policyForChoice('undercover', evil, { client, seat: 1 });
	const runner = createRunner(run, { policyFor: (s) => (s === 1 ? policy : undefined) });
	await runner.run();
	const file = join(dir, 'evil.jsonl');
	writeFileSync(file, toJsonLines(runner.log.header, runner.log.events));
	// Node agrees before the page sees it.
	expect((await simulateReplay(readReplayFile(file))).summary.logHash).toBe(runner.hash);
	await importFile(page, file);
	await page.getByTestId('import-replay').click();
	// The fixture fails this test on any request to evil.example.
	expect(await replayToEnd(page)).toBe(runner.hash);
	// And an imported run cannot be resumed (resuming would call the endpoint it names).
	const id = /#replay=(\w+)/.exec(page.url())?.[1];
	await page.goto(`/play/#run=${id}`);
	await expect(page.getByTestId('link-error')).toContainText('it can be replayed, not resumed');
});

test('the hidden benchmark page leaves the visitor’s saved runs alone', async ({ page }) => {
	test.setTimeout(180_000);
	await page.goto('/bench/#run');
	await expect(page.getByTestId('bench-result')).toContainText('overheadMs', { timeout: 150_000 });
	const names = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
	// Every database the benchmark made for itself is gone again.
	expect(names.filter((n) => n?.startsWith('conclave-bench'))).toEqual([]);
	await page.goto('/runs/');
	await expect(page.getByText('No saved runs yet')).toBeVisible();
});

test.describe('a model game too long for a link', () => {
	let endpoint: MockEndpoint;
	let base = '';

	test.beforeAll(async () => {
		// A local OpenAI-compatible endpoint whose replies are long and random: they cannot be compressed.
		let served = 0;
		endpoint = await startMockEndpoint(() => {
			let x = ++served * 7919;
			return Array.from({ length: 300 }, () => ((x = (x * 48271) % 2147483647), x.toString(36))).join(' ');
		});
		base = endpoint.baseUrl;
	});
	test.afterAll(() => endpoint.close());

	test('the page says the replies do not fit, offers the file, and the file replays without the endpoint', async ({
		page,
		browser,
		baseURL
	}) => {
		const mock: ModelChoice = { engine: 'openai', model: 'mock', baseUrl: base };
		const run: SharedRun = {
			scenario: 'undercover',
			seed: 21,
			config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
			seats: { '1': mock, '2': mock, '3': mock, '4': mock }
		};
		await page.goto(`/play/#${encodeShare(run)}`);
		// A link names the endpoint: the person confirms it before any request goes there.
		await page.getByTestId('endpoint-confirm-button').click();
		const hash = await playToEnd(page);
		await expect(page.getByTestId('recorded-link-unavailable')).toContainText(
			/No link can carry this game’s recorded replies: the link would be [\d,]+ characters long, past the 8,000 a link can safely carry\. Export the file below/
		);
		await expect(page.getByTestId('recorded-link')).toHaveCount(0);
		const file = await exportLog(page, 'long-replies.jsonl');
		const before = endpoint.seen.length;
		const fresh = await freshProfile(browser, baseURL!);
		await importFile(fresh.page, file);
		await fresh.page.getByTestId('import-replay').click();
		expect(await replayToEnd(fresh.page)).toBe(hash);
		expect(endpoint.seen.length, 'requests the replay sent to the endpoint').toBe(before);
		await fresh.context.close();
	});
});

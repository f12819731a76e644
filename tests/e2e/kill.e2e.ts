/**
 * Killed at any moment: a scripted undercover game and a governance run are killed at 8 different event
 * boundaries each, alternately by closing the page (its turn's write in flight) and by crashing its
 * renderer through the DevTools protocol (its turn saved): each way four times. After every kill the run
 * is reopened from what the browser kept: it resumes at or after the last event the page showed as
 * saved, its log is the uninterrupted run's up to there, and it finally finishes with the uninterrupted
 * run's hash.
 *
 * The browser keeps its profile in a folder (a persistent context), as a real one does, so a crashed
 * browser is started again on the same storage. Kills happen at the Step button's turn boundaries, some
 * with the turn's write still in flight, so nothing depends on timing. That a run resumed after any turn
 * boundary finishes with the uninterrupted hash is checked for every boundary of every scenario by the
 * unit specs (undercover/rules.spec.ts, governance/ and autonomy/golden.spec.ts); what only a browser
 * shows is that its storage keeps each turn through a close and a crash, which these kills test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { simulate, simulateGovernance } from '../../scripts/sim';
import { BLOCK_REMOTE_ARGS, chromiumPath, CHROMIUM_ARGS } from '../../scripts/browser';
import { encodeShare, type SharedRun } from '../../src/lib/share/link';
import { blockRemote, eventCount, expect, playToEnd, test } from './fixtures';

const KILLS = 8;

// The two runs are independent (each its own browser profile): they may run on two workers at once.
test.describe.configure({ mode: 'parallel' });

interface Browser {
	context: BrowserContext;
	page: Page;
	outside: string[];
	errors: string[];
}

async function launch(profile: string, baseURL: string): Promise<Browser> {
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: chromiumPath(),
		args: [...CHROMIUM_ARGS, ...BLOCK_REMOTE_ARGS],
		baseURL,
		serviceWorkers: 'block'
	});
	const outside = await blockRemote(context);
	const page = context.pages()[0] ?? (await context.newPage());
	const errors: string[] = [];
	page.on('pageerror', (e) => errors.push(e.message));
	return { context, page, outside, errors };
}

async function newPage(b: Browser): Promise<void> {
	b.page = await b.context.newPage();
	b.page.on('pageerror', (e) => b.errors.push(e.message));
}

/** Crashes the renderer (every page of the site dies with it), then starts the browser again. */
async function crash(b: Browser, profile: string, baseURL: string): Promise<Browser> {
	const cdp = await b.context.newCDPSession(b.page);
	const crashed = b.page.waitForEvent('crash');
	// Page.crash never answers: the renderer it would answer from is gone.
	void cdp.send('Page.crash').catch(() => undefined);
	await crashed;
	await b.context.close().catch(() => undefined);
	const next = await launch(profile, baseURL);
	next.outside.push(...b.outside);
	next.errors.push(...b.errors);
	return next;
}

async function killRepeatedly(
	run: SharedRun,
	uninterrupted: { hashes: string[]; logHash: string },
	baseURL: string
) {
	const profile = mkdtempSync(join(tmpdir(), 'conclave-kill-'));
	let b = await launch(profile, baseURL);
	try {
		await b.page.goto(`/play/#${encodeShare(run)}`);
		await b.page.getByTestId('step').click();
		await expect(b.page).toHaveURL(/#run=/);
		const id = /#run=(\w+)/.exec(b.page.url())![1]!;
		const boundaries = new Set<number>();
		for (let kill = 0; boundaries.size < KILLS; kill++) {
			const shown = await eventCount(b.page);
			expect(shown, 'the run ended before enough kills').toBeLessThan(uninterrupted.hashes.length);
			// Every other kill waits for the turn to be saved; the others strike with its write in flight.
			if (kill % 2 === 1)
				await expect(b.page.getByTestId('saved')).toHaveAttribute('data-saved', String(shown));
			const saved = Number(await b.page.getByTestId('saved').getAttribute('data-saved'));
			boundaries.add(shown);
			if (kill % 2 === 0) {
				await b.page.close();
				await newPage(b);
			} else {
				b = await crash(b, profile, baseURL);
			}
			await b.page.goto(`/play/#run=${id}`);
			await expect(b.page.getByTestId('run-status')).toContainText('paused at event');
			const resumed = await eventCount(b.page);
			// Nothing the page showed as saved is missing, and the log is the uninterrupted one so far.
			expect(resumed, `kill ${kill} at event ${shown}`).toBeGreaterThanOrEqual(saved);
			expect(resumed).toBeLessThanOrEqual(shown);
			await expect(b.page.getByTestId('log-hash')).toHaveText(uninterrupted.hashes[resumed - 1]!);
			// On to the next boundary: one or two turns further.
			for (let s = 0; s <= kill % 2; s++) {
				const before = await eventCount(b.page);
				await b.page.getByTestId('step').click();
				await expect.poll(() => eventCount(b.page)).toBeGreaterThan(before);
			}
		}
		expect(await playToEnd(b.page)).toBe(uninterrupted.logHash);
		expect(b.outside, 'requests to non-local hosts').toEqual([]);
		expect(b.errors, 'uncaught errors on the page').toEqual([]);
	} finally {
		await b.context.close().catch(() => undefined);
		rmSync(profile, { recursive: true, force: true });
	}
}

test('a scripted game killed at 8 event boundaries, by closing and by crashing, finishes unchanged', async ({
	baseURL
}) => {
	test.setTimeout(300_000);
	const run = {
		scenario: 'undercover',
		seed: 20261130,
		config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 6 }
	};
	const { runner, summary } = await simulate(run);
	await killRepeatedly(
		run,
		{ hashes: runner.log.events.map((e) => e.hash), logHash: summary.logHash },
		baseURL!
	);
});

test('a governance run killed at 8 event boundaries, by closing and by crashing, finishes unchanged', async ({
	baseURL
}) => {
	test.setTimeout(300_000);
	const run = { scenario: 'governance', seed: 1, config: { policy: 'assigner-alone', rounds: 8 } };
	const { runner, summary } = await simulateGovernance(run);
	await killRepeatedly(
		run,
		{ hashes: runner.log.events.map((e) => e.hash), logHash: summary.logHash },
		baseURL!
	);
});

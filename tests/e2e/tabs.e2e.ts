/**
 * Two tabs on one run: one writes (it holds the run's Web Lock), the other shows the run read-only and
 * follows it live; when the writer's tab closes, the other takes over and finishes the run. And a
 * database upgrade made by a newer tab: the old tab lets go of the database and asks for a reload.
 */
import type { Page } from '@playwright/test';
import { simulate } from '../../scripts/sim';
import { encodeShare } from '../../src/lib/share/link';
import { eventCount, expect, playToEnd, test } from './fixtures';

const run = {
	scenario: 'undercover',
	seed: 77,
	config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 6 }
};

async function stepTimes(page: Page, n: number): Promise<void> {
	for (let i = 0; i < n; i++) {
		const before = await eventCount(page);
		await page.getByTestId('step').click();
		await expect.poll(() => eventCount(page)).toBeGreaterThan(before);
	}
}

test('a second tab on a run follows it read-only, then takes over when the first tab closes', async ({
	page,
	context
}) => {
	const { runner, summary } = await simulate(run);
	await page.goto(`/play/#${encodeShare(run)}`);
	await stepTimes(page, 3);
	await expect(page).toHaveURL(/#run=/);

	const second = await context.newPage();
	await second.goto(page.url());
	// One writer: the second tab says why it cannot play, and cannot.
	await expect(second.getByTestId('read-only')).toContainText('open in another tab');
	await expect(second.getByTestId('read-only')).toContainText('read-only');
	await expect(second.getByTestId('play')).toBeDisabled();
	await expect(second.getByTestId('step')).toBeDisabled();
	await expect(page.getByTestId('read-only')).toHaveCount(0);

	// It follows the writer live, event for event.
	await stepTimes(page, 4);
	const shown = await eventCount(page);
	await expect(second.getByTestId('run-status')).toContainText(`following another tab (${shown} events)`);
	await expect(second.getByTestId('log-hash')).toHaveText(runner.log.events[shown - 1]!.hash);

	// The writer's tab closes; the follower may take over, and finishes the uninterrupted run.
	await page.close();
	await second.getByTestId('take-over').click();
	await expect(second.getByTestId('read-only')).toHaveCount(0);
	await expect(second.getByTestId('run-status')).toContainText(`paused at event ${shown}`);
	expect(await playToEnd(second)).toBe(summary.logHash);
});

test('the Runs page tells a run that is playing from one whose tab closed mid-run', async ({
	page,
	context
}) => {
	await page.goto(`/play/#${encodeShare(run)}`);
	await page.getByTestId('speed').selectOption('slow');
	await page.getByTestId('play').click();
	await expect.poll(() => eventCount(page)).toBeGreaterThan(3);

	const runs = await context.newPage();
	await runs.goto('/runs/');
	const row = runs.getByTestId('run-row').first();
	await expect(row.getByTestId('run-status-cell')).toHaveText('running');

	// The tab closes while the run plays: nothing paused it, and no tab writes it any more.
	await page.close();
	await expect(async () => {
		await runs.reload();
		await expect(row.getByTestId('run-status-cell')).toContainText('interrupted', { timeout: 2_000 });
	}).toPass({ timeout: 30_000 });
	await expect(row.getByTestId('run-status-cell')).toContainText('closed or crashed while it ran');
	await expect(row.getByRole('link', { name: 'Resume' })).toBeVisible();
});

test('a newer tab upgrading the database is not blocked, and the open tab asks its person to reload', async ({
	page,
	context
}) => {
	await page.goto(`/play/#${encodeShare(run)}`);
	await stepTimes(page, 2);
	await expect(page.getByTestId('saved')).toHaveAttribute('data-saved', String(await eventCount(page)));

	const newer = await context.newPage();
	await newer.goto('/');
	const outcome = await newer.evaluate(async () => {
		const current = (await indexedDB.databases()).find((d) => d.name === 'conclave')!.version!;
		return new Promise<string>((resolve) => {
			let blocked = false;
			const req = indexedDB.open('conclave', current + 1);
			req.onblocked = () => (blocked = true);
			req.onsuccess = () => {
				req.result.close();
				resolve(blocked ? 'opened after being blocked' : 'opened');
			};
			req.onerror = () => resolve(`failed: ${req.error?.message}`);
		});
	});
	expect(outcome).toBe('opened');
	await expect(page.getByTestId('storage-banner')).toContainText('updated in another tab');
	await expect(page.getByTestId('storage-banner')).toContainText('Reload this page');
	await expect(page.getByTestId('reload')).toBeVisible();
});

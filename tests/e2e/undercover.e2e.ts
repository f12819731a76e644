import { simulate } from '../../scripts/sim';
import { encodeShare } from '../../src/lib/share/link';
import { expect, eventCount, fillStorage, playToEnd, test } from './fixtures';

const setup = {
	scenario: 'undercover',
	seed: 20261130,
	config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 6 }
};

test('a newcomer sets up a game from the home page and watches it to the end', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByTestId('scenario-autonomy').getByRole('link')).toBeVisible();
	await page
		.getByTestId('scenario-undercover')
		.getByRole('link', { name: /set up a game/i })
		.click();
	await page.getByTestId('seed').fill('7');
	// Without a GPU the default is a transformers.js model from the hub; scripted agents are one click away.
	await page.getByTestId('all-seats').selectOption('scripted');
	await page.getByTestId('start').click();
	await expect(page.getByTestId('run-status')).toContainText(/playing|finished/);
	await page.getByTestId('speed').selectOption('instant');
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	await expect(page.getByTestId('winner')).toHaveText(/civilians win|undercover side wins|draw/i);
	await expect(page.getByTestId('seat-1')).toContainText('scripted (no LLM)');
	// The same setup in Node gives the same log hash.
	const { summary } = await simulate({ scenario: 'undercover', seed: 7, config: setup.config });
	await expect(page.getByTestId('log-hash')).toHaveText(summary.logHash);
});

// One game checked for what only the page shows: the god view, the vote-flow chart, another link opened in
// the same tab, the Runs page (list, replay, delete) and the share link in a second tab.
test('one game: the god view, the vote flow, another link in the tab, the runs page and the share link', async ({
	page,
	context
}) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	// The god view reveals words and roles only when switched on.
	await page.getByTestId('step').click();
	await expect(page.getByTestId('seat-1')).toBeVisible();
	await expect(page.getByTestId('secret-1')).toHaveCount(0);
	await page.getByTestId('god-view').check();
	await expect(page.getByTestId('secret-1')).toContainText(/civilian|undercover/);
	await page.getByTestId('god-view').uncheck();
	await expect(page.getByTestId('secret-1')).toHaveCount(0);

	const hash = await playToEnd(page);
	const { runner, summary } = await simulate(setup);
	expect(hash).toBe(summary.logHash);
	// The vote-flow chart draws one link per valid vote.
	const votes = runner.log.events.filter((e) => e.kind === 'vote.cast').length;
	expect(votes).toBeGreaterThan(0);
	await expect(page.locator('[data-testid="vote-flow"] path.vote-link')).toHaveCount(votes);
	const eliminated = runner.log.events.filter((e) => e.kind === 'seat.eliminated').length;
	await expect(page.locator('[data-testid="vote-flow"] .eliminated')).toHaveCount(eliminated);
	const link = await page.getByTestId('share-link').getAttribute('href');
	expect(link).toContain('#v1.');

	// Opening another share link in the same tab opens that game, not the one before.
	await expect(page).toHaveURL(/#run=/);
	const other = { ...setup, seed: 22, config: { ...setup.config, seats: 5 } };
	await page.goto(`/play/#${encodeShare(other)}`);
	await expect(page.getByTestId('run-status')).toContainText('ready');
	await expect(page.getByText('seed 22 · 5 seats')).toBeVisible();
	expect(await playToEnd(page)).toBe((await simulate(other)).summary.logHash);

	// The Runs page lists the game, replays it exactly and deletes it.
	await page.goto('/runs/');
	await expect(page.getByTestId('run-row')).toHaveCount(2);
	const row = page.getByTestId('run-row').filter({ hasText: String(setup.seed) });
	// The status cell exactly: "unfinished" contains "finished".
	await expect(row.getByRole('cell', { name: 'finished', exact: true })).toBeVisible();
	await row.getByRole('link', { name: 'Replay' }).click();
	await expect(page.getByTestId('log-hash')).not.toHaveText(hash);
	expect(await playToEnd(page)).toBe(hash);
	await page.goto('/runs/');
	page.on('dialog', (d) => d.accept());
	for (const left of [1, 0]) {
		await page.getByTestId('run-row').first().getByRole('button', { name: 'Delete' }).click();
		await expect(page.getByTestId('run-row')).toHaveCount(left);
	}

	// The share link reproduces the same game in another tab.
	const second = await context.newPage();
	await second.goto(link!);
	await expect(second.getByTestId('run-status')).toContainText('ready');
	expect(await playToEnd(second)).toBe(hash);
});

test('a reload mid-game resumes from the saved log and finishes with the uninterrupted hash', async ({
	page
}) => {
	const { summary } = await simulate(setup);
	await page.goto(`/play/#${encodeShare(setup)}`);
	await page.getByTestId('speed').selectOption('fast');
	await page.getByTestId('play').click();
	await expect.poll(() => eventCount(page)).toBeGreaterThan(12);
	await expect(page).toHaveURL(/#run=/);
	await page.reload();
	await expect(page.getByTestId('run-status')).toContainText('paused at event');
	const resumedAt = await eventCount(page);
	expect(resumedAt).toBeGreaterThan(12);
	expect(resumedAt).toBeLessThan(summary.events);
	expect(await playToEnd(page)).toBe(summary.logHash);
});

// One refused link on the page; what the decoder says of the others (truncated, a newer version, a setting
// out of range) is checked in i18n/errors.spec.ts, through the same problemText the page shows.
test('a malformed share link shows a clear message and the default setup', async ({ page }) => {
	await page.goto('/play/#v1.%%%not-base64');
	await expect(page.getByTestId('link-error')).toContainText(/damaged/);
	await expect(page.getByTestId('link-error')).toContainText('default setup');
	await expect(page.getByTestId('play')).toBeEnabled();
	await playToEnd(page);
});

test('without IndexedDB the game goes on in memory and says it is not being saved', async ({ page }) => {
	await page.addInitScript(() => {
		Object.defineProperty(window, 'indexedDB', { get: () => undefined });
	});
	await page.goto(`/play/#${encodeShare(setup)}`);
	await expect(page.getByTestId('storage-banner')).toContainText(/not being saved|unavailable/i);
	const { summary } = await simulate(setup);
	expect(await playToEnd(page)).toBe(summary.logHash);
});

test('when storage is full the game goes on and the page says so', async ({ page }) => {
	await fillStorage(page);
	await page.goto(`/play/#${encodeShare(setup)}`);
	const { summary } = await simulate(setup);
	expect(await playToEnd(page)).toBe(summary.logHash);
	await expect(page.getByTestId('storage-banner')).toContainText(/storage is full/i);
});

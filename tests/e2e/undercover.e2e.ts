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

test('the vote-flow chart draws one link per valid vote', async ({ page }) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	await playToEnd(page);
	const { runner } = await simulate(setup);
	const votes = runner.log.events.filter((e) => e.kind === 'vote.cast').length;
	expect(votes).toBeGreaterThan(0);
	await expect(page.locator('[data-testid="vote-flow"] path.vote-link')).toHaveCount(votes);
	const eliminated = runner.log.events.filter((e) => e.kind === 'seat.eliminated').length;
	await expect(page.locator('[data-testid="vote-flow"] .eliminated')).toHaveCount(eliminated);
});

test('the share link reproduces the same game', async ({ page, context }) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	const first = await playToEnd(page);
	const link = await page.getByTestId('share-link').getAttribute('href');
	expect(link).toContain('#v1.');
	const other = await context.newPage();
	await other.goto(link!);
	await expect(other.getByTestId('run-status')).toContainText('ready');
	expect(await playToEnd(other)).toBe(first);
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

test('the runs page lists the game, replays it exactly and deletes it', async ({ page }) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	const hash = await playToEnd(page);
	await page.goto('/runs/');
	const row = page.getByTestId('run-row').first();
	// The status cell exactly: "unfinished" contains "finished".
	await expect(row.getByRole('cell', { name: 'finished', exact: true })).toBeVisible();
	await expect(row).toContainText(String(setup.seed));
	await row.getByRole('link', { name: 'Replay' }).click();
	await expect(page.getByTestId('log-hash')).not.toHaveText(hash);
	expect(await playToEnd(page)).toBe(hash);
	await page.goto('/runs/');
	page.once('dialog', (d) => d.accept());
	await page.getByTestId('run-row').first().getByRole('button', { name: 'Delete' }).click();
	await expect(page.getByTestId('run-row')).toHaveCount(0);
});

test('the god view reveals words and roles only when switched on', async ({ page }) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	await page.getByTestId('step').click();
	await expect(page.getByTestId('seat-1')).toBeVisible();
	await expect(page.getByTestId('secret-1')).toHaveCount(0);
	await page.getByTestId('god-view').check();
	await expect(page.getByTestId('secret-1')).toContainText(/civilian|undercover/);
});

for (const [name, fragment, message] of [
	['malformed', 'v1.%%%not-base64', /damaged/],
	['truncated', encodeShare(setup).slice(0, 25), /damaged/],
	['future-version', `v9.${encodeShare(setup).slice(3)}`, /newer version/],
	['out-of-range', encodeShare({ ...setup, config: { ...setup.config, seats: 40 } }), /seats must be/]
] as const) {
	test(`a ${name} share link shows a clear message and the default setup`, async ({ page }) => {
		await page.goto(`/play/#${fragment}`);
		await expect(page.getByTestId('link-error')).toContainText(message);
		await expect(page.getByTestId('link-error')).toContainText('default setup');
		await expect(page.getByTestId('play')).toBeEnabled();
		await playToEnd(page);
	});
}

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

test('opening another share link in the same tab opens that game, not the one before', async ({ page }) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	await playToEnd(page);
	await expect(page).toHaveURL(/#run=/);
	const other = { ...setup, seed: 22, config: { ...setup.config, seats: 5 } };
	await page.goto(`/play/#${encodeShare(other)}`);
	await expect(page.getByTestId('run-status')).toContainText('ready');
	await expect(page.getByText('seed 22 · 5 seats')).toBeVisible();
	const { summary } = await simulate(other);
	expect(await playToEnd(page)).toBe(summary.logHash);
});

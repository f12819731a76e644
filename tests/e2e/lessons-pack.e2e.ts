import { createRunner } from '../../src/lib/run/play';
import { LESSONS } from '../../src/lib/classroom/lesson-pack';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/** What each lesson's goal says the class will see, as the page shows it. */
const SEEN: Record<string, (page: Page) => Promise<void>> = {
	'undercover-easy': async (page) => {
		await expect(page.getByTestId('winner')).toHaveText(/civilians win/i);
		await expect(page.getByTestId('transcript')).not.toContainText('defence');
	},
	'undercover-deception': (page) => expect(page.getByTestId('winner')).toHaveText(/undercover side wins/i),
	'undercover-tiebreak': (page) => expect(page.getByTestId('transcript')).toContainText('defence'),
	'governance-enacted': (page) => expect(page.getByTestId('amendment-count')).toHaveText(/^[1-9]\d* enacted/),
	'governance-cosign': async (page) => {
		await expect(page.getByTestId('amendment-count')).toHaveText('0 enacted');
		await expect(page.getByTestId('gov-outcome')).toContainText('blocked');
	},
	'governance-fuse': (page) => expect(page.getByTestId('fuse-state')).toContainText('fuse tripped'),
	'autonomy-no-trigger': (page) => expect(page.getByTestId('count-no-trigger')).toHaveText(/^[1-9]/),
	'autonomy-eternal': (page) => expect(page.getByTestId('count-repeated')).toHaveText(/^[1-9]/),
	'autonomy-charged': (page) => expect(page.getByTestId('count-charged')).toHaveText(/^[1-9]\d* of/)
};

test('the home page lists three lessons per scenario, each with its goal', async ({ page }) => {
	await page.goto('/');
	const pack = page.getByTestId('lesson-pack');
	for (const l of LESSONS) {
		const item = pack.getByTestId(`lesson-${l.id}`);
		await expect(item.getByRole('link', { name: l.title })).toBeVisible();
		await expect(item).toContainText(l.goal);
	}
	await expect(pack.locator('li')).toHaveCount(9);
});

for (const lesson of LESSONS)
	test(`lesson “${lesson.title}” opens from the home page and shows its goal`, async ({ page }) => {
		expect(SEEN[lesson.id], 'a check of what the page shows').toBeDefined();
		await page.goto('/');
		await page.getByTestId(`lesson-${lesson.id}`).getByRole('link').click();
		await expect(page.getByTestId('preset-not-a-lock')).toBeVisible();
		await page.getByTestId('speed').selectOption('instant');
		await page.getByTestId('play').click();
		// The undercover lessons pause for the class's predictions: this class passes on each.
		const next = page.locator('[data-testid="predict-ask"], .status-finished').first();
		for (let i = 0; i < 40; i++) {
			await next.waitFor({ timeout: 60_000 });
			if (await page.locator('.status-finished').count()) break;
			await page.getByTestId('predict-skip').click();
		}
		await expect(page.getByTestId('run-status')).toContainText('finished');
		// The run on the page is the one the lesson's checks were made on (lesson-pack.spec.ts).
		const runner = createRunner(lesson.setupIn('en'));
		await runner.run();
		await expect(page.getByTestId('log-hash')).toHaveText(runner.hash);
		await SEEN[lesson.id]!(page);
	});

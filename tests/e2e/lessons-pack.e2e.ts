import { createRunner } from '../../src/lib/run/play';
import { LESSONS } from '../../src/lib/classroom/lesson-pack';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * One lesson per scenario is played from the home page, for what only the browser shows: the link, its
 * preset, the class's predictions and the end as the page draws it. That every lesson's run shows its goal
 * is checked in classroom/lesson-pack.spec.ts (both languages), and the undercover ends the page draws in
 * scenarios/undercover/ui/lessons-view.spec.ts; the other lessons' end screens are the ones
 * governance.e2e.ts (the fuse tripped), walk.e2e.ts (amendments enacted) and autonomy.e2e.ts (each count)
 * check.
 */
const SEEN: Record<string, (page: Page) => Promise<void>> = {
	'undercover-easy': async (page) => {
		await expect(page.getByTestId('winner')).toHaveText(/civilians win/i);
		await expect(page.getByTestId('transcript')).not.toContainText('defence');
	},
	'governance-cosign': async (page) => {
		await expect(page.getByTestId('amendment-count')).toHaveText('0 enacted');
		await expect(page.getByTestId('gov-outcome')).toContainText('blocked');
	},
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

for (const lesson of LESSONS.filter((l) => l.id in SEEN))
	test(`lesson “${lesson.title}” opens from the home page and shows its goal`, async ({ page }) => {
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

import AxeBuilder from '@axe-core/playwright';
import { encodeShare } from '../../src/lib/share/link';
import { undercoverGame } from './classroom-setup';
import { expect, PAGES, test } from './fixtures';
import type { Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: the rules a school's accessibility statement is held to. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
	const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
	return result.violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.flatMap((v) =>
			v.nodes.map(
				(n) =>
					`${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`
			)
		);
}

const undercover = undercoverGame(3);

for (const path of PAGES)
	test(`axe (WCAG 2.1 AA): ${path} has no serious or critical violation`, async ({ page }) => {
		await page.goto(path);
		await expect(page.locator('main')).toBeVisible();
		await page.waitForLoadState('networkidle');
		expect(await violations(page)).toEqual([]);
	});

const PLAY_STATES: { name: string; url: string; reach: (page: Page) => Promise<void> }[] = [
	{
		name: 'undercover finished, god view on',
		url: `/play/#${encodeShare(undercover)}`,
		reach: async (page) => {
			await page.getByTestId('speed').selectOption('instant');
			await page.getByTestId('play').click();
			await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
			await page.getByTestId('god-view').check();
		}
	},
	{
		name: 'undercover in predict mode, the class asked, then a reveal',
		url: `/play/?predict=on&speed=instant#${encodeShare(undercover)}`,
		reach: async (page) => {
			await page.getByTestId('play').click();
			await expect(page.getByTestId('predict-ask')).toBeVisible({ timeout: 60_000 });
			await page.getByTestId('predict-add-1').click();
			await page.getByTestId('predict-record').click();
			await expect(page.getByTestId('predict-ask')).toBeVisible({ timeout: 60_000 });
		}
	},
	{
		name: 'a preset with problems',
		url: `/play/?speed=warp&fix=speed,god#${encodeShare(undercover)}`,
		reach: (page) => expect(page.getByTestId('preset-problems')).toBeVisible()
	},
	{
		name: 'the presenter view with its help open',
		url: `/play/?view=presenter#${encodeShare(undercover)}`,
		reach: async (page) => {
			await expect(page.getByTestId('presenter')).toBeVisible();
			await page.keyboard.press('?');
			await expect(page.getByTestId('presenter-help')).toBeVisible();
		}
	},
	{
		name: 'governance finished',
		url: `/play/#${encodeShare({ scenario: 'governance', seed: 1, config: { rounds: 4 } })}`,
		reach: async (page) => {
			await page.getByTestId('speed').selectOption('instant');
			await page.getByTestId('play').click();
			await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
		}
	},
	{
		name: 'autonomy finished',
		url: `/play/#${encodeShare({ scenario: 'autonomy', seed: 1, config: { days: 5, legacyConsider: true } })}`,
		reach: async (page) => {
			await page.getByTestId('speed').selectOption('instant');
			await page.getByTestId('play').click();
			await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
		}
	},
	{
		name: 'a broken link',
		url: '/play/#v1.not-a-link',
		reach: (page) => expect(page.getByTestId('link-error')).toBeVisible()
	}
];

test('axe (WCAG 2.1 AA): the runs page with a saved run and a refused import', async ({ page }) => {
	await page.goto(`/play/#${encodeShare(undercover)}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	await page.goto('/runs/');
	await expect(page.getByTestId('run-row').first()).toBeVisible();
	await page
		.getByTestId('import-file')
		.setInputFiles({ name: 'bad.jsonl', mimeType: 'text/plain', buffer: Buffer.from('not json\n') });
	await expect(page.getByTestId('import-error')).toBeVisible();
	expect(await violations(page)).toEqual([]);
});

for (const s of PLAY_STATES)
	test(`axe (WCAG 2.1 AA): the run page, ${s.name}, has no serious or critical violation`, async ({
		page
	}) => {
		await page.goto(s.url);
		await s.reach(page);
		expect(await violations(page)).toEqual([]);
	});

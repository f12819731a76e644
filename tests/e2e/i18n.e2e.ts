/**
 * Two languages: the interface follows the browser's language, a switch in the nav changes it on the
 * spot, the choice is remembered across a reload, and a link's `?locale=` opens the language it names.
 */
import { LESSONS } from '../../src/lib/classroom/lesson-pack';
import { encodeShare } from '../../src/lib/share/link';
import { blockRemote, expect, test } from './fixtures';
import { expectNoEnglish } from './language';

test.describe('a browser set to Chinese', () => {
	test.use({ locale: 'zh-CN' });

	test('opens the home page in Chinese, switches to English, and stays English after a reload', async ({
		page
	}) => {
		await page.goto('/');
		await expect(page.getByRole('heading', { name: '课例包' })).toBeVisible();
		await expect(page.getByRole('navigation').getByRole('link', { name: '谁是卧底' })).toBeVisible();
		await expect(page.getByTestId('lesson-undercover-easy').getByRole('link')).toHaveText('一局简单的游戏');
		await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
		await expectNoEnglish(page, 'the home page');

		const switcher = page.getByRole('group', { name: '语言' });
		await expect(switcher.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
		await switcher.getByRole('button', { name: 'English' }).click();
		await expect(page.getByRole('heading', { name: 'Lesson pack' })).toBeVisible();
		await expect(page.getByRole('navigation').getByRole('link', { name: 'Undercover' })).toBeVisible();
		await expect(page.locator('html')).toHaveAttribute('lang', 'en');

		await page.reload();
		await expect(page.getByRole('heading', { name: 'Lesson pack' })).toBeVisible();
		await expect(page.getByTestId('lesson-undercover-easy').getByRole('link')).toHaveText('An easy game');
		await expect(
			page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' })
		).toHaveAttribute('aria-pressed', 'true');
	});
});

test('a link that names a language opens in it, and switching keeps the address true to the choice', async ({
	page
}) => {
	await page.goto('/?locale=zh');
	await expect(page.getByRole('heading', { name: '课例包' })).toBeVisible();
	await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
	await expect(page.getByRole('heading', { name: 'Lesson pack' })).toBeVisible();
	await expect(page).toHaveURL(/[?&]locale=en(&|#|$)/);
	await page.reload();
	await expect(page.getByRole('heading', { name: 'Lesson pack' })).toBeVisible();
});

test('a language the site does not have is ignored: the browser’s language is used', async ({ page }) => {
	await page.goto('/?locale=fr');
	await expect(page.getByRole('heading', { name: 'Lesson pack' })).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a share link carries the language it was shared in to a browser set to English', async ({
	page,
	browser
}) => {
	await page.goto(`/play/#${encodeShare(LESSONS[0]!.setupIn('en'))}`);
	await expect(page.getByTestId('run-status')).toContainText('ready');
	await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
	const link = (await page.getByTestId('share-link').getAttribute('href')) ?? '';
	expect(link).toMatch(/\/play\/\?locale=zh#v1\./);

	const elsewhere = await browser.newContext({ locale: 'en-US' });
	const outside = await blockRemote(elsewhere);
	const other = await elsewhere.newPage();
	await other.goto(link);
	await expect(other.getByRole('navigation').getByRole('link', { name: '谁是卧底' })).toBeVisible();
	await expect(other.getByTestId('run-status')).toHaveText('就绪：请按播放');
	expect(outside, 'requests to non-local hosts').toEqual([]);
	await elsewhere.close();
});

test('each page’s shell is prerendered with its title in both languages; the page then shows its own', async ({
	page,
	request
}) => {
	const shell = await (await request.get('/undercover/')).text();
	expect(shell).toContain('<title>Undercover · 谁是卧底 · Conclave</title>');
	expect(shell).toContain('<link rel="alternate" hreflang="zh-CN" href="?locale=zh"');
	for (const path of ['/runs/', '/play/', '/lessons/']) {
		const title = /<title>([^<]*)<\/title>/.exec(await (await request.get(path)).text())?.[1] ?? '';
		expect(title, path).toMatch(/^[^·]+ · [^·]*[\u4e00-\u9fff][^·]* · Conclave$/);
	}
	await page.goto('/undercover/?locale=zh');
	await expect(page).toHaveTitle('谁是卧底 · Conclave');
	await page.goto('/undercover/?locale=en');
	await expect(page).toHaveTitle('Undercover · Conclave');
});

test('a finished run’s charts are drawn again in the language switched to', async ({ page }) => {
	await page.goto(`/play/#${encodeShare({ scenario: 'governance', seed: 1, config: { rounds: 4 } })}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toHaveClass(/status-finished/, { timeout: 60_000 });
	const lineage = page.locator('svg[data-testid="rule-lineage"]');
	await expect(lineage).toContainText('round');
	await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
	await expect(lineage).toContainText('轮次');
	await expect(lineage).not.toContainText('round');
});

/**
 * Two languages: the interface follows the browser's language, a switch in the nav changes it on the
 * spot, the choice is remembered across a reload, and a link's `?locale=` opens the language it names.
 */
import { readFileSync } from 'node:fs';
import { LESSONS } from '../../src/lib/classroom/lesson-pack';
import { encodeShare } from '../../src/lib/share/link';
import { blockRemote, expect, test } from './fixtures';

/** A message's texts: itself, or each variant of a message with variants (plurals). */
type MessageJson = string | { match: Record<string, string> }[];
const texts = (message: MessageJson): string[] =>
	typeof message === 'string' ? [message] : message.flatMap((m) => Object.values(m.match));

/** Every English message of the interface, to check a Chinese page shows none of them. */
const english: string[] = Object.entries(
	JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<string, MessageJson>
)
	.filter(([key]) => key !== '$schema')
	.flatMap(([, message]) => texts(message));

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
		const chinese = await page.locator('body').innerText();
		for (const text of english) expect(chinese, 'an English message on the Chinese page').not.toContain(text);

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
	await page.goto(`/play/#${encodeShare(LESSONS[0]!.setup)}`);
	await expect(page.getByTestId('run-status')).toContainText('ready');
	await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
	const link = (await page.getByTestId('share-link').getAttribute('href')) ?? '';
	expect(link).toMatch(/\/play\/\?locale=zh#v1\./);

	const elsewhere = await browser.newContext({ locale: 'en-US' });
	const outside = await blockRemote(elsewhere);
	const other = await elsewhere.newPage();
	await other.goto(link);
	await expect(other.getByRole('navigation').getByRole('link', { name: '谁是卧底' })).toBeVisible();
	await expect(other.getByTestId('run-status')).toContainText('ready');
	expect(outside, 'requests to non-local hosts').toEqual([]);
	await elsewhere.close();
});

/**
 * The play page in a Chinese browser: every state a class sees (ready, running, paused, finished),
 * predict mode (the tally, the reveal, the end summary), the presenter view with its keys overlay,
 * a malformed link and a malformed preset carry no English sentence (tests/e2e/language.ts).
 */
import { encodeShare } from '../../src/lib/share/link';
import { undercoverGame } from './classroom-setup';
import { expect, test } from './fixtures';
import { expectNoEnglish } from './language';

test.use({ locale: 'zh-CN' });

const setup = { ...undercoverGame(3), config: { ...undercoverGame(3).config, lang: 'zh' } };

test('ready, running, paused, predict mode (tally, reveal, summary) and finished, all in Chinese', async ({
	page
}) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	const status = page.getByTestId('run-status');
	await expect(status).toHaveText('就绪：请按播放');
	await expect(page).toHaveTitle('谁是卧底对局 · Conclave');
	await expectNoEnglish(page, 'ready');

	await page.getByTestId('speed').selectOption('slow');
	await page.getByTestId('play').click();
	await expect(status).toContainText('运行中');
	await expectNoEnglish(page, 'running');
	await page.getByTestId('pause').click();
	await expect(status).toContainText(/已暂停|暂停在第/);
	await expectNoEnglish(page, 'paused');

	await page.getByTestId('predict-mode').check();
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	const ask = page.getByTestId('predict-ask');
	await expect(ask).toBeVisible({ timeout: 60_000 });
	await expect(ask).toContainText('这一轮智能体会把哪个座位投出局？');
	const first = ask.locator('li').first();
	const value = (await first.getAttribute('data-testid'))!.replace('predict-option-', '');
	await page.getByTestId(`predict-add-${value}`).click();
	await page.getByTestId(`predict-add-${value}`).click();
	await expect(page.getByTestId(`predict-count-${value}`)).toHaveText('2');
	await expect(page.getByTestId('predict-record')).toHaveText('记录全班的预测（2 人举手）');
	await expectNoEnglish(page, 'predict mode: the class’s tally');
	await page.getByTestId('predict-record').click();
	const reveal = page.getByTestId('predict-reveal');
	await expect(reveal.getByTestId('predict-verdict')).toHaveText(/全班猜对了|全班没猜中/, {
		timeout: 60_000
	});
	await expectNoEnglish(page, 'predict mode: the reveal');

	// The other points: one hand on the first outcome each, to the end of the game.
	for (;;) {
		await expect(page.locator('[data-testid="predict-ask"], .status-finished').first()).toBeVisible({
			timeout: 60_000
		});
		if ((await status.getAttribute('class'))?.includes('status-finished')) break;
		const v = (await ask.locator('li').first().getAttribute('data-testid'))!.replace('predict-option-', '');
		await page.getByTestId(`predict-add-${v}`).click();
		await page.getByTestId('predict-record').click();
	}
	await expect(status).toContainText('已结束');
	await expect(page.getByTestId('predict-summary')).toContainText('全班的命中率');
	await expectNoEnglish(page, 'finished, with the class’s hit rate');
});

test('the presenter view and its keys overlay, in Chinese', async ({ page }) => {
	await page.goto(`/play/?view=presenter#${encodeShare(setup)}`);
	const presenter = page.getByTestId('presenter');
	await expect(presenter).toBeVisible();
	await expect(page.getByTestId('presenter-god')).toHaveText('上帝视角：关');
	await expectNoEnglish(page, 'presenter view');
	await page.keyboard.press('?');
	const help = page.getByTestId('presenter-help');
	await expect(help).toBeVisible();
	await expect(help).toContainText('快捷键');
	await expect(help).toContainText('空格');
	await expectNoEnglish(page, 'presenter view, keys overlay');
	await page.keyboard.press('Escape');
	await expect(help).toHaveCount(0);
	await page.keyboard.press(' ');
	await expect(page.getByTestId('presenter-status')).toContainText(/运行中|已结束/);
	await expectNoEnglish(page, 'presenter view, running');
});

test('a malformed link and a malformed preset say so in Chinese', async ({ page }) => {
	await page.goto('/play/#v1.not-a-run');
	await expect(page.getByTestId('link-error')).toContainText('现在显示的是默认设置');
	await expectNoEnglish(page, 'a malformed link');

	await page.goto(`/play/?speed=warp&seed=99999999999&fix=locale,wings&colour=red#${encodeShare(setup)}`);
	const problems = page.getByTestId('preset-problems');
	await expect(problems).toContainText('预设的速度“warp”不是 slow、normal、fast、instant 之一；使用默认值。');
	await expect(problems).toContainText('预设要固定界面语言，却没有指定是哪一种');
	await expect(page.getByTestId('preset-not-a-lock')).toContainText('预设只是教学辅助，不是锁');
	await expectNoEnglish(page, 'a malformed preset');
});

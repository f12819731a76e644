/**
 * The autonomy scenario in a browser set to Chinese: the setup page, its preview, the chain of a spend,
 * the setup's errors, a saved run playing step by step and finished, a person at Sentinel's desk, and
 * the step notes of the play page show no English sentence; and the run itself is Chinese (its
 * language follows the interface when the page opens), while a run set to English stays English.
 *
 * The play page's own controls are another part's work, so on that page the check covers what this
 * scenario draws (its view, Sentinel's desk, the step note); the setup page is checked whole, but for
 * the shared seed field.
 */
import type { Page } from '@playwright/test';
import { STEP_NOTES } from '../../src/lib/classroom/step-notes';
import { encodeShare } from '../../src/lib/share/link';
import { expect, test } from './fixtures';
import { expectNoEnglish } from './language';

test.use({ locale: 'zh-CN' });

async function openSetup(page: Page) {
	await page.goto('/autonomy/');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('自主预算：Sentinel 与两扇门');
	await expect(page.getByTestId('preview-status')).toContainText('种子 1，30 天');
	await expect(page.getByTestId('spend-ledger')).toBeVisible();
}

test('the setup page, its preview and a spend’s chain are Chinese, and so is the run it computes', async ({
	page
}) => {
	await openSetup(page);
	await expect(page).toHaveTitle('自主预算 · Conclave');
	// The run's language follows the interface's: the preview's run is Chinese.
	await expect(page.getByTestId('run-lang')).toHaveValue('zh');
	await expect(page.getByTestId('idle-wakes')).toContainText('时间本身不是理由');
	await expectNoEnglish(page, 'setup, fixed system');

	// The backdoor on: a consider() with no trigger, its chain read from the chart with the keyboard.
	await page.getByTestId('switch-legacyConsider').check();
	await expect(page.getByTestId('preview-status')).toContainText('旧版 consider()（MR !107）');
	const mark = page.locator('[data-testid="spend-ledger"] .mark[data-anomaly="no-trigger"]').first();
	// Its name says the wake's reason in words, as its colour does.
	await expect(mark).toHaveAttribute(
		'aria-label',
		/（(代码库变化|新证据|定期复查|自主周期到期)）(；异常：.+)?$/
	);
	await mark.focus();
	await page.keyboard.press('Enter');
	const chain = page.getByTestId('chain');
	await expect(chain.locator('[data-step="door"]')).toContainText('触发条件：无');
	await expect(chain.locator('[data-step="checks"]')).toContainText('从未检查：触发条件');
	const gate = chain.locator('[data-step="gate"]');
	await expect(gate).toContainText('唤醒门控：');
	// The run's own words (the wake gate's note) are Chinese too.
	await expect(gate.locator('[lang="zh-CN"]')).toContainText(/最新提交变为|条新证据|每周复查到期/);
	await expect(page.getByTestId('spend-announcer')).toContainText('开销 #');
	await expectNoEnglish(page, 'setup, legacy consider() on, a chain open');

	// The eternal reason and a charged 500: the chart names them in Chinese.
	await page.getByTestId('switch-ignoreFingerprint').check();
	await page.getByTestId('switch-noStaleness').check();
	await page.getByTestId('switch-chargeTransportErrors').check();
	await expect(
		page.locator('[data-testid="spend-ledger"] .anomaly-label', { hasText: '相同指纹' }).first()
	).toBeVisible();
	await expect(page.locator('.panel.ledger tbody tr').first()).toBeVisible();
	await expectNoEnglish(page, 'setup, every legacy switch on');
});

test('the setup page says what is wrong, in Chinese, and will not start', async ({ page }) => {
	await openSetup(page);
	await page.getByTestId('days').fill('500');
	await expect(page.getByTestId('setup-error')).toHaveText('天数必须是 1 到 120 之间的整数');
	await expect(page.getByTestId('start')).toBeDisabled();
	await expectNoEnglish(page, 'setup, too many days');
	await page.getByTestId('days').fill('3');
	await page.getByTestId('daily-tokens').fill('0');
	await expect(page.getByTestId('setup-error')).toHaveText('每日预算必须是 1 到 20 之间的整数个代币');
	await expectNoEnglish(page, 'setup, no daily budget');
	await page.getByTestId('daily-tokens').fill('4');
	await page.getByTestId('seed').fill('-1');
	await expect(page.getByTestId('setup-error')).toHaveText('种子必须是 0 到 4294967295 之间的整数。');
	await expectNoEnglish(page, 'setup, a seed below zero');
	await page.getByTestId('seed').fill('1');
	await expect(page.getByTestId('setup-error')).toHaveCount(0);
	await expect(page.getByTestId('start')).toBeEnabled();
});

test('a scripted run plays in Chinese, step by step and to the end, with Chinese step notes', async ({
	page
}) => {
	// A link with the run's language: what the setup page's Start sends in a Chinese browser.
	const setup = { scenario: 'autonomy', seed: 1, config: { days: 2, legacyConsider: true, lang: 'zh' } };
	await page.goto(`/play/#${encodeShare(setup)}`);
	const note = page.getByTestId('step-note');
	await expect(note).toHaveAttribute('data-key', 'autonomy.SETUP');
	await expect(note).toHaveText(STEP_NOTES.zh['autonomy.SETUP']);
	await expect(page.getByTestId('step-note-box')).toContainText('步骤说明');

	const step = page.getByTestId('step');
	// Step until the first spend is decided: the run is going, its ledger part-way, the decision said.
	const announcer = page.getByTestId('spend-announcer');
	while (!(await announcer.textContent())?.trim()) await step.click();
	await expect(note).toHaveText(STEP_NOTES.zh[(await note.getAttribute('data-key')) as 'autonomy.DAY']);
	await expect(page.getByTestId('autonomy-summary')).toContainText(/账本：第 \d 天，共 2 天/);
	await expect(page.getByTestId('spend-announcer')).toContainText('开销 #1');
	await expectNoEnglish(page, 'play, running');

	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(note).toHaveAttribute('data-key', 'autonomy.END', { timeout: 60_000 });
	await expect(note).toHaveText(STEP_NOTES.zh['autonomy.END']);
	await expect(page.getByTestId('autonomy-summary')).toContainText('账本：第 2 天，共 2 天');
	await page.locator('[data-testid="spend-ledger"] .mark[data-refused="false"]').first().click();
	await expect(page.getByTestId('chain').locator('[data-step="outcome"]')).toBeVisible();
	await expectNoEnglish(page, 'play, finished');

	await page.getByTestId('step-notes').uncheck();
	await expect(note).toHaveCount(0);
	await page.getByTestId('step-notes').check();
	await expect(note).toHaveText(STEP_NOTES.zh['autonomy.END']);
});

test('a person at Sentinel’s desk reads a Chinese question and answers it', async ({ page }) => {
	await openSetup(page);
	await page.getByTestId('days').fill('1');
	await page.getByTestId('switch-ignoreFingerprint').check();
	await page.getByTestId('switch-noStaleness').check();
	await page.getByTestId('sentinel-player').selectOption('human');
	await page.getByTestId('start').click();
	await page.getByTestId('speed').selectOption('instant');
	const desk = page.getByTestId('sentinel-desk');
	await expect(desk).toBeVisible({ timeout: 30_000 });
	await expect(desk).toContainText('你是 Sentinel');
	await expect(desk).toContainText(/现在改进 .+，还是 SKIP？/);
	await expect(page.getByTestId('step-note')).toHaveText(STEP_NOTES.zh['autonomy.DECIDE']);
	await expectNoEnglish(page, 'play, a person at the desk');
	await page.getByTestId('sentinel-reason').fill('没有新情况');
	await page.getByTestId('sentinel-skip').click();
	await expect(page.getByTestId('spend-announcer')).toContainText('SKIP', { timeout: 30_000 });
});

test.describe('a run set to English in a Chinese browser', () => {
	test('keeps its prompts and texts English (the run’s language, not the page’s)', async ({ page }) => {
		await openSetup(page);
		await page.getByTestId('run-lang').selectOption('en');
		await page.getByTestId('switch-legacyConsider').check();
		const mark = page.locator('[data-testid="spend-ledger"] .mark[data-anomaly="no-trigger"]').first();
		await mark.focus();
		await page.keyboard.press('Enter');
		// The joining words are the page's (Chinese); the wake gate's note is the run's (English).
		const gate = page.getByTestId('chain').locator('[data-step="gate"]');
		await expect(gate).toContainText('唤醒门控：');
		await expect(gate.locator('[lang="en"]')).toContainText(
			/head moved to|new piece\(s\) of evidence|the weekly review is due/
		);
	});
});

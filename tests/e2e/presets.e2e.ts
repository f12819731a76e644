import { simulate } from '../../scripts/sim';
import { encodeShare } from '../../src/lib/share/link';
import { undercoverGame } from './classroom-setup';
import { expect, playToEnd, test } from './fixtures';

const setup = undercoverGame(1);

test('a preset link fixes the seed, language, speed and god view (off until the end) and hides the step button', async ({
	page
}) => {
	const query = '?seed=11&lang=zh&speed=fast&god=end&fix=speed,god&hide=step';
	await page.goto(`/play/${query}#${encodeShare(setup)}`);
	const notice = page.getByTestId('preset-notice');
	await expect(notice).toContainText('speed fast');
	await expect(notice).toContainText('god view off until the end');
	await expect(page.getByTestId('preset-not-a-lock')).toContainText('a teaching aid, not a lock');
	await expect(page.getByTestId('preset-problems')).toHaveCount(0);
	// Fixed controls are there but disabled; hidden ones are absent.
	await expect(page.getByTestId('speed')).toBeDisabled();
	await expect(page.getByTestId('speed')).toHaveValue('fast');
	await expect(page.getByTestId('god-view')).toBeDisabled();
	await expect(page.getByTestId('god-view')).not.toBeChecked();
	await expect(page.getByTestId('step')).toHaveCount(0);
	await expect(page.getByTestId('setup-info')).toContainText('seed 11');
	await expect(page.getByTestId('setup-info')).toContainText('zh');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	// At the end the god view comes on by itself.
	await expect(page.getByTestId('god-view')).toBeChecked();
	await expect(page.getByTestId('god-view')).toBeDisabled(); // fixed by the preset
	// The game is the preset's setup: seed 11, in Chinese.
	const { summary } = await simulate({ ...setup, seed: 11, config: { ...setup.config, lang: 'zh' } });
	await expect(page.getByTestId('log-hash')).toHaveText(summary.logHash);
	// The preset survives a reload of the saved run.
	await expect(page).toHaveURL(/\?seed=11.*#run=/);
	await page.reload();
	await expect(page.getByTestId('speed')).toBeDisabled();
});

test('a malformed preset gets a clear message and the default, and the run goes on as the link says', async ({
	page
}) => {
	await page.goto(`/play/?speed=warp&seed=99999999999&god=sometimes&hide=wings#${encodeShare(setup)}`);
	const problems = page.getByTestId('preset-problems');
	await expect(problems).toContainText(
		'The preset’s speed “warp” is not one of slow, normal, fast, instant; the default is used.'
	);
	await expect(problems).toContainText(
		'The preset’s seed 99999999999 is outside 0 to 4294967295; 4294967295 is used.'
	);
	await expect(problems).toContainText('“sometimes”');
	await expect(problems).toContainText('“wings”');
	// Nothing fixed or hidden: every control is there and usable.
	await expect(page.getByTestId('speed')).toBeEnabled();
	await expect(page.getByTestId('god-view')).toBeEnabled();
	await expect(page.getByTestId('step')).toBeEnabled();
	await expect(page.getByTestId('setup-info')).toContainText('seed 4294967295');
	await page.getByTestId('speed').selectOption('instant');
	await playToEnd(page);
});

test('a preset can switch predict mode on and fix it, and hide the share panel', async ({ page }) => {
	await page.goto(`/play/?predict=on&fix=predict&speed=instant&hide=share#${encodeShare(setup)}`);
	await expect(page.getByTestId('share-link')).toHaveCount(0);
	await expect(page.getByTestId('log-hash')).toHaveCount(0);
	await expect(page.getByTestId('predict-mode')).toBeChecked();
	await expect(page.getByTestId('predict-mode')).toBeDisabled();
	await page.getByTestId('play').click();
	await expect(page.getByTestId('predict-ask')).toBeVisible({ timeout: 60_000 });
});

test('a preset can fix the interface language: the switch is disabled and says why, and editing the link frees it', async ({
	page
}) => {
	// An English browser opens a Chinese lesson.
	await page.goto(`/play/?locale=zh&fix=locale&speed=instant#${encodeShare(setup)}`);
	const held = page.getByTestId('locale-held');
	await expect(held).toHaveText('已由教师预设固定');
	await expect(held).toHaveAttribute('title', /预设只是教学辅助，不是锁/);
	const buttons = page.getByTestId('locale-switch').getByRole('button');
	await expect(buttons).toHaveCount(2);
	for (const b of await buttons.all()) await expect(b).toBeDisabled();
	await expect(page.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByTestId('preset-notice')).toContainText('界面语言 中文');
	await expect(page.getByTestId('preset-notice')).toContainText('固定：界面语言。');
	await expect(page.getByTestId('preset-not-a-lock')).toContainText('预设只是教学辅助，不是锁');
	await expect(page.getByTestId('run-status')).toHaveText('就绪：请按播放');
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

	// Elsewhere on the site the switch is free again: a preset is the play link's alone.
	await page.getByRole('navigation').getByRole('link').first().click();
	await expect(page.getByTestId('locale-held')).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'English' })).toBeEnabled();

	// hide=locale leaves the switch off the page; fix=locale with no language says so and fixes nothing.
	await page.goto(`/play/?locale=en&hide=locale#${encodeShare(setup)}`);
	await expect(page.getByTestId('preset-notice')).toContainText('Hidden: locale.');
	await expect(page.getByTestId('locale-switch')).toHaveCount(0);
	await page.goto(`/play/?fix=locale#${encodeShare(setup)}`);
	await expect(page.getByTestId('preset-problems')).toContainText(
		'The preset fixes the interface language but names none (locale=en or locale=zh); the language switch stays free.'
	);
	await expect(page.getByRole('button', { name: 'English' })).toBeEnabled();
	// A language the site does not have: a clear message, and the default.
	await page.goto(`/play/?locale=fr&fix=locale#${encodeShare(setup)}`);
	await expect(page.getByTestId('preset-problems')).toContainText(
		'The preset’s interface language “fr” is not one of en, zh; the default is used.'
	);
	await expect(page.getByTestId('locale-held')).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
});

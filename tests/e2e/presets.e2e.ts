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

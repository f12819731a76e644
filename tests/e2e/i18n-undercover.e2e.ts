/**
 * The undercover scenario in a browser set to Chinese: its setup page, a game being played, finished
 * and under the god view, and the setup page's errors carry no English sentence; the live region
 * announces each vote as it is cast; the vote table lists the game's votes.
 */
import { simulate } from '../../scripts/sim';
import { encodeShare } from '../../src/lib/share/link';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoEnglish } from './language';

/** A scripted Chinese game of three rounds, one with a tie and a revote. */
const setup = {
	scenario: 'undercover',
	seed: 20261255,
	config: { seats: 6, undercover: 1, blank: false, lang: 'zh', rounds: 6 }
};

test.use({ locale: 'zh-CN' });

/**
 * One turn: press Step and wait until the page has saved what it wrote. A press while a turn is still
 * running is ignored by the page, so at most one turn passes between two looks at the table.
 */
async function stepOnce(page: Page): Promise<void> {
	const saved = page.getByTestId('saved');
	const before = (await saved.count()) ? await saved.getAttribute('data-saved') : null;
	await page.getByTestId('step').click();
	if (before === null) await expect(saved).toBeVisible();
	else await expect(saved).not.toHaveAttribute('data-saved', before);
}

test('the setup page is in Chinese, its game language follows the interface, and its errors are Chinese', async ({
	page
}) => {
	await page.goto('/undercover/');
	await expect(page.getByRole('heading', { name: '谁是卧底', level: 1 })).toBeVisible();
	await expect(page).toHaveTitle('谁是卧底 · Conclave');
	// No choice made yet: the game is played in the interface's language, and the field says what it is.
	await expect(page.getByTestId('lang')).toHaveValue('zh');
	await expect(page.locator('label', { has: page.getByTestId('lang') })).toContainText('游戏语言');
	// Detecting the GPU ends in a sentence (no WebGPU here, or a software adapter), which must be Chinese too.
	await expect(page.getByTestId('gpu-status')).toBeVisible();
	await page.getByTestId('all-seats').selectOption('scripted');
	await expectNoEnglish(page, 'undercover setup');

	// Switching the interface to English keeps the game as it was set up only once someone chose.
	await page.getByTestId('lang').selectOption('en');
	await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
	await expect(page.getByRole('heading', { name: 'Who is the Undercover', level: 1 })).toBeVisible();
	await expect(page.getByTestId('lang')).toHaveValue('en');
	await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
	await expect(page.getByRole('heading', { name: '谁是卧底', level: 1 })).toBeVisible();

	// A seed that is not one: a Chinese sentence, and no game can start.
	await page.getByTestId('seed').fill('-3');
	await expect(page.getByTestId('setup-error')).toContainText('随机种子必须是');
	await expect(page.getByTestId('start')).toBeDisabled();
	await expectNoEnglish(page, 'undercover setup, a bad seed');

	// Too few seats for the undercover seats and a blank: the config's own problem, in Chinese.
	await page.getByTestId('seed').fill('7');
	await page.getByTestId('seats').fill('4');
	await page.getByTestId('undercover-count').selectOption('2');
	await page.getByTestId('blank').check();
	await expect(page.getByTestId('setup-error')).toContainText('平民的人数必须多于他们');
	await expect(page.getByTestId('start')).toBeDisabled();
	await expectNoEnglish(page, 'undercover setup, too few seats');

	// An endpoint seat with no model: why it cannot start, in Chinese.
	await page.getByTestId('seats').fill('6');
	await page.getByTestId('undercover-count').selectOption('1');
	await page.getByTestId('blank').uncheck();
	await page.getByTestId('seat-model-1').selectOption('openai');
	await expect(page.getByText(/1号座位：/)).toBeVisible();
	await expectNoEnglish(page, 'undercover setup, an endpoint seat without a model');
});

test('a game in Chinese: the table, the live region, the vote table, the end and the god view', async ({
	page
}) => {
	const { runner } = await simulate(setup);
	const cast = runner.log.events.filter((e) => e.kind === 'vote.cast');
	expect(cast.length).toBeGreaterThan(0);

	await page.goto(`/play/#${encodeShare(setup)}`);
	await expect(page.getByTestId('table')).toBeVisible();
	await expectNoEnglish(page, 'undercover game, ready');

	// Step until the first vote is in: the live region says who voted for whom, in Chinese.
	const announcer = page.getByTestId('announcer');
	await expect(announcer).toHaveAttribute('aria-live', 'polite');
	await expect(announcer).toHaveText('');
	const first = cast[0]!.data as { seat: number; target: number };
	const rows = page.getByTestId('vote-row');
	while ((await rows.count()) === 0) await stepOnce(page);
	await expect(announcer).toContainText(`${first.seat}号投给了${first.target}号。`);
	const before = await announcer.textContent();
	await expectNoEnglish(page, 'undercover game, running, after a vote');

	// The next vote (or tie, or elimination) changes what it says.
	const seen = await rows.count();
	while ((await rows.count()) === seen) await stepOnce(page);
	const last = rows.last();
	const voter = await last.getAttribute('data-voter');
	await expect(announcer).not.toHaveText(before ?? '');
	await expect(announcer).toContainText(`${voter}号`);

	// To the end.
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.locator('[data-testid="run-status"].status-finished')).toBeVisible({ timeout: 60_000 });
	await expect(page.getByTestId('winner')).toHaveText(/平民获胜|卧底一方获胜|平局/);
	await expect(announcer).toContainText('游戏结束');

	// The vote table: every vote of the game, in order, as the log has it.
	await expect(page.getByTestId('vote-table')).toHaveAttribute('open', '');
	await expect(rows.first()).toBeVisible();
	const table = await rows.evaluateAll((trs) =>
		trs
			.filter((tr) => tr.getAttribute('data-target') !== '')
			.map((tr) => ({
				round: Number(tr.getAttribute('data-round')),
				stage: tr.getAttribute('data-stage'),
				voter: Number(tr.getAttribute('data-voter')),
				target: Number(tr.getAttribute('data-target'))
			}))
	);
	expect(table).toEqual(
		cast.map((e) => {
			const d = e.data as { round: number; stage: string; seat: number; target: number };
			return { round: d.round, stage: d.stage, voter: d.seat, target: d.target };
		})
	);
	expect(table.some((r) => r.stage === 'revote')).toBe(true);
	// What a person reads in a row is what its data says.
	await expect(rows.first()).toContainText(`${first.seat}号`);
	await expect(rows.first()).toContainText(`${first.target}号`);
	await expectNoEnglish(page, 'undercover game, finished');

	// The god view: every word and role, still in Chinese.
	await page.getByTestId('god-view').check();
	await expect(page.getByTestId('secret-1')).toContainText(/平民|卧底/);
	await expectNoEnglish(page, 'undercover game, finished, god view');
});

test('a game in English words under a Chinese interface marks the game’s text as its own language', async ({
	page
}) => {
	await page.goto(`/play/#${encodeShare({ ...setup, config: { ...setup.config, lang: 'en' } })}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.locator('[data-testid="run-status"].status-finished')).toBeVisible({ timeout: 60_000 });
	// The speeches are English (the game's words), marked so: the interface around them is Chinese.
	const speech = page.getByTestId('transcript').locator('.text[lang="en"]').first();
	await expect(speech).toHaveAttribute('translate', 'no');
	await expect(page.getByTestId('transcript').locator('.meta').first()).toContainText('第1轮');
	await expectNoEnglish(page, 'an English game, finished');
});

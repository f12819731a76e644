/**
 * The governance scenario in a Chinese browser: the setup page, a scripted run while it plays, the
 * finished run and a setup error carry no English sentence (language.ts); the run's language follows
 * the interface's, so the prompts, the rule book and the scripted agents' lines are Chinese too; the
 * polite live region reads out verdicts as they happen; and the rule book's table, the lineage chart's
 * text equivalent, lists the amendment of the T155 lesson.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoEnglish } from './language';

test.use({ locale: 'zh-CN' });

/** Waits for the run to end, whatever words the status uses: the outcome panel is the scenario's own. */
const finished = (page: Page) => expect(page.getByTestId('gov-outcome')).toBeVisible({ timeout: 90_000 });

test('the governance setup page, a run playing and its end are in Chinese, and the live region reads out each verdict', async ({
	page
}) => {
	await page.goto('/governance');
	await expect(page.getByRole('heading', { level: 1, name: '治理沙盒' })).toBeVisible();
	await expect(page).toHaveTitle('治理沙盒 · Conclave');
	// The run's language starts as the interface's.
	await expect(page.getByTestId('run-lang')).toHaveValue('zh');
	await expectNoEnglish(page, 'setup');

	// An error a person can reach: a round count out of range, said in Chinese, and no start.
	await page.getByTestId('rounds').fill('0');
	await expect(page.getByTestId('setup-error')).toHaveText('轮数必须是 1 到 3000 之间的整数');
	await expect(page.getByTestId('start')).toBeDisabled();
	await expectNoEnglish(page, 'setup error');
	await page.getByTestId('rounds').fill('24');
	await expect(page.getByTestId('setup-error')).toHaveCount(0);

	// Seed 1 under assigner-alone: the T155 story (an amendment enacted by the Assigner alone).
	await page.getByTestId('policy-assigner-alone').check();
	await page.getByTestId('seed').fill('1');
	await page.getByTestId('seat4-scripted').check();
	await page.getByTestId('start').click();
	await expect(page).toHaveURL(/\/play\/#(v1\.|run=)/);

	// Running: the live region says each verdict as the Auditor gives it.
	await expect(page.getByTestId('gov-live')).toHaveText(/审计员(通过|否决)/, { timeout: 90_000 });
	await expect(page.getByTestId('phase')).not.toHaveText('');
	await expectNoEnglish(page, 'running');

	await page.getByTestId('speed').selectOption('instant');
	await finished(page);
	await expectNoEnglish(page, 'finished');

	// The run itself is Chinese: its rule book and the amendment the scripted Executor wrote.
	const r1v2 = page.locator('[data-testid="rule-version-row"][data-rule="R1"][data-version="2"]');
	await expect(r1v2).toContainText('VIP 客户的每笔订单折扣率');
	await expect(r1v2).toContainText('执行员提出，分派员批准');
	await expect(page.getByTestId('amendment-count')).toHaveText(/^[1-9]\d* 项生效$/);
});

test('the rule book table, the lineage chart’s text equivalent, lists the T155 lesson’s amendment', async ({
	page
}) => {
	await page.goto('/');
	await page.getByTestId('lesson-governance-enacted').getByRole('link').click();
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await finished(page);

	const table = page.getByRole('table', { name: '规则库表格：每条规则的每个版本、由谁修改、何时生效' });
	await expect(table).toBeVisible();
	const initial = table.locator('[data-testid="rule-version-row"][data-rule="R1"][data-version="1"]');
	await expect(initial).toContainText('初始规则库');
	await expect(initial).toHaveAttribute('data-in-force', 'false');
	// The amendment: R1 v2, who proposed and approved it, and the round from which it is in force.
	const amended = table.locator('[data-testid="rule-version-row"][data-rule="R1"][data-version="2"]');
	await expect(amended).toHaveAttribute('data-in-force', 'true');
	await expect(amended).toContainText('执行员提出，分派员批准');
	await expect(amended).toContainText(/第 \d+ 轮 –/);
	await expect(amended).toContainText(/合规率 \d+\.\d% → \d+\.\d%/);
});

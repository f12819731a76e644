/**
 * The seed's log analyser on the page (issue 24): an imported governance run, replayed, shows the same
 * views `npm run sim -- --analyze` computes for it (the heat map by role and hour, the drift spikes,
 * the veto reasons, the trace by task, the warning signals with their fixes), over a range of hours;
 * and a Chinese reader gets it in Chinese.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { toJsonLines } from '../../src/lib/core';
import { createRunner } from '../../src/lib/run/play';
import { analyze, type GovernanceState } from '../../src/lib/scenarios/governance';
import type { SharedRun } from '../../src/lib/share/link';
import { expect, playToEnd, test } from './fixtures';
import { seriousViolations } from './axe';
import { expectNoEnglish } from './language';

/** Seed 1 under assigner-alone: vetoes with and without rules, an amendment and a denied /etc/passwd probe. */
const RUN: SharedRun = {
	scenario: 'governance',
	seed: 1,
	config: { policy: 'assigner-alone', rounds: 24, approval: 50, fuseRounds: 1, fuseMode: 'soft' }
};

/** The run played headless, written as an export file, and what the analyser says of it. */
async function exported() {
	const runner = createRunner(RUN);
	await runner.run();
	const file = join(mkdtempSync(join(tmpdir(), 'conclave-an-')), 'governance.jsonl');
	writeFileSync(file, toJsonLines(runner.log.header, runner.log.events));
	const state = runner.state as GovernanceState;
	return { file, state, hash: runner.hash };
}

/** Imports the file on the Runs page and replays it to its end. */
async function importAndReplay(page: Page, file: string, done: RegExp) {
	await page.goto('/runs/');
	await page.getByTestId('import-file').setInputFiles(file);
	await expect(page.getByTestId('import-done')).toContainText(done);
	await page.getByTestId('import-replay').click();
	await expect(page.getByTestId('replay-mode')).toBeVisible();
}

const sumOf = (rows: number[][]) => rows.flat().reduce((a, b) => a + b, 0);

/** The page's heat map: the sum of its cells, and its hour columns. */
async function heatmapOnPage(page: Page) {
	const table = page.getByTestId('an-heatmap');
	const cells = await table.locator('tbody td').allTextContents();
	const hours = await table.locator('thead th').count();
	return { total: cells.reduce((a, c) => a + Number(c), 0), hours: hours - 1 };
}

test('an imported governance run shows the analyser’s views, over the hours chosen', async ({ page }) => {
	test.setTimeout(240_000);
	const { file, state, hash } = await exported();
	const all = analyze(state);
	const late = analyze(state, { from: 48, to: 71 });
	expect(all.signals.length).toBeGreaterThan(0);
	expect(all.vetoes.length).toBeGreaterThan(0);

	await importAndReplay(page, file, /chain verified/);
	expect(await playToEnd(page)).toBe(hash);

	const panel = page.getByTestId('gov-analyzer');
	await panel.locator('summary').click();
	await expect(panel.getByTestId('an-heatmap')).toBeVisible();
	// The whole run: 72 hour columns, one row per role, and the headless analyser's counts.
	expect(await heatmapOnPage(page)).toEqual({ total: sumOf(all.heatmap.counts), hours: 72 });
	await expect(panel.getByTestId('an-heatmap').locator('tbody tr')).toHaveCount(all.heatmap.agents.length);
	await expect(panel.getByTestId('an-drift').locator('li')).toHaveCount(all.drift.length);
	await expect(panel.getByTestId('an-vetoes').locator('li')).toHaveCount(all.vetoes.length);
	await expect(panel.getByTestId('an-tasks').locator('li')).toHaveCount(all.tasks.length);
	const signals = panel.getByTestId('an-signals').locator('li');
	await expect(signals).toHaveCount(all.signals.length);
	expect(await signals.evaluateAll((li) => li.map((l) => l.getAttribute('data-signal')))).toEqual(
		all.signals.map((s) => s.id)
	);
	// Open, the panel passes the same accessibility audit as every page.
	await panel.getByTestId('an-heatmap').scrollIntoViewIfNeeded();
	expect(await seriousViolations(page)).toEqual([]);
	// The sandbox probe: the tool-error signal with the seed's fix.
	await expect(panel.locator('[data-signal="tool-errors"]')).toContainText('Fix: Check the paths');

	// The last day only (hours 48-71): the counts of that range, as headless.
	await panel.getByTestId('an-from').fill('48');
	await expect(panel.getByTestId('an-heatmap').locator('thead th')).toHaveCount(1 + 24);
	expect(await heatmapOnPage(page)).toEqual({ total: sumOf(late.heatmap.counts), hours: 24 });
	await expect(panel.getByTestId('an-tasks').locator('li')).toHaveCount(late.tasks.length);

	// A range that ends before it starts is refused, in words, and nothing is drawn.
	await panel.getByTestId('an-to').fill('10');
	await expect(panel.getByTestId('an-range-error')).toBeVisible();
	await expect(panel.getByTestId('an-heatmap')).toHaveCount(0);
	await panel.getByTestId('an-from').fill('0');
	await panel.getByTestId('an-to').fill('71');
	await expect(panel.getByTestId('an-range-error')).toHaveCount(0);

	// A task of the trace list opens its trace.
	const first = all.tasks[0]!.id;
	await panel.getByTestId('an-tasks').getByRole('button', { name: first, exact: true }).click();
	await expect(page.getByTestId('trace-task')).toContainText(first);
});

test.describe('in Chinese', () => {
	test.use({ locale: 'zh-CN' });

	test('the analyser of an imported run speaks Chinese', async ({ page }) => {
		test.setTimeout(240_000);
		const { file, hash } = await exported();
		await page.goto('/runs/');
		await page.getByTestId('import-file').setInputFiles(file);
		await expect(page.getByTestId('import-done')).toBeVisible();
		await page.getByTestId('import-replay').click();
		await expect(page.getByTestId('replay-mode')).toBeVisible();
		// The run's status is in Chinese here: its end is the scenario's own outcome panel.
		await page.getByTestId('speed').selectOption('instant');
		await page.getByTestId('play').click();
		await expect(page.getByTestId('gov-outcome')).toBeVisible({ timeout: 90_000 });
		await expect(page.getByTestId('log-hash')).toHaveText(hash);
		const panel = page.getByTestId('gov-analyzer');
		await panel.locator('summary').click();
		await expect(panel.getByRole('heading', { name: '日志分析器' })).toBeVisible();
		await expect(panel.locator('[data-signal="tool-errors"]')).toContainText(
			'解决办法：检查执行员构造的路径'
		);
		await expect(panel.getByTestId('an-heatmap').locator('tbody th').first()).toHaveText('分派员');
		await expectNoEnglish(page, 'analyser open');
	});
});

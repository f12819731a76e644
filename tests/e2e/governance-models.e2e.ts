/**
 * Models per role on the governance page, as the seed ran them: an endpoint model as the Executor and
 * the Auditor as a panel of two endpoint models that must agree, played on the page to the log hash
 * `npm run sim` gives the same setup; and the T155 table played from the page, its rows and CSV the
 * headless ones.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateGovernance, parseArgs } from '../../scripts/sim';
import { govEvalMain } from '../../scripts/gov-eval';
import { govEvalCsv, pct, type GovEvalOutput } from '../../src/lib/analysis/t155';
import type { ModelCall } from '../../src/lib/core';
import { encodeShare, type SharedRun } from '../../src/lib/share/link';
import { expect, test } from './fixtures';
import { startMockEndpoint, type MockEndpoint } from './mock-endpoint';

let endpoint: MockEndpoint;
test.beforeAll(async () => {
	// Replies follow from the request alone, so the page and Node get the same ones in any order; a veto
	// cites no rule (a made-up id would be refused, and the run would be about that instead). The
	// panel's first model approves every output and its second vetoes every one: a split each time.
	endpoint = await startMockEndpoint(() => 'Checked every row of the file against R1.', {
		pure: true,
		overrides: { rule: null },
		byModel: { 'audit-a': { verdict: 'approve' }, 'audit-b': { verdict: 'veto' } }
	});
});
test.afterAll(() => endpoint.close());

test('an endpoint plays the Assigner and a panel of two endpoint models the Auditor, as headless', async ({
	page
}) => {
	await page.goto('/governance/');
	await page.getByTestId('seed').fill('1');
	await page.getByTestId('rounds').fill('6');
	await page.getByTestId('seat4-scripted').check();
	await page.getByTestId('role-model-1').selectOption('openai');
	await page.getByTestId('role-endpoint-url-1').fill(endpoint.baseUrl);
	await page.getByTestId('role-endpoint-model-1').fill('assign-model');
	// A second Auditor model with a scripted first Auditor is no panel: the form says why.
	await page.getByTestId('role-panel').selectOption('openai');
	await page.getByTestId('panel-endpoint-url').fill(endpoint.baseUrl);
	await page.getByTestId('panel-endpoint-model').fill('audit-a');
	await expect(page.getByTestId('role-error')).toHaveText(
		'A panel needs a model as the first Auditor too: choose one, or no second model.'
	);
	await page.getByTestId('role-model-3').selectOption('openai');
	await page.getByTestId('role-endpoint-url-3').fill(endpoint.baseUrl);
	await page.getByTestId('role-endpoint-model-3').fill('audit-a');
	// The same model twice is no panel either, and the form will not start.
	await expect(page.getByTestId('role-error')).toHaveText("The panel's two models must be different models.");
	await expect(page.getByTestId('start')).toBeDisabled();
	await page.getByTestId('panel-endpoint-model').fill('audit-b');
	await expect(page.getByTestId('role-error')).toHaveCount(0);
	// With models in the roles, the T155 table is for the command line; the page says how.
	await expect(page.getByTestId('t155-scripted-only')).toContainText('--eval t155');
	// The command beside it carries the roles, the panel included, so it plays the same table.
	const command = page.getByTestId('t155-command');
	await expect(command).toContainText('--rounds 6 --role assigner=openai:assign-model');
	await expect(command).toContainText('--role auditor=openai:audit-a+openai:audit-b --base-url http');
	await expect(page.getByTestId('t155-run')).toBeDisabled();

	await page.getByTestId('setup-speed').selectOption('instant');
	await page.getByTestId('start').click();
	await expect(page).toHaveURL(/\/play\/#(v1\.|run=)/);
	await page.getByTestId('speed').selectOption('instant');
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	const hash = await page.getByTestId('log-hash').textContent();

	const server = { engine: 'openai' as const, baseUrl: endpoint.baseUrl };
	const setup: SharedRun = {
		scenario: 'governance',
		seed: 1,
		config: { rounds: 6 },
		seats: {
			1: { ...server, model: 'assign-model' },
			2: { engine: 'scripted' },
			3: { ...server, model: 'audit-a', panel: { ...server, model: 'audit-b' } },
			4: { engine: 'scripted' }
		}
	};
	const { runner } = await simulateGovernance(setup);
	expect(hash).toBe(runner.hash);
	// Both panel members reviewed every output, the first member first, and split every time.
	const reviews = runner.log.events
		.filter((e) => e.kind === 'model.called')
		.map((e) => e.data as ModelCall & { ask: string })
		.filter((c) => c.ask.includes(':review:'));
	expect(reviews.length).toBeGreaterThan(0);
	expect(reviews.map((c) => c.model)).toEqual(
		reviews.flatMap((_, i) => (i % 2 ? [] : ['audit-a', 'audit-b']))
	);
	const verdicts = runner.log.events.filter(
		(e) => e.kind === 'output.vetoed' || e.kind === 'output.approved'
	);
	expect(verdicts.length).toBe(reviews.length / 2);
	for (const v of verdicts) expect(v.data).toMatchObject({ demand: 'redo', rule: null });
	// What the person sees: the split, in the Auditor's words on the page.
	await expect(page.getByRole('group', { name: /^Veto reasons/ })).toContainText(
		'no rule cited: 5. T102: the panel split, so the output goes back for a redo'
	);

	// The same setup opened from a link: nothing is sent before the person agrees, and the models the
	// page asks about include the panel's second.
	await page.goto(`/play/#${encodeShare(setup)}`);
	await expect(page.getByTestId('endpoint-ask')).toContainText('assign-model, audit-a, audit-b');
});

test('the T155 table played from the page gives the rows and CSV of the headless command it shows', async ({
	page
}) => {
	await page.goto('/governance/');
	await page.getByTestId('rounds').fill('12');
	await page.getByTestId('t155-seeds').fill('0');
	await expect(page.getByRole('alert')).toContainText('Seeds must be a whole number from 1 to 100.');
	await expect(page.getByTestId('t155-run')).toBeDisabled();
	await page.getByTestId('t155-seeds').fill('2');
	const command = page.getByTestId('t155-command');
	await expect(command).toHaveText('npm run sim -- --scenario governance --eval t155 --seeds 2 --rounds 12');
	await page.getByTestId('t155-run').click();
	const rows = page.getByTestId('t155-row');
	await expect(rows).toHaveCount(4, { timeout: 60_000 });

	// The command the page shows, run headless, with --csv and --json.
	const dir = mkdtempSync(join(tmpdir(), 't155-page-'));
	const argv = ((await command.textContent()) ?? '').replace(/^npm run sim -- /, '').split(' ');
	const printed: string[] = [];
	const log = console.log;
	console.log = (line: string) => printed.push(line);
	try {
		const code = await govEvalMain([...argv, '--csv', join(dir, 't155.csv'), '--json'], {
			parseArgs,
			simulateGovernance
		});
		expect(code).toBe(0);
	} finally {
		console.log = log;
	}
	const headless = JSON.parse(printed.at(-1)!) as GovEvalOutput;
	expect(headless.rows).toHaveLength(4);
	for (const row of headless.rows) {
		const shown = page.locator(`[data-testid="t155-row"][data-policy="${row.policy}"]`);
		await expect(shown.getByTestId('t155-proposed')).toHaveText(pct(row.proposed));
		await expect(shown.getByTestId('t155-enacted')).toHaveText(pct(row.enacted));
	}
	const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('t155-csv').click()]);
	expect(file.suggestedFilename()).toBe('t155.csv');
	const csv = readFileSync((await file.path()) as string, 'utf8');
	expect(csv).toBe(readFileSync(join(dir, 't155.csv'), 'utf8'));
	expect(csv).toBe(govEvalCsv(headless));
});

test('a long T155 table shows its progress and stops when asked', async ({ page }) => {
	await page.goto('/governance/');
	await page.getByTestId('rounds').fill('200');
	await page.getByTestId('t155-seeds').fill('100');
	await page.getByTestId('t155-run').click();
	const bar = page.getByTestId('t155-progress');
	await expect(bar).toHaveAttribute('max', '400');
	await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
	await page.getByTestId('t155-stop').click();
	await expect(page.getByTestId('t155-problem')).toContainText(/^Stopped after \d+ of 400 runs; no table\.$/);
	await expect(page.getByTestId('t155-table')).toHaveCount(0);
});

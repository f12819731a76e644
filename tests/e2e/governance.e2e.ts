import type { Locator, Page } from '@playwright/test';
import { simulateGovernance } from '../../scripts/sim';
import { encodeShare, type SharedRun } from '../../src/lib/share/link';
import { expect, playToEnd, test } from './fixtures';

/**
 * Seed 1 under `assigner-alone`: the Executor, vetoed on R1 once too often, proposes R1-v2 and the
 * Assigner enacts it alone (`npm run sim -- --scenario governance --seed 1 --policy assigner-alone
 * --json` reports one amendment); under `cosign` the Auditor refuses to co-sign and R1 stays at v1.
 * The Executor also probes /etc/passwd once in this run.
 */
const SEED = 1;
const INITIAL_RULES = 5;

const config = (policy: string, extra: Record<string, unknown> = {}) => ({
	policy,
	rounds: 24,
	approval: 50,
	thresholds: { drift: 0.7, penetration: 0.4, conversion: 0.6 },
	fuseRounds: 1,
	fuseMode: 'soft',
	forceMetrics: false,
	...extra
});

async function sim(run: SharedRun) {
	const { runner, summary } = await simulateGovernance(run);
	const kinds = runner.log.events.map((e) => e.kind);
	const denied = runner.log.events.filter(
		(e) => e.kind === 'tool.called' && (e.data as { ok: boolean }).ok === false
	);
	return {
		hash: summary.logHash,
		amended: kinds.filter((k) => k === 'rule.amended').length,
		rejected: kinds.filter((k) => k === 'amendment.rejected').length,
		denied
	};
}

/** Fills the setup form for seed 1 with the stand-in on seat 4 (as headless), and starts. */
async function setUp(page: Page, policy: string) {
	await page.getByTestId(`policy-${policy}`).check();
	await page.getByTestId('seed').fill(String(SEED));
	await page.getByTestId('seat4-scripted').check();
	await page.getByTestId('setup-speed').selectOption('instant');
	await page.getByTestId('start').click();
	await expect(page).toHaveURL(/\/play\/#(v1\.|run=)/);
	await page.getByTestId('speed').selectOption('instant');
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
}

test('a newcomer runs the governance scenario, sees a rule amended, then blocks it with another policy', async ({
	page
}) => {
	const alone = await sim({ scenario: 'governance', seed: SEED, config: config('assigner-alone') });
	const cosign = await sim({ scenario: 'governance', seed: SEED, config: config('cosign') });
	expect(alone.amended).toBeGreaterThan(0);
	expect(cosign.amended).toBe(0);
	expect(cosign.rejected).toBeGreaterThan(0);

	await page.goto('/');
	const card = page.getByTestId('scenario-governance');
	await expect(card).not.toContainText('coming');
	await card.getByRole('link').click();
	await expect(page).toHaveURL(/\/governance\/$/);
	await setUp(page, 'assigner-alone');

	// Every version of every rule is on the timeline, with an edge per amendment.
	const versions = page.locator('[data-testid="rule-lineage"] .rule-version');
	await expect(versions).toHaveCount(INITIAL_RULES + alone.amended);
	await expect(page.locator('[data-testid="rule-lineage"] .amendment')).toHaveCount(alone.amended);
	await expect(page.locator('.rule-version[data-rule="R1"][data-version="2"]')).toBeVisible();
	await expect(page.locator('.amendment[data-rule="R1"] .who')).toHaveText('executor → assigner');
	await expect(page.getByTestId('log-hash')).toHaveText(alone.hash);

	// A click on the new version opens its trace: the task it came from, up to the rule change.
	// Clicked again if the first click met the chart mid-redraw (a finished run's last draw can land
	// between Playwright's stability check and its click; CI saw it once): the assertion is what a click
	// opens, not how many it took.
	const trace = page.getByTestId('trace');
	await expect(async () => {
		await page.locator('.rule-version[data-rule="R1"][data-version="2"]').click();
		await expect(trace.getByTestId('trace-version')).toContainText('R1 v2', { timeout: 3_000 });
	}).toPass({ timeout: 45_000 });
	await expect(trace.locator('[data-testid="trace-entry"][data-kind="rule.amended"]')).toHaveCount(1);
	await expect(trace.locator('[data-testid="trace-entry"][data-kind="task.assigned"]')).toHaveCount(1);
	await expect(trace.locator('[data-testid="trace-entry"][data-kind="output.vetoed"]').first()).toBeVisible();

	// The sandbox probe is in the audit trail, denied, with its path and code.
	expect(alone.denied.length).toBeGreaterThan(0);
	const denied = page.getByTestId('audit-trail').getByTestId('denied-call');
	await expect(denied).toHaveCount(alone.denied.length);
	await expect(denied.first()).toContainText('/etc/passwd');
	await expect(denied.first()).toContainText('traversal');

	// The same seed with the Auditor's co-signature required: the amendment is blocked.
	await page.goto('/governance/');
	await setUp(page, 'cosign');
	await expect(versions).toHaveCount(INITIAL_RULES);
	await expect(
		page.locator('[data-testid="rule-lineage"] .rule-version:not([data-version="1"])')
	).toHaveCount(0);
	await expect(page.locator('[data-testid="rule-lineage"] .amendment')).toHaveCount(0);
	await expect(page.locator('[data-testid="rule-lineage"] .proposal.blocked')).toHaveCount(cosign.rejected);
	await expect(page.getByTestId('log-hash')).toHaveText(cosign.hash);
	await page.locator('.proposal.blocked').first().click();
	await expect(page.getByTestId('trace-proposal')).toContainText('refused by auditor');
});

test('charts carry one heatmap cell per agent and round, and a drifted task opens its trace', async ({
	page
}) => {
	await page.goto(
		`/play/#${encodeShare({ scenario: 'governance', seed: SEED, config: config('assigner-alone') })}`
	);
	await playToEnd(page);
	await expect(page.locator('[data-testid="heatmap"] rect.cell')).toHaveCount(6 * 24);
	const executorMessages = await page
		.locator('[data-testid="heatmap"] rect.cell[data-agent="executor"]')
		.evaluateAll((cells) => cells.reduce((n, c) => n + Number(c.getAttribute('data-count')), 0));
	expect(executorMessages).toBeGreaterThan(10);
	await expect(page.locator('[data-testid="metric-lines"] .point[data-metric="drift"]')).toHaveCount(24);
	await expect(page.getByTestId('fuse-state')).toContainText('Fuse armed');
	await expect(page.getByTestId('score-assigner')).toHaveText(/^\d\.\d\d$/);
	const bar = page.locator('g.bar-row').first();
	const key = (await bar.getAttribute('data-key')) ?? '';
	await bar.click();
	await expect(page.getByTestId('trace-task')).toContainText(`Trace of ${key.split('#')[0]}`);
});

test('under the human policy a person approves on a slider, and a low value blocks the change', async ({
	page
}) => {
	const run: SharedRun = {
		scenario: 'governance',
		seed: SEED,
		config: config('human'),
		seats: { 4: { engine: 'human' } }
	};
	await page.goto(`/play/#${encodeShare(run)}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	const form = page.getByTestId('approve-form');
	await expect(form).toBeVisible({ timeout: 60_000 });
	await expect(page.getByTestId('approval-value')).toHaveText('50');
	await page.getByTestId('approval-slider').fill('20');
	await expect(form).toContainText('20 blocks the change');
	await page.getByTestId('approval-submit').click();
	// Any later proposal gets the same answer, until the run ends.
	await untilFinished(page, page.locator('[data-testid="approval-submit"]:enabled'), async () => {
		await page.getByTestId('approval-slider').fill('20');
		await page.getByTestId('approval-submit').click();
	});
	await expect(page.locator('[data-testid="rule-lineage"] .amendment')).toHaveCount(0);
	await expect(page.locator('[data-testid="rule-lineage"] .proposal.blocked').first()).toBeVisible();
	await expect(page.getByTestId('score-human')).toHaveText('0.20');
	await page.locator('.proposal.blocked').first().click();
	await expect(page.getByTestId('trace-proposal')).toContainText('approval: 20/100');
});

test('the fuse trips and waits for a person, who resumes the run', async ({ page }) => {
	const run: SharedRun = {
		scenario: 'governance',
		seed: SEED,
		config: config('assigner-alone', { rounds: 6, fuseRounds: 2, fuseMode: 'hard', forceMetrics: true }),
		seats: { 4: { engine: 'human' } }
	};
	await page.goto(`/play/#${encodeShare(run)}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('resume-form')).toBeVisible({ timeout: 60_000 });
	await expect(page.getByTestId('fuse-state')).toContainText('hard fuse tripped in round 2');
	await expect(page.getByTestId('fuse-state')).toContainText('waiting for a person');
	await page.getByTestId('resume-run').click();
	await expect(page.getByTestId('fuse-state')).toContainText(/resumed in round 2|tripped in round 4/);
	// Forced rates trip it again two rounds later; resume each time until the run has played out.
	const resume = page.locator('[data-testid="resume-run"]:enabled');
	await untilFinished(page, resume, () => resume.click());
	await expect(page.locator('[data-testid="metric-lines"] .resume-mark').first()).toBeVisible();
	await expect(page.getByTestId('gov-outcome')).toContainText(/all 6 rounds played/i);
});

/**
 * Answers the person's seat each time its control is ready, until the run finishes. It waits for one
 * of the two states, never for a fixed time; a control disables itself once it has sent its answer,
 * so the next round waits for the next question.
 */
async function untilFinished(page: Page, ready: Locator, answer: () => Promise<void>): Promise<void> {
	const finished = page.getByTestId('run-status').filter({ hasText: 'finished' });
	for (;;) {
		await expect(ready.or(finished).first()).toBeVisible({ timeout: 90_000 });
		if (await finished.isVisible()) return;
		await answer();
	}
}

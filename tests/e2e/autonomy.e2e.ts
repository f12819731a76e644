import type { Page } from '@playwright/test';
import { simulateAutonomy } from '../../scripts/sim';
import { createRunner } from '../../src/lib/run/play';
import { DEFAULT_CONFIG, summarize, type AutonomyState } from '../../src/lib/scenarios/autonomy';
import { encodeShare } from '../../src/lib/share/link';
import { expect, serveTestModels, test } from './fixtures';

/**
 * A class at /autonomy/: each of the seed's anomalies appears on the ledger chart when its legacy
 * switch goes on, can be read mark by mark (wake -> gate -> door -> checks -> call -> outcome), and is
 * gone when the switch goes off. The counts are checked against the same setup run in Node.
 */
const SEED = 1;

async function counts(config: Record<string, unknown>) {
	const { summary } = await simulateAutonomy({
		scenario: 'autonomy',
		seed: SEED,
		config: { ...DEFAULT_CONFIG, ...config }
	});
	return summary;
}

async function openLab(page: Page) {
	await page.goto('/');
	await page.getByTestId('scenario-autonomy').getByRole('link').click();
	await expect(page).toHaveURL(/\/autonomy\/$/);
	await page.getByTestId('seed').fill(String(SEED));
	await expect(page.getByTestId('preview-status')).toContainText(`Seed ${SEED}, 30 days`);
	await expect(page.getByTestId('preview-status')).toContainText('none (the fixed system)');
}

const marks = (page: Page, anomaly: string) =>
	page.locator(`[data-testid="spend-ledger"] .mark[data-anomaly="${anomaly}"]`);

test('the backdoor: legacy consider() spends with no trigger, and the chain says why', async ({ page }) => {
	const on = await counts({ legacyConsider: true });
	expect(on.spendsWithoutTrigger).toBeGreaterThan(0);
	await openLab(page);
	await expect(page.getByTestId('count-no-trigger')).toHaveText('0');
	await expect(marks(page, 'no-trigger')).toHaveCount(0);
	const { runner } = await simulateAutonomy({ scenario: 'autonomy', seed: SEED, config: DEFAULT_CONFIG });
	const idle = (runner.state as AutonomyState).wakes.filter((w) => w.reason === 'none').length;
	expect(idle).toBeGreaterThan(0);
	await expect(page.getByTestId('idle-wakes')).toHaveText(
		`${idle} wakes found no trigger anywhere and cost nothing: time is not a reason.`
	);

	await page.getByTestId('switch-legacyConsider').check();
	await expect(page.getByTestId('count-no-trigger')).toHaveText(String(on.spendsWithoutTrigger));
	await expect(marks(page, 'no-trigger')).toHaveCount(on.spendsWithoutTrigger);
	// The last one is drawn on top: a plain click reaches it.
	await marks(page, 'no-trigger').last().click();
	const chain = page.getByTestId('chain');
	await expect(chain.locator('[data-step="door"]')).toContainText('consider()');
	await expect(chain.locator('[data-step="door"]')).toContainText('triggers: none');
	await expect(chain.locator('[data-step="checks"]')).toContainText('never checked: trigger');
	await expect(chain.locator('[data-step="gate"]')).toContainText('repo-changed');

	await page.getByTestId('switch-legacyConsider').uncheck();
	await expect(page.getByTestId('count-no-trigger')).toHaveText('0');
	await expect(marks(page, 'no-trigger')).toHaveCount(0);
	// Fixed, the same path is refused in words: a refused consider() mark reads "no trigger".
	const refused = page.locator(
		'[data-testid="spend-ledger"] .mark[data-door="consider"][data-refused="true"]'
	);
	await expect(refused.first()).toBeAttached();
	await refused.first().focus();
	await page.keyboard.press('Enter');
	await expect(chain.locator('[data-step="checks"]')).toContainText(/refused by trigger: no trigger/);
});

test('the eternal reason: the same fingerprint every day, then gone with the horizon and the fingerprint', async ({
	page
}) => {
	const on = await counts({ ignoreFingerprint: true, noStaleness: true });
	expect(on.repeatedFingerprints).toBeGreaterThan(10);
	await openLab(page);
	await expect(page.getByTestId('count-repeated')).toHaveText('0');
	await page.getByTestId('switch-ignoreFingerprint').check();
	await page.getByTestId('switch-noStaleness').check();
	await expect(page.getByTestId('count-repeated')).toHaveText(String(on.repeatedFingerprints));
	await expect(page.getByTestId('cost-wasted')).not.toHaveText('$0.00');
	// The price per 1,000 tokens is editable: the money follows it (checked against Node's ledger).
	const { runner } = await simulateAutonomy({
		scenario: 'autonomy',
		seed: SEED,
		config: { ...DEFAULT_CONFIG, ignoreFingerprint: true, noStaleness: true }
	});
	const at = summarize(runner.state as AutonomyState, 0.036);
	await page.getByTestId('price').fill('0.036');
	await expect(page.getByTestId('cost-wasted')).toHaveText(`$${at.costWithoutDecision.toFixed(2)}`);
	await expect(page.getByTestId('cost')).toHaveText(`$${at.cost.toFixed(2)}`);
	const repeated = marks(page, 'repeated-fingerprint');
	await expect(repeated).toHaveCount(on.repeatedFingerprints);
	await repeated.last().focus();
	await page.keyboard.press('Enter');
	const chain = page.getByTestId('chain');
	await expect(chain.locator('[data-step="door"]')).toContainText('same as a grant that ended in SKIP');
	await expect(chain.locator('[data-step="outcome"]')).toContainText('SKIP');

	await page.getByTestId('switch-ignoreFingerprint').uncheck();
	await page.getByTestId('switch-noStaleness').uncheck();
	await expect(page.getByTestId('count-repeated')).toHaveText('0');
	await expect(repeated).toHaveCount(0);
});

test('the charged 500: a failed provider call is "deferred" and charged, then refunded when fixed', async ({
	page
}) => {
	const on = await counts({ chargeTransportErrors: true });
	expect(on.transportFailuresCharged).toBeGreaterThan(0);
	await openLab(page);
	await expect(page.getByTestId('refund-rule')).toContainText('its budget token goes back');
	await expect(page.getByTestId('count-charged')).toHaveText(`0 of ${on.transportFailures}`);
	await page.getByTestId('switch-chargeTransportErrors').check();
	await expect(page.getByTestId('count-charged')).toHaveText(
		`${on.transportFailuresCharged} of ${on.transportFailures}`
	);
	const charged = marks(page, 'charged-failure');
	await expect(charged).toHaveCount(on.transportFailuresCharged);
	await charged.first().focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('chain').locator('[data-step="outcome"]')).toContainText('"deferred"');

	await page.getByTestId('switch-chargeTransportErrors').uncheck();
	await expect(page.getByTestId('count-charged')).toHaveText(`0 of ${on.transportFailures}`);
	await expect(charged).toHaveCount(0);
	// A higher fault rate gives more failures, each recorded and none charged.
	await page.getByTestId('fault-rate').fill('0.3');
	const more = await counts({ faultRate: 0.3 });
	await expect(page.getByTestId('count-charged')).toHaveText(`0 of ${more.transportFailures}`);
});

test('a person plays Sentinel in a saved run; its log matches Node, and a reload resumes it', async ({
	page
}) => {
	const config = { ...DEFAULT_CONFIG, days: 1, ignoreFingerprint: true, noStaleness: true };
	// The same answers in Node: SKIP, with the person's reason.
	const node = createRunner(
		{ scenario: 'autonomy', seed: SEED, config, seats: { 1: { engine: 'human' } } },
		{
			policyFor: () => ({
				label: 'a person',
				act: () => ({ action: { decision: 'SKIP', reason: 'nothing new here' } })
			})
		}
	);
	await node.run();
	const questions = node.log.events.filter((e) => e.kind === 'spend.decided').length;
	expect(questions).toBeGreaterThan(0);

	await openLab(page);
	await page.getByTestId('days').fill('1');
	await page.getByTestId('switch-ignoreFingerprint').check();
	await page.getByTestId('switch-noStaleness').check();
	await page.getByTestId('sentinel-player').selectOption('human');
	await page.getByTestId('start').click();
	await expect(page).toHaveURL(/\/play\/#(v1\.|run=)/);
	await page.getByTestId('speed').selectOption('instant');
	for (let i = 0; i < questions; i++) {
		const desk = page.getByTestId('sentinel-desk');
		await expect(desk).toBeVisible({ timeout: 30_000 });
		await expect(desk).toContainText('Improve');
		await page.getByTestId('sentinel-reason').fill('nothing new here');
		await page.getByTestId('sentinel-skip').click();
		await expect(page.getByTestId('sentinel-skip')).toHaveCount(i + 1 < questions ? 1 : 0, {
			timeout: 30_000
		});
		if (i + 1 < questions) await expect(page.getByTestId('sentinel-reason')).toHaveValue('');
	}
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	await expect(page.getByTestId('log-hash')).toHaveText(node.hash);
	await expect(page).toHaveURL(/#run=/);
	await page.reload();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 30_000 });
	await expect(page.getByTestId('log-hash')).toHaveText(node.hash);
	await expect(page.getByTestId('count-repeated')).toBeVisible();
});

test('the tiny model plays Sentinel in a worker: each question passes the gate and is logged as a model call', async ({
	page
}) => {
	await serveTestModels(page);
	const setup = {
		scenario: 'autonomy',
		seed: SEED,
		config: { ...DEFAULT_CONFIG, days: 1, ignoreFingerprint: true, noStaleness: true, faultRate: 0 },
		seats: { 1: { engine: 'transformers' as const, model: '/test-models/tiny-chat' } }
	};
	await page.goto(`/play/#${encodeShare(setup)}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 120_000 });
	// The chain of a spend names the model and the tokens its call used.
	const spend = page.locator('[data-testid="spend-ledger"] .mark[data-refused="false"]').first();
	await spend.focus();
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('chain').locator('[data-step="model call"]')).toContainText(
		'transformers:/test-models/tiny-chat'
	);
	const calls = await page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const events = await new Promise<{ kind: string; data: { ask: string; promptTokens: number } }[]>(
			(resolve, reject) => {
				const req = db.transaction('events').objectStore('events').getAll();
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			}
		);
		db.close();
		return events.filter((e) => e.kind === 'model.called').map((e) => e.data);
	});
	expect(calls.length).toBeGreaterThan(0);
	expect(calls.every((c) => /^decide:\d+$/.test(c.ask) && c.promptTokens > 0)).toBe(true);
});

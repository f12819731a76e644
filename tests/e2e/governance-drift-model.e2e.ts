/**
 * Drift as the seed measured it, on the page: a governance run whose setup names a drift model loads
 * it in a worker, each round's similarities are logged as the drift meter's answers (in IndexedDB
 * with the run), and the rates panel says which model measured. Without a model it says lexical.
 */
import { encodeShare } from '../../src/lib/share/link';
import { expect, playToEnd, serveTestModels, test } from './fixtures';

/** The run's events as the page stored them. */
function storedKinds(page: import('@playwright/test').Page, runId: string) {
	return page.evaluate(async (runId) => {
		const conn = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const rows = await new Promise<{ runId: string; kind: string; data: unknown }[]>((resolve, reject) => {
			const req = conn.transaction('events').objectStore('events').getAll();
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		return rows.filter((e) => e.runId === runId).map((e) => ({ kind: e.kind, data: e.data }));
	}, runId);
}

/**
 * A finished measured run's link with the recorded answers (the drift meter's among them) replays it
 * exactly in a fresh profile, loading no model file.
 */
async function expectLinkReplaysWithoutModel(page: import('@playwright/test').Page): Promise<void> {
	const hash = (await page.getByTestId('log-hash').textContent()) ?? '';
	const link = await page.getByTestId('recorded-link').getAttribute('href');
	expect(link).toMatch(/#v1\.[\w-]+~r1\./);
	const fresh = await page.context().browser()!.newContext();
	const other = await fresh.newPage();
	const fetched: string[] = [];
	other.on('request', (r) => {
		if (r.url().includes('/test-models/')) fetched.push(r.url());
	});
	await other.goto(link!);
	await expect(other.getByTestId('replay-mode')).toBeVisible();
	expect(await playToEnd(other)).toBe(hash);
	await expect(other.getByTestId('replay-verdict')).toContainText('Replayed exactly');
	expect(fetched, 'model files fetched by the link').toEqual([]);
	await fresh.close();
}

test('a run naming a drift model scores drift with it, logs the numbers and says so', async ({ page }) => {
	test.setTimeout(120_000);
	await serveTestModels(page);
	const model = '/test-models/tiny-embed';
	await page.goto(
		`/play/#${encodeShare({ scenario: 'governance', seed: 2, config: { rounds: 3, driftModel: model } })}`
	);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 90_000 });
	await expect(page.getByText(`Drift measure: embedding (${model}).`)).toBeVisible();
	const runId = /#run=(\w+)/.exec(page.url())?.[1];
	expect(runId).toBeTruthy();
	const events = await storedKinds(page, runId!);
	const measured = events.filter((e) => e.kind === 'drift.measured');
	expect(measured.length).toBeGreaterThan(0);
	for (const e of measured) expect(e.data).toMatchObject({ model, similarities: expect.any(Array) });

	await expectLinkReplaysWithoutModel(page);
});

test('the setup page chooses a drift model folder, and the run it starts measures drift with it', async ({
	page
}) => {
	test.setTimeout(120_000);
	await serveTestModels(page);
	const model = '/test-models/tiny-embed';
	await page.goto('/governance/');
	await page.getByTestId('rounds').fill('3');
	await page.getByTestId('seed').fill('2');
	await page.getByTestId('seat4-scripted').check();
	await page.getByTestId('setup-speed').selectOption('instant');
	const measure = page.getByTestId('drift-measure');
	// Lexical unless chosen; MiniLM says what it downloads before anyone picks it.
	await expect(measure).toHaveValue('lexical');
	await expect(measure.locator('option[value="minilm"]')).toHaveText(
		'Embedding: MiniLM (Xenova/all-MiniLM-L6-v2), about 23 MB download'
	);
	await expect(page.getByText('Sentence-BERT cosine similarity against 0.65')).toBeVisible();
	await measure.selectOption('folder');
	// A folder with no path cannot start a run, and the page says why.
	await expect(page.getByTestId('drift-model-error')).toHaveText(
		"Give the model folder's path on this site, starting with a slash, such as /models/my-embed."
	);
	await expect(page.getByTestId('start')).toBeDisabled();
	await page.getByTestId('drift-model-path').fill(model);
	await expect(page.getByTestId('drift-model-error')).toHaveCount(0);
	await page.getByTestId('start').click();
	await expect(page).toHaveURL(/\/play\/#(v1\.|run=)/);
	await page.getByTestId('speed').selectOption('instant');
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 90_000 });
	await expect(page.getByText(`Drift measure: embedding (${model}).`)).toBeVisible();
	const runId = /#run=(\w+)/.exec(page.url())?.[1];
	expect(runId).toBeTruthy();
	const measured = (await storedKinds(page, runId!)).filter((e) => e.kind === 'drift.measured');
	expect(measured.length).toBeGreaterThan(0);
	for (const e of measured) expect(e.data).toMatchObject({ model, similarities: expect.any(Array) });

	await expectLinkReplaysWithoutModel(page);
});

test('a run naming no drift model says its drift is lexical', async ({ page }) => {
	await page.goto(`/play/#${encodeShare({ scenario: 'governance', seed: 2, config: { rounds: 2 } })}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	await expect(page.getByText('Drift measure: lexical (no embedding model).')).toBeVisible();
});

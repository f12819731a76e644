/**
 * The Tool Agent in the browser: a governance run whose Executor is the red-team variant sends every
 * traversal payload from its agent worker through the tool worker. Each is denied and recorded; the
 * run's files live in IndexedDB (`conclave-vfs`) and nothing was written outside /workspace/output.
 */
import { encodeShare } from '../../src/lib/share/link';
import { TRAVERSAL_PAYLOADS } from '../../src/lib/tools/probes';
import { expect, serveTestModels, test } from './fixtures';

const run = {
	scenario: 'governance',
	seed: 1,
	config: { rounds: 3 },
	seats: { '2': { engine: 'scripted' as const, model: 'red-team' } }
};

/** Every row of one IndexedDB store. */
function readAll(page: import('@playwright/test').Page, db: string, store: string) {
	return page.evaluate(
		async ({ db, store }) => {
			const conn = await new Promise<IDBDatabase>((resolve, reject) => {
				const req = indexedDB.open(db);
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			return new Promise<Record<string, unknown>[]>((resolve, reject) => {
				const req = conn.transaction(store).objectStore(store).getAll();
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
		},
		{ db, store }
	);
}

test('traversal payloads sent from an agent worker are all denied, logged, and leave the files in IndexedDB intact', async ({
	page
}) => {
	test.setTimeout(120_000);
	await page.goto(`/play/#${encodeShare(run)}`);
	await expect(page.getByTestId('run-status')).toContainText('ready');
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 90_000 });
	// The page's own audit trail shows the probes.
	await expect(page.getByTestId('audit-trail')).toContainText('/etc/passwd');
	await expect(page.getByTestId('audit-trail')).toContainText('traversal');
	const runId = /#run=(\w+)/.exec(page.url())?.[1];
	expect(runId).toBeTruthy();

	const events = (await readAll(page, 'conclave', 'events')).filter((e) => e.runId === runId);
	const calls = events
		.filter((e) => e.kind === 'tool.called')
		.map((e) => e.data as { ok: boolean; code?: string; seat: number });
	const denied = calls.filter((c) => !c.ok);
	expect(denied.length).toBeGreaterThanOrEqual(TRAVERSAL_PAYLOADS.length * 3);
	for (const c of denied.slice(0, TRAVERSAL_PAYLOADS.length * 3)) expect(c.seat).toBe(2);
	// Every payload got the denial its class should get, whichever operation carried it.
	const codes = new Set(denied.map((c) => c.code));
	for (const [code] of TRAVERSAL_PAYLOADS) expect(codes.has(code), code).toBe(true);

	const files = (await readAll(page, 'conclave-vfs', 'files')).filter((f) => f.runId === runId);
	const paths = files.map((f) => String(f.path));
	expect(paths).toContain('/workspace/input/sales_q3.csv');
	expect(paths).toContain('/workspace/rules.json');
	for (const p of paths) expect(p).toMatch(/^\/workspace\/(input\/|output\/|rules\.json$)/);
	expect(paths.some((p) => p.includes('probe') || p.includes('..'))).toBe(false);
});

test('drift can be re-scored with sentence embeddings in a worker, each score labelled', async ({ page }) => {
	await serveTestModels(page);
	await page.goto(`/play/#${encodeShare({ scenario: 'governance', seed: 2, config: { rounds: 3 } })}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	await page.getByTestId('embedding-model').fill('/test-models/tiny-embed');
	await page.getByTestId('embedding-score').click();
	const rows = page.getByTestId('embedding-score-row');
	await expect(rows.first()).toContainText('embeddings (/test-models/tiny-embed)', { timeout: 60_000 });
	expect(await rows.count()).toBeGreaterThan(0);
});

test('a role can be played by a model: the Auditor on the tiny model, its calls in the log', async ({
	page
}) => {
	test.setTimeout(120_000);
	await serveTestModels(page);
	const seats = { '3': { engine: 'transformers' as const, model: '/test-models/tiny-chat' } };
	await page.goto(`/play/#${encodeShare({ scenario: 'governance', seed: 3, config: { rounds: 2 }, seats })}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('workers')).toContainText('1 engine workers', { timeout: 60_000 });
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 90_000 });
	const runId = /#run=(\w+)/.exec(page.url())?.[1];
	const events = (await readAll(page, 'conclave', 'events')).filter((e) => e.runId === runId);
	const calls = events
		.filter((e) => e.kind === 'model.called')
		.map((e) => e.data as { seat: number; model: string });
	expect(calls.length).toBeGreaterThan(0);
	for (const c of calls) expect(c).toMatchObject({ seat: 3, model: '/test-models/tiny-chat' });
});

/**
 * Model-backed agents in the browser, with no download: the generated tiny models served by the
 * test, WebGPU detection with and without an adapter, WebLLM failing cleanly offline, and an
 * OpenAI-compatible endpoint (a local mock) whose key never leaves this browser's storage.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { CATALOG } from '../../src/lib/engines/catalog';
import { decodeShare, encodeShare } from '../../src/lib/share/link';
import { expect, serveTestModels, test } from './fixtures';
import { startMockEndpoint, type MockEndpoint } from './mock-endpoint';

const config = { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 2 };
const allSeats = <T>(choice: T) => Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice]));

/** Every event of the latest saved run, read straight from IndexedDB. */
async function savedEvents(page: import('@playwright/test').Page) {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const all = <T>(store: string) =>
			new Promise<T[]>((resolve, reject) => {
				const req = db.transaction(store).objectStore(store).getAll();
				req.onsuccess = () => resolve(req.result as T[]);
				req.onerror = () => reject(req.error);
			});
		const runs = await all<{ id: string; createdAt: number; header: unknown }>('runs');
		const latest = runs.sort((a, b) => b.createdAt - a.createdAt)[0]!;
		const events = (
			await all<{ runId: string; kind: string; data: Record<string, unknown> }>('events')
		).filter((e) => e.runId === latest.id);
		return { header: latest.header, events };
	});
}

test('six seats on the tiny model through transformers.js (WASM) play to the end, one engine worker for all', async ({
	page
}) => {
	await serveTestModels(page);
	const link = encodeShare({
		scenario: 'undercover',
		seed: 5,
		config,
		seats: allSeats({ engine: 'transformers', model: '/test-models/tiny-chat' })
	});
	await page.goto(`/play/#${link}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('workers')).toHaveText('6 agent workers · 1 engine workers', {
		timeout: 60_000
	});
	await expect(page.getByTestId('seat-1')).toContainText('transformers · tiny-chat');
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 120_000 });
	// Workers are gone once the run ends.
	await expect(page.getByTestId('workers')).toHaveText('0 agent workers · 0 engine workers');

	const { events } = await savedEvents(page);
	const calls = events.filter((e) => e.kind === 'model.called');
	const decisions = events.filter(
		(e) => ['speech.given', 'defence.given', 'vote.cast', 'action.forfeited'].includes(e.kind) && e.data.ask
	);
	expect(decisions.length).toBeGreaterThan(6);
	// Every decision an agent made came from at least one recorded model call for the same ask.
	const asked = new Set(calls.map((c) => c.data.ask));
	for (const d of decisions) expect(asked.has(d.data.ask), `model call for ${String(d.data.ask)}`).toBe(true);
	for (const c of calls)
		expect(c.data).toMatchObject({ engine: 'transformers', model: '/test-models/tiny-chat' });
});

test('without a WebGPU adapter the setup says so and offers the fallback', async ({ page }) => {
	await page.goto('/undercover/');
	// How quickly detection gives up is a unit test on a simulated clock (gpu.spec.ts), not a race here.
	await expect(page.getByTestId('gpu-status')).toContainText(/no GPU adapter|no WebGPU/i);
	const seat = page.getByTestId('seat-model-1');
	await expect(seat.locator('option[value="webllm:qwen2.5-0.5b"]')).toBeDisabled();
	await expect(seat.locator('option[value="scripted"]')).toBeEnabled();
	await expect(seat.locator('option[value^="transformers:"]').first()).toBeEnabled();
	// transformers.js on WebGPU needs an adapter too.
	await expect(seat.locator('option[value^="transformers-webgpu:"]').first()).toBeDisabled();
	// The default without WebGPU is scripted agents (what the Models page advises on such a machine);
	// a model on the CPU is one click away, its size beside it.
	await expect(seat).toHaveValue('scripted');
	await expect(page.getByTestId('seat-model-6')).toHaveValue('scripted');
	await expect(page.getByTestId('try-model')).toContainText(
		/about \d+ MB download, slow: seconds to minutes a reply/
	);
	await page.getByTestId('try-model').click();
	await expect(seat).toHaveValue(/^transformers:/);
	await expect(page.getByTestId('seat-model-6')).toHaveValue(/^transformers:/);
});

/**
 * The built chunks that hold the WebLLM package (the page's and the engine worker's copy), found by a
 * sentence of WebLLM's own, as URL paths.
 */
function webllmChunks(): string[] {
	const root = join(process.cwd(), 'build');
	const dir = join(root, '_app/immutable');
	const hits = readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((f) => f.endsWith('.js'))
		.filter((f) =>
			readFileSync(join(dir, f), 'utf8').includes('Please ensure you have called MLCEngine.reload(model)')
		)
		.map((f) => `/${relative(root, join(dir, f))}`);
	expect(
		hits.filter((p) => !p.includes('/workers/')),
		"the page's copy of WebLLM"
	).toHaveLength(1);
	return hits;
}

test('the Models page without WebGPU never fetches the WebLLM package (5.9 MB), and still checks its cache', async ({
	page
}) => {
	// Defect 9: the page loaded WebLLM's chunk on every visit, with no WebGPU too.
	const chunks = webllmChunks();
	const scripts: string[] = [];
	page.on('request', (r) => {
		if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
	});
	// A model WebLLM cached earlier (here put into its cache as WebLLM would): the page must still
	// find it, from the catalog's URLs alone, and offer to delete it.
	const entry = CATALOG[0]!;
	const build = (entry.builds.q4f32 ?? entry.builds.q4f16)!;
	const base = `${prebuiltAppConfig.model_list.find((m) => m.model_id === build.webllmId)!.model}/resolve/main/`;
	await page.goto('/models/');
	await page.evaluate(async (base) => {
		const cache = await caches.open('webllm/model');
		const records = [{ dataPath: 'params_shard_0.bin', nbytes: 4 }];
		await cache.put(new URL('tensor-cache.json', base).href, new Response(JSON.stringify({ records })));
		await cache.put(new URL('params_shard_0.bin', base).href, new Response(new Uint8Array(4)));
	}, base);
	await page.reload();
	await expect(page.getByTestId('catalog-device-reason')).toBeVisible();
	await expect(page.getByTestId(`cache-${entry.id}`)).toHaveText('cached');
	await expect(page.getByTestId(`delete-${entry.id}`)).toBeVisible();
	await page.waitForLoadState('networkidle');
	expect(scripts.length).toBeGreaterThan(0);
	for (const chunk of chunks) expect(scripts).not.toContain(chunk);
});

test.describe('an OpenAI-compatible endpoint', () => {
	let endpoint: MockEndpoint;
	let base = '';
	const KEY = 'sk-test-0123456789-secret';

	test.beforeAll(async () => {
		let n = 0;
		endpoint = await startMockEndpoint(() => `It is something you use every day, number ${++n}.`);
		base = endpoint.baseUrl;
	});
	test.afterAll(() => endpoint.close());

	test('plays with the key sent only as a header: never in the URL, the share link, the export or the log', async ({
		page
	}) => {
		await page.goto('/undercover/');
		await page.getByTestId('all-seats').selectOption('openai');
		await page.getByTestId('endpoint-url').fill(base);
		await page.getByTestId('endpoint-model').fill('mock');
		await page.getByTestId('endpoint-key').fill(KEY);
		await page.getByTestId('start').click();
		await page.getByTestId('speed').selectOption('instant');
		await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
		expect(
			endpoint.seen.map((r) => r.auth),
			'Authorization headers the endpoint saw'
		).toContain(`Bearer ${KEY}`);

		expect(page.url()).not.toContain(KEY);
		const share = (await page.getByTestId('share-link').getAttribute('href')) ?? '';
		expect(share).not.toContain(KEY);
		expect(JSON.stringify(decodeShare(share.split('#')[1] ?? ''))).not.toContain(KEY);
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: /export log/i }).click()
		]);
		const { readFile } = await import('node:fs/promises');
		const exported = await readFile((await download.path())!, 'utf8');
		expect(exported).toContain('model.called');
		expect(exported).not.toContain(KEY);
		const saved = await savedEvents(page);
		expect(JSON.stringify(saved)).not.toContain(KEY);
		expect(JSON.stringify(saved)).toContain(base);
	});
});

test('a link to the models page asks before it downloads the model it names, showing the size', async ({
	page
}) => {
	const workers: string[] = [];
	page.on('worker', (w) => workers.push(w.url()));
	await serveTestModels(page);
	const fetched: string[] = [];
	page.on('request', (r) => {
		if (r.url().includes('/test-models/')) fetched.push(r.url());
	});
	await page.goto('/models/#test=onnx-community/Qwen2.5-0.5B-Instruct');
	const ask = page.getByTestId('confirm-download');
	await expect(ask).toContainText('onnx-community/Qwen2.5-0.5B-Instruct');
	await expect(ask).toContainText('about 480 MB');
	await ask.getByRole('button', { name: 'Cancel' }).click();
	await expect(ask).toHaveCount(0);
	expect(workers, 'no engine worker before the person says yes').toEqual([]);

	// A model hosted beside the site: its size is not known, and it still waits for a yes.
	await page.goto('/models/#test=/test-models/tiny-chat&engine=transformers');
	await page.reload();
	await expect(page.getByTestId('confirm-download')).toContainText('a size this site does not know');
	expect(fetched).toEqual([]);
	expect(workers).toEqual([]);
	await page.getByTestId('confirm-test').click();
	await expect(page.getByTestId('model-test-result')).toContainText('completion', { timeout: 90_000 });
	expect(fetched.length).toBeGreaterThan(0);
});

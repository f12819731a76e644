/**
 * Model downloads: one cut off halfway is never taken for a whole model. The Models page checks WebLLM's
 * cache shard by shard, says which models are fully cached and which are partly downloaded or damaged,
 * and deletes any of them, by URL, without a request leaving the machine. (The browser's Cache API is
 * filled by the test as WebLLM would fill it; no model is downloaded.)
 */
import type { Page } from '@playwright/test';
import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { CATALOG } from '../../src/lib/engines/catalog';
import { expect, test } from './fixtures';

const urlOf = (webllmId: string) =>
	`${prebuiltAppConfig.model_list.find((m) => m.model_id === webllmId)!.model}/resolve/main/`;
const [whole, cut, damaged] = CATALOG.slice(0, 3).map((e) => ({
	id: e.id,
	base: urlOf((e.builds.q4f32 ?? e.builds.q4f16)!.webllmId)
}));

/** Puts a model's index and `shards` of its `of` weight files into WebLLM's cache, `short` one cut. */
async function seed(page: Page, base: string, of: number, shards: number, short = false) {
	await page.evaluate(
		async ({ base, of, shards, short }) => {
			const cache = await caches.open('webllm/model');
			const records = Array.from({ length: of }, (_, i) => ({
				dataPath: `params_shard_${i}.bin`,
				nbytes: 64
			}));
			await cache.put(new URL('tensor-cache.json', base).href, new Response(JSON.stringify({ records })));
			for (let i = 0; i < shards; i++)
				await cache.put(
					new URL(`params_shard_${i}.bin`, base).href,
					new Response(new Uint8Array(short && i === 0 ? 20 : 64))
				);
		},
		{ base, of, shards, short }
	);
}

test('the Models page tells whole, partly downloaded and damaged models apart, and deletes any', async ({
	page
}) => {
	await page.goto('/models/');
	await seed(page, whole!.base, 3, 3);
	await seed(page, cut!.base, 4, 1);
	await seed(page, damaged!.base, 2, 2, true);
	await page.reload();

	await expect(page.getByTestId(`cache-${whole!.id}`)).toHaveText('cached');
	await expect(page.getByTestId(`cache-${cut!.id}`)).toContainText('partly downloaded (1 of 4 weight files)');
	await expect(page.getByTestId(`cache-${damaged!.id}`)).toContainText('damaged');
	await expect(page.getByTestId(`cache-${damaged!.id}`)).toContainText('cut short');
	await expect(page.getByTestId(`cache-${CATALOG[3]!.id}`)).toHaveCount(0);

	for (const m of [cut!, damaged!, whole!]) {
		await page.getByTestId(`delete-${m.id}`).click();
		await expect(page.getByTestId(`cache-${m.id}`)).toHaveCount(0);
	}
	const left = await page.evaluate(async () => (await (await caches.open('webllm/model')).keys()).length);
	expect(left).toBe(0);
});

test('a model library a host answered with a web page (status 200) shows as damaged, with a Delete that clears it', async ({
	page
}) => {
	// Defect 4: WebLLM caches whatever answered for the library in `webllm/wasm` and fails every later
	// load the same way; the page used to show "—" for it and offer no Delete.
	const entry = CATALOG[3]!;
	const webllmId = (entry.builds.q4f32 ?? entry.builds.q4f16)!.webllmId;
	const lib = prebuiltAppConfig.model_list.find((m) => m.model_id === webllmId)!.model_lib;
	await page.goto('/models/');
	await seed(page, urlOf(webllmId), 2, 2);
	await page.evaluate(async (lib) => {
		const portal = '<!doctype html><html><body>Sign in to the Wi-Fi</body></html>';
		await (
			await caches.open('webllm/wasm')
		).put(lib, new Response(portal, { headers: { 'content-type': 'text/html' } }));
	}, lib);
	await page.reload();

	const state = page.getByTestId(`cache-${entry.id}`);
	await expect(state).toContainText('damaged');
	await expect(state).toContainText('model library');
	await page.getByTestId(`delete-${entry.id}`).click();
	await expect(state).toHaveCount(0);
	const left = await page.evaluate(async () => ({
		model: (await (await caches.open('webllm/model')).keys()).length,
		wasm: (await (await caches.open('webllm/wasm')).keys()).length
	}));
	expect(left).toEqual({ model: 0, wasm: 0 });
});

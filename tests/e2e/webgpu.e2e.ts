/**
 * Runs in the "webgpu" project: Chromium with --enable-unsafe-webgpu, whose software adapter
 * (SwiftShader) has no shader-f16 and no real GPU.
 */
import { encodeShare } from '../../src/lib/share/link';
import { expect, serveTestModels, test } from './fixtures';

const config = { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 2 };
const allSeats = <T>(choice: T) => Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice]));

test.describe('with the software WebGPU adapter', () => {
	// WebLLM reaches for its model hosts; the fixture still blocks them, as if offline.
	test.use({ remoteExpected: true });

	test('q4f16 builds are marked unavailable without shader-f16', async ({ page }) => {
		await page.goto('/models/');
		await expect(page.getByTestId('gpu-summary')).toContainText('shader-f16: no');
		await expect(page.getByTestId('build-qwen2.5-0.5b-q4f16')).toContainText('unavailable: no shader-f16');
		await expect(page.getByTestId('build-qwen2.5-0.5b-q4f32')).not.toContainText('unavailable');
		// The newest models are listed with their memory needs; Gemma 3 1B comes only as q4f16.
		await expect(page.getByTestId('build-qwen3.5-2b-q4f32')).toContainText('2.5 GB VRAM');
		await expect(page.getByTestId('catalog-qwen3.5-2b')).toContainText('reasoning model');
		await expect(page.getByTestId('build-gemma-3-1b-q4f16')).toContainText('unavailable: no shader-f16');
		// SwiftShader is a software adapter: the default is no WebLLM model, and the page says why.
		await expect(page.getByTestId('default-software')).toContainText('(this device)');
		await expect(page.getByTestId('default-f32')).toContainText('q4f32');

		// The setup page offers what this adapter runs: q4f32 builds and transformers.js on WebGPU, not a
		// q4f16-only model.
		await page.goto('/undercover/');
		const seat = page.getByTestId('seat-model-1');
		await expect(seat.locator('option[value="webllm:qwen2.5-0.5b"]')).toBeEnabled();
		await expect(seat.locator('option[value="webllm:gemma-3-1b"]')).toBeDisabled();
		await expect(seat.locator('option[value^="transformers-webgpu:"]').first()).toBeEnabled();
	});

	test('a WebLLM download on the blocked network fails clearly and starts no run', async ({ page }) => {
		const link = encodeShare({
			scenario: 'undercover',
			seed: 5,
			config,
			seats: allSeats({ engine: 'webllm', model: 'smollm2-360m' })
		});
		await page.goto(`/play/#${link}`);
		await page.getByTestId('play').click();
		await expect(page.getByText(/Could not load WebLLM · smollm2-360m/)).toBeVisible({ timeout: 60_000 });
		await expect(page.getByText(/Nothing was started/)).toBeVisible();
		await expect(page.getByTestId('run-status')).toContainText('ready');
		await expect(page).not.toHaveURL(/#run=/);
		await page.goto('/runs/');
		await expect(page.getByText('No saved runs yet')).toBeVisible();
	});

	test('transformers.js runs the tiny model on WebGPU (smoke test)', async ({ page }) => {
		await serveTestModels(page);
		await page.goto('/models/#test=/test-models/tiny-chat&engine=transformers&device=webgpu');
		await page.getByTestId('confirm-test').click();
		await expect(page.getByTestId('model-test-result')).toContainText('completion', { timeout: 90_000 });
	});
});

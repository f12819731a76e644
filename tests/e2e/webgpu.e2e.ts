/**
 * Runs in the "webgpu" project: Chromium with --enable-unsafe-webgpu, whose software adapter
 * (SwiftShader) has no shader-f16 and no real GPU.
 */
import type { ModelChoice } from '../../src/lib/engines/types';
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
		// A software adapter: the link's download waits for a yes (see the next test); here, yes.
		await page.getByTestId('slow-download-confirm-button').click();
		await expect(page.getByTestId('slow-download-confirm')).toHaveCount(0);
		await page.getByTestId('play').click();
		await expect(page.getByText(/Could not load WebLLM · smollm2-360m/)).toBeVisible({ timeout: 60_000 });
		await expect(page.getByText(/Nothing was started/)).toBeVisible();
		await expect(page.getByTestId('run-status')).toContainText('ready');
		await expect(page).not.toHaveURL(/#run=/);
		await page.goto('/runs/');
		await expect(page.getByText('No saved runs yet')).toBeVisible();
	});

	test('a link naming WebLLM models asks before downloading, says they are unplayable here, and plays scripted in one click', async ({
		page
	}) => {
		test.setTimeout(120_000);
		const workers: string[] = [];
		page.on('worker', (w) => workers.push(w.url()));
		const requests: string[] = [];
		page.on('request', (r) => requests.push(r.url()));
		const seats: Record<string, ModelChoice> = {
			...allSeats<ModelChoice>({ engine: 'webllm', model: 'qwen2.5-0.5b' }),
			'2': { engine: 'webllm', model: 'smollm2-360m' },
			'6': { engine: 'scripted' }
		};
		await page.goto(`/play/#${encodeShare({ scenario: 'undercover', seed: 5, config, seats })}`);
		const ask = page.getByTestId('slow-download-confirm');
		await expect(ask).toContainText('17 to 40 seconds a token');
		await expect(ask).toContainText('Nothing is downloaded unless you say so');
		// Each model once, with the q4f32 build's size (no shader-f16 here) and its seats.
		const models = ask.getByTestId('slow-download');
		await expect(models).toHaveCount(2);
		await expect(models.nth(0)).toHaveAttribute('data-model', 'qwen2.5-0.5b');
		await expect(models.nth(0)).toContainText(/about \d+ MB download, seats 1, 3, 4, 5$/);
		await expect(models.nth(1)).toContainText(/SmolLM2.*seats 2$/);
		await expect(page.getByTestId('play')).toBeDisabled();
		await expect(page.getByTestId('step')).toBeDisabled();
		await expect(ask.getByTestId('fallback-cpu')).toContainText('SmolLM2 360M Instruct');
		// Offline, a download cannot work: only scripted agents are offered; back online, the CPU model too.
		await page.context().setOffline(true);
		await expect(ask.getByTestId('fallback-cpu')).toHaveCount(0);
		await page.context().setOffline(false);
		await expect(ask.getByTestId('fallback-cpu')).toBeVisible();
		expect(workers, 'no engine worker before the person says yes').toEqual([]);
		expect(requests.filter((u) => !u.startsWith('http://127.0.0.1'))).toEqual([]);

		await page.getByTestId('speed').selectOption('instant');
		await ask.getByTestId('fallback-scripted').click();
		await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
		await expect(page.getByTestId('slow-download-confirm')).toHaveCount(0);
		await expect(page.getByTestId('setup-info')).toContainText('seed 5');
		await expect(page).toHaveURL(/#run=/);
		expect(requests.filter((u) => !u.startsWith('http://127.0.0.1'))).toEqual([]);

		// The Models page says the same of each build it would run, and a link to a WebLLM test offers
		// the CPU model instead.
		await page.goto('/models/');
		await expect(page.getByTestId('build-qwen2.5-0.5b-q4f32').getByTestId('unplayable')).toContainText(
			'17 to 40 seconds a token'
		);
		await expect(page.getByTestId('build-qwen2.5-0.5b-q4f16').getByTestId('unplayable')).toHaveCount(0);
		await page.goto('/models/#test=qwen2.5-0.5b&engine=webllm');
		await page.reload();
		const modelAsk = page.getByTestId('confirm-download');
		await expect(modelAsk.getByTestId('ask-slow')).toContainText('17 to 40 seconds a token');
		await expect(modelAsk.getByTestId('test-cpu-instead')).toContainText('SmolLM2 360M Instruct');
		await expect(modelAsk.getByTestId('test-cpu-instead')).toContainText('about 380 MB');
	});

	test('transformers.js runs the tiny model on WebGPU (smoke test)', async ({ page }) => {
		await serveTestModels(page);
		await page.goto('/models/#test=/test-models/tiny-chat&engine=transformers&device=webgpu');
		await page.getByTestId('confirm-test').click();
		await expect(page.getByTestId('model-test-result')).toContainText('completion', { timeout: 90_000 });
	});
});

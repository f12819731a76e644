/**
 * A WebGPU device lost mid-run, in the "webgpu" project (Chromium's software adapter, SwiftShader).
 *
 * Seat 1 plays the tiny model with transformers.js on WebGPU; seat 2 the same model on WASM; the rest
 * are scripted. After a few turns the test destroys the GPUDevice that onnxruntime-web asked for in
 * seat 1's engine worker: `GPUDevice.destroy()` is a real device loss (the device's `lost` promise
 * resolves and every later GPU call fails), so the next reply fails the way a driver reset or an
 * exhausted GPU makes it fail, through the engine's own error path. The run pauses, saved, with a
 * sentence about the GPU; the Runs page shows it paused; resuming offers the same model or another.
 */
import type { Page, Worker } from '@playwright/test';
import type { ModelChoice } from '../../src/lib/engines/types';
import { encodeShare } from '../../src/lib/share/link';
import { eventCount, expect, playToEnd, savedEvents, serveTestModels, test } from './fixtures';

const ON_GPU: ModelChoice = { engine: 'transformers', model: '/test-models/tiny-chat', device: 'webgpu' };
const ON_CPU: ModelChoice = { engine: 'transformers', model: '/test-models/tiny-chat' };
const run = {
	scenario: 'undercover',
	seed: 21,
	config: { seats: 5, undercover: 1, blank: false, lang: 'en', rounds: 2 },
	seats: { 1: ON_GPU, 2: ON_CPU }
};

/**
 * Notes, in every worker the page starts, the GPUDevice its code asks for (onnxruntime-web's, in the
 * engine worker on WebGPU), so that the test can lose it later. The device is the real one.
 */
function keepGpuDevices(page: Page): void {
	page.on('worker', (worker) => {
		void worker
			.evaluate(() => {
				const scope = self as unknown as { conclaveTestDevices?: GPUDevice[] };
				if (typeof GPUAdapter === 'undefined' || scope.conclaveTestDevices) return;
				scope.conclaveTestDevices = [];
				const requestDevice = GPUAdapter.prototype.requestDevice;
				GPUAdapter.prototype.requestDevice = async function (this: GPUAdapter, descriptor) {
					const device = await requestDevice.call(this, descriptor);
					scope.conclaveTestDevices!.push(device);
					return device;
				};
			})
			.catch(() => undefined); // a worker that ended before it could be reached
	});
}

/** Destroys every GPUDevice the page's workers hold; returns how many were lost. */
async function loseGpuDevices(page: Page): Promise<number> {
	const lost = await Promise.all(
		page.workers().map((w: Worker) =>
			w
				.evaluate(() => {
					const scope = self as unknown as { conclaveTestDevices?: GPUDevice[] };
					const devices = scope.conclaveTestDevices ?? [];
					for (const d of devices) d.destroy();
					scope.conclaveTestDevices = [];
					return devices.length;
				})
				.catch(() => 0)
		)
	);
	return lost.reduce((a, b) => a + b, 0);
}

/** Steps until seat 1 has had a reply from its model on the GPU, so the loss comes mid-run. */
async function stepUntilSeat1Answered(page: Page): Promise<void> {
	for (let i = 0; i < 30; i++) {
		const before = await eventCount(page);
		await page.getByTestId('step').click();
		await expect.poll(() => eventCount(page), { timeout: 60_000 }).toBeGreaterThan(before);
		await expect(page.getByTestId('run-status')).toContainText('paused at event');
		const answered = (await savedEvents(page)).some(
			(e) => e.kind === 'model.called' && e.data.seat === 1 && e.data.transportError === undefined
		);
		if (answered) return;
	}
	throw new Error('seat 1 never answered');
}

/** Loses the GPU mid-run and presses play: the run must pause, saved, and say what happened. */
async function loseTheGpuMidRun(page: Page): Promise<void> {
	keepGpuDevices(page);
	await serveTestModels(page);
	await page.goto(`/play/#${encodeShare(run)}`);
	await page.getByTestId('speed').selectOption('instant');
	await stepUntilSeat1Answered(page);

	expect(await loseGpuDevices(page), 'GPU devices lost').toBeGreaterThan(0);
	await page.getByTestId('play').click();
	const alert = page.getByRole('alert');
	await expect(alert).toContainText('The GPU stopped working', { timeout: 60_000 });
	await expect(alert).toContainText('WebGPU device was lost');
	await expect(alert).toContainText('Press play to retry');
	await expect(page.getByTestId('run-status')).toContainText('paused');
	// Saved: every event the page shows is committed, the failed call included.
	const shown = await eventCount(page);
	await expect(page.getByTestId('saved')).toHaveAttribute('data-saved', String(shown));
	const failed = (await savedEvents(page)).filter(
		(e) => e.kind === 'model.called' && e.data.seat === 1 && e.data.transportError !== undefined
	);
	expect(failed.length).toBeGreaterThan(0);
	expect(String(failed.at(-1)!.data.transportError)).toMatch(/GPU stopped working/);
}

test.describe('a WebGPU device lost mid-run', () => {
	test('pauses the run, saved, with a sentence; another model takes the seat; a replay agrees', async ({
		page
	}) => {
		test.setTimeout(240_000);
		await loseTheGpuMidRun(page);

		// The Runs page (another tab) shows the run as paused, with the reason, not as running.
		const runs = await page.context().newPage();
		await runs.goto('/runs/');
		const cell = runs.getByTestId('run-row').first().getByTestId('run-status-cell');
		await expect(cell).toContainText('paused');
		await expect(cell).toContainText('The GPU stopped working');
		await runs.close();

		// Resuming offers seat 1 its own model or another; seat 2's model on the CPU takes it.
		const seat1 = page.getByTestId('change-model-1');
		await expect(
			seat1.locator('option', { hasText: 'transformers.js (WebGPU) · tiny-chat (the same model)' })
		).toHaveCount(1);
		await expect(page.getByTestId('change-model-apply-1')).toBeDisabled();
		// Only models this GPU can run are offered: a q4f16-only WebLLM model needs shader-f16, which the
		// software adapter lacks; the q4f32 build of another is fine.
		const gemma = seat1.locator('option', { hasText: 'WebLLM · gemma-3-1b' });
		await expect(gemma).toContainText('unavailable');
		await expect(gemma).toContainText('shader-f16');
		await expect(gemma).toBeDisabled();
		await expect(seat1.locator('option', { hasText: 'WebLLM · qwen2.5-0.5b' })).toBeEnabled();
		await seat1.selectOption({ label: 'transformers.js · tiny-chat' });
		await page.getByTestId('change-model-apply-1').click();
		await expect(page.getByTestId('change-model')).toContainText('Seat 1 (transformers.js · tiny-chat)');
		const hash = await playToEnd(page);

		// The change is an event of the log: seat 1 answered on the GPU before it, on the CPU after it.
		const events = await savedEvents(page);
		const changes = events.filter((e) => e.kind === 'seat.model-changed');
		expect(changes).toHaveLength(1);
		expect(changes[0]!.data).toMatchObject({ seat: 1, from: ON_GPU, to: ON_CPU });
		expect((changes[0]!.data.to as ModelChoice).device).toBeUndefined();

		// A reload shows it finished; the Runs page too; and a replay of it ends on the same hash.
		await page.reload();
		await expect(page.getByTestId('run-status')).toContainText('finished');
		await page.goto('/runs/');
		await expect(page.getByTestId('run-row').first().getByTestId('run-status-cell')).toHaveText('finished');
		await page.getByTestId('run-row').first().getByRole('link', { name: 'Replay' }).click();
		await expect(page.getByTestId('replay-mode')).toBeVisible();
		await page.getByTestId('speed').selectOption('instant');
		await page.getByTestId('play').click();
		await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
		expect(await page.getByTestId('log-hash').textContent()).toBe(hash);
		await expect(page.getByTestId('replay-verdict')).toContainText('Replayed exactly');
	});

	test('resumes on the same model: its weights load again on a new device, and the run finishes', async ({
		page
	}) => {
		test.setTimeout(240_000);
		await loseTheGpuMidRun(page);
		const hash = await playToEnd(page);
		expect(hash).not.toBe('');
		const events = await savedEvents(page);
		expect(events.filter((e) => e.kind === 'seat.model-changed')).toHaveLength(0);
		// Seat 1 answered again, on the GPU, after the loss.
		const seat1 = events.filter((e) => e.kind === 'model.called' && e.data.seat === 1);
		const lostAt = seat1.findLastIndex((e) => e.data.transportError !== undefined);
		const after = seat1.slice(lostAt + 1);
		expect(after.length).toBeGreaterThan(0);
		expect(after.every((e) => e.data.transportError === undefined)).toBe(true);
		expect(new Set(after.map((e) => e.data.model))).toEqual(new Set(['/test-models/tiny-chat']));
	});
});

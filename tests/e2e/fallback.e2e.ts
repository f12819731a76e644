/**
 * A model that fails to load offers, in one click, the engines this device can run: scripted agents,
 * and transformers.js on the CPU where that is not what failed. No download starts in this test: the
 * WebLLM model fails at once (no GPU here), the missing transformers.js folder answers 404.
 */
import type { ModelChoice } from '../../src/lib/engines/types';
import { encodeShare } from '../../src/lib/share/link';
import { expect, serveTestModels, test } from './fixtures';

const run = (seat: ModelChoice) => ({
	scenario: 'undercover',
	seed: 4,
	config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 4 },
	seats: Object.fromEntries([1, 2, 3, 4].map((s) => [String(s), seat]))
});

test('a WebLLM model that cannot load here: one click plays the game with scripted agents, or the CPU model is offered', async ({
	page
}) => {
	test.setTimeout(120_000);
	await page.goto(`/play/#${encodeShare(run({ engine: 'webllm', model: 'qwen2.5-0.5b' }))}`);
	await page.getByTestId('speed').selectOption('instant');
	await expect(page.getByTestId('fallback-offers')).toHaveCount(0);
	await page.getByTestId('play').click();
	await expect(page.getByTestId('session-error')).toBeVisible({ timeout: 60_000 });
	const offers = page.getByTestId('fallback-offers');
	await expect(offers).toBeVisible();
	// transformers.js on the CPU runs in any browser: offered with its download size, never started here.
	await expect(page.getByTestId('fallback-cpu')).toContainText('SmolLM2 360M Instruct');
	await expect(page.getByTestId('fallback-cpu')).toContainText('380 MB');
	// The offers follow the network while they are shown: offline, a download cannot work, so the CPU
	// model is not offered; back online, it is again.
	await page.context().setOffline(true);
	await expect(page.getByTestId('fallback-cpu')).toHaveCount(0);
	await expect(page.getByTestId('fallback-scripted')).toBeVisible();
	await page.context().setOffline(false);
	await expect(page.getByTestId('fallback-cpu')).toContainText('380 MB');

	await page.getByTestId('fallback-scripted').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	await expect(page.getByTestId('session-error')).toHaveCount(0);
	await expect(page.getByTestId('fallback-offers')).toHaveCount(0);
	// The same game (seed, seats, words), now with scripted agents, saved as a run of its own.
	await expect(page.getByTestId('setup-info')).toContainText('seed 4');
	await expect(page).toHaveURL(/#run=/);
});

test('a transformers.js model that cannot load offers scripted agents only (the CPU engine is what failed)', async ({
	page
}) => {
	test.setTimeout(120_000);
	await serveTestModels(page);
	await page.goto(
		`/play/#${encodeShare(run({ engine: 'transformers', model: '/test-models/no-such-model' }))}`
	);
	await page.getByTestId('play').click();
	await expect(page.getByTestId('fallback-offers')).toBeVisible({ timeout: 60_000 });
	await expect(page.getByTestId('fallback-scripted')).toBeVisible();
	await expect(page.getByTestId('fallback-cpu')).toHaveCount(0);
});

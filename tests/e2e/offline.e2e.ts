/**
 * The site offline after one visit: the service worker (src/service-worker.ts) has cached it, so every
 * page reloads without a network, a scripted game plays, a recorded run replays, and a model already in
 * the browser's cache (with the ONNX Runtime wasm, cached on first use) still plays.
 */
import { simulate } from '../../scripts/sim';
import { encodeShare } from '../../src/lib/share/link';
import { expect, PAGES, playToEnd, serveTestModels, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });

const scripted = {
	scenario: 'undercover',
	seed: 31,
	config: { seats: 5, undercover: 1, blank: false, lang: 'en', rounds: 6 }
};
const tiny = { engine: 'transformers' as const, model: '/test-models/tiny-chat' };
const tinyGame = encodeShare({
	scenario: 'undercover',
	seed: 4,
	config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 1 },
	seats: { 1: tiny, 2: tiny, 3: tiny, 4: tiny }
});

test('after one visit the site works offline: every page, a scripted game, a replay and a cached model', async ({
	page,
	context
}) => {
	test.setTimeout(240_000);
	await serveTestModels(page);
	await page.goto('/');
	// The first visit installs the service worker, which precaches the site and takes control of the tab.
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 60_000 })
		.toBe('activated');

	// Online: a tiny-model game (its model and the ORT wasm reach the browser's caches on first use).
	await page.goto(`/play/#${tinyGame}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 180_000 });
	const tinyHash = await page.getByTestId('log-hash').textContent();

	// Offline, and the test's model server gone: only what the browser kept can answer.
	await context.unrouteAll({ behavior: 'wait' });
	await context.setOffline(true);
	expect(
		await page.evaluate(() =>
			fetch('/test-models/tiny-chat/config.json').then(
				() => 'reached',
				() => 'offline'
			)
		)
	).toBe('offline');

	for (const path of PAGES) {
		await page.goto(path);
		await expect(page.locator('header nav'), path).toBeVisible();
		await expect(page.locator('main'), path).not.toBeEmpty();
	}

	await page.goto(`/play/#${encodeShare(scripted)}`);
	const { summary } = await simulate(scripted);
	expect(await playToEnd(page)).toBe(summary.logHash);

	// The run just played replays from the runs page, still offline.
	await page.goto('/runs/');
	const played = page
		.getByTestId('run-row')
		.filter({ has: page.getByRole('cell', { name: '31', exact: true }) });
	await played.getByRole('link', { name: 'Replay' }).click();
	expect(await playToEnd(page)).toBe(summary.logHash);

	// The same tiny-model game again, from the browser's caches alone.
	await page.goto(`/play/#${tinyGame}`);
	expect(await playToEnd(page)).toBe(tinyHash);
});

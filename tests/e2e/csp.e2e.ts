/**
 * The built site runs under its own Content-Security-Policy (svelte.config.js, a meta tag in every page):
 * every page, a scripted game, a tiny-model game and a governance run, with no violation reported.
 */
import type { Page } from '@playwright/test';
import { simulate, simulateAutonomy, simulateGovernance } from '../../scripts/sim';
import { encodeShare } from '../../src/lib/share/link';
import { expect, PAGES, playToEnd, serveTestModels, test } from './fixtures';

/** Records every CSP violation the page reports, as an event and as a console message. */
async function watchViolations(page: Page): Promise<string[]> {
	const seen: string[] = [];
	await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (e) =>
			(window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
				`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`
			)
		);
	});
	page.on('console', (msg) => {
		if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
	});
	return seen;
}

test('every page carries the policy: scripts from self only, no objects, no foreign base', async ({
	page
}) => {
	const violations = await watchViolations(page);
	for (const path of PAGES) {
		await page.goto(path);
		const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
		expect(policy, path).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+'/);
		expect(policy).toContain("object-src 'none'");
		expect(policy).toContain("base-uri 'self'");
		expect(policy).toContain("worker-src 'self'");
		expect(policy).not.toContain("'unsafe-eval'");
		expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
	}
	// An inline script slipped into the page is refused, so the policy is live and not decorative.
	const blocked = await page.evaluate(() => {
		(window as unknown as { __ran?: boolean }).__ran = false;
		const s = document.createElement('script');
		s.textContent = 'window.__ran = true';
		document.body.append(s);
		const img = document.createElement('img');
		img.setAttribute('onerror', 'window.__ran = true');
		img.src = 'data:,x';
		document.body.append(img);
		return new Promise<boolean>((r) =>
			setTimeout(() => r((window as unknown as { __ran: boolean }).__ran), 200)
		);
	});
	expect(blocked).toBe(false);
	// ...and reported, so the watcher the next test relies on does see violations.
	await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
});

test('under the policy every page loads and every scenario and a model game play with no violation', async ({
	page
}) => {
	test.setTimeout(240_000);
	const violations = await watchViolations(page);
	await serveTestModels(page);
	for (const path of PAGES) {
		await page.goto(path);
		await expect(page.locator('main')).toBeVisible();
		await expect(page.locator('main')).not.toBeEmpty();
	}

	const scripted = {
		scenario: 'undercover',
		seed: 5,
		config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 6 }
	};
	await page.goto(`/play/#${encodeShare(scripted)}`);
	expect(await playToEnd(page)).toBe((await simulate(scripted)).summary.logHash);

	const governance = { scenario: 'governance', seed: 1, config: { policy: 'assigner-alone', rounds: 12 } };
	await page.goto(`/play/#${encodeShare(governance)}`);
	expect(await playToEnd(page)).toBe((await simulateGovernance(governance)).summary.logHash);

	const autonomy = { scenario: 'autonomy', seed: 2, config: { days: 5 } };
	await page.goto(`/play/#${encodeShare(autonomy)}`);
	expect(await playToEnd(page)).toBe((await simulateAutonomy(autonomy)).summary.logHash);

	const tiny = { engine: 'transformers' as const, model: '/test-models/tiny-chat' };
	await page.goto(
		`/play/#${encodeShare({
			scenario: 'undercover',
			seed: 3,
			config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 1 },
			seats: { 1: tiny, 2: tiny, 3: tiny, 4: tiny }
		})}`
	);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 180_000 });
	await expect(page.getByTestId('seat-1')).toContainText('tiny-chat');

	expect(violations).toEqual([]);
});

import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { chromiumPath, CHROMIUM_ARGS } from './browser';
import { encodeShare } from '../src/lib/share/link';
import { governanceRun } from './page-cost';
const b = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
for (const run of [{ scenario: 'undercover', seed: 1, config: { seats: 6, undercover: 1, blank: 0, lang: 'en', rounds: 3 } }, governanceRun(24)]) {
	const ctx = await b.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
	const p = await ctx.newPage();
	await p.goto(`http://127.0.0.1:4207/play/#${encodeShare(run as never)}`);
	await p.getByTestId('speed').selectOption('instant');
	await p.getByTestId('play').click();
	await p.locator('[data-testid=run-status].status-finished').waitFor({ timeout: 300000 });
	await p.getByTestId('god-view').click().catch(() => {});
	const r = await new AxeBuilder({ page: p }).withRules(['color-contrast']).analyze();
	for (const v of r.violations) for (const n of v.nodes) console.log(run.scenario, n.target.join(' '), '|', n.failureSummary?.split('\n').slice(1).join(' ').slice(0, 200), '|', n.html.slice(0, 120));
	await ctx.close();
}
await b.close();

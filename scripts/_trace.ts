import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { chromiumPath, CHROMIUM_ARGS } from './browser';
import { encodeShare } from '../src/lib/share/link';
import { governanceRun } from './page-cost';
const b = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const ctx = await b.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
const p = await ctx.newPage();
await p.goto(`http://127.0.0.1:4207/play/#${encodeShare(governanceRun(24))}`);
await p.getByTestId('speed').selectOption('instant');
await b.startTracing(p, { path: '/tmp/w26-trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
await p.getByTestId('play').click();
await p.locator('[data-testid=run-status].status-finished').waitFor({ timeout: 200000 });
await b.stopTracing();
await b.close();
const t = JSON.parse(readFileSync('/tmp/w26-trace.json', 'utf8'));
const events = t.traceEvents ?? t;
const main = new Set<string>();
for (const e of events) if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
const self = new Map<string, number>();
// Totals of complete events by name on the main thread (durations overlap across nesting: read as inclusive).
for (const e of events) {
	if (!main.has(`${e.pid}:${e.tid}`) || e.ph !== 'X' || !e.dur) continue;
	self.set(e.name, (self.get(e.name) ?? 0) + e.dur / 1000);
}
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([n, ms]) => `${ms.toFixed(0).padStart(8)} ${n}`).join('\n'));

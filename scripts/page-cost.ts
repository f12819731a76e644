/**
 * What a run costs the play page itself: a real play page (its charts, its agents in workers, saving
 * to IndexedDB) plays a run at instant speed in headless Chromium while Node reads the renderer's own
 * counters over the DevTools protocol (`Performance.getMetrics`: main-thread task time, script,
 * layout, style) beside the run's event count, and the page counts its frames and long tasks.
 * The bench prints these as rows (`npm run bench -- --only page`); run alone it prints JSON, e.g.
 * `npx tsx scripts/page-cost.ts --port 4207 --rounds 200` against a preview already serving `build/`.
 */
import type { Browser, Page } from '@playwright/test';
import { encodeShare, type SharedRun } from '../src/lib/share/link';

/** The governance run the page rows play: every seat scripted, thresholds that let the fuse trip. */
export function governanceRun(rounds: number, seed = 1): SharedRun {
	return {
		scenario: 'governance',
		seed,
		config: {
			policy: 'assigner-alone',
			rounds,
			approval: 50,
			thresholds: { drift: 0.7, penetration: 0.4, conversion: 0.6 },
			fuseRounds: 10,
			fuseMode: 'soft',
			forceMetrics: false
		}
	};
}

interface Sample {
	/** Events in the log when the sample was taken (from the page's status line). */
	events: number;
	/** The renderer's main-thread time so far, ms, and its parts. */
	task: number;
	script: number;
	layout: number;
	style: number;
}

export interface PageCost {
	events: number;
	/** False when the run was still playing at the time limit: the figures cover what it played. */
	finished: boolean;
	/** From the click on play to the page saying "finished". */
	wallMs: number;
	/** Main-thread ms per event over the window starting at each mark (marks the run reached). */
	perEvent: { from: number; to: number; taskMs: number; scriptMs: number; layoutMs: number; styleMs: number }[];
	longTasks: number;
	longestTaskMs: number;
	/** Frames the page drew per second while the run played. */
	fps: number;
	/** DOM nodes on the page when the run finished. */
	nodes: number;
}

/** Installed before the page's own scripts: counts frames and long tasks from the click on play. */
function instrument() {
	const w = window as unknown as { __cost: { frames: number; long: number[]; counting: boolean } };
	w.__cost = { frames: 0, long: [], counting: false };
	const frame = () => {
		if (w.__cost.counting) w.__cost.frames++;
		requestAnimationFrame(frame);
	};
	requestAnimationFrame(frame);
	new PerformanceObserver((list) => {
		if (!w.__cost.counting) return;
		for (const e of list.getEntries()) w.__cost.long.push(e.duration);
	}).observe({ type: 'longtask', buffered: false });
}

const STATUS = '[data-testid="run-status"]';

async function eventsShown(page: Page): Promise<{ events: number; finished: boolean }> {
	return page.evaluate((sel) => {
		const el = document.querySelector(sel);
		const text = el?.textContent ?? '';
		const n = /(\d[\d,]*)/.exec(text)?.[1];
		return { events: n ? Number(n.replace(/,/g, '')) : 0, finished: el?.className.includes('finished') ?? false };
	}, STATUS);
}

/**
 * Plays `run` on `${origin}/play/` at instant speed and measures it. `marks` are the event counts at
 * which the per-event cost is taken, each over the next `window` events.
 */
export async function pageCost(
	browser: Browser,
	origin: string,
	run: SharedRun,
	options: { marks?: number[]; window?: number; timeoutMs?: number } = {}
): Promise<PageCost> {
	const marks = options.marks ?? [100, 2000];
	const span = options.window ?? 200;
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
	const page = await context.newPage();
	try {
		await page.addInitScript(instrument);
		await page.addInitScript(() => localStorage.setItem('conclave:speed', 'instant'));
		await page.goto(`${origin}/play/#${encodeShare(run)}`);
		await page.getByTestId('speed').selectOption('instant');
		const cdp = await context.newCDPSession(page);
		await cdp.send('Performance.enable');
		const sample = async (): Promise<Sample & { finished: boolean }> => {
			const { metrics } = (await cdp.send('Performance.getMetrics')) as {
				metrics: { name: string; value: number }[];
			};
			const get = (name: string) => 1000 * (metrics.find((x) => x.name === name)?.value ?? 0);
			const shown = await eventsShown(page);
			return {
				...shown,
				task: get('TaskDuration'),
				script: get('ScriptDuration'),
				layout: get('LayoutDuration'),
				style: get('RecalcStyleDuration')
			};
		};
		await page.evaluate(() => ((window as unknown as { __cost: { counting: boolean } }).__cost.counting = true));
		const t0 = Date.now();
		await page.getByTestId('play').click();
		const samples: Sample[] = [];
		let last = await sample();
		const deadline = t0 + (options.timeoutMs ?? 300_000);
		while (!last.finished && Date.now() < deadline) {
			samples.push(last);
			await new Promise((r) => setTimeout(r, 20));
			last = await sample();
		}
		const wallMs = Date.now() - t0;
		samples.push(last);
		const cost = await page.evaluate(() => {
			const c = (window as unknown as { __cost: { frames: number; long: number[]; counting: boolean } }).__cost;
			c.counting = false;
			return { frames: c.frames, long: c.long, nodes: document.getElementsByTagName('*').length };
		});
		const at = (n: number) => samples.find((s) => s.events >= n);
		const perEvent: PageCost['perEvent'] = [];
		for (const mark of marks) {
			const a = at(mark);
			const b = at(mark + span);
			if (!a || !b || b.events === a.events) continue;
			const d = b.events - a.events;
			perEvent.push({
				from: a.events,
				to: b.events,
				taskMs: (b.task - a.task) / d,
				scriptMs: (b.script - a.script) / d,
				layoutMs: (b.layout - a.layout) / d,
				styleMs: (b.style - a.style) / d
			});
		}
		return {
			events: last.events,
			finished: last.finished,
			wallMs,
			perEvent,
			longTasks: cost.long.length,
			longestTaskMs: Math.max(0, ...cost.long),
			fps: cost.frames / (wallMs / 1000),
			nodes: cost.nodes
		};
	} finally {
		await context.close();
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const arg = (name: string, fallback: string) => {
		const i = process.argv.indexOf(`--${name}`);
		return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
	};
	const { chromium } = await import('@playwright/test');
	const { chromiumPath, CHROMIUM_ARGS } = await import('./browser');
	const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
	try {
		const result = await pageCost(
			browser,
			`http://127.0.0.1:${arg('port', '4207')}`,
			governanceRun(Number(arg('rounds', '200'))),
			{ timeoutMs: Number(arg('limit', '300')) * 1000 }
		);
		console.log(JSON.stringify(result, null, 1));
	} finally {
		await browser.close();
	}
}

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
	/** DOM changes the page has made so far (MutationObserver records). */
	mutations: number;
}

export interface PageCost {
	events: number;
	/** False when the run was still playing at the time limit: the figures cover what it played. */
	finished: boolean;
	/** From the click on play to the page saying "finished". */
	wallMs: number;
	/** Main-thread ms per event over the window starting at each mark (marks the run reached). */
	perEvent: {
		from: number;
		to: number;
		taskMs: number;
		scriptMs: number;
		layoutMs: number;
		styleMs: number;
		/** DOM changes per event: what the page touched, whatever the machine's load. */
		mutations: number;
	}[];
	longTasks: number;
	longestTaskMs: number;
	/** Frames the page drew per second while the run played. */
	fps: number;
	/** DOM nodes on the page when the run finished. */
	nodes: number;
	/** With `profile`: the functions with the most self time on the main thread, ms. */
	hot?: { fn: string; ms: number }[];
}

interface CpuProfile {
	nodes: {
		id: number;
		callFrame: { functionName: string; url: string; lineNumber: number };
		hitCount?: number;
	}[];
	samples: number[];
	timeDeltas: number[];
}

/** Self time per function (name, file and line) in a V8 CPU profile, the top 25. */
function hotFunctions(profile: CpuProfile): { fn: string; ms: number }[] {
	const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
	const self = new Map<string, number>();
	profile.samples.forEach((id, i) => {
		const f = byNode.get(id)?.callFrame;
		if (!f) return;
		const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`;
		self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
	});
	return [...self.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, 25)
		.map(([fn, ms]) => ({ fn, ms: Math.round(ms) }));
}

/**
 * Installed before the page's own scripts: counts frames and long tasks once `counting` is set. A
 * string, not a function: the TypeScript loader would wrap a function in helpers the page lacks.
 */
const INSTRUMENT = `
window.__cost = { frames: 0, long: [], counting: false, mutations: 0 };
new MutationObserver((records) => { if (window.__cost.counting) window.__cost.mutations += records.length; })
	.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
const frame = () => { if (window.__cost.counting) window.__cost.frames++; requestAnimationFrame(frame); };
requestAnimationFrame(frame);
new PerformanceObserver((list) => {
	if (!window.__cost.counting) return;
	for (const e of list.getEntries()) window.__cost.long.push(e.duration);
}).observe({ type: 'longtask', buffered: false });
`;

const STATUS = '[data-testid="run-status"]';

/** The events the page says it has shown, from its status line ("playing (1,234 events)"). */
async function eventsShown(page: Page): Promise<{ events: number; finished: boolean; mutations: number }> {
	const [text, cls, mutations] = (await page.evaluate(
		`(() => { const el = document.querySelector('${STATUS}'); return [el?.textContent ?? '', el?.className ?? '', window.__cost.mutations]; })()`
	)) as [string, string, number];
	const n = /(\d[\d,]*)/.exec(text)?.[1];
	return { events: n ? Number(n.replace(/,/g, '')) : 0, finished: cls.includes('finished'), mutations };
}

/**
 * Plays `run` on `${origin}/play/` at instant speed and measures it. `marks` are the event counts at
 * which the per-event cost is taken, each over the next `window` events.
 */
export async function pageCost(
	browser: Browser,
	origin: string,
	run: SharedRun,
	options: { marks?: number[]; window?: number; timeoutMs?: number; profile?: boolean } = {}
): Promise<PageCost> {
	const marks = options.marks ?? [100, 2000];
	const span = options.window ?? 200;
	const context = await browser.newContext({
		viewport: { width: 1280, height: 900 },
		serviceWorkers: 'block'
	});
	const page = await context.newPage();
	try {
		await page.addInitScript(INSTRUMENT);
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
		if (options.profile) {
			await cdp.send('Profiler.enable');
			await cdp.send('Profiler.start');
		}
		await page.evaluate('window.__cost.counting = true');
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
		const cost = (await page.evaluate(
			'window.__cost.counting = false, ({ frames: window.__cost.frames, long: window.__cost.long, nodes: document.getElementsByTagName("*").length })'
		)) as { frames: number; long: number[]; nodes: number };
		const hot = options.profile
			? hotFunctions(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile)
			: undefined;
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
				styleMs: (b.style - a.style) / d,
				mutations: (b.mutations - a.mutations) / d
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
			nodes: cost.nodes,
			...(hot ? { hot } : {})
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
			{
				timeoutMs: Number(arg('limit', '300')) * 1000,
				marks: arg('marks', '100,2000').split(',').map(Number),
				profile: process.argv.includes('--profile')
			}
		);
		console.log(JSON.stringify(result, null, 1));
	} finally {
		await browser.close();
	}
}

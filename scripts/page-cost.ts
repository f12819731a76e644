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
import { pageRun } from '../src/lib/scenarios/governance/setups';

/** The governance run the page rows play: every seat scripted, thresholds that let the fuse trip. */
export const governanceRun = pageRun;

export interface Sample {
	/** Ms since the click on play. */
	at: number;
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

/** Thrown by `within` when a step of a measurement outlived its deadline: the step is named. */
export class DeadlineError extends Error {}

/**
 * `promise`, or a DeadlineError naming `what` once `ms` have passed: every wait on the page or the
 * DevTools protocol goes through this, so a page that stops answering fails its row instead of
 * hanging the bench (the 200-round row once waited forever on a sample).
 */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<never>((_, reject) => {
		timer = setTimeout(
			() => reject(new DeadlineError(`${what}: no answer within ${Math.round(ms / 1000)} s`)),
			Math.max(0, ms)
		);
	});
	try {
		return await Promise.race([promise, late]);
	} finally {
		clearTimeout(timer);
	}
}

/** How long one look at the page (a sample, a click) may take before the measurement gives up. */
const STEP_MS = 30_000;

export interface PageCost {
	events: number;
	/** False when the run was still playing at the time limit: the figures cover what it played. */
	finished: boolean;
	/**
	 * Why the measurement stopped before the run finished, when it did: the time limit, or a step
	 * that outlived its deadline (a sample the page did not answer). The figures cover what it saw.
	 */
	stopped?: string;
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
	/**
	 * Main-thread ms per event over the first and the last tenth of the events the run played (issue
	 * 24's flat cost, on the page): null when the samples were too few to tell the tenths apart.
	 */
	tenths: { firstMs: number; lastMs: number } | null;
	longTasks: number;
	longestTaskMs: number;
	/** Frames the page drew per second while the run played. */
	fps: number;
	/** DOM nodes on the page when the run finished. */
	nodes: number;
	/** With `profile`: the functions with the most self time on the main thread, ms. */
	hot?: { fn: string; ms: number }[];
	/**
	 * With `trace`: the renderer main thread's self time by trace event (script, style, layout, paint,
	 * IndexedDB, messages from workers...), ms: what the profile's "(program)" hides.
	 */
	traced?: { event: string; ms: number }[];
	/** With `series`: every sample the run took (ms since the click, events, task ms, DOM changes). */
	series?: { at: number; events: number; task: number; mutations: number }[];
}

interface TraceEvent {
	name: string;
	ph: string;
	ts: number;
	dur?: number;
	pid: number;
	tid: number;
	args?: { name?: string };
}

/** Self time per trace event name on the renderer's main thread (complete events, nested), the top 25. */
export function mainThreadSelfTime(events: readonly TraceEvent[]): { event: string; ms: number }[] {
	const main = events.find(
		(e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain'
	);
	if (!main) return [];
	const spans = events
		.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number')
		.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
	const self = new Map<string, number>();
	const stack: { end: number; name: string }[] = [];
	for (const e of spans) {
		while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
		const parent = stack.at(-1);
		// A child's time is its own, not its parent's.
		if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
		self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
		stack.push({ end: e.ts + e.dur!, name: e.name });
	}
	return [...self.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, 25)
		.map(([event, us]) => ({ event, ms: Math.round(us / 1000) }));
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

/** What shows that a scenario's lazily imported view has mounted, with its charts. */
const VIEW_READY: Partial<Record<string, string>> = {
	governance: '[data-testid="metric-lines"]'
};

/** The events the page says it has shown, from its status line ("playing (1,234 events)"). */
async function eventsShown(page: Page): Promise<{ events: number; finished: boolean; mutations: number }> {
	const [text, cls, mutations] = (await within(
		STEP_MS,
		'reading the status line',
		page.evaluate(
			`(() => { const el = document.querySelector('${STATUS}'); return [el?.textContent ?? '', el?.className ?? '', window.__cost.mutations]; })()`
		)
	)) as [string, string, number];
	const n = /(\d[\d,]*)/.exec(text)?.[1];
	return { events: n ? Number(n.replace(/,/g, '')) : 0, finished: cls.includes('finished'), mutations };
}

/**
 * The counters at exactly `n` events, read linearly between the samples either side: the page shows
 * tens of events a frame and is sampled every few frames, so the sample nearest a mark is up to a
 * hundred events past it. Windows cut at the samples were 257 events early and 147 late in one run;
 * cut here, every window spans the same events. Null past the last sample.
 */
export function sampleAt(samples: readonly Sample[], n: number): Sample | null {
	const i = samples.findIndex((x) => x.events >= n);
	if (i < 0) return null;
	const b = samples[i]!;
	if (b.events === n) return b;
	// Samples come in order, so the one before holds fewer events than `n`.
	const a = samples[i - 1];
	if (!a) return null;
	const t = (n - a.events) / (b.events - a.events);
	const mix = (x: number, y: number) => x + t * (y - x);
	return {
		at: mix(a.at, b.at),
		events: n,
		task: mix(a.task, b.task),
		script: mix(a.script, b.script),
		layout: mix(a.layout, b.layout),
		style: mix(a.style, b.style),
		mutations: mix(a.mutations, b.mutations)
	};
}

/**
 * Plays `run` on `${origin}/play/` at instant speed and measures it. `marks` are the event counts at
 * which the per-event cost is taken, each over the next `window` events (or, where the finished run
 * is shorter, its last `window` events).
 */
export async function pageCost(
	browser: Browser,
	origin: string,
	run: SharedRun,
	options: {
		marks?: number[];
		window?: number;
		timeoutMs?: number;
		profile?: boolean;
		trace?: boolean;
		series?: boolean;
	} = {}
): Promise<PageCost> {
	const marks = options.marks ?? [100, 2000];
	// Charts out of sight are drawn once a second (D3Chart.svelte), and at instant speed a second is
	// about 1,200 events: a 200-event window held such a draw or did not (0.72 ms an event early, 1.49
	// late in one run; 0.61 and 0.65 over 1,000 events), so a window spans most of a second.
	const span = options.window ?? 1000;
	const context = await browser.newContext({
		viewport: { width: 1280, height: 900 },
		serviceWorkers: 'block'
	});
	const page = await context.newPage();
	const step = <T>(what: string, p: Promise<T>) => within(STEP_MS, what, p);
	try {
		await page.addInitScript(INSTRUMENT);
		await step('opening the play page', page.goto(`${origin}/play/#${encodeShare(run)}`));
		// The scenario's view is imported lazily: counting before it mounts would time a page without
		// its charts (and count the view's own mounting as the run's first events).
		await step(
			'waiting for the view to mount',
			page
				.locator(VIEW_READY[run.scenario] ?? STATUS)
				.first()
				.waitFor({ state: 'attached' })
		);
		await page.getByTestId('speed').selectOption('instant', { timeout: STEP_MS });
		const cdp = await step('opening the DevTools session', context.newCDPSession(page));
		await step('Performance.enable', cdp.send('Performance.enable'));
		let t0 = 0;
		const sample = async (): Promise<Sample & { finished: boolean }> => {
			const { metrics } = (await step('Performance.getMetrics', cdp.send('Performance.getMetrics'))) as {
				metrics: { name: string; value: number }[];
			};
			const get = (name: string) => 1000 * (metrics.find((x) => x.name === name)?.value ?? 0);
			const shown = await eventsShown(page);
			return {
				...shown,
				at: Date.now() - t0,
				task: get('TaskDuration'),
				script: get('ScriptDuration'),
				layout: get('LayoutDuration'),
				style: get('RecalcStyleDuration')
			};
		};
		if (options.profile) {
			await step('Profiler.enable', cdp.send('Profiler.enable'));
			await step('Profiler.start', cdp.send('Profiler.start'));
		}
		if (options.trace)
			await step(
				'starting the trace',
				browser.startTracing(page, {
					categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline']
				})
			);
		await step('starting the counters', page.evaluate('window.__cost.counting = true'));
		t0 = Date.now();
		await page.getByTestId('play').click({ timeout: STEP_MS });
		const samples: Sample[] = [];
		let last = await sample();
		const limitMs = options.timeoutMs ?? 300_000;
		const deadline = t0 + limitMs;
		let stopped: string | undefined;
		while (!last.finished) {
			samples.push(last);
			if (Date.now() >= deadline) {
				stopped = `still playing after ${Math.round(limitMs / 1000)} s`;
				break;
			}
			await new Promise((r) => setTimeout(r, 20));
			try {
				// A sample may not outlast the run's own deadline either.
				last = await within(
					Math.min(STEP_MS, Math.max(1, deadline - Date.now()) + 1000),
					'a sample',
					sample()
				);
			} catch (err) {
				if (!(err instanceof DeadlineError)) throw err;
				stopped = err.message;
				break;
			}
		}
		const wallMs = Date.now() - t0;
		if (!stopped) samples.push(last);
		const cost = (await step(
			'reading the frame and long-task counts',
			page.evaluate(
				'window.__cost.counting = false, ({ frames: window.__cost.frames, long: window.__cost.long, nodes: document.getElementsByTagName("*").length })'
			)
		)) as { frames: number; long: number[]; nodes: number };
		const hot = options.profile
			? hotFunctions(
					((await within(120_000, 'Profiler.stop', cdp.send('Profiler.stop'))) as { profile: CpuProfile })
						.profile
				)
			: undefined;
		const traced = options.trace
			? mainThreadSelfTime(
					(
						JSON.parse((await within(120_000, 'stopping the trace', browser.stopTracing())).toString()) as {
							traceEvents: TraceEvent[];
						}
					).traceEvents
				)
			: undefined;
		const finishedAt = !stopped && last.finished ? last.events : null;
		const perEvent: PageCost['perEvent'] = [];
		for (const mark of marks) {
			// A window the finished run is too short for is its last `span` events, so early and late
			// windows stay the same size (a 200-round run's ~2,340 events hold no 2,000-3,000).
			const from = finishedAt !== null && mark + span > finishedAt ? finishedAt - span : mark;
			const a = sampleAt(samples, from);
			const b = sampleAt(samples, from + span);
			if (from < 0 || !a || !b) continue;
			perEvent.push({
				from,
				to: from + span,
				taskMs: (b.task - a.task) / span,
				scriptMs: (b.script - a.script) / span,
				layoutMs: (b.layout - a.layout) / span,
				styleMs: (b.style - a.style) / span,
				mutations: (b.mutations - a.mutations) / span
			});
		}
		const lastSeen = samples.at(-1) ?? last;
		const tenth = lastSeen.events / 10;
		const perEventOver = (a: Sample | undefined, b: Sample | undefined) =>
			a && b && b.events > a.events ? (b.task - a.task) / (b.events - a.events) : null;
		const firstMs = perEventOver(
			samples.find((x) => x.events > 0),
			samples.find((x) => x.events >= tenth)
		);
		const lastMs = perEventOver(
			samples.findLast((x) => x.events <= lastSeen.events - tenth),
			lastSeen
		);
		return {
			events: lastSeen.events,
			finished: !stopped && last.finished,
			...(stopped ? { stopped } : {}),
			wallMs,
			perEvent,
			tenths: firstMs !== null && lastMs !== null ? { firstMs, lastMs } : null,
			longTasks: cost.long.length,
			longestTaskMs: Math.max(0, ...cost.long),
			fps: cost.frames / (wallMs / 1000),
			nodes: cost.nodes,
			...(hot ? { hot } : {}),
			...(traced ? { traced } : {}),
			...(options.series
				? {
						series: samples.map((x) => ({
							at: x.at,
							events: x.events,
							task: Math.round(x.task),
							mutations: x.mutations
						}))
					}
				: {})
		};
	} finally {
		// A page that does not answer may not hold the bench either: the browser closes it later.
		await within(STEP_MS, 'closing the page', context.close()).catch(() => undefined);
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
				window: Number(arg('window', '1000')),
				profile: process.argv.includes('--profile'),
				trace: process.argv.includes('--trace'),
				series: process.argv.includes('--series')
			}
		);
		console.log(JSON.stringify(result, null, 1));
	} finally {
		await browser.close();
	}
}

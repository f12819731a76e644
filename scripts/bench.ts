/**
 * `npm run bench`: the performance goals, as a table of medians and rates (never a timed test).
 * Node: scripted six-seat games per second on one core, rebuilding a 10,000-event run, autonomy runs
 * per second, the spend gate's cost per call, and evaluation games at --concurrency 8 against 1 on a
 * local mock OpenAI-compatible server. Chromium: the runner's overhead per agent turn, the same
 * rebuild, and importing a 1 MB export, on the built site's hidden /bench/ page. XGrammar (WebLLM's
 * own copy, in Node): the slowest compile of any schema a scenario sends. Every timed row that
 * has a floor is printed beside it: a plain JSON.parse of the same bytes, measured in the same run.
 * Issue 20's goal (`models`): forfeits per 100 structured asks with stories260K and tiny-chat at every
 * seat (BENCH_MODEL_SEEDS seeds, default 20) and the real model's game time against the same game
 * scripted; `constrained`: held against free decoding per token, on 512 and 151,665-token vocabularies.
 * The pages as a person meets them (`page`): each page's first-load JavaScript, a 200-round
 * governance run on the play page, the first speech after Start, Lighthouse.
 * Issue 24's flat cost (`long`): a 3,000-round governance run played and replayed, per event in its
 * last tenth against its first, in Node (CPU time) and in Chromium (/bench/#long, DevTools CPU time).
 * The leaderboard page's analysis (`analysis`, issue 23): its tables, ratings, CK-Arena and leak figures
 * over 250 and 1,000 stored games, beside JSON.parse of the same logs, and the load once their
 * per-game figures are cached. Only when named (`ck-tiny`): the whole CK-Arena set with the tiny chat
 * model in one Chromium tab.
 * `npm run bench -- --only kernel,browser` runs only those groups of rows (names in SECTIONS).
 */
import { spawn } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from '@playwright/test';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import {
	gamesPerSecond,
	hashFloorGamesPerSecond,
	longRunFigures,
	longRunFile,
	median,
	modelGame,
	NATURAL_RUNS,
	rebuildFigures,
	reexecFigures,
	winSplit,
	type LongRunFigures,
	type ModelGameFigures
} from '../src/lib/run/bench';
import { canonicalJson, Gate } from '../src/lib/core';
import type { SharedRun } from '../src/lib/share/link';
import { createRunner } from '../src/lib/run/play';
import { policyForChoice } from '../src/lib/policies/factory';
import { CHAT_MODEL, generateFixtures, MODELS_DIR, STORY_MODEL, STORY_SOURCE } from './fixtures/index';
import { wideVocabFiles } from './fixtures/wide-vocab';
import {
	autonomyRun,
	governanceRun,
	localModel,
	playModelGame,
	undercoverRun,
	type GameFigures
} from './model-games';
import { simulate } from './sim';
import { labRun } from '../src/lib/scenarios/autonomy/setups';
import { longRun } from '../src/lib/scenarios/governance/setups';
import { benchGame } from '../src/lib/scenarios/undercover/setups';
import { TransformersEngine } from '../src/lib/engines/transformers';
import { compileSchema, ConstrainedChooser } from '../src/lib/engines/schema-constraint';
import { voteSchema } from '../src/lib/scenarios/undercover/schemas';
import { loadNodeClient } from './node-client';
import { serveTestModels } from './test-models';
import { chromiumPath, CHROMIUM_ARGS } from './browser';
import { guardRows } from './bench-guards';
import { runEval } from './eval';
import { startMockOpenAI } from './mock-openai';
import { CATALOG_VOCAB_SIZE, schemaChecker, syntheticVocab } from './xgrammar';
import { scenarioSchemas } from './scenario-schemas';
import { schemaFor as governanceSchemaFor } from '../src/lib/scenarios/governance';
import { withToolCall } from '../src/lib/scenarios/governance/prompts';
import { budgetKb, builtPages, chunkContents, chunkName, firstLoads } from './first-load';
import { governanceRun as pageGovernanceRun, pageCost, within, type PageCost } from './page-cost';
import { analysisFigures, storedGames } from './bench-analysis';
import { ckTinyInBrowser } from './bench-ck-tiny';

/** The /bench/ page's result: its JSON, once the page has written it. */
function benchResult(page: Page) {
	return page.getByTestId('bench-result').filter({ hasText: '{' });
}

interface Row {
	metric: string;
	value: string;
	goal: string;
	met: boolean | null;
}

const rows: Row[] = [];
/** What a long section still has to say when the bench is stopped part way (see the end of the file). */
let onStop: (() => void) | null = null;
const fmt = (n: number, digits = 3) => (n >= 100 ? n.toFixed(0) : n === 0 ? '0' : n.toPrecision(digits));

async function nodeRows() {
	await gamesPerSecond(200, () => performance.now()); // warm-up: let the JIT settle
	// The median of three runs: these machines are shared, and one busy moment should not decide it.
	const runs = [];
	for (let i = 0; i < 3; i++) runs.push(await gamesPerSecond(700, () => performance.now()));
	const perSecond = median(runs.map((r) => r.perSecond));
	const events = runs[0]!.events;
	rows.push({
		metric: 'scripted 6-seat games/s, Node, 1 core (median of 3)',
		value: fmt(perSecond),
		goal: '>= 1000',
		met: perSecond >= 1000
	});
	rows.push({ metric: 'events per game (mean)', value: fmt(events), goal: '', met: null });
	// The same games' events, only serialised canonically and hashed into a chain: the log's own cost.
	const floor = await hashFloorGamesPerSecond(700, () => performance.now());
	rows.push({
		metric: 'canonical serialise + hash floor, games/s, same games (median of 3)',
		value: fmt(floor.perSecond),
		goal: '',
		met: null
	});
	// The share from back-to-back pairs (the kernel's games, then the floor over the same games), so a
	// busy spell on this shared machine falls on both sides of a ratio rather than on one.
	const shares: number[] = [];
	for (let i = 0; i < 5; i++) {
		const kernel = await gamesPerSecond(700, () => performance.now());
		const pairFloor = await hashFloorGamesPerSecond(700, () => performance.now(), 1);
		shares.push(kernel.perSecond / pairFloor.perSecond);
	}
	const ratio = median(shares);
	rows.push({
		metric: '  kernel games/s as a share of that floor (median of 5 back-to-back pairs)',
		value: fmt(ratio, 2),
		goal: '>= 0.6',
		met: ratio >= 0.6
	});
	const split = await winSplit(1000);
	const pct = (n: number) => `${((100 * n) / 1000).toFixed(1)}%`;
	rows.push({
		metric: 'wins over 1,000 seeds: civilians / undercover / draw',
		value: `${pct(split.civilians)} / ${pct(split.undercover)} / ${pct(split.draw)}`,
		goal: 'both > 15%',
		met: split.civilians > 150 && split.undercover > 150
	});
}

/** Opening a long run (resume, replay, import all start here): the final state from 10,000 events. */
async function nodeReplayRows() {
	const long = await longRunFile(10_000);
	rebuildFigures(long.text, 3, () => performance.now()); // warm-up
	const r = rebuildFigures(long.text, 7, () => performance.now());
	replayRows('Node', { events: long.events, ...r });
}

/** Re-executing each scenario's longest natural run (what opening a recorded run does), Node. */
async function nodeReexecRows() {
	for (const run of NATURAL_RUNS) {
		await reexecFigures(run, 1, () => performance.now()); // warm-up
		reexecRows('Node', run, await reexecFigures(run, 5, () => performance.now()));
	}
}

function reexecRows(where: string, run: SharedRun, r: { events: number; ms: number; usPerEvent: number }) {
	rows.push({
		metric: `re-execute a natural ${run.scenario} log (${canonicalJson(run.config)}, ${r.events.toLocaleString('en-US')} events), ${where} (median of 5)`,
		value: `${fmt(r.ms)} ms (${fmt(r.usPerEvent)} µs/event)`,
		goal: '',
		met: null
	});
}

function replayRows(where: string, r: { events: number; rebuildMs: number; parseMs: number }) {
	rows.push({
		metric: `rebuild final state from a ${r.events.toLocaleString('en-US')}-event log, ${where} (median of 7)`,
		value: `${fmt(r.rebuildMs)} ms`,
		goal: '<= 200 ms',
		met: r.rebuildMs <= 200
	});
	rows.push({
		metric: `  beside: plain JSON.parse of the same lines, ${where}`,
		value: `${fmt(r.parseMs)} ms (x${fmt(r.rebuildMs / r.parseMs, 2)})`,
		goal: '',
		met: null
	});
}

/**
 * Issue 24's flat cost: a 3,000-round scripted governance run (the seed's 72 hours) played and then
 * replayed from its recording, in Node and in Chromium (the built site's /bench/#long, on the page's
 * main thread). The time per event in the run's last tenth against its first (after a 300-round
 * warm-up run, so the first tenth is not the JIT's), and replay against play. Node's are timed in
 * this process's CPU time (process.cpuUsage): on a shared machine the wall clock also counts the time
 * other processes held the cores, which changes over a minute-long run by more than the growth being
 * measured; its wall times are printed beside. A page has no CPU clock of its own: Chromium's are the
 * renderer main thread's task time from the DevTools protocol (Performance.getMetrics TaskDuration),
 * read at the tenths' edges (`longRunMarkedFigures`); the load average is printed with them.
 */
async function longRunRows() {
	const run = (rounds: number): SharedRun => longRun(rounds);
	const cpuMs = () => {
		const c = process.cpuUsage();
		return (c.user + c.system) / 1000;
	};
	await longRunFigures(run(300), cpuMs); // warm-up
	const t0 = performance.now();
	const f = await longRunFigures(run(3000), cpuMs);
	const wallS = (performance.now() - t0) / 1000;
	longRows('Node', 'CPU time', f, `both ${fmt(wallS)} s wall`);
	if (!existsSync('build/index.html')) {
		rows.push({
			metric: 'governance, 3,000 rounds, Chromium',
			value: 'n/a (run `npm run build` first)',
			goal: '<= 1.5x',
			met: null
		});
		return;
	}
	await withPreview(async (browser, origin) => {
		const page = await browser.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		// The page's CPU time: the renderer main thread's task time, from the DevTools protocol.
		const cdp = await page.context().newCDPSession(page);
		await cdp.send('Performance.enable');
		await page.exposeFunction('benchCpuMs', async () => {
			const { metrics } = await cdp.send('Performance.getMetrics');
			return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
		});
		const load = loadavg()[0]!;
		await page.goto(`${origin}/bench/#long`);
		// Node took a minute or two for both on a loaded machine; the page may take several.
		const text = await benchResult(page)
			.textContent({ timeout: 900_000 })
			.catch(() => {
				throw new Error(
					`the /bench/#long page gave no result${errors.length ? `: ${errors.join('; ')}` : ''}`
				);
			});
		const c = JSON.parse(text ?? '{}') as LongRunFigures & { clock: 'cpu' | 'wall' };
		const clock = c.clock === 'cpu' ? 'CPU time (DevTools TaskDuration)' : 'wall time';
		longRows('Chromium', clock, c, `load ${load.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}`);
	});
}

/** The three rows of one long run: play's growth, replay's growth, replay against play. */
function longRows(where: string, clock: string, f: LongRunFigures, beside: string) {
	const us = (x: number) => `${fmt(x)} µs`;
	const grows = f.play.lastUs / f.play.firstUs;
	rows.push({
		metric: `governance, 3,000 rounds, ${where}: ${clock} per event, last tenth / first tenth (${f.events.toLocaleString('en-US')} events; ${us(f.play.firstUs)} -> ${us(f.play.lastUs)})`,
		value: `${fmt(grows, 2)}x`,
		goal: '<= 1.5x',
		met: grows <= 1.5
	});
	const replayGrows = f.replay.lastUs / f.replay.firstUs;
	rows.push({
		metric: `  its replay, ${clock} per event, last tenth / first tenth (${us(f.replay.firstUs)} -> ${us(f.replay.lastUs)})`,
		value: `${fmt(replayGrows, 2)}x`,
		goal: '<= 1.5x',
		met: replayGrows <= 1.5
	});
	const share = f.replayMs / f.playMs;
	rows.push({
		metric: `  replay / play, ${clock}, same run (play ${fmt(f.playMs / 1000)} s, replay ${fmt(f.replayMs / 1000)} s; ${beside})`,
		value: `${fmt(share, 2)}x`,
		goal: 'about 1x (0.8-1.25)',
		met: share >= 0.8 && share <= 1.25
	});
}

/**
 * The autonomy lab recomputes a whole run on every switch a class flips, so a 30-day run must take a
 * small fraction of a second; and the spend gate sits in front of every model call, so its cost per
 * call must vanish next to any model's.
 */
async function autonomyRows() {
	const runOnce = async (seed: number) => {
		const r = createRunner(labRun(seed));
		await r.run();
	};
	await runOnce(0); // warm-up
	const perSecond: number[] = [];
	for (let i = 0; i < 3; i++) {
		const t0 = performance.now();
		for (let seed = 1; seed <= 10; seed++) await runOnce(seed);
		perSecond.push(10 / ((performance.now() - t0) / 1000));
	}
	const runs = median(perSecond);
	rows.push({
		metric: 'autonomy: scripted 30-day runs/s, Node (median of 3)',
		value: fmt(runs),
		goal: '>= 5 (the lab redraws at once)',
		met: runs >= 5
	});
	const request = { purpose: 'bench', promptTokens: 500, maxTokens: 100 };
	const call = {
		engine: 'bench',
		model: 'm',
		requestHash: 'h',
		purpose: 'bench',
		reply: '',
		finishReason: 'stop' as const,
		promptTokens: 400,
		completionTokens: 50
	};
	const micros: number[] = [];
	for (let i = 0; i < 3; i++) {
		const gate = new Gate({ rounds: 1, actions: 1, retries: 1, retriesPerAsk: 1, tokens: 1e12, calls: 1e9 });
		const n = 100_000;
		const t0 = performance.now();
		for (let k = 0; k < n; k++) {
			const a = gate.authorizeCall(`ask:${k % 10}`, request);
			if (a.ok) gate.settle(a.permit, call);
			if (k % 10 === 9) gate.closeTurn();
		}
		micros.push(((performance.now() - t0) * 1000) / n);
	}
	const us = median(micros);
	rows.push({
		metric: 'spend gate: authorize + settle per model call, µs (median of 3)',
		value: fmt(us),
		goal: '<= 20',
		met: us <= 20
	});
}

/**
 * Many games at once against an OpenAI-compatible server: the first 48 games of the standard set one at
 * a time and 8 at once, against a local mock with a fixed latency per token (scripts/mock-openai),
 * measured in the same run. A batching server serves concurrent requests at the same speed each, so the
 * ratio is what `--concurrency` buys (games differ in length, so 48 games keep the 8 lanes evenly
 * loaded); every game's log hash must be the same either way.
 */
async function concurrencyRows() {
	const server = await startMockOpenAI({ msPerToken: 5 });
	const GAMES = 48;
	try {
		const play = async (concurrency: number, limit = GAMES) => {
			const hashes: Record<string, string> = {};
			const t0 = performance.now();
			await runEval({
				set: 'standard',
				engine: 'openai',
				model: 'mock',
				baseUrl: server.baseUrl,
				apiKey: 'none',
				limit,
				concurrency,
				onGame: (g, log) => (hashes[g.id] = log.events.at(-1)!.hash)
			});
			return { hashes, perSecond: limit / ((performance.now() - t0) / 1000) };
		};
		await play(8, 8); // warm-up: connections, JIT
		const one = await play(1);
		const eight = await play(8);
		const ratio = eight.perSecond / one.perSecond;
		rows.push({
			metric: `eval games/s vs a mock OpenAI server (5 ms/token, ${GAMES} games), N=1`,
			value: fmt(one.perSecond),
			goal: '',
			met: null
		});
		rows.push({
			metric: '  same, --concurrency 8, as a ratio to N=1',
			value: `${fmt(ratio)}x`,
			goal: '>= 6x',
			met: ratio >= 6
		});
		const matching = Object.entries(one.hashes).filter(([id, h]) => eight.hashes[id] === h).length;
		rows.push({
			metric: '  per-game log hashes identical at N=8 and N=1',
			value: `${matching}/${GAMES}`,
			goal: `${GAMES}/${GAMES}`,
			met: matching === GAMES
		});
	} finally {
		await server.close();
	}
}

/** The generated tiny model in this process: engine speed and what the runner adds around it. */
async function nodeModelRows() {
	generateFixtures();
	const choice = { engine: 'transformers' as const, model: join(MODELS_DIR, CHAT_MODEL) };
	const { client, close } = await loadNodeClient(choice);
	try {
		const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice]));
		const run = { ...benchGame(1, 2), seats };
		const policies = new Map(
			[1, 2, 3, 4, 5, 6].map((s) => [s, policyForChoice(run.scenario, choice, { client, seat: s })])
		);
		modelRows(
			'Node',
			await modelGame(
				run,
				(seat) => policies.get(seat),
				() => performance.now()
			)
		);
	} finally {
		await close();
	}
}

function modelRows(where: string, f: ModelGameFigures & { engineWorkers?: number; distinctModels?: number }) {
	rows.push({
		metric: `tiny-chat tokens/s, transformers.js, ${where} (median)`,
		value: fmt(f.tokensPerSecond),
		goal: '',
		met: null
	});
	rows.push({
		metric: `tiny-chat time to first token, ${where} (median)`,
		value: `${fmt(f.ttftMs)} ms`,
		goal: '',
		met: null
	});
	const share = (f.wallMs - f.modelMs) / f.modelMs;
	rows.push({
		metric: `runner overhead / model time, ${where} (${f.calls} calls)`,
		value: `${(100 * share).toFixed(1)}%`,
		goal: '',
		met: null
	});
	if (f.engineWorkers !== undefined)
		rows.push({
			metric: 'engine workers for 6 seats on 1 model, Chromium',
			value: String(f.engineWorkers),
			goal: `= ${f.distinctModels}`,
			met: f.engineWorkers === f.distinctModels
		});
}

/** BENCH_MODEL_SEEDS: "N" is seeds 1 to N, "A-B" seeds A to B. */
function seedRange(text: string): [number, number] {
	const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
	const [first, last] = m ? (m[2] ? [Number(m[1]), Number(m[2])] : [1, Number(m[1])]) : [0, -1];
	if (first < 1 || last < first)
		throw new Error(`BENCH_MODEL_SEEDS is a seed count (20) or a range of seeds (1-5); got "${text}"`);
	return [first, last];
}

/**
 * Issue 20's goal with the tiny models at every seat: undercover over seeds 1..BENCH_MODEL_SEEDS
 * (default 20) × 4 and 6 seats × English and Chinese packs, then stories260K in every governance and
 * autonomy role. A structured ask is one whose answer is a choice (a vote; every governance and
 * autonomy ask); its forfeit is the ask given up after a rejected retry.
 */
async function modelGameRows() {
	generateFixtures();
	const [first, last] = seedRange(process.env.BENCH_MODEL_SEEDS ?? '20');
	type Played = GameFigures & { name: string };
	const tally = (games: Played[]) => ({
		asks: games.reduce((n, g) => n + g.structuredAsks, 0),
		forfeits: games.reduce((n, g) => n + g.structuredForfeits, 0),
		// Ended by the rules: a side won, or the scenario's own length ran out; a game halted by its
		// round cap did not (a win in the cap's own round did: comparing rounds with the cap counted a
		// tiny-chat game won in round 6 of 6 as capped).
		byRules: games.filter((g) => g.ended).length,
		replayed: games.filter((g) => g.replayed).length,
		games: games.length
	});
	const report = (what: string, games: Played[]) => {
		if (!games.length) return; // a sweep stopped before this model's first game: nothing to claim
		const t = tally(games);
		const per100 = t.asks ? (100 * t.forfeits) / t.asks : 0;
		rows.push({
			metric: `${what}: forfeits per 100 structured asks (${t.forfeits}/${t.asks})`,
			value: fmt(per100),
			goal: '= 0',
			met: t.forfeits === 0
		});
		rows.push({
			metric: `  games ended by the rules before the cap / replayed to the same hash, of ${t.games}`,
			value: `${t.byRules} / ${t.replayed}`,
			goal: `= ${t.games} / ${t.games}`,
			met: t.byRules === t.games && t.replayed === t.games
		});
		const held = games.reduce((n, g) => n + g.constrainedCalls, 0);
		const calls = games.reduce((n, g) => n + g.structuredCalls, 0);
		rows.push({
			metric: '  model calls of structured asks held to their options by the engine',
			value: `${held}/${calls}`,
			goal: `= ${calls}/${calls}`,
			met: held === calls
		});
		// Which games missed, so a failing row can be played again on its own.
		const missed = games.filter(
			(g) => g.structuredForfeits > 0 || !g.ended || !g.replayed || g.constrainedCalls < g.structuredCalls
		);
		if (missed.length)
			rows.push({
				metric: `  missed: ${missed.map((g) => g.name).join('; ')}`,
				value: String(missed.length),
				goal: '= 0',
				met: false
			});
	};
	// One line per game on stderr while the sweep runs (it takes many minutes), so progress and a
	// failing game show before the table does.
	const play = async (name: string, run: SharedRun): Promise<Played> => {
		const g = { ...(await playModelGame(run)), name };
		const rounds = g.rounds !== undefined ? `, ${g.rounds}/${g.roundCap} rounds` : '';
		console.error(
			`models: ${name}: ${g.structuredForfeits}/${g.structuredAsks} forfeits, ${g.ended ? 'ended' : 'NOT ended'}${rounds}, ${g.replayed ? 'replayed' : 'REPLAY MISMATCH'}, ${fmt(g.ms / 1000)} s`
		);
		return g;
	};
	// The sweep's first game (seed 1, 4 seats, English) is also the timed game below.
	// Seed by seed, both models and the role games at each, so a sweep stopped early (it takes hours on
	// a busy two-core machine) still covers every model, table size and pack; BENCH_MODEL_SEEDS=A-B
	// plays seeds A to B only, so shards can run side by side on a machine with more cores.
	let storyGame: GameFigures | null = null;
	const undercover = new Map<string, Played[]>([
		[STORY_MODEL, []],
		[CHAT_MODEL, []]
	]);
	const roles: Played[] = [];
	let reached = first;
	const summarize = (stopped: boolean) => {
		const span = (a: number, b: number) => (a === b ? `seed ${a}` : `seeds ${a}-${b}`);
		const seedsText = stopped
			? `${span(first, reached)} (stopped during seed ${reached})`
			: span(first, last);
		for (const [model, games] of undercover)
			report(`${model} at every undercover seat, ${seedsText} × 4/6 seats × en/zh`, games);
		if (roles.length)
			report(`${STORY_MODEL} in every governance (2 rounds) and autonomy (5 days) role`, roles);
	};
	// A sweep stopped with Ctrl-C or a kill still prints its rows for the games it played.
	onStop = () => summarize(true);
	for (let seed = first; seed <= last; seed++) {
		reached = seed;
		for (const [model, games] of undercover)
			for (const seats of [4, 6])
				for (const lang of ['en', 'zh'] as const)
					games.push(
						await play(
							`${model} undercover seed ${seed} ${seats} seats ${lang}`,
							undercoverRun(localModel(model), seed, seats, lang)
						)
					);
		if (seed === 1) storyGame = undercover.get(STORY_MODEL)![0]!;
		if (seed > 2) continue;
		const story = localModel(STORY_MODEL);
		roles.push(await play(`governance seed ${seed}`, governanceRun(story, seed, 2)));
		roles.push(await play(`autonomy seed ${seed}`, autonomyRun(story, seed, 5)));
	}
	onStop = null;
	summarize(false);

	// The same undercover game (seed 1, 4 seats, English) with stories260K at every seat and scripted.
	const modelGame = storyGame ?? (await playModelGame(undercoverRun(localModel(STORY_MODEL), 1, 4, 'en')));
	const scriptedMs: number[] = [];
	for (let i = 0; i < 5; i++) {
		const t0 = performance.now();
		// The same setup with no model seats: every seat scripted.
		const { scenario, seed, config } = undercoverRun(localModel(STORY_MODEL), 1, 4, 'en');
		await simulate({ scenario, seed, config });
		scriptedMs.push(performance.now() - t0);
	}
	rows.push({
		metric: `undercover seed 1, 4 seats: ${STORY_MODEL} at every seat vs scripted, wall time`,
		value: `${fmt(modelGame.ms / 1000)} s vs ${fmt(median(scriptedMs))} ms (×${fmt(modelGame.ms / median(scriptedMs))})`,
		goal: '',
		met: null
	});
}

/**
 * Decoding cost per token with the vote held to its schema (the seat among its options, then a free
 * reason), against free decoding: one engine, the same prompt and budget, alternated so a busy moment
 * hits both. The replies differ in length (the free one runs to max_tokens, the held one ends where its
 * schema closes), so the row names the tokens each median was taken over. The first held ask works out
 * every token's text once per model, and the tokens each schema state it reaches accepts (kept with the
 * compiled schema for later asks); its time is a row of its own, since a page meets it on its first
 * constrained ask.
 */
async function decodeCostRows(label: string, model: string, localModelPath: string) {
	const engine = new TransformersEngine({ model, localModelPath, device: 'cpu' });
	await engine.load();
	try {
		const ask = (schema?: Record<string, unknown>) =>
			engine.chat({
				messages: [{ role: 'user', content: 'Vote for the seat you suspect: 1, 3 or 4.' }],
				temperature: 0.7,
				seed: 9,
				max_tokens: 64,
				...(schema ? { schema } : {})
			});
		const perToken = (r: Awaited<ReturnType<typeof ask>>) =>
			(r.usage.totalMs - r.usage.ttftMs) / Math.max(1, r.usage.completionTokens - 1);
		const t0 = performance.now();
		await ask(voteSchema([1, 3, 4]));
		const firstMs = performance.now() - t0;
		const free: number[] = [];
		const held: number[] = [];
		let freeTokens = 0;
		let heldTokens = 0;
		for (let i = 0; i < 7; i++) {
			const f = await ask();
			const h = await ask(voteSchema([1, 3, 4]));
			if (h.constraint !== 'options')
				throw new Error(`the vote was not held to its options: ${h.constraint}`);
			free.push(perToken(f));
			held.push(perToken(h));
			freeTokens += f.usage.completionTokens;
			heldTokens += h.usage.completionTokens;
		}
		const extra = median(free) > 0 ? (100 * (median(held) - median(free))) / median(free) : 0;
		rows.push({
			metric: `${label} decode ms/token, vote held to its schema vs free (median of 7; ${heldTokens} vs ${freeTokens} tokens)`,
			value: `${fmt(median(held))} vs ${fmt(median(free))} (${extra >= 0 ? '+' : ''}${fmt(extra)}%)`,
			goal: '',
			met: null
		});
		rows.push({
			metric: "  first held ask (token texts and its states' token sets worked out), whole reply",
			value: `${fmt(firstMs)} ms`,
			goal: '',
			met: null
		});
	} finally {
		await engine.unload();
	}
}

/**
 * The constrained decoder's cost (issue 20): per token with a vote held to its schema against free
 * decoding in the same run, on stories260K as trained (512 tokens) and widened to a catalog model's
 * 151,665 (`fixtures/wide-vocab.ts`, a real model folder through the engine's own generate), then the
 * chooser alone on a synthetic catalog vocabulary, worst case.
 */
async function constrainedRows() {
	generateFixtures();
	await decodeCostRows(`${STORY_MODEL} (512 tokens)`, STORY_MODEL, MODELS_DIR);
	const dir = mkdtempSync(join(tmpdir(), 'conclave-wide-'));
	try {
		const files = wideVocabFiles(
			readFileSync(join(STORY_SOURCE, 'stories260K.bin')),
			readFileSync(join(STORY_SOURCE, 'tok512.bin'))
		);
		for (const [name, content] of Object.entries(files)) {
			mkdirSync(dirname(join(dir, 'wide', name)), { recursive: true });
			writeFileSync(join(dir, 'wide', name), content);
		}
		await decodeCostRows(
			`${STORY_MODEL} widened to ${CATALOG_VOCAB_SIZE.toLocaleString('en')} tokens`,
			'wide',
			dir
		);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}

	// The chooser alone at a catalog model's vocabulary size (stories260K has 512 tokens; Qwen2.5 has
	// 151,665): pseudo-random logits, so the likeliest token is almost never legal and every step scans
	// the whole vocabulary, the worst case, which a babbling model meets. Against it: picking the
	// likeliest token of the same rows, which is all an unconstrained greedy step adds to the model.
	const vocab = syntheticVocab();
	let x = 2463534242;
	const rowsOfLogits = Array.from({ length: 4 }, () => {
		const row = new Float32Array(vocab.length);
		for (let i = 0; i < row.length; i++) {
			x ^= x << 13;
			x ^= x >>> 17;
			x ^= x << 5;
			row[i] = (x >>> 0) / 2 ** 32;
		}
		return row;
	});
	// Cold: a schema compiled afresh each time, so every state the reply reaches works out its token
	// set (a page's first ask with a new schema). Warm: the same compiled schema again (the engine keeps
	// it per model, so a game's later votes with the same options meet this).
	const warm = compileSchema(voteSchema([1, 3, 4]));
	const timedReply = (automaton: ReturnType<typeof compileSchema>) => {
		const chooser = new ConstrainedChooser(automaton, {
			tokenTexts: vocab,
			eos: [vocab.length - 1],
			maxTokens: 24,
			temperature: 0,
			seed: 1
		});
		const t0 = performance.now();
		let n = 0;
		for (; n < 24; n++) if (chooser.choose(rowsOfLogits[n % 4]!) === vocab.length - 1) break;
		return { ms: (performance.now() - t0) / (n + 1), tokens: n + 1 };
	};
	timedReply(warm);
	const coldMs: number[] = [];
	const warmMs: number[] = [];
	const argmaxMs: number[] = [];
	let chosen = 0;
	for (let i = 0; i < 3; i++) {
		coldMs.push(timedReply(compileSchema(voteSchema([1, 3, 4]))).ms);
		const w = timedReply(warm);
		warmMs.push(w.ms);
		chosen = w.tokens;
		const t0 = performance.now();
		let sink = 0;
		for (let k = 0; k < chosen; k++) {
			const row = rowsOfLogits[k % 4]!;
			let best = 0;
			for (let j = 1; j < row.length; j++) if (row[j]! > row[best]!) best = j;
			sink += best;
		}
		argmaxMs.push((performance.now() - t0) / chosen + (sink < 0 ? 1 : 0));
	}
	rows.push({
		metric: `constrained chooser ms/token on a ${vocab.length.toLocaleString('en')}-token vocabulary (vote, ${chosen} tokens, worst case), new schema / same schema again vs argmax alone`,
		value: `${fmt(median(coldMs))} / ${fmt(median(warmMs))} vs ${fmt(median(argmaxMs))}`,
		goal: '',
		met: null
	});
}

async function browserRows() {
	const executablePath = chromiumPath();
	if (!existsSync('build/index.html')) {
		rows.push({
			metric: 'runner overhead per turn, Chromium',
			value: 'n/a (run `npm run build` first)',
			goal: '<= 1 ms',
			met: null
		});
		return;
	}
	const port = 4300 + Math.floor(Math.random() * 500);
	// Vite itself, not through npx, so that killing it stops the server.
	const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
	const server = spawn(process.execPath, [vite, 'preview', '--port', String(port), '--strictPort'], {
		stdio: 'ignore'
	});
	try {
		const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
		const page = await browser.newPage();
		const errors: string[] = [];
		page.on('pageerror', (e) => errors.push(e.message));
		for (let i = 0; ; i++) {
			try {
				await page.goto(`http://127.0.0.1:${port}/bench/#run`);
				break;
			} catch (err) {
				if (i > 100) throw new Error('the preview server did not start', { cause: err });
				await new Promise((r) => setTimeout(r, 200));
			}
		}
		await benchResult(page)
			.waitFor({ timeout: 120_000 })
			.catch(() => {
				throw new Error(`the /bench/ page gave no result${errors.length ? `: ${errors.join('; ')}` : ''}`);
			});
		const r = JSON.parse((await benchResult(page).textContent({ timeout: 120_000 })) ?? '{}') as {
			overheadMs: number;
			overheadSavedMs: number;
			turns: number;
			agentWorkers: number;
			gamesPerSecond: number;
			appends: { storePerSecond: number; rawPerSecond: number; events: number }[];
		};
		rows.push({
			metric: `runner overhead per agent turn, Chromium, agents in ${r.agentWorkers} workers (median)`,
			value: `${fmt(r.overheadMs)} ms`,
			goal: '<= 1 ms',
			met: r.overheadMs <= 1
		});
		rows.push({
			metric: '  same, saving to IndexedDB as the page does',
			value: `${fmt(r.overheadSavedMs)} ms`,
			goal: '<= 1 ms',
			met: r.overheadSavedMs <= 1
		});
		const storeRate = median(r.appends.map((a) => a.storePerSecond));
		const rawRate = median(r.appends.map((a) => a.rawPerSecond));
		// A 200-round governance run is about 2,500 events; played in 10 s, the page writes 250 a second.
		rows.push({
			metric: `event appends/s through RunStore, each turn's committed before the next (${r.appends[0]?.events ?? 0} events, 2 a turn)`,
			value: fmt(storeRate),
			goal: '>= 500 (2x a 200-round run in 10 s)',
			met: storeRate >= 500
		});
		rows.push({
			metric: '  beside: raw idb put loop, all in one transaction, same run',
			value: fmt(rawRate),
			goal: '',
			met: null
		});
		rows.push({
			metric: '  store rate / raw rate (a transaction a turn against one for all)',
			value: fmt(storeRate / rawRate),
			goal: '',
			met: null
		});
		rows.push({
			metric: 'scripted 6-seat games/s, Chromium main thread',
			value: fmt(r.gamesPerSecond),
			goal: '',
			met: null
		});
		const replayPage = await browser.newPage();
		await replayPage.goto(`http://127.0.0.1:${port}/bench/#replay`);
		const rp = JSON.parse((await benchResult(replayPage).textContent({ timeout: 300_000 })) ?? '{}') as {
			reexec: { run: SharedRun; events: number; ms: number; usPerEvent: number }[];
			events: number;
			rebuildMs: number;
			parseMs: number;
			importBytes: number;
			importMs: number;
			importParseMs: number;
		};
		replayRows('Chromium', rp);
		for (const r of rp.reexec) reexecRows('Chromium', r.run, r);
		rows.push({
			metric: `import a ${(rp.importBytes / 2 ** 20).toFixed(2)} MB export (read, verify, fold, store), Chromium (median of 7)`,
			value: `${fmt(rp.importMs)} ms`,
			goal: '',
			met: null
		});
		rows.push({
			metric: '  beside: plain JSON.parse of the same lines, Chromium',
			value: `${fmt(rp.importParseMs)} ms (x${fmt(rp.importMs / rp.importParseMs, 2)})`,
			goal: '',
			met: null
		});
		// A fresh page: the model bench starts on load, not on a change of fragment.
		const modelPage = await browser.newPage();
		await serveTestModels(modelPage.context());
		await modelPage.goto(`http://127.0.0.1:${port}/bench/#model=/test-models/${CHAT_MODEL}`);
		modelRows(
			'Chromium (WASM, in workers)',
			JSON.parse((await benchResult(modelPage).textContent({ timeout: 300_000 })) ?? '{}')
		);
		await browser.close();
	} finally {
		server.kill();
	}
}

/** The built site served by Vite's preview on a free port while `use` runs, with the project's Chromium. */
async function withPreview(use: (browser: Browser, origin: string) => Promise<void>): Promise<void> {
	// E2E_PORT, as for the browser tests, where checkouts on one machine each have their own.
	const port = Number(process.env.E2E_PORT) || 4300 + Math.floor(Math.random() * 500);
	const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
	const server = spawn(process.execPath, [vite, 'preview', '--port', String(port), '--strictPort'], {
		stdio: 'ignore'
	});
	const origin = `http://127.0.0.1:${port}`;
	try {
		for (let i = 0; ; i++) {
			const up = await fetch(`${origin}/`).then(
				(r) => r.ok,
				() => false
			);
			if (up) break;
			if (i > 100) throw new Error('the preview server did not start');
			await new Promise((r) => setTimeout(r, 200));
		}
		const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
		try {
			await use(browser, origin);
		} finally {
			await browser.close();
		}
	} finally {
		server.kill();
	}
}

/**
 * What a person feels on the pages: each page's first-load JavaScript against its budget, a 200-round
 * and a 3,000-round governance run on the play page at instant speed (its own main-thread cost per event early and late,
 * its longest task, its frame rate), the first speech after Start, and Lighthouse on two pages.
 */
async function pageRows() {
	if (!existsSync('build/index.html')) {
		rows.push({ metric: 'page rows', value: 'n/a (run `npm run build` first)', goal: '', met: null });
		return;
	}
	/** A part that threw or outlived its deadline: a row that says so, and the bench goes on. */
	const failed = (metric: string, err: unknown) =>
		rows.push({
			metric,
			value: `failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
			goal: '',
			met: false
		});
	await withPreview(async (browser, origin) => {
		try {
			const loads = await within(600_000, 'first loads', firstLoads(browser, origin, builtPages()));
			const contents = chunkContents();
			for (const load of loads) {
				const kb = load.bytes / 1024;
				const largest = load.files
					.slice(0, 3)
					.map((f) => `${chunkName(f.file, contents)} ${(f.bytes / 1024).toFixed(0)}`)
					.join(', ');
				rows.push({
					metric: `first-load JS of ${load.page}, gzipped (${load.files.length} files; largest KB: ${largest})`,
					value: `${kb.toFixed(0)} KB`,
					goal: `<= ${budgetKb(load.page)} KB`,
					met: kb <= budgetKb(load.page)
				});
			}
		} catch (err) {
			failed('first-load JS of each page', err);
		}
		const speechRow = 'first speech after Start, undercover at normal speed, scripted seats, Chromium';
		try {
			const first = await firstSpeechMs(browser, origin);
			rows.push({ metric: speechRow, value: `${fmt(first)} ms`, goal: '<= 800 ms', met: first <= 800 });
		} catch (err) {
			failed(speechRow, err);
		}
		const rounds = `governance, 200 rounds, instant speed, play page`;
		try {
			const cost = await pageCost(browser, origin, pageGovernanceRun(200), { timeoutMs: 300_000 });
			rows.push({
				metric: `${rounds}: Start to finished (${cost.events} events${cost.finished ? '' : `, NOT finished: ${cost.stopped ?? 'stopped'}`})`,
				value: `${fmt(cost.wallMs / 1000)} s`,
				goal: '<= 10 s',
				met: cost.finished && cost.wallMs <= 10_000
			});
			pageCostRows(cost);
		} catch (err) {
			failed(rounds, err);
		}
		// Issue 24's 72 hours on the page: the same goals at 3,000 rounds, and the cost per event flat.
		const long = `governance, 3,000 rounds, instant speed, play page`;
		try {
			// A third window late in the run (its ~35,000 events): flat past event 2,000 too.
			const cost = await pageCost(browser, origin, pageGovernanceRun(3000), {
				timeoutMs: 600_000,
				marks: [100, 2000, 30_000]
			});
			rows.push({
				metric: `${long}: Start to finished (${cost.events} events${cost.finished ? '' : `, NOT finished: ${cost.stopped ?? 'stopped'}`})`,
				value: `${fmt(cost.wallMs / 1000)} s`,
				goal: '',
				met: cost.finished ? null : false
			});
			pageCostRows(cost);
			const t = cost.tenths;
			rows.push({
				metric: `  main thread per event, last tenth / first tenth${t ? ` (${fmt(t.firstMs)} -> ${fmt(t.lastMs)} ms)` : ''}`,
				value: t ? `${fmt(t.lastMs / t.firstMs)}x` : 'n/a (too few samples)',
				goal: '<= 1.5x',
				met: t ? t.lastMs <= 1.5 * t.firstMs : false
			});
		} catch (err) {
			failed(long, err);
		}
		for (const page of ['/', '/play/']) {
			const label = `Lighthouse performance, ${page} (mobile, simulated throttling)`;
			try {
				const lh = await lighthouseFigures(`${origin}${page}`);
				rows.push({ metric: label, value: String(lh.performance), goal: '>= 90', met: lh.performance >= 90 });
				rows.push({
					metric: `  total blocking time, ${page}`,
					value: `${fmt(lh.tbtMs)} ms`,
					goal: '<= 200 ms',
					met: lh.tbtMs <= 200
				});
			} catch (err) {
				failed(label, err);
			}
		}
	});
}

/** The per-event, long-task and frame rows of a page-cost measurement. */
function pageCostRows(cost: PageCost): void {
	// Every later window against the first: the same number of events each (page-cost.ts).
	const early = cost.perEvent[0];
	for (const at of cost.perEvent)
		rows.push({
			metric: `  main thread per event at events ${at.from}-${at.to} (script ${fmt(at.scriptMs)}, layout ${fmt(at.layoutMs)}, style ${fmt(at.styleMs)} ms; ${fmt(at.mutations)} DOM changes)`,
			value: `${fmt(at.taskMs)} ms`,
			goal: at !== early && early ? `<= 3 ms and <= at ${early.from}-${early.to}` : '<= 3 ms',
			met: at.taskMs <= 3 && (at === early || !early || at.taskMs <= early.taskMs)
		});
	rows.push({
		metric: `  longest main-thread task while it played (${cost.longTasks} over 50 ms)`,
		value: `${fmt(cost.longestTaskMs)} ms`,
		goal: '<= 100 ms',
		met: cost.longestTaskMs <= 100
	});
	rows.push({
		metric: '  frames drawn per second while it played',
		value: fmt(cost.fps),
		goal: '>= 50',
		met: cost.fps >= 50
	});
}

/**
 * From the Start button of the undercover setup page (normal speed, every seat scripted) to the first
 * speech in the transcript, timed inside the page: the submit and the first speech's arrival.
 */
async function firstSpeechMs(browser: Browser, origin: string): Promise<number> {
	const times: number[] = [];
	for (let i = 0; i < 3; i++) {
		const context = await browser.newContext({ serviceWorkers: 'block' });
		const page = await context.newPage();
		await page.addInitScript(`
			window.__firstSpeech = new Promise((done) => {
				let t0 = 0;
				document.addEventListener('submit', () => (t0 = performance.now()), true);
				new MutationObserver(() => {
					if (t0 && document.querySelector('[data-testid="transcript"] li')) done(performance.now() - t0);
				}).observe(document, { subtree: true, childList: true });
			});
		`);
		try {
			await within(30_000, 'opening the undercover page', page.goto(`${origin}/undercover/`));
			await page.getByTestId('setup-speed').selectOption('normal', { timeout: 30_000 });
			await page.getByTestId('start').click({ timeout: 30_000 });
			times.push((await within(30_000, 'the first speech', page.evaluate('window.__firstSpeech'))) as number);
		} finally {
			await within(30_000, 'closing the page', context.close()).catch(() => undefined);
		}
	}
	return median(times);
}

/** Lighthouse's mobile performance score and total blocking time for `url`, in the project's Chromium. */
async function lighthouseFigures(url: string): Promise<{ performance: number; tbtMs: number }> {
	const { default: lighthouse } = await import('lighthouse');
	const { launch } = await import('chrome-launcher');
	const chrome = await launch({
		chromePath: chromiumPath(),
		chromeFlags: ['--headless=new', ...CHROMIUM_ARGS]
	});
	try {
		// Within a deadline: the finally below then closes the Chromium it started, answer or not.
		const result = await within(
			180_000,
			`Lighthouse on ${url}`,
			lighthouse(url, {
				port: chrome.port,
				output: 'json',
				logLevel: 'error',
				onlyCategories: ['performance']
			})
		);
		const lhr = result?.lhr;
		if (!lhr) throw new Error(`Lighthouse gave no report for ${url}`);
		return {
			performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
			tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN
		};
	} finally {
		chrome.kill();
	}
}

/** The static build: its size, and how many copies of the ORT wasm it ships (one is the goal). */
function buildRows() {
	if (!existsSync('build/index.html')) return;
	let bytes = 0;
	let wasm = 0;
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) walk(path);
			else {
				bytes += statSync(path).size;
				if (/^ort-wasm.*\.wasm$/.test(entry.name)) wasm++;
			}
		}
	};
	walk('build');
	rows.push({ metric: 'static build size', value: `${fmt(bytes / 1024 / 1024)} MB`, goal: '', met: null });
	rows.push({ metric: '  copies of the ORT wasm in it', value: String(wasm), goal: '= 1', met: wasm === 1 });
}

/**
 * Every schema a scenario's model seats send, compiled from scratch (cache off: what a new schema text
 * costs WebLLM) by the XGrammar bundled with @mlc-ai/web-llm, over a catalog-sized vocabulary; the
 * median of three compiles each, after one warm-up compile. Each compile is timed on the wall and in
 * this process's CPU time (`process.cpuUsage`, user plus system, every thread): on a shared machine the
 * wall time counts the other processes' turns too, so the slowest schema is the one with the most CPU
 * time and the goal is judged on it. The reference row compiles the schema the governance Executor used
 * to send, the ask's own with its length limits and task id, once.
 */
async function grammarRows() {
	const checker = await schemaChecker();
	try {
		const timed = async (schema: unknown, times: number) => {
			const wall: number[] = [];
			const cpu: number[] = [];
			for (let i = 0; i < times; i++) {
				const c0 = process.cpuUsage();
				const { grammar, ms: t } = await checker.compile(JSON.stringify(schema));
				const c = process.cpuUsage(c0);
				grammar.dispose();
				wall.push(t);
				cpu.push((c.user + c.system) / 1000);
			}
			return { ms: median(wall), cpuMs: median(cpu) };
		};
		const schemas = scenarioSchemas();
		await timed(schemas[0]!.schema, 1);
		const each = [];
		for (const s of schemas) each.push({ name: s.name, ...(await timed(s.schema, 3)) });
		const slowest = each.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
		rows.push({
			metric: `slowest scenario schema compile, WebLLM's XGrammar, ${checker.vocabSize.toLocaleString('en-US')}-token vocab (${slowest.name}; ${each.length} schemas, median of 3), CPU time (wall)`,
			value: `${fmt(slowest.cpuMs)} ms (${fmt(slowest.ms)} ms)`,
			goal: '< 1000 ms',
			met: slowest.cpuMs < 1000
		});
		// Minutes of CPU: `BENCH_GRAMMAR_REFERENCE=0` leaves the reference out (and says so).
		if (process.env.BENCH_GRAMMAR_REFERENCE === '0') {
			rows.push({
				metric: '  reference: governance execute as sent before, not compiled (BENCH_GRAMMAR_REFERENCE=0)',
				value: 'n/a',
				goal: '',
				met: null
			});
			return;
		}
		const before = await timed(withToolCall(governanceSchemaFor({ kind: 'execute', task_id: 'T101' })), 1);
		rows.push({
			metric:
				"  reference: governance execute + tool call as sent before (the ask's schema: length limits, task id), CPU time (wall)",
			value: `${fmt(before.cpuMs)} ms (${fmt(before.ms)} ms)`,
			goal: '',
			met: null
		});
	} finally {
		checker.dispose();
	}
}

/**
 * The leaderboard page's analysis of stored games (issue 23), beside JSON.parse of the same logs, at two
 * sizes: the per-game cost at the larger over the smaller says whether the page stays linear in games.
 * Then the load the page makes once the games' per-game figures are cached (storage/analysis-cache):
 * their JSON parsed and summed, against parsing and folding every log.
 */
async function analysisRows() {
	const base = await storedGames();
	analysisFigures(base, base.length, 3, () => performance.now()); // warm-up
	const sizes = [250, 1000].map((n) => analysisFigures(base, n, 5, () => performance.now()));
	for (const f of sizes) {
		rows.push({
			metric: `leaderboard page analysis of ${f.games.toLocaleString('en-US')} stored games (5 tables, ratings, head-to-head, CK-Arena, leaks), Node (median of 5)`,
			value: `${fmt(f.ms)} ms (${fmt((1000 * f.ms) / f.games)} µs/game)`,
			goal: '',
			met: null
		});
		rows.push({
			metric: `  floor: JSON.parse of the same games' logs (${(f.bytes / 1e6).toFixed(1)} MB, ${f.events.toLocaleString('en-US')} events)`,
			value: `${fmt(f.floorMs)} ms`,
			goal: '',
			met: null
		});
		rows.push({
			metric: '  analysis as a multiple of that floor',
			value: `${fmt(f.ms / f.floorMs, 2)}x`,
			goal: '',
			met: null
		});
		rows.push({
			metric: `  cached load: JSON.parse of the games' cached per-game figures (${(f.cachedBytes / 1e6).toFixed(1)} MB), then the same analysis over them`,
			value: `${fmt(f.cachedMs)} ms (${fmt((1000 * f.cachedMs) / f.games)} µs/game)`,
			goal: '',
			met: null
		});
		// A load with nothing cached parses every log (the floor) and folds it (the analysis).
		rows.push({
			metric: '  cached load over a load with nothing cached (parse and analysis of the logs), same run',
			value: `${fmt(f.cachedMs / (f.ms + f.floorMs), 2)}x`,
			goal: '',
			met: null
		});
	}
	const [small, large] = sizes as [(typeof sizes)[0], (typeof sizes)[0]];
	const growth = large.ms / large.games / (small.ms / small.games);
	rows.push({
		metric: `  per-game analysis cost at ${large.games.toLocaleString('en-US')} games over ${small.games} (1 = linear)`,
		value: fmt(growth, 2),
		goal: '<= 1.5',
		met: growth <= 1.5
	});
}

/**
 * The whole CK-Arena set with the tiny chat model in one Chromium tab (opt-in: `--only ck-tiny`), against
 * the built site; `BENCH_CK_TINY_MINUTES` bounds the wait (60 unless set), and a run cut off says how far
 * it got.
 */
async function ckTinyRows() {
	if (!existsSync('build/index.html')) {
		rows.push({ metric: 'ck-tiny rows', value: 'n/a (run `npm run build` first)', goal: '', met: null });
		return;
	}
	const minutes = Number(process.env.BENCH_CK_TINY_MINUTES) || 60;
	await withPreview(async (browser, origin) => {
		const f = await ckTinyInBrowser(browser, origin, minutes * 60_000, () => performance.now());
		const finished = f.done === f.total;
		rows.push({
			metric: `CK-Arena set with tiny-chat in one Chromium tab (transformers.js, WASM): Start to ${f.done}/${f.total} games${finished ? '' : `, NOT finished after ${minutes} min`}`,
			value: `${(f.ms / 60_000).toFixed(1)} min (${(f.ms / 1000 / Math.max(f.done, 1)).toFixed(1)} s/game)`,
			goal: '',
			met: null
		});
		rows.push({
			metric: '  Start to the first game recorded (the model loaded and one game played)',
			value: f.firstMs === null ? 'none' : `${(f.firstMs / 1000).toFixed(1)} s`,
			goal: '',
			met: null
		});
		for (const line of f.lines)
			rows.push({ metric: `  CK-Arena line: ${line}`, value: '', goal: '', met: null });
	});
}

/** The groups of rows, in table order; `--only` picks some (a full run takes minutes). */
const SECTIONS: Record<string, () => unknown> = {
	kernel: nodeRows,
	guards: () => rows.push(...guardRows()),
	replay: nodeReplayRows,
	reexec: nodeReexecRows,
	long: longRunRows,
	autonomy: autonomyRows,
	concurrency: concurrencyRows,
	analysis: analysisRows,
	models: async () => {
		await nodeModelRows();
		await modelGameRows();
	},
	constrained: constrainedRows,
	grammar: grammarRows,
	browser: browserRows,
	page: pageRows,
	build: buildRows,
	'ck-tiny': ckTinyRows
};
/** Sections a run without `--only` leaves out: each takes many minutes. */
const OPT_IN = new Set(['ck-tiny']);
const onlyAt = process.argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
const only =
	onlyAt < 0 ? null : (process.argv[onlyAt]!.split('=')[1] ?? process.argv[onlyAt + 1] ?? '').split(',');
const unknown = only?.filter((name) => !Object.hasOwn(SECTIONS, name)) ?? [];
if (only && (unknown.length || !only.length)) {
	console.error(
		`bench: --only takes a list of ${Object.keys(SECTIONS).join(', ')}; got "${unknown.join(',')}"`
	);
	process.exit(2);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
	process.once(signal, () => {
		onStop?.();
		rows.push({ metric: `(stopped by ${signal} before the end)`, value: '', goal: '', met: null });
		printTable();
		process.exit(130);
	});
for (const [name, section] of Object.entries(SECTIONS))
	if (only ? only.includes(name) : !OPT_IN.has(name)) await section();
printTable();

function printTable() {
	const w = [
		Math.max(...rows.map((r) => r.metric.length), 6),
		Math.max(...rows.map((r) => r.value.length), 5),
		Math.max(...rows.map((r) => r.goal.length), 4)
	];
	const line = (a: string, b: string, c: string, d: string) =>
		`| ${a.padEnd(w[0]!)} | ${b.padStart(w[1]!)} | ${c.padEnd(w[2]!)} | ${d} |`;
	console.log(line('metric', 'value', 'goal', 'met'));
	console.log(`|${'-'.repeat(w[0]! + 2)}|${'-'.repeat(w[1]! + 2)}|${'-'.repeat(w[2]! + 2)}|-----|`);
	for (const r of rows)
		console.log(line(r.metric, r.value, r.goal, r.met === null ? '' : r.met ? 'yes' : 'NO'));
}

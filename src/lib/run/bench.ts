/**
 * Measurements shared by `npm run bench` in Node and the hidden /bench/ page in Chromium: scripted
 * games per second, the runner's own cost per agent turn (a turn's time minus its policy time), and
 * what opening a long run file costs beside a plain JSON.parse of it.
 */
import {
	eventHash,
	headerHash,
	toJsonLines,
	type LogEvent,
	type LogHeader,
	type Policy,
	type ToolCallRecord
} from '../core';
import { createRunner, type AnyRunner } from './play';
import { scriptedPolicy, scriptedPolicyFor } from '../policies';
import { RED_TEAM_RUN, RED_TEAM_SEAT } from '../scenarios/governance/setups';
import { scenarioModules, scenarioModule } from '../scenarios/registry';
import type { Winner } from '../scenarios/undercover/state';
import { benchGame } from '../scenarios/undercover/setups';
import type { SharedRun } from '../share/link';
import { readRunFile } from './run-file';
import { createReplay, replayInputOf } from './replay';
import { TRAVERSAL_PAYLOADS } from '../tools/probes';

/** The games the rates are measured on: undercover's benchmark game (six scripted seats). */
const setup = (seed: number): SharedRun => benchGame(seed);

export function median(xs: number[]): number {
	const s = [...xs].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export async function gamesPerSecond(
	games: number,
	now: () => number
): Promise<{ perSecond: number; events: number }> {
	let events = 0;
	const t0 = now();
	for (let seed = 0; seed < games; seed++) {
		const r = createRunner(setup(seed));
		await r.run();
		events += r.log.length;
	}
	return { perSecond: games / ((now() - t0) / 1000), events: events / games };
}

/**
 * The kernel's floor: what the same games' events cost just to serialise canonically and hash into a
 * chain, with no rules, no policies and no folding. Games per second at the floor, measured on the
 * logs of the games `gamesPerSecond` plays (so the same events), in the same run: the kernel's games/s
 * over this is the share of its time that is not the log's own unavoidable cost.
 */
export async function hashFloorGamesPerSecond(
	games: number,
	now: () => number,
	repeats = 3
): Promise<{ perSecond: number }> {
	const logs: { header: LogHeader; events: readonly LogEvent[] }[] = [];
	for (let seed = 0; seed < games; seed++) {
		const r = createRunner(setup(seed));
		await r.run();
		logs.push({ header: r.log.header, events: r.log.events });
	}
	let sink = 0;
	const rates: number[] = [];
	for (let k = 0; k < repeats; k++) {
		const t0 = now();
		for (const { header, events } of logs) {
			let prev = headerHash(header);
			for (const e of events)
				prev = eventHash({ seq: e.seq, tick: e.tick, kind: e.kind, data: e.data, prev });
			sink += prev.length;
		}
		rates.push(games / ((now() - t0) / 1000));
	}
	if (sink === 0) throw new Error('no events were hashed');
	return { perSecond: median(rates) };
}

/** How 1,000 seeded scripted games end: the share each side wins (games must look like games). */
export async function winSplit(games: number): Promise<Record<Winner, number>> {
	const wins = { civilians: 0, undercover: 0, draw: 0 };
	for (let seed = 0; seed < games; seed++) {
		const r = createRunner(setup(seed));
		const out = (await r.run()) as { winner: keyof typeof wins } | null;
		wins[out?.winner ?? 'draw']++;
	}
	return wins;
}

/**
 * Median runner overhead per agent turn, in ms: per game, the time its turns took minus the time its
 * policies were deciding (the union of their spans: concurrent votes are counted once), divided by the
 * agent turns it had. Summing per game first keeps the figure honest
 * where the browser coarsens `performance.now()` to 0.1 ms. `onEvents` lets the page include its
 * storage write-behind, as a real run pays it, and `settle` (awaited inside each game's time) waits
 * until those writes are committed, so the figure includes them and not only their queueing.
 *
 * `agents`: the seats' policies as the page runs them, in Web Workers (an AgentPool of scripted
 * seats). A worker's deciding cannot be timed from here (its span would include the messages to it,
 * which are overhead), so each game is first played on this thread with the scripted policies timed,
 * and the decisions' time measured there is what is taken off the workers' game, which must reach the
 * same log hash (the same turns, the same decisions).
 */
export async function overheadPerTurn(
	games: number,
	now: () => number,
	opts: {
		agents?: (seat: number) => Policy;
		onEvents?: (runId: string, events: LogEvent[]) => void;
		settle?: () => Promise<unknown>;
	} = {}
): Promise<{ medianMs: number; turns: number }> {
	const { agents, onEvents, settle } = opts;
	const scripted = scriptedPolicy(setup(0).scenario);
	const perGame: number[] = [];
	let turns = 0;
	for (let seed = 0; seed < games; seed++) {
		let policyMs = 0;
		let asked = 0;
		// Policy time is the time at least one policy was deciding, not the sum of every ask's span:
		// simultaneous votes overlap, and summing them would count one seat's wait as another's work.
		let active = 0;
		let since = 0;
		const timed: Policy = {
			label: scripted.label,
			async act(obs, ask, ctx) {
				if (active++ === 0) since = now();
				try {
					return await scripted.act(obs, ask, ctx);
				} finally {
					if (--active === 0) policyMs += now() - since;
					asked++;
				}
			}
		};
		const measured = agents
			? createRunner(setup(seed), { policyFor: agents, onEvents: (e) => onEvents?.(`bench-${seed}`, e) })
			: null;
		const local = createRunner(setup(seed), {
			policyFor: () => timed,
			...(measured ? {} : { onEvents: (e: LogEvent[]) => onEvents?.(`bench-${seed}`, e) })
		});
		let t = now();
		await local.run();
		if (!measured) await settle?.();
		let gameMs = now() - t;
		if (measured) {
			t = now();
			await measured.run();
			await settle?.();
			gameMs = now() - t;
			if (measured.hash !== local.hash)
				throw new Error(`game ${seed} in workers is not the game on this thread (another log hash)`);
		}
		perGame.push((gameMs - policyMs) / asked);
		turns += asked;
	}
	return { medianMs: median(perGame), turns };
}

export interface ModelGameFigures {
	calls: number;
	completionTokens: number;
	/** Medians over the game's model calls. */
	ttftMs: number;
	tokensPerSecond: number;
	/** The whole game, and the part of it spent inside model calls. */
	wallMs: number;
	modelMs: number;
}

/**
 * One game whose seats are played by models: the engine's speed (time to first token, decode
 * tokens/s) from the calls' own timings, and how much the rest (runner, workers, storage) adds.
 */
export async function modelGame(
	run: SharedRun,
	policyFor: (seat: number) => Policy | undefined,
	now: () => number
): Promise<ModelGameFigures> {
	const runner = createRunner(run, { policyFor });
	const t = now();
	await runner.run();
	const wallMs = now() - t;
	const calls = runner.log.events.filter((e) => e.kind === 'model.called');
	const meta = calls.map((e) => e.meta ?? {});
	return {
		calls: calls.length,
		completionTokens: calls.reduce(
			(n, e) => n + ((e.data as { completionTokens?: number }).completionTokens ?? 0),
			0
		),
		ttftMs: median(meta.map((m) => m.ttftMs ?? 0)),
		tokensPerSecond: median(meta.map((m) => m.decodeTokensPerSecond ?? 0)),
		wallMs,
		modelMs: meta.reduce((n, m) => n + (m.totalMs ?? 0), 0)
	};
}

/**
 * A real 10,000-event log: a governance run whose Executor is a relentless red team, sending every
 * traversal payload to the Tool Agent on each of its turns (each probe is denied and logged), played
 * until the log holds `minEvents` events. Returned as the export's JSON lines.
 */
export async function longRunFile(minEvents = 10_000): Promise<{ text: string; events: number }> {
	const run = RED_TEAM_RUN;
	const box: { runner?: AnyRunner } = {};
	const tools = scenarioModule(run.scenario).toolHost!(() => box.runner!.state);
	const executor = scriptedPolicyFor(run.scenario, RED_TEAM_SEAT, { tools });
	const probes = TRAVERSAL_PAYLOADS.flatMap(([, path]) => [
		{ tool: 'read_file', args: { path } },
		{ tool: 'list_dir', args: { path } },
		{ tool: 'write_file', args: { path, content: 'probe' } }
	]);
	const relentless: Policy = {
		label: executor.label,
		async act(obs, ask, ctx) {
			const toolCalls: ToolCallRecord[] = [];
			for (const call of probes) toolCalls.push((await tools.call(call)).record);
			const reply = await executor.act(obs, ask, ctx);
			return { ...reply, toolCalls: [...toolCalls, ...(reply.toolCalls ?? [])] };
		}
	};
	box.runner = createRunner(run, {
		tools,
		policyFor: (seat) => (seat === RED_TEAM_SEAT ? relentless : undefined)
	});
	while (box.runner.log.length < minEvents && (await box.runner.step())) {
		/* one turn a step */
	}
	const { header, events } = box.runner.log;
	return { text: toJsonLines(header, events), events: events.length };
}

/** The first lines of a run file that fit in `bytes` (UTF-16 units; the export is ASCII-heavy): still a valid, unfinished run. */
export function cutRunFile(text: string, bytes: number): string {
	let end = 0;
	for (;;) {
		const next = text.indexOf('\n', end) + 1;
		if (next === 0 || next > bytes) break;
		end = next;
	}
	return text.slice(0, end);
}

/** A plain JSON.parse of every line: the floor any reading of the file pays. */
export function parseLines(text: string): number {
	let n = 0;
	for (const line of text.split('\n')) if (line) n += JSON.parse(line) ? 1 : 0;
	return n;
}

/**
 * Median ms to rebuild the final state from a run file (bounds, parse, verify the chain, fold every
 * event through the scenario: what opening a saved or imported run costs), beside a plain JSON.parse
 * of the same text measured in the same loop.
 */
export function rebuildFigures(
	text: string,
	runs: number,
	now: () => number
): { rebuildMs: number; parseMs: number } {
	const rebuild: number[] = [];
	const parse: number[] = [];
	for (let i = 0; i < runs; i++) {
		let t = now();
		parseLines(text);
		parse.push(now() - t);
		t = now();
		const file = readRunFile(text);
		rebuild.push(now() - t);
		if (!file.ok) throw new Error(`the benchmark's own run file was refused: ${file.error}`);
	}
	return { rebuildMs: median(rebuild), parseMs: median(parse) };
}

/**
 * The longest natural run each scenario's setup allows, every seat scripted and the rest of its
 * config its defaults: what a person's long run looks like, unlike `longRunFile`'s stream of probes.
 * Each scenario's descriptor gives its own (`headless.naturalRun`), in the registry's order.
 */
export const NATURAL_RUNS: readonly SharedRun[] = scenarioModules().flatMap((m) =>
	m.headless?.naturalRun ? [{ scenario: m.scenario.id, ...m.headless.naturalRun }] : []
);

/**
 * Re-executing a recorded run (what opening a run file or a recorded link does): the scenario played
 * again from the log's header with the recorded replies, checked to end on the recorded hash. Median
 * ms over `runs`, and µs per event; the recording is made once, outside the timing.
 */
export async function reexecFigures(
	run: SharedRun,
	runs: number,
	now: () => number
): Promise<{ events: number; ms: number; usPerEvent: number }> {
	const recorded = createRunner(run);
	await recorded.run();
	const input = replayInputOf(recorded.log.header, recorded.log.events);
	const times: number[] = [];
	for (let i = 0; i < runs; i++) {
		const t = now();
		const replay = createReplay(input);
		while (await replay.step()) {
			/* one recorded turn a step */
		}
		replay.verify();
		times.push(now() - t);
	}
	const ms = median(times);
	const events = recorded.log.events.length;
	return { events, ms, usPerEvent: (ms * 1000) / events };
}

export interface LongRunFigures {
	events: number;
	playMs: number;
	replayMs: number;
	/** Mean time per event in the first and the last tenth of the log's events, µs. */
	play: { firstUs: number; lastUs: number };
	replay: { firstUs: number; lastUs: number };
}

/** Mean time per event over the first and the last tenth of `stamps` (one per event, from `t0`), µs. */
function tenths(stamps: readonly number[], t0: number): { firstUs: number; lastUs: number } {
	const n = stamps.length;
	const k = Math.max(1, Math.floor(n / 10));
	const before = (i: number) => (i < 0 ? t0 : (stamps[i] as number));
	return {
		firstUs: ((before(k - 1) - t0) * 1000) / k,
		lastUs: ((before(n - 1) - before(n - k - 1)) * 1000) / k
	};
}

/**
 * A long scripted run played, then replayed from its own recording (what opening it does): each one's
 * wall time, and its time per event in the first and the last tenth of the events, each event stamped
 * as the runner hands it out. A flat cost shows as a last tenth no dearer than the first.
 */
export async function longRunFigures(run: SharedRun, now: () => number): Promise<LongRunFigures> {
	const played: number[] = [];
	const t0 = now();
	const recorded = createRunner(run, {
		onEvents: (es) => {
			const t = now();
			for (let i = 0; i < es.length; i++) played.push(t);
		}
	});
	await recorded.run();
	const playMs = now() - t0;
	const input = replayInputOf(recorded.log.header, recorded.log.events);
	const replayed: number[] = [];
	const t1 = now();
	const replay = createReplay(input, {
		onEvents: (es) => {
			const t = now();
			for (let i = 0; i < es.length; i++) replayed.push(t);
		}
	});
	while (await replay.step()) {
		/* one recorded turn a step */
	}
	replay.verify();
	const replayMs = now() - t1;
	return {
		events: recorded.log.events.length,
		playMs,
		replayMs,
		play: tenths(played, t0),
		replay: tenths(replayed, t1)
	};
}

/**
 * `longRunFigures` timed by a clock that is asked, not read: `mark` answers the CPU time so far (in
 * Chromium, the driver's DevTools `Performance.getMetrics` TaskDuration of the page's main thread,
 * which a shared machine's other processes do not inflate). It is asked only at the tenths' edges:
 * the run is played once first to learn its length (the same seed plays the same events), then
 * played and replayed with a mark before the first event, at the first and the last tenth's edges
 * (the first step that reaches each) and after the last.
 */
export async function longRunMarkedFigures(
	run: SharedRun,
	mark: () => Promise<number>
): Promise<LongRunFigures> {
	const probe = createRunner(run);
	await probe.run();
	const n = probe.log.events.length;
	const k = Math.max(1, Math.floor(n / 10));
	async function timed(step: () => Promise<boolean>, count: () => number) {
		const at: { ms: number; events: number }[] = [{ ms: await mark(), events: 0 }];
		const edges = [k, n - k];
		while (await step())
			while (at.length - 1 < edges.length && count() >= (edges[at.length - 1] as number))
				at.push({ ms: await mark(), events: count() });
		at.push({ ms: await mark(), events: count() });
		const [start, first, last, end] = at as [(typeof at)[0], (typeof at)[0], (typeof at)[0], (typeof at)[0]];
		return {
			ms: end.ms - start.ms,
			tenths: {
				firstUs: ((first.ms - start.ms) * 1000) / first.events,
				lastUs: ((end.ms - last.ms) * 1000) / (end.events - last.events)
			}
		};
	}
	const recorded = createRunner(run);
	const play = await timed(
		() => recorded.step(),
		() => recorded.log.events.length
	);
	const replay = createReplay(replayInputOf(recorded.log.header, recorded.log.events));
	const again = await timed(
		() => replay.step(),
		() => replay.runner.log.events.length
	);
	replay.verify();
	return {
		events: recorded.log.events.length,
		playMs: play.ms,
		replayMs: again.ms,
		play: play.tenths,
		replay: again.tenths
	};
}

/**
 * Starting or resuming a run from a share-link setup: the one recipe the page, `npm run sim` and the
 * benchmarks share, so that the same setup gives the same log everywhere.
 */
import { Runner, type LogEvent, type LogHeader, type Policy } from '../core';
import type { ModelChoice } from '../engines/types';
import { findScenario, scenarioModule, type PolicyDeps } from '../scenarios/registry';
import type { ToolHost } from '../tools/types';
import type { SharedRun } from '../share/link';

export interface PlayOptions {
	resume?: { header: LogHeader; events: readonly LogEvent[] };
	onEvents?: (events: LogEvent[]) => void;
	/** Overrides a seat's policy (a wrapped policy in benchmarks, a person's seat later). */
	policyFor?: (seat: number) => Policy | undefined;
	/** The Tool Agent governance's Executor works through (the tool worker on the page); in memory by default. */
	tools?: ToolHost;
	/** The sentence-embedding model governance's drift meter scores with, when the setup names one. */
	embedder?: PolicyDeps['embedder'];
	/** Overrides the scenario's system seat (a replay answers it from the log, never re-measuring). */
	systemPolicy?: Policy;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRunner = Runner<any, any, any, any>;

export function createRunner(run: SharedRun, opts: PlayOptions = {}): AnyRunner {
	const module = findScenario(run.scenario);
	if (!module) throw new Error(`unknown scenario "${run.scenario}"`);
	const { scenario } = module;
	const parsed = scenario.parseConfig(run.config);
	if (!parsed.ok) throw new Error(parsed.error);
	const box: { runner?: AnyRunner } = {};
	// Where a seat works through the Tool Agent, headless its tools run over the run's own state.
	const tools = opts.tools ?? module.toolHost?.(() => box.runner?.state);
	const deps = { ...(tools ? { tools } : {}), ...(opts.embedder ? { embedder: opts.embedder } : {}) };
	const scripted = new Map<number, Policy>();
	const fallback = (seat: number): Policy => {
		let p = scripted.get(seat);
		if (!p) scripted.set(seat, (p = module.scripted(seat, deps, run.seats?.[seat]?.model)));
		return p;
	};
	const system = module.systemSeat;
	const seats = module.seatCount(parsed.config);
	const engines: Record<string, string> = {};
	for (let s = 1; s <= seats; s++) engines[s] = seatEngineLabel(run.scenario, s, run.seats?.[s]);
	box.runner = new Runner({
		scenario,
		config: parsed.config,
		seed: run.seed,
		// The system seat is nobody's to play: the page's agent pool has no worker for it.
		policyFor: (seat) =>
			seat === system ? (opts.systemPolicy ?? fallback(seat)) : (opts.policyFor?.(seat) ?? fallback(seat)),
		resume: opts.resume,
		onEvents: opts.onEvents,
		engines,
		seats: run.seats
	});
	return box.runner;
}

/**
 * Each seat's model choice now: the setup's (the header's `seats`) with every `seat.model-changed`
 * event of the log applied in order. What the page starts its workers with on resume, and what a
 * replay asks its recording with after a change.
 */
export function seatsAfter(
	seats: SharedRun['seats'],
	events: readonly LogEvent[]
): Record<string, ModelChoice> {
	const out: Record<string, ModelChoice> = { ...(seats ?? {}) };
	for (const e of events)
		if (e.kind === 'seat.model-changed') {
			const d = e.data as { seat: number; to: ModelChoice };
			out[String(d.seat)] = d.to;
		}
	return out;
}

/**
 * What decides a seat, as the header records it: one canonical form from the setup alone, so the page
 * (whose seats are proxies into workers) and Node (whose seats are the policies themselves) write the
 * same header for the same setup. Model seats are `engine:model` as the setup names the model.
 */
export function seatEngineLabel(scenario: string, seat: number, choice: ModelChoice | undefined): string {
	if (!choice || choice.engine === 'scripted')
		return scenarioModule(scenario).scriptedLabel(seat, choice?.model);
	if (choice.engine === 'human') return 'human';
	const one = (c: ModelChoice) => `${c.engine}:${c.model ?? ''}${c.baseUrl ? `@${c.baseUrl}` : ''}`;
	// A panel of two models: both, in the order they are asked.
	return choice.panel ? `${one(choice)} + ${one(choice.panel)}` : one(choice);
}

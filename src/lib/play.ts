/**
 * Starting or resuming a run from a share-link setup: the one recipe the page, `npm run sim` and the
 * benchmarks share, so that the same setup gives the same log everywhere.
 */
import { Runner, seatId, type LogEvent, type LogHeader, type Policy } from './core';
import { scriptedPolicy, SCRIPTED_LABEL } from './policies';
import { scenarios, type AnyScenario } from './scenarios';
import type { SharedRun } from './share/link';

export interface PlayOptions {
	resume?: { header: LogHeader; events: readonly LogEvent[] };
	onEvents?: (events: LogEvent[]) => void;
	/** Overrides a seat's policy (a wrapped policy in benchmarks, a person's seat later). */
	policyFor?: (seat: number) => Policy | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRunner = Runner<any, any, any, any>;

export function createRunner(run: SharedRun, opts: PlayOptions = {}): AnyRunner {
	const scenario: AnyScenario | undefined = Object.hasOwn(scenarios, run.scenario)
		? scenarios[run.scenario]
		: undefined;
	if (!scenario) throw new Error(`unknown scenario "${run.scenario}"`);
	const parsed = scenario.parseConfig(run.config);
	if (!parsed.ok) throw new Error(parsed.error);
	const fallback = scriptedPolicy(run.scenario);
	const seats = Number((parsed.config as { seats?: number }).seats ?? 0);
	const engines: Record<string, string> = {};
	for (let s = 1; s <= seats; s++) engines[s] = (opts.policyFor?.(s) ?? fallback).label;
	engines.default = SCRIPTED_LABEL;
	return new Runner({
		scenario,
		config: parsed.config,
		seed: run.seed,
		policyFor: (seat) => opts.policyFor?.(seat) ?? fallback,
		resume: opts.resume,
		onEvents: opts.onEvents,
		engines
	});
}

export function seats(n: number) {
	return Array.from({ length: n }, (_, i) => seatId(i + 1));
}

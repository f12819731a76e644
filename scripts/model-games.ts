/**
 * Whole games with a local model at every model seat (the generated tiny models, stories260K among
 * them), measured as the goal of issue 20 says: structured decisions asked and forfeited, whether the
 * game ended by its rules before its round cap, and whether its log replays to the same hash. The
 * model-games spec and `npm run bench` both play through here.
 */
import { join } from 'node:path';
import type { LogEvent, ModelCall } from '../src/lib/core';
import type { ModelChoice } from '../src/lib/engines/types';
import { createReplay, replayInputOf } from '../src/lib/run/replay';
import type { SharedRun } from '../src/lib/scenarios/setup';
import { MODELS_DIR } from './fixtures/index';
import { simulateRun } from './sim';
import { scenarioModule } from '../src/lib/scenarios/registry';
import { modelRun as autonomyModelRun } from '../src/lib/scenarios/autonomy/setups';
import { modelRun as governanceModelRun } from '../src/lib/scenarios/governance/setups';
import { modelRun as undercoverModelRun } from '../src/lib/scenarios/undercover/setups';

/** Asks answered in free text; every other ask of every scenario is a choice (a structured decision). */
const FREE_TEXT = new Set(['speak', 'defend']);

export interface GameFigures {
	/** Asks put to a model whose answer is a choice (a vote; every governance and autonomy ask). */
	structuredAsks: number;
	/** Of those, given up after a rejected retry. */
	structuredForfeits: number;
	/** Model calls of structured asks the engine held to their options (`constraint` not 'none'). */
	constrainedCalls: number;
	structuredCalls: number;
	/**
	 * The game's own end (a side won, the run's days or rounds ran out as its rules say), not the
	 * runner's cap: a run stopped by its round cap (`run.halted`, an undercover draw) did not end by
	 * its rules, however many rounds it played.
	 */
	ended: boolean;
	/**
	 * Undercover: the rounds played and the cap. A game won in the cap's own round (the undercover
	 * voted out in round 6 of 6) ended by the rules; only a `run.halted` means the cap ended it.
	 */
	rounds?: number;
	roundCap?: number;
	/** The replay's hash equals the live run's. */
	replayed: boolean;
	logHash: string;
	ms: number;
}

export const localModel = (name: string): ModelChoice => ({
	engine: 'transformers',
	model: join(MODELS_DIR, name)
});

/** The ask kind of a model call (its purpose less a retry's "repair "). */
const kindOf = (c: ModelCall): string => c.purpose.replace(/^repair /, '');

function figuresOf(events: readonly LogEvent[]): Omit<GameFigures, 'ended' | 'replayed' | 'logHash' | 'ms'> {
	const calls = events
		.filter((e) => e.kind === 'model.called')
		.map((e) => e.data as ModelCall & { ask: string });
	const structured = calls.filter((c) => !FREE_TEXT.has(kindOf(c)) && c.transportError === undefined);
	const forfeits = events.filter(
		(e) => e.kind === 'action.forfeited' && !FREE_TEXT.has((e.data as { action: string }).action)
	);
	return {
		structuredAsks: new Set(structured.map((c) => c.ask)).size,
		structuredForfeits: forfeits.length,
		structuredCalls: structured.length,
		constrainedCalls: structured.filter((c) => c.constraint !== undefined && c.constraint !== 'none').length
	};
}

/** Plays one run with its model seats as given, then replays its log. */
export async function playModelGame(run: SharedRun): Promise<GameFigures> {
	const t0 = performance.now();
	const played = await simulateRun(run);
	const ms = performance.now() - t0;
	const { runner } = played;
	const events = runner.log.events;
	const outcome = runner.outcome() as { rounds?: number } | null;
	const replay = createReplay(replayInputOf(runner.log.header, events));
	await replay.run();
	// Where a run may end by reaching its round cap (undercover), the figures say whether it did.
	const roundCap = scenarioModule(run.scenario).headless?.roundCap?.(run.config);
	return {
		...figuresOf(events),
		ended: outcome !== null && !events.some((e) => e.kind === 'run.halted'),
		...(roundCap !== undefined ? { rounds: outcome?.rounds ?? 0, roundCap } : {}),
		replayed: replay.runner.hash === runner.hash,
		logHash: runner.hash,
		ms
	};
}

/** Every seat of an undercover game on one model. */
export const undercoverRun = undercoverModelRun;

/** Governance with the model in every model role (Assigner, Executor, Auditor). */
export const governanceRun = governanceModelRun;

/** Autonomy with the model as the agent that decides each spend. */
export const autonomyRun = autonomyModelRun;

/**
 * Governance setups that the benchmarks, the page-cost rows and the model games play by name
 * (`run/bench.ts`, `scripts/bench.ts`, `scripts/page-cost.ts`, `scripts/model-games.ts`). They live
 * here so that only this folder names the scenario; the shared code imports the setup it measures.
 */
import type { ModelChoice } from '../../engines/types';
import type { SharedRun } from '../setup';
import { SEAT_OF } from './state';

/** A long run, every seat scripted and the rest of the config its defaults: the long-run rows' setup. */
export function longRun(rounds: number): SharedRun {
	return { scenario: 'governance', seed: 1, config: { rounds } };
}

/** The seat `longRunFile`'s relentless red team plays: the Executor, who reaches the Tool Agent. */
export const RED_TEAM_SEAT: number = SEAT_OF.executor;

/** The run `longRunFile` plays with a relentless red-team Executor: co-signing, 200 rounds. */
export const RED_TEAM_RUN: SharedRun = {
	scenario: 'governance',
	seed: 7,
	config: { policy: 'cosign', rounds: 200 }
};

/** The run the page rows play: every seat scripted, thresholds that let the fuse trip. */
export function pageRun(rounds: number, seed = 1): SharedRun {
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

/** The model in every model role (Assigner, Executor, Auditor), co-signing. */
export function modelRun(model: ModelChoice, seed: number, rounds: number): SharedRun {
	return {
		scenario: 'governance',
		seed,
		config: { policy: 'cosign', rounds },
		seats: { 1: model, 2: model, 3: model }
	};
}

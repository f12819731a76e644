/**
 * Autonomy setups that the benchmarks and the model games play by name (`scripts/bench.ts`,
 * `scripts/model-games.ts`). They live here so that only this folder names the scenario; the shared
 * code imports the setup it measures.
 */
import type { ModelChoice } from '../../engines/types';
import type { SharedRun } from '../setup';

/** The lab's run: what a class recomputes on every switch it flips (every seat scripted). */
export function labRun(seed: number, days = 30): SharedRun {
	return { scenario: 'autonomy', seed, config: { days } };
}

/** The model as the agent that decides each spend. */
export function modelRun(model: ModelChoice, seed: number, days: number): SharedRun {
	return { ...labRun(seed, days), seats: { 1: model } };
}

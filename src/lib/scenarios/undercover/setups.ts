/**
 * Undercover setups that the benchmarks and the model games play by name (`run/bench.ts`,
 * `scripts/bench.ts`, `scripts/model-games.ts`). They live here so that only this folder names the
 * scenario; the shared code imports the setup it measures.
 */
import type { ModelChoice } from '../../engines/types';
import type { SharedRun } from '../setup';

/** The benchmarks' game: six scripted seats, the rest of the config its defaults (or `rounds` of them). */
export function benchGame(seed: number, rounds?: number): SharedRun {
	return { scenario: 'undercover', seed, config: { seats: 6, ...(rounds !== undefined ? { rounds } : {}) } };
}

/** Every seat of a game on one model. */
export function modelRun(
	model: ModelChoice,
	seed: number,
	seats: number,
	lang: 'en' | 'zh',
	rounds = 6
): SharedRun {
	return {
		scenario: 'undercover',
		seed,
		config: { seats, undercover: 1, blank: false, lang, rounds },
		seats: Object.fromEntries(Array.from({ length: seats }, (_, i) => [String(i + 1), model]))
	};
}

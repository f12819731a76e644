/** The undercover scenario as the kernel sees it. */
import type { Scenario } from '../../core';
import { seatsField, type ScenarioRules } from '../descriptor';
import { parseUndercoverConfig, UNDERCOVER_ID, type UndercoverConfig } from './config';
import { undercoverPoint } from './predict';
import { applyEvent, initState, next, observe, validate } from './rules';
import type { UndercoverObservation, UndercoverOutcome, UndercoverState } from './state';

export const undercover: Scenario<
	UndercoverConfig,
	UndercoverState,
	UndercoverObservation,
	UndercoverOutcome
> = {
	id: UNDERCOVER_ID,
	parseConfig: parseUndercoverConfig,
	serializeConfig: (c) => ({
		seats: c.seats,
		undercover: c.undercover,
		blank: c.blank,
		lang: c.lang,
		rounds: c.rounds
	}),
	budgets: (c) => ({
		rounds: c.rounds,
		// Each round: at most every seat speaks, defends and votes twice, each with a retry.
		actions: c.rounds * c.seats * 8,
		retries: c.rounds * c.seats * 4,
		retriesPerAsk: 1,
		// A model seat makes one call per try: the ask and its one retry.
		callsPerAsk: 2
	}),
	init: initState,
	next,
	observe,
	validate,
	apply: applyEvent,
	roundsCompleted: (s) => s.roundsCompleted,
	outcome: (s) => s.outcome
};

/** Undercover's config says how many play. */
const undercoverRules: ScenarioRules = {
	scenario: undercover,
	seatCount: seatsField,
	predictionPoint: undercoverPoint,
	presetLang: true
};

export * from './config';
export * from './state';
export { aliveSeats, phases, speakingOrder, deal } from './rules';
export { mentionsWord, saysWord } from './text';

/** What `loadRules` (`scenarios/index.ts`) loads by this folder's path: its rules. */
export default undercoverRules;

/** The autonomy scenario (seed 001, "Sentinel") as the kernel sees it. */
import type { Scenario } from '../../core';
import type { ScenarioRules } from '../descriptor';
import { parseAutonomyConfig, serializeAutonomyConfig, type AutonomyConfig } from './config';
import { observe } from './observe';
import { autonomyPoint } from './predict';
import { applyEvent } from './reducer';
import { initState, next } from './rules';
import type { AutonomyObservation, AutonomyOutcome, AutonomyState } from './state';
import { validate } from './validate';

export const SEAT_COUNT = 1;

export const autonomy: Scenario<AutonomyConfig, AutonomyState, AutonomyObservation | null, AutonomyOutcome> =
	{
		id: 'autonomy',
		parseConfig: parseAutonomyConfig,
		serializeConfig: serializeAutonomyConfig,
		budgets: (c) => ({
			// The scenario ends itself after `days` (run.ended); the gate's caps are the backstop.
			rounds: c.days + 1,
			// At most a few dozen spends a day, each one answer; retries and model calls likewise.
			actions: c.days * 40,
			retries: c.days * 10,
			retriesPerAsk: 1,
			calls: c.days * 60,
			callsPerAsk: 2,
			transportFailures: c.days * 20
		}),
		init: initState,
		next,
		observe,
		validate,
		apply: applyEvent,
		roundsCompleted: (s) => s.daysCompleted,
		outcome: (s) => s.outcome
	};

/** One seat: Sentinel. */
const autonomyRules: ScenarioRules = {
	scenario: autonomy,
	seatCount: () => SEAT_COUNT,
	predictionPoint: autonomyPoint
};

export * from './config';
export * from './doors';
export * from './errors';
export * from './ledger';
export * from './prompts';
export * from './repository';
export * from './state';
export * from './triggers';
export * from './texts';
export * from './world';
export { phases } from './phases';
export { observationOf } from './observe';
export { askId, evaluate, initState, providerFault, SENTINEL_SEAT } from './rules';

/** What `loadRules` (`scenarios/index.ts`) loads by this folder's path: its rules. */
export default autonomyRules;

/** The governance scenario as the kernel sees it. */
import type { Scenario } from '../../core';
import type { ScenarioRules } from '../descriptor';
import { parseGovernanceConfig, serializeGovernanceConfig, type GovernanceConfig } from './config';
import { observe } from './observe';
import { governancePoint } from './predict';
import { MAX_TOOL_CALLS } from './prompts';
import { applyEvent, applyEvents } from './reducer';
import { initState, next } from './rules';
import { meterObservation } from './meter';
import {
	METER_SEAT,
	SEAT_COUNT,
	SEAT_OF,
	type GovernanceObservation,
	type GovernanceOutcome,
	type GovernanceState
} from './state';
import { validate } from './validate';

export const governance: Scenario<
	GovernanceConfig,
	GovernanceState,
	GovernanceObservation,
	GovernanceOutcome
> = {
	id: 'governance',
	parseConfig: parseGovernanceConfig,
	serializeConfig: serializeGovernanceConfig,
	budgets: (c) => ({
		// The scenario ends itself after `rounds` (run.ended); the gate's cap is the backstop.
		rounds: c.rounds + 1,
		// Each round: at most four turns, each with a retry, and the drift meter's answer; plus a
		// person's answers to fuses.
		actions: (c.rounds + 2) * 6,
		retries: (c.rounds + 2) * 4,
		retriesPerAsk: 1,
		// The Executor's tool loop: at most MAX_TOOL_CALLS tool turns and the answer, per try, two tries.
		callsPerAsk: (MAX_TOOL_CALLS + 1) * 2
	}),
	init: initState,
	next,
	// The drift meter sees the round's pairs, every role its own observation. The meter is no role,
	// and only its own policy (policies/scripted/drift-meter.ts) is asked as it: widening the type
	// every role's policy reads for it would make each of them handle a case they never meet.
	observe: (s, seat) =>
		seat === METER_SEAT ? (meterObservation(s) as unknown as GovernanceObservation) : observe(s, seat),
	validate,
	apply: applyEvent,
	applyAll: applyEvents,
	roundsCompleted: (s) => s.roundsCompleted,
	outcome: (s) => s.outcome
};

/** Governance's seats are its four roles, whatever the config. */
const governanceRules: ScenarioRules = {
	scenario: governance,
	seatCount: () => SEAT_COUNT,
	predictionPoint: governancePoint,
	// The seed's Auditor ran on two models ("Auditor用两者混合"): panel.ts says how they must agree.
	panelSeat: SEAT_OF.auditor
};

export * from './asks';
export * from './checks';
export * from './config';
export * from './describe';
export * from './impact';
export * from './pending';
export { PANEL_ASKS, panelAction } from './panel';
export * from './rulebook';
export * from './scores';
export * from './state';
export * from './tasks';
export * from './tool-host';
export * from './views';
export { phases } from './phases';
export { roleOf } from './observe';
export { measuredRates, outcomeOf } from './reducer';
export { parseOutput } from './validate';
export * from './analyze';

/** What `loadRules` (`scenarios/index.ts`) loads by this folder's path: its rules. */
export default governanceRules;

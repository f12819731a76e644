/**
 * Governance's descriptor (see `../registry.ts`): seats are roles, one scripted policy per seat; the
 * Executor reaches the Tool Agent through `deps.tools`; seat 4 is a person's (approver, fuse operator);
 * seat 5, off the table, is the drift meter over `deps.embedder` (only asked when a drift model is set).
 */
import { seatId, type Policy } from '../../core';
import { SCRIPTED_LABEL } from '../../core/policy';
import { createLlmGovernancePolicy } from './policies/llm/governance';
import { HUMAN_STAND_IN_LABEL, scriptedGovernanceSeat } from './policies/scripted/governance';
import { DRIFT_METER_LABEL, driftMeter } from './policies/scripted/drift-meter';
import { RED_TEAM_LABEL, redTeamExecutor } from './policies/scripted/red-team';
import { panelPolicy } from '../../policies/panel';
import { MEASURE_DRIFT } from './asks';
import type { ScenarioModule } from '../registry';
import governanceRules, {
	METER_SEAT,
	PANEL_ASKS,
	panelAction,
	roleOf,
	SEAT_OF,
	stateToolHost,
	type GovernanceObservation,
	type GovernanceState
} from '.';
import { governanceHeadless } from './headless';

const governanceModule: ScenarioModule = {
	...governanceRules,
	scripted(seat, deps, variant) {
		if (seat === METER_SEAT) return driftMeter(deps.embedder ?? null) as Policy;
		const policy = scriptedGovernanceSeat(seat, deps) as Policy;
		// The red team is an Executor that first probes the Tool Agent's path policy.
		return variant === 'red-team' && seat === SEAT_OF.executor && deps.tools
			? redTeamExecutor(policy, deps.tools)
			: policy;
	},
	scriptedLabel(seat, variant) {
		if (seat === METER_SEAT) return DRIFT_METER_LABEL;
		const role = roleOf(seatId(seat));
		if (role === 'human') return HUMAN_STAND_IN_LABEL;
		return variant === 'red-team' && role === 'executor' ? RED_TEAM_LABEL : SCRIPTED_LABEL;
	},
	model: (client, { seat, deps, sampling }) =>
		createLlmGovernancePolicy(client, {
			role: roleOf(seatId(seat)),
			...(deps?.tools ? { tools: deps.tools } : {}),
			...(sampling ? { sampling } : {})
		}) as Policy,
	personSeat: SEAT_OF.human,
	systemSeat: METER_SEAT,
	systemAsks: [MEASURE_DRIFT],
	// Governance's files live in its state; headless, the Executor's tools run over them in memory.
	toolHost: (state) => stateToolHost(() => state() as GovernanceState),
	// The Auditor's panel: both review and co-sign, and must agree (panel.ts, the rule of a split).
	panel: (first, second) =>
		panelPolicy(first, second, {
			asks: PANEL_ASKS,
			join: (kind, a, b, obs) => panelAction(kind, a, b, (obs as GovernanceObservation).lang)
		}),
	headless: governanceHeadless
};

/** What `loadScenario` (`scenarios/registry.ts`) loads by this folder's path: its descriptor. */
export default governanceModule;

/** Policies by scenario. Scripted ones need no model; LLM policies join here with the engines. */
import type { Policy } from '../core';
import type { ToolHost } from '../scenarios/governance';
import { scriptedGovernanceSeat } from './scripted/governance';
import { scriptedUndercover, SCRIPTED_LABEL } from './scripted/undercover';

export { SCRIPTED_LABEL };

const scripted: Record<string, Policy> = { undercover: scriptedUndercover as Policy };

/** What a seat's scripted policy may need besides its observation: the Tool Agent, for governance. */
export interface PolicyDeps {
	tools?: ToolHost;
}

/** Scenarios whose seats are roles have one scripted policy per seat. */
const scriptedPerSeat: Record<string, (seat: number, deps: PolicyDeps) => Policy> = {
	governance: (seat, deps) => scriptedGovernanceSeat(seat, deps) as Policy
};

export function scriptedPolicy(scenario: string): Policy {
	const p = scripted[scenario];
	if (!p)
		throw new Error(
			scriptedPerSeat[scenario]
				? `scenario "${scenario}" has a scripted policy per seat: use scriptedPolicyFor`
				: `no scripted agents for scenario "${scenario}"`
		);
	return p;
}

/** The scripted policy of one seat (the same policy for every seat where the scenario has just one). */
export function scriptedPolicyFor(scenario: string, seat: number, deps: PolicyDeps = {}): Policy {
	const make = scriptedPerSeat[scenario];
	return make ? make(seat, deps) : scriptedPolicy(scenario);
}

/** Policies by scenario. Scripted ones need no model; LLM policies join here with the engines. */
import type { Policy } from '../core';
import type { ToolHost } from '../scenarios/governance';
import { scriptedSentinel } from './scripted/autonomy';
import { scriptedGovernanceSeat } from './scripted/governance';
import { redTeamExecutor } from './scripted/red-team';
import { scriptedUndercover, SCRIPTED_LABEL } from './scripted/undercover';
import { fairUndercover, FAIR_LABEL } from './scripted/undercover-fair';

export { FAIR_LABEL, SCRIPTED_LABEL };

const scripted: Record<string, Policy> = {
	undercover: scriptedUndercover as Policy,
	autonomy: scriptedSentinel as Policy
};

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

/**
 * The label a seat's scripted policy carries (it goes into the log header), without needing what the
 * policy needs to run: the page builds the policy in a worker but must label the seat the same as Node.
 */
export function scriptedLabel(scenario: string, seat: number, variant?: string): string {
	const unusable: PolicyDeps = { tools: { call: () => Promise.reject(new Error('label only')) } };
	return scriptedPolicyFor(scenario, seat, unusable, variant).label;
}

export { SCRIPTED_VARIANTS } from './variants';

/**
 * The scripted policy of one seat (the same policy for every seat where the scenario has just one).
 * `variant` names a scripted variant; it applies only where it makes sense (red-team: the Executor).
 */
export function scriptedPolicyFor(
	scenario: string,
	seat: number,
	deps: PolicyDeps = {},
	variant?: string
): Policy {
	const make = scriptedPerSeat[scenario];
	const policy = make ? make(seat, deps) : scriptedPolicy(scenario);
	if (variant === 'red-team' && scenario === 'governance' && seat === 2 && deps.tools)
		return redTeamExecutor(policy, deps.tools);
	if (variant === 'fair' && scenario === 'undercover') return fairUndercover as Policy;
	return policy;
}

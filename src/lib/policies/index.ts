/** Policies by scenario. Scripted ones need no model; LLM policies join here with the engines. */
import type { Policy } from '../core';
import { scriptedUndercover, SCRIPTED_LABEL } from './scripted/undercover';

export { SCRIPTED_LABEL };

const scripted: Record<string, Policy> = { undercover: scriptedUndercover as Policy };

export function scriptedPolicy(scenario: string): Policy {
	const p = scripted[scenario];
	if (!p) throw new Error(`no scripted agents for scenario "${scenario}"`);
	return p;
}

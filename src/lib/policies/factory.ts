/**
 * The policy for a seat's model choice: scripted agents, or an LLM policy over a chat client. Used by
 * agent workers on the page and by `npm run sim` in Node, so both decide the same way.
 */
import type { Lesson } from '../agents/lessons';
import type { Policy } from '../core';
import type { ModelChoice } from '../engines/types';
import type { ChatClient } from './llm/chat-client';
import { createLlmUndercoverPolicy } from './llm/undercover';
import { scriptedPolicyFor, type PolicyDeps } from '.';

const llmPolicies: Record<string, (client: ChatClient, lessons?: readonly Lesson[]) => Policy> = {
	undercover: (client, lessons) =>
		createLlmUndercoverPolicy(client, lessons?.length ? { lessons } : {}) as Policy
};

export function policyForChoice(
	scenario: string,
	choice: ModelChoice,
	opts: { client?: ChatClient; seat: number; deps?: PolicyDeps; lessons?: readonly Lesson[] }
): Policy {
	const { client, seat, deps, lessons } = opts;
	if (choice.engine === 'scripted') return scriptedPolicyFor(scenario, seat, deps, choice.model);
	if (choice.engine === 'human') throw new Error('a person’s seat is played on the page, not by a policy');
	const make = llmPolicies[scenario];
	if (!make) throw new Error(`no model-backed agents for scenario "${scenario}" yet`);
	if (!client) throw new Error(`seat needs a loaded model (${choice.engine} ${choice.model ?? ''})`);
	return make(client, lessons);
}

/**
 * The policy for a seat's model choice: scripted agents, or an LLM policy over a chat client. Used by
 * agent workers on the page and by `npm run sim` in Node, so both decide the same way.
 */
import type { Lesson } from '../agents/lessons';
import { seatId, type Ask, type Policy } from '../core';
import type { ModelChoice, SamplingSettings } from '../engines/types';
import { roleOf, SEAT_OF } from '../scenarios/governance';
import type { ChatClient } from './llm/chat-client';
import { createLlmAutonomyPolicy } from './llm/autonomy';
import { createLlmGovernancePolicy } from './llm/governance';
import { createLlmUndercoverPolicy } from './llm/undercover';
import { scriptedPolicyFor, type PolicyDeps } from '.';

/** A replay's lessons per ask: those the recorded call carried (see LlmPolicyOptions.recordedLessons). */
export type RecordedLessons = (ask: Ask) => readonly Pick<Lesson, 'id' | 'text'>[];

interface FactoryOptions {
	seat: number;
	deps?: PolicyDeps;
	lessons?: readonly Lesson[];
	recordedLessons?: RecordedLessons;
	sampling?: SamplingSettings;
}

type LlmFactory = (client: ChatClient, opts: FactoryOptions) => Policy;

const llmPolicies: Record<string, LlmFactory> = {
	undercover: (client, { lessons, recordedLessons, sampling }) =>
		createLlmUndercoverPolicy(client, {
			...(lessons?.length ? { lessons } : {}),
			...(recordedLessons ? { recordedLessons } : {}),
			...(sampling ? { sampling } : {})
		}) as Policy,
	// Seats are roles; the Executor reaches the Tool Agent through deps.tools.
	governance: (client, { seat, deps, sampling }) =>
		createLlmGovernancePolicy(client, {
			role: roleOf(seatId(seat)),
			...(deps?.tools ? { tools: deps.tools } : {}),
			...(sampling ? { sampling } : {})
		}) as Policy,
	autonomy: (client, { sampling }) => createLlmAutonomyPolicy(client, sampling ? { sampling } : {}) as Policy
};

export function policyForChoice(
	scenario: string,
	choice: ModelChoice,
	opts: Omit<FactoryOptions, 'seat'> & { client?: ChatClient; seat: number }
): Policy {
	const { client, seat, deps, lessons, recordedLessons, sampling } = opts;
	if (choice.engine === 'scripted') return scriptedPolicyFor(scenario, seat, deps, choice.model);
	if (choice.engine === 'human') throw new Error('a person’s seat is played on the page, not by a policy');
	// Governance's seat 4 is a person's (approver, fuse operator): a model choice there gets the stand-in.
	if (scenario === 'governance' && seat === SEAT_OF.human) return scriptedPolicyFor(scenario, seat, deps);
	const make = llmPolicies[scenario];
	if (!make) throw new Error(`no model-backed agents for scenario "${scenario}" yet`);
	if (!client) throw new Error(`seat needs a loaded model (${choice.engine} ${choice.model ?? ''})`);
	return make(client, {
		seat,
		...(deps ? { deps } : {}),
		...(lessons ? { lessons } : {}),
		...(recordedLessons ? { recordedLessons } : {}),
		...(sampling ? { sampling } : {})
	});
}

/**
 * The governance roles played by a language model: prompt -> chat -> parse, as the undercover policy.
 *
 * One policy per role (seat 1 Assigner, 2 Executor, 3 Auditor; seat 4 is a person's, never a model).
 * It sees only its seat's observation and does not validate: the runner does, in one place. A reply it
 * cannot read becomes `{ action: null, error }` (the runner logs it, retries once quoting the error,
 * then forfeits); a model that cannot be reached is not a decision and is thrown as a TransportFailure.
 *
 * The Executor works through the Tool Agent: on its asks the model may reply with
 * `{ "tool_call": { "tool", "args" } }` up to `maxToolCalls` times; each call goes through the
 * ToolHost (recorded in `toolCalls`, denied ones too, so the audit trail shows every probe) and its
 * answer, cut to size, is fed back; then the model gives its final reply in the seed's fixed schema.
 */
import {
	type Ask,
	type ModelCall,
	type Policy,
	type PolicyContext,
	type PolicyReply,
	type ToolCallRecord
} from '../../../../core';
import type { ChatResponse } from '../../../../engines/types';
import { replySchemaFor, type GovernanceObservation, type Role, type ToolHost } from '../..';
import { parseGovernanceReply, readToolCall } from '../../parse';
import {
	governancePrompt,
	governanceReplyBudget,
	governanceReplyReserve,
	isModelAsk,
	MAX_TOOL_CALLS,
	toolAnswer,
	toolWords,
	withToolCall,
	type GovernanceAskKind,
	type GovernancePrompt,
	type ToolExchange
} from '../../prompts';
import {
	fitPrompt,
	modelSeat,
	replyOf,
	TransportFailure,
	type ChatClient,
	type ModelSeatOptions
} from '../../../../policies/llm/chat-client';

/** The temperature defaults to 0.3: work products, not table talk. */
export interface LlmGovernanceOptions extends ModelSeatOptions {
	/** The role this seat plays; 'human' is refused (seat 4 is a person's or the scripted stand-in's). */
	role: Role;
	/** The Tool Agent: required for the Executor. */
	tools?: ToolHost;
	/** Tool calls the Executor may make in one reply before it must answer (default 4). */
	maxToolCalls?: number;
}

const DEFAULT_GOVERNANCE_TEMPERATURE = 0.3;

export interface LlmGovernancePolicy extends Policy<GovernanceObservation> {
	act(observation: GovernanceObservation, ask: Ask, ctx: PolicyContext): Promise<PolicyReply>;
}

/** What each call was for, as the log records it; a retry's calls are "repair <purpose>". */
const PURPOSE: Readonly<Record<GovernanceAskKind, string>> = {
	assign: 'assign',
	'answer-clarification': 'clarify',
	'rule-appeal': 'rule appeal',
	escalation: 'escalation',
	'decide-amendment': 'decide amendment',
	execute: 'execute',
	'respond-veto': 'respond to veto',
	review: 'review',
	cosign: 'cosign'
};

export function createLlmGovernancePolicy(
	client: ChatClient,
	opts: LlmGovernanceOptions
): LlmGovernancePolicy {
	const { role, tools } = opts;
	if (role === 'human')
		throw new RangeError('seat 4 is played by a person (or the scripted stand-in), never by a model');
	if (role === 'executor' && !tools)
		throw new Error('the LLM Executor needs a tool host to reach the Tool Agent');
	const model = modelSeat(client, opts, DEFAULT_GOVERNANCE_TEMPERATURE);
	const maxToolCalls = Math.max(0, opts.maxToolCalls ?? MAX_TOOL_CALLS);

	/** One chat call. `made` holds the calls of this reply so far: a transport failure carries them all. */
	async function chat(
		prompt: GovernancePrompt,
		schema: Record<string, unknown>,
		seedName: string,
		ctx: PolicyContext,
		made: readonly ModelCall[]
	): Promise<{ response: ChatResponse; call: ModelCall }> {
		const reasoning = client.reasoning ?? false;
		const budget = governanceReplyBudget(prompt.kind, reasoning);
		const reserve = governanceReplyReserve(prompt.kind, client.contextWindow, reasoning);
		const { messages, maxTokens } = fitPrompt(client, prompt.messages, budget, reserve);
		// The purpose is settled once the reply is read (a tool call or the answer); a transport
		// failure is recorded under the ask's.
		return model.ask(
			{
				messages,
				maxTokens,
				schema,
				seedName,
				purpose: '',
				failedPurpose: PURPOSE[prompt.kind],
				earlier: made
			},
			ctx
		);
	}

	return {
		label: model.label,

		async act(obs, ask, ctx): Promise<PolicyReply> {
			if (obs.role !== role)
				return { action: null, error: `this agent plays the ${role}, not the ${obs.role}` };
			if (!isModelAsk(role, ask.kind)) return { action: null, error: `the ${role} cannot "${ask.kind}"` };
			const item = obs.focus;
			if (!item || item.kind !== ask.kind)
				return { action: null, error: `nothing of kind "${ask.kind}" is waiting for the ${role}` };
			const kind = ask.kind;
			const retry = ask.attempt > 0;
			const purpose = `${retry ? 'repair ' : ''}${PURPOSE[kind]}`;
			const previousError = retry && ask.error ? { previousError: ask.error } : {};
			const askSchema = replySchemaFor(item);
			const parseCtx = { item, rules: obs.rules };
			const calls: ModelCall[] = [];
			const toolCalls: ToolCallRecord[] = [];

			const finish = (text: string, response: ChatResponse): PolicyReply =>
				replyOf(
					parseGovernanceReply(kind, text, parseCtx),
					response,
					calls,
					toolCalls.length ? { toolCalls } : {}
				);

			if (role !== 'executor' || !tools) {
				const prompt = governancePrompt(kind, obs, previousError);
				const { response, call } = await chat(prompt, askSchema, ctx.streamName, ctx, calls);
				calls.push({ ...call, purpose });
				return finish(response.text, response);
			}

			// The Executor's loop: at most maxToolCalls tool calls, then one more call for the answer.
			const exchanges: ToolExchange[] = [];
			for (let turn = 0; ; turn++) {
				const left = maxToolCalls - exchanges.length;
				const prompt = governancePrompt(kind, obs, { ...previousError, exchanges, toolCallsLeft: left });
				const schema = left > 0 ? withToolCall(askSchema) : askSchema;
				// Each call of the loop has its own seed, a pure function of the ask's stream and the turn.
				const seedName = turn === 0 ? ctx.streamName : `${ctx.streamName}:tool${turn}`;
				const { response, call } = await chat(prompt, schema, seedName, ctx, calls).catch((err: unknown) => {
					// The Tool Agent already carried out this reply's tool calls: the log must show them.
					if (err instanceof TransportFailure && toolCalls.length)
						throw new TransportFailure(err.message, err.calls, { cause: err, toolCalls: [...toolCalls] });
					throw err;
				});
				const requested = readToolCall(response.text);
				if (requested === null) {
					calls.push({ ...call, purpose });
					return finish(response.text, response);
				}
				calls.push({ ...call, purpose: 'tool' });
				if (left <= 0) {
					const extra = toolCalls.length ? { toolCalls } : {};
					return {
						action: null,
						error: toolWords(obs.lang ?? 'en').noCallsLeft(maxToolCalls),
						calls,
						...extra
					};
				}
				if (!requested.ok) {
					// Unreadable calls count against the loop too, so it always ends.
					exchanges.push({
						tool: '(unreadable)',
						args: null,
						answer: toolWords(obs.lang ?? 'en').notRun(requested.error)
					});
					continue;
				}
				const out = await tools.call(requested.call);
				toolCalls.push(out.record);
				exchanges.push({
					tool: requested.call.tool,
					args: requested.call.args,
					answer: toolAnswer(out, undefined, obs.lang ?? 'en')
				});
			}
		}
	};
}

/** A policy turns what a seat sees, and what it is asked, into an action. */
import type { Ask } from './scenario';
import type { Stream } from './rng';
import type { CallGate } from './gate';

export interface PolicyContext {
	/** A stream for this ask alone, derived from the seed and the ask id: stable across reloads. */
	rng: Stream;
	/** The run's seed and this ask's stream name, for policies that must rebuild `rng` elsewhere (a worker). */
	seed: number;
	streamName: string;
	/** The logical tick this turn's events will carry (tool calls are stamped with it). */
	tick: number;
	signal?: AbortSignal;
	/** Authorises this ask's model calls (the runner's gate): no engine is called without a permit. */
	gate?: CallGate;
}

/**
 * One model call, as the log records it. `data` is hashed into the log; `meta` holds wall-clock
 * figures that differ from run to run and is stored beside the event, outside the hash.
 */
export interface ModelCall {
	engine: string;
	model: string;
	/** SHA-256 of the canonical request (messages, temperature, top_p, seed, max_tokens, stop, schema). */
	requestHash: string;
	/** The request in brief, so that a replay whose request differs can say where. */
	request?: RequestDigest;
	/** The sampling settings the engine was sent, so a reader of the log sees what decided the reply. */
	sampling?: { temperature: number; topP?: number; seed: number; maxTokens: number };
	/** What the call was for, e.g. "speak" or "repair vote". */
	purpose: string;
	reply: string;
	finishReason: 'stop' | 'length' | 'error';
	promptTokens: number;
	completionTokens: number;
	/** Set when the engine reported no token usage: the counts are the conservative estimate. */
	usageEstimated?: boolean;
	/** Set when the server ran past max_tokens and the client cut the reply at the budget. */
	cutByClient?: boolean;
	/** Set when the call failed in transport (network, rate limit, server error): not a decision. */
	transportError?: string;
	/** For a choice among seats: the order the options were shown in (order biases small models). */
	optionOrder?: number[];
	/** Ids of the lessons from earlier games the prompt carried, so each lesson is scored by its games. */
	lessons?: string[];
	/** Those lessons' texts, as the prompt carried them: a replay in another browser sends the same prompt. */
	lessonTexts?: string[];
	meta?: { ttftMs: number; totalMs: number; decodeTokensPerSecond: number };
	/**
	 * How the engine held the reply to its schema (the engines' ConstraintMode): 'grammar' (XGrammar),
	 * 'json_schema' (an endpoint honoured response_format), 'options' (the engine chose among the legal
	 * tokens itself), 'none'. Absent where the engine did not say (read as 'none').
	 */
	constraint?: 'grammar' | 'json_schema' | 'options' | 'none';
}

/**
 * What a model call asked, in brief: the sampling settings as they were, and a fingerprint of each
 * message and of the schema (never the prompt itself, which would double the log). Enough for a replay
 * that misses to name the part of the request that differs.
 */
export interface RequestDigest {
	/** Each message as `role:` and the first 16 hex digits of the SHA-256 of its content. */
	messages: string[];
	temperature: number;
	seed: number;
	max_tokens: number;
	stop?: string[];
	/** The first 16 hex digits of the SHA-256 of the schema's canonical JSON. */
	schema?: string;
}

/**
 * One tool call an agent made while deciding (governance's Tool Agent), allowed or denied: each becomes
 * a `tool.called` event, so the audit trail shows every probe. `effect` is what a reducer needs to
 * apply the call (e.g. the content written), so a replay rebuilds the files without re-running tools.
 */
export interface ToolCallRecord {
	tool: string;
	args: unknown;
	ok: boolean;
	/** Denial or failure code, e.g. 'outside-root'. */
	code?: string;
	message?: string;
	effect?: unknown;
}

export interface PolicyReply {
	/** Unvalidated: the runner checks it against the ask in one place. */
	action: unknown;
	/** Set when the policy could not read an action from its model's reply; quoted back on the retry. */
	error?: string;
	/** Model calls made for this reply, in order: each becomes a `model.called` event. */
	calls?: ModelCall[];
	/** Tool calls made for this reply, in order: each becomes a `tool.called` event. */
	toolCalls?: ToolCallRecord[];
}

export interface Policy<O = unknown> {
	/** Shown wherever the seat appears, e.g. "scripted (no LLM)". */
	readonly label: string;
	act(observation: O, ask: Ask, ctx: PolicyContext): PolicyReply | Promise<PolicyReply>;
	/**
	 * On resume: the seat's own `model.called` events, in log order (their data: the call plus `ask`
	 * and `seat`). A policy that keeps private notes rebuilds them from these, so a resumed run
	 * continues as the uninterrupted one would. Awaited before the resumed run's first turn.
	 */
	restore?(calls: readonly (ModelCall & { ask: string; seat: number })[]): void | Promise<void>;
}

/**
 * Thrown by a policy when the run cannot go on for reasons that are not the agent's decision: a
 * model endpoint failing in transport, a crashed worker, a lost GPU. The runner does not count it as
 * an invalid reply; it stops the turn (writing nothing for it) so the run can pause, saved, and resume.
 */
export class RunInterrupted extends Error {
	constructor(
		message: string,
		/** `replay`: a recorded run asked for a call its recording does not have (never answered live). */
		readonly reason: 'transport' | 'crash' | 'device' | 'aborted' | 'replay' = 'transport',
		options?: { cause?: unknown; calls?: ModelCall[]; toolCalls?: ToolCallRecord[] }
	) {
		super(message, options);
		this.name = 'RunInterrupted';
		this.calls = options?.calls ?? [];
		this.toolCalls = options?.toolCalls ?? [];
	}
	/** Calls made before the interruption (failed ones carry `transportError`): logged, not decisions. */
	readonly calls: ModelCall[];
	/**
	 * Tool calls the turn made before it was interrupted (an Executor's write, then its model failed):
	 * logged too, because the Tool Agent already carried them out, so that the retry and a replay see
	 * exactly the files the log says.
	 */
	readonly toolCalls: ToolCallRecord[];
}

export function isRunInterrupted(err: unknown): err is RunInterrupted {
	return err instanceof RunInterrupted;
}

/**
 * The labels a log header writes for the scripted policies (play.ts: `seatEngineLabel`). Here, below
 * both, because the policies write them and the metrics read them back to tell scripted seats from
 * models, and metrics may not import a policy.
 */
export const SCRIPTED_LABEL = 'scripted (no LLM)';
export const FAIR_LABEL = 'scripted fair (no LLM)';

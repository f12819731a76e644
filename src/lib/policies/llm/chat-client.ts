/**
 * What an LLM policy needs from a model: one chat call, and a few facts to size its requests. An
 * engine (WebLLM, transformers.js, an OpenAI-compatible endpoint), a worker proxy to one, or a fake
 * in a test all fit; the policy never sees which.
 */
import {
	CallRefused,
	canonicalJson,
	fnv1a32,
	ownCallGate,
	RunInterrupted,
	sha256Hex,
	type CallGate,
	type ModelCall,
	type Permit,
	type PolicyContext,
	type PolicyReply,
	type RequestDigest,
	type ToolCallRecord
} from '../../core';
import { estimateMessages, estimateTokens } from '../../core/tokens';
import { fitToContext, type PromptMessage, type PromptPart } from '../../scenarios/shared/prompt';
import type { ChatRequest, ChatResponse, SamplingSettings } from '../../engines/types';

export interface ChatClient {
	/** The back end, e.g. "webllm", "openai" or "fake": half of the policy's label. */
	readonly engine: string;
	readonly model: string;
	/** Prompt plus reply, in tokens. */
	readonly contextWindow: number;
	/** A model that thinks before it answers: it gets the larger reply budgets. */
	readonly reasoning?: boolean;
	/**
	 * Sends one request. It takes the gate's permit for the call, so code without one (anything but
	 * `sendRecorded`, which asks the gate first) does not compile; implementations may ignore it.
	 */
	chat(req: ChatRequest, permit: Permit): Promise<ChatResponse>;
}

/**
 * SHA-256 of what decides a reply: messages, temperature, top_p, seed, max_tokens, stop and schema (never the
 * streaming callback or the abort signal). A replay finds a recorded reply by it.
 */
export function requestHash(req: ChatRequest): string {
	return sha256Hex(
		canonicalJson({
			messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
			temperature: req.temperature,
			top_p: req.top_p,
			seed: req.seed,
			max_tokens: req.max_tokens,
			stop: req.stop,
			schema: req.schema
		})
	);
}

/** The request in brief (see RequestDigest): recorded with every call, read by a replay that misses. */
export function requestDigest(req: ChatRequest): RequestDigest {
	const fingerprint = (text: string) => sha256Hex(text).slice(0, 16);
	return {
		messages: req.messages.map((m) => `${m.role}:${fingerprint(m.content)}`),
		temperature: req.temperature,
		seed: req.seed,
		max_tokens: req.max_tokens,
		...(req.stop ? { stop: req.stop } : {}),
		...(req.schema ? { schema: fingerprint(canonicalJson(req.schema)) } : {})
	};
}

/**
 * Is this a transport failure (network, rate limit, server error, timeout) rather than the model's
 * answer? EngineError says so in `transport`; after structured cloning (a worker boundary) only its
 * own fields survive, so `options.transport` and a "transport:" message count too.
 */
export function isTransportError(err: unknown): boolean {
	if (typeof err !== 'object' || err === null) return false;
	const e = err as { transport?: unknown; options?: { transport?: unknown }; message?: unknown };
	if (e.transport === true || e.options?.transport === true) return true;
	return typeof e.message === 'string' && e.message.startsWith('transport:');
}

/**
 * Thrown by an LLM policy when its model could not be reached: not a decision by the agent. The message
 * starts with "transport:" (it is what survives a worker boundary); `calls` holds the failed call.
 */
export class TransportFailure extends RunInterrupted {
	readonly transport = true;
	constructor(
		message: string,
		calls: ModelCall[],
		options?: { cause?: unknown; toolCalls?: ToolCallRecord[] }
	) {
		super(message.startsWith('transport:') ? message : `transport: ${message}`, 'transport', {
			...options,
			calls
		});
		this.name = 'TransportFailure';
	}
}

/**
 * Model calls a policy may make through its own gate, outside a runner's turns (god-view monologues,
 * lessons): a session cap, so a page left open cannot call a paid endpoint without end.
 */
const OFF_RUN_CALLS = 2000;

/** The sampling settings of a request as the log records them on its model.called event. */
function samplingOf(req: ChatRequest): NonNullable<ModelCall['sampling']> {
	return {
		temperature: req.temperature,
		...(req.top_p !== undefined ? { topP: req.top_p } : {}),
		seed: req.seed,
		maxTokens: req.max_tokens
	};
}

/**
 * A request's sampling fields under a run's settings. top_p 1 keeps every token, the same as none, so
 * it is left out and such a request hashes as it did before top_p existed. `maxTokens` caps the
 * budget the policy computed for the prompt kind.
 */
function samplingFields(
	settings: SamplingSettings,
	defaultTemperature: number,
	maxTokens: number
): Pick<ChatRequest, 'temperature' | 'top_p' | 'max_tokens'> {
	return {
		temperature: settings.temperature ?? defaultTemperature,
		...(settings.topP !== undefined && settings.topP < 1 ? { top_p: settings.topP } : {}),
		max_tokens: Math.max(1, Math.min(maxTokens, settings.maxTokens ?? Infinity))
	};
}

/**
 * A prompt fitted into the client's context window with `reserve` tokens kept for the reply, and the
 * reply's cap: all the room the fitted prompt leaves, up to the prompt kind's `budget`.
 */
export function fitPrompt(
	client: Pick<ChatClient, 'contextWindow'>,
	parts: readonly PromptPart[],
	budget: number,
	reserve: number
): { messages: PromptMessage[]; maxTokens: number } {
	const messages = fitToContext(parts, client.contextWindow, reserve);
	const room = client.contextWindow - estimateMessages(messages);
	return { messages, maxTokens: Math.min(budget, Math.max(reserve, room)) };
}

/** What identifies a call before it is made; the reply, tokens and timings are added once it returns. */
export type CallBase = Pick<ModelCall, 'engine' | 'model' | 'requestHash' | 'purpose'> & Partial<ModelCall>;

/**
 * Sends one request and records it as the log will show it. The gate authorises it first (its worst
 * case, prompt plus max_tokens, is reserved until it settles): a refusal throws `CallRefused` carrying
 * the calls made so far, and no engine is reached. A transport failure is not the agent's decision:
 * it is settled as a failure (charged nothing) and becomes a TransportFailure carrying the calls made
 * so far and the failed one.
 */
export async function sendRecorded<B extends CallBase>(
	client: ChatClient,
	request: ChatRequest,
	base: B,
	earlier: readonly ModelCall[] = [],
	failedPurpose: string = base.purpose,
	gate: CallGate
): Promise<{ response: ChatResponse; call: B & ModelCall }> {
	const digest = requestDigest(request);
	const auth = await gate.authorize({
		purpose: base.purpose || failedPurpose,
		promptTokens: estimateMessages(request.messages),
		maxTokens: request.max_tokens ?? client.contextWindow
	});
	if (!auth.ok) throw new CallRefused(auth, earlier);
	let response: ChatResponse;
	try {
		response = await client.chat(request, auth.permit);
	} catch (err) {
		if (!isTransportError(err)) {
			await gate.settle(auth.permit, {
				...base,
				reply: '',
				finishReason: 'error',
				promptTokens: 0,
				completionTokens: 0
			});
			throw err;
		}
		const message = err instanceof Error ? err.message : String(err);
		const failed: ModelCall = {
			...base,
			request: digest,
			sampling: samplingOf(request),
			purpose: failedPurpose,
			reply: '',
			finishReason: 'error',
			promptTokens: 0,
			completionTokens: 0,
			transportError: message
		};
		await gate.settle(auth.permit, failed);
		throw new TransportFailure(message, [...earlier, failed], { cause: err });
	}
	const { usage } = response;
	// A reply whose engine reported no usage (some streamed endpoints) is not free: it is charged,
	// and logged, at the conservative estimate, never at zero.
	const unreported = usage.promptTokens + usage.completionTokens === 0 && response.text.length > 0;
	const call = {
		...base,
		request: digest,
		sampling: samplingOf(request),
		reply: response.text,
		finishReason: response.finishReason,
		promptTokens: unreported ? estimateMessages(request.messages) : usage.promptTokens,
		completionTokens: unreported ? estimateTokens(response.text) : usage.completionTokens,
		...(unreported ? { usageEstimated: true } : {}),
		// Replay and evaluation read how the reply was held to its options (absent: the engine did not say).
		...(response.constraint !== undefined ? { constraint: response.constraint } : {}),
		...(response.cut === 'client' ? { cutByClient: true } : {}),
		meta: {
			ttftMs: usage.ttftMs,
			totalMs: usage.totalMs,
			decodeTokensPerSecond: usage.decodeTokensPerSecond
		}
	};
	await gate.settle(auth.permit, call);
	return { response, call };
}

/** The engine seed for a call: a pure function of the run's seed and the stream's name. */
export function callSeed(seed: number, streamName: string): number {
	return fnv1a32(`${seed}\u0000${streamName}`, 0x4c4c4d);
}

/** What every LLM policy's options share. */
export interface ModelSeatOptions {
	/** Sampling temperature for every call (each policy has its own default). */
	temperature?: number;
	/** An eval set's sampling settings; its temperature wins over `temperature`. */
	sampling?: SamplingSettings;
	/** Shown wherever the seat appears; defaults to "engine:model". */
	label?: string;
}

/** One call a policy asks of its model, already fitted to the context window. */
export interface SeatCall<B extends Partial<ModelCall>> {
	messages: ChatRequest['messages'];
	/** The reply's cap before the run's sampling settings cap it further. */
	maxTokens: number;
	schema: Record<string, unknown>;
	/** The stream the engine seed is drawn from (`callSeed`). */
	seedName: string;
	/** The purpose recorded on the call ('' where the policy settles it once the reply is read). */
	purpose: string;
	/** The purpose a transport failure is recorded under; `purpose` unless given. */
	failedPurpose?: string;
	/** This reply's calls so far: a transport failure carries them all. */
	earlier?: readonly ModelCall[];
	/** Recorded on the call after the four fields every call has (e.g. a vote's option order). */
	extra?: B;
}

/**
 * A policy's model, asked the one way every LLM policy asks it: the run's sampling settings over the
 * policy's default temperature, the engine seed from the ask's stream, the abort signal, and
 * `sendRecorded` through the run's gate (or, for a policy driven outside a run, its own session cap).
 */
export function modelSeat(client: ChatClient, opts: ModelSeatOptions, defaultTemperature: number) {
	const sampling: SamplingSettings = {
		...opts.sampling,
		temperature: opts.sampling?.temperature ?? opts.temperature
	};
	// Used only where no runner supplies its gate (calls outside a run's turns, or a policy in a test).
	const ownGate = ownCallGate({ calls: OFF_RUN_CALLS });
	return {
		label: opts.label ?? `${client.engine}:${client.model}`,
		ask<B extends Partial<ModelCall> = Record<never, never>>(
			call: SeatCall<B>,
			ctx: Pick<PolicyContext, 'seed' | 'signal' | 'gate'>
		): Promise<{ response: ChatResponse; call: CallBase & B & ModelCall }> {
			const request: ChatRequest = {
				messages: call.messages,
				...samplingFields(sampling, defaultTemperature, call.maxTokens),
				seed: callSeed(ctx.seed, call.seedName),
				schema: call.schema,
				...(ctx.signal ? { signal: ctx.signal } : {})
			};
			const base = {
				engine: client.engine,
				model: client.model,
				requestHash: requestHash(request),
				purpose: call.purpose,
				...call.extra
			} as CallBase & B;
			const failed = call.failedPurpose ?? call.purpose;
			return sendRecorded(client, request, base, call.earlier ?? [], failed, ctx.gate ?? ownGate);
		}
	};
}

/** A reply cut by the token limit says so: the model can answer shorter on its retry. */
export function withLengthHint(error: string, r: ChatResponse): string {
	return r.finishReason === 'length'
		? `${error} (the reply hit the length limit: answer in fewer words)`
		: error;
}

/**
 * A reply the scenario's parser has read, as the policy's answer: its action, or the parser's error
 * (with the length hint where the reply was cut) for the runner to log and to quote on the retry.
 */
export function replyOf(
	parsed: { action: unknown } | { error: string },
	response: ChatResponse,
	calls: ModelCall[],
	extra: Pick<PolicyReply, 'toolCalls'> = {}
): PolicyReply {
	return 'error' in parsed
		? { action: null, error: withLengthHint(parsed.error, response), calls, ...extra }
		: { action: parsed.action, calls, ...extra };
}

/**
 * One engine interface for every back end (WebLLM, transformers.js, OpenAI-compatible endpoints,
 * and the fakes used in tests), shaped like OpenAI chat completions.
 */
import type { Problem } from '../problem';

export type EngineKind = 'webllm' | 'transformers' | 'openai' | 'fake';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant';
	content: string;
}

/** A JSON schema for constrained decoding (WebLLM) or for guidance in the prompt (others). */
export type JsonSchema = Record<string, unknown>;

export interface ChatRequest {
	messages: ChatMessage[];
	temperature: number;
	/** Nucleus sampling: keep the fewest tokens whose probabilities add up to this. Absent: 1 (all). */
	top_p?: number;
	/** The run's seed for this call: engines that can sample deterministically use it. */
	seed: number;
	max_tokens: number;
	stop?: string[];
	/** When set, the reply should be JSON matching this schema. */
	schema?: JsonSchema;
	/** Called with each streamed piece of text, in order. */
	onDelta?: (text: string) => void;
	signal?: AbortSignal;
}

/**
 * What an evaluation set (or a run) fixes about sampling, for every model call a policy makes. The
 * per-call seed is not here: it is derived from the run's seed and the call's stream name.
 */
export interface SamplingSettings {
	temperature?: number;
	/** 0 < topP <= 1. */
	topP?: number;
	/** A cap on every reply's max_tokens (the prompt kind's budget applies below it). */
	maxTokens?: number;
}

/** Checks a SamplingSettings from outside (a flag, a stored queue): a clear message, or null. */
export function samplingError(s: SamplingSettings): string | null {
	if (
		s.temperature !== undefined &&
		!(Number.isFinite(s.temperature) && s.temperature >= 0 && s.temperature <= 2)
	)
		return `temperature must be a number from 0 to 2, got ${s.temperature}`;
	if (s.topP !== undefined && !(Number.isFinite(s.topP) && s.topP > 0 && s.topP <= 1))
		return `top-p must be a number above 0 and at most 1, got ${s.topP}`;
	if (s.maxTokens !== undefined && !(Number.isInteger(s.maxTokens) && s.maxTokens >= 1))
		return `max tokens must be a positive whole number, got ${s.maxTokens}`;
	return null;
}

export interface ChatUsage {
	promptTokens: number;
	completionTokens: number;
	/** Wall-clock figures: recorded beside the log, never hashed into it. */
	ttftMs: number;
	totalMs: number;
	decodeTokensPerSecond: number;
}

/**
 * How an engine held a structured reply to its legal answers: 'grammar' (WebLLM's XGrammar, token by
 * token), 'json_schema' (an endpoint's response_format, honoured), 'options' (the engine scored or
 * masked its way to one of the ask's legal options itself), 'none' (free text, or a schema the engine
 * could not enforce: the parser and its salvage are the net).
 */
export type ConstraintMode = 'grammar' | 'json_schema' | 'options' | 'none';

export interface ChatResponse {
	text: string;
	/** How the reply was constrained; absent on engines that predate the field (read as 'none'). */
	constraint?: ConstraintMode;
	/** 'length' when max_tokens cut the reply short. */
	finishReason: 'stop' | 'length';
	/** 'client' when the server ran past max_tokens and the client cut the reply at the budget. */
	cut?: 'client';
	usage: ChatUsage;
}

export interface LoadProgress {
	/** 0..1, or null while the total is unknown. */
	fraction: number | null;
	loadedBytes: number;
	totalBytes: number | null;
	/** Seconds left at the current rate, when it can be estimated. */
	etaSeconds: number | null;
	text: string;
}

export interface ChatEngine {
	readonly kind: EngineKind;
	readonly model: string;
	load(onProgress?: (p: LoadProgress) => void, signal?: AbortSignal): Promise<void>;
	chat(request: ChatRequest): Promise<ChatResponse>;
	unload(): Promise<void>;
}

export type EngineErrorCode =
	| 'no-webgpu'
	| 'unsupported-model'
	| 'model-not-found'
	| 'download-failed'
	| 'offline'
	| 'out-of-memory'
	| 'device-lost'
	| 'cors'
	| 'unauthorized'
	| 'rate-limited'
	| 'server-error'
	| 'timeout'
	| 'aborted'
	| 'bad-model-files'
	| 'unknown';

/**
 * An engine failure with a message a person understands. `transport` failures (network, rate limits,
 * server errors, timeouts) are not decisions by the agent: they are recorded as such and never charged
 * as an invalid reply.
 */
export class EngineError extends Error {
	/** What went wrong as data (a kind and its values), which the page says in its own language. */
	readonly problem?: Problem;
	constructor(
		readonly code: EngineErrorCode,
		message: string,
		readonly options: { retryable?: boolean; transport?: boolean; cause?: unknown; problem?: Problem } = {}
	) {
		super(message, { cause: options.cause });
		this.name = 'EngineError';
		if (options.problem) this.problem = options.problem;
	}
	get retryable(): boolean {
		return this.options.retryable ?? false;
	}
	get transport(): boolean {
		return this.options.transport ?? false;
	}
}

/** Which engine and model a seat uses: what goes into a share link (never a key). */
export interface ModelChoice {
	engine: EngineKind | 'scripted' | 'human';
	/** Model id (catalog id for WebLLM, hub id or local path for transformers, name for openai). */
	model?: string;
	/** For openai: the base URL (the key is kept in this browser only). */
	baseUrl?: string;
	/** For transformers: run on this browser's GPU through WebGPU instead of on the CPU (WASM, the default). */
	device?: 'webgpu';
	/**
	 * For openai: the longest one call may take in all, in whole seconds (OpenAIEngine's `deadlineMs`,
	 * 180 s when absent). A seat's choice goes into the log's header, so the run records it.
	 */
	deadlineS?: number;
	/**
	 * A second model that plays the seat with this one, as a panel that must agree (governance's
	 * Auditor; the rule is `scenarios/governance/panel.ts`). Both are models, and not the same one.
	 */
	panel?: ModelChoice;
}

/**
 * The messages between the page, agent workers and engine workers, in one place (both sides import
 * these types). Functions cross only as comlink proxies; AbortSignals never cross.
 */
import type {
	Ask,
	CallGate,
	ModelCall,
	PolicyReply,
	Refusal,
	RunInterrupted,
	ToolCallRecord
} from '$lib/core';
import type { Lesson } from '$lib/agents/lessons';
import type { Problem } from '$lib/problem';
import type { LoadedModel } from '$lib/engines/host';
import type { EngineSpec } from '$lib/engines/spec';
import type {
	ChatRequest,
	ChatResponse,
	LoadProgress,
	ModelChoice,
	SamplingSettings
} from '$lib/engines/types';

export type WireChatRequest = Omit<ChatRequest, 'onDelta' | 'signal'>;

/** Exposed by engine.worker.ts on its main port and on every port handed to an agent. */
export interface EngineWorkerApi {
	/** Builds and loads the engine once (single-flight: later calls wait for the first). */
	load(spec: EngineSpec, onProgress?: (p: LoadProgress) => void): Promise<LoadedModel>;
	chat(request: WireChatRequest, onDelta?: (text: string) => void): Promise<ChatResponse>;
	/** Serves the same engine to an agent worker over its own channel. */
	connect(port: MessagePort): void;
	unload(): Promise<void>;
}

export interface AgentSetup {
	seat: number;
	scenario: string;
	choice: ModelChoice;
	/** For model-backed seats: a port to the seat's engine worker. */
	enginePort?: MessagePort;
	/** For seats that use the Tool Agent (governance): a port to the run's tool worker. */
	toolPort?: MessagePort;
	contextWindow?: number;
	/** A reasoning model (Qwen3, Qwen3.5...): the seat's policy uses the larger reply budgets. */
	reasoning?: boolean;
	/** Model-backed seats: lessons from earlier games for this model (every persona), when memory is on. */
	lessons?: Lesson[];
	/** Model-backed seats: the run's sampling settings (an evaluation set's); absent, the policy's defaults. */
	sampling?: SamplingSettings;
}

/**
 * An agent's answer as it crosses the worker boundary. Thrown errors lose their class and fields on
 * the way, so an interruption (a model endpoint down, the GPU lost) comes back as data, with the
 * calls it made, and the page turns it into a RunInterrupted again.
 */
export type AgentReply = PolicyReply & {
	interrupted?: {
		message: string;
		reason: RunInterrupted['reason'];
		calls: ModelCall[];
		toolCalls: ToolCallRecord[];
		/** What happened as a problem (the engine's), where its kind is known: said in the page's language. */
		problem?: Problem;
	};
	/** The runner's gate refused a model call: the page turns it into a CallRefused again. */
	refused?: { refusal: Refusal; calls: ModelCall[] };
};

/** Exposed by agent.worker.ts. */
export interface AgentWorkerApi {
	init(setup: AgentSetup): Promise<{ label: string }>;
	/** New sampling settings for the next game (an evaluation queue reuses its workers across games). */
	configure(sampling: SamplingSettings): Promise<void>;
	act(
		observation: unknown,
		ask: Ask,
		ctx: { seed: number; streamName: string; tick: number },
		/** The runner's gate for this ask (a comlink proxy): every model call the seat makes asks it first. */
		gate?: CallGate
	): Promise<AgentReply>;
	/** On resume: the seat's own logged calls, from which its policy rebuilds its private notes. */
	restore(calls: readonly (ModelCall & { ask: string; seat: number })[]): Promise<void>;
	/** The seat's private reading of the table (god view); only model-backed seats have one. */
	monologue(observation: unknown, ctx: { seed: number; streamName: string }): Promise<unknown>;
	/** One lesson after a game; only model-backed seats reflect. */
	reflect(input: unknown, ctx: { seed: number; streamName: string }): Promise<unknown>;
}

/** Exposed by embed.worker.ts: one sentence-embedding model. */
export interface EmbedWorkerApi {
	load(
		opts: import('$lib/engines/embeddings').EmbedderOptions,
		onProgress?: (p: LoadProgress) => void
	): Promise<void>;
	embed(texts: string[]): Promise<number[][]>;
}

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
import type { EngineSpec } from '$lib/engines/spec';
import type { ChatRequest, ChatResponse, LoadProgress, ModelChoice } from '$lib/engines/types';

export type WireChatRequest = Omit<ChatRequest, 'onDelta' | 'signal'>;

/** Exposed by engine.worker.ts on its main port and on every port handed to an agent. */
export interface EngineWorkerApi {
	/** Builds and loads the engine once (single-flight: later calls wait for the first). */
	load(spec: EngineSpec, onProgress?: (p: LoadProgress) => void): Promise<{ contextWindow: number }>;
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
	/** Model-backed seats: lessons from earlier games for this model (every persona), when memory is on. */
	lessons?: Lesson[];
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
	};
	/** The runner's gate refused a model call: the page turns it into a CallRefused again. */
	refused?: { refusal: Refusal; calls: ModelCall[] };
};

/** Exposed by agent.worker.ts. */
export interface AgentWorkerApi {
	init(setup: AgentSetup): Promise<{ label: string }>;
	act(
		observation: unknown,
		ask: Ask,
		ctx: { seed: number; streamName: string; tick: number },
		/** The runner's gate for this ask (a comlink proxy): every model call the seat makes asks it first. */
		gate?: CallGate
	): Promise<AgentReply>;
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

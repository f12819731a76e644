/**
 * What an LLM policy needs from a model: one chat call, and a few facts to size its requests. An
 * engine (WebLLM, transformers.js, an OpenAI-compatible endpoint), a worker proxy to one, or a fake
 * in a test all fit; the policy never sees which.
 */
import { canonicalJson, RunInterrupted, sha256Hex, type ModelCall } from '../../core';
import type { ChatRequest, ChatResponse } from '../../engines/types';

export interface ChatClient {
	/** The back end, e.g. "webllm", "openai" or "fake": half of the policy's label. */
	readonly engine: string;
	readonly model: string;
	/** Prompt plus reply, in tokens. */
	readonly contextWindow: number;
	/** A model that thinks before it answers: it gets the larger reply budgets. */
	readonly reasoning?: boolean;
	chat(req: ChatRequest): Promise<ChatResponse>;
}

/**
 * SHA-256 of what decides a reply: messages, temperature, seed, max_tokens, stop and schema (never the
 * streaming callback or the abort signal). A replay finds a recorded reply by it.
 */
export function requestHash(req: ChatRequest): string {
	return sha256Hex(
		canonicalJson({
			messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
			temperature: req.temperature,
			seed: req.seed,
			max_tokens: req.max_tokens,
			stop: req.stop,
			schema: req.schema
		})
	);
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
	constructor(message: string, calls: ModelCall[], options?: { cause?: unknown }) {
		super(message.startsWith('transport:') ? message : `transport: ${message}`, 'transport', {
			...options,
			calls
		});
		this.name = 'TransportFailure';
	}
}

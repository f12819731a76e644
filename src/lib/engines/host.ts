/**
 * What an engine worker does: hold one engine, load it once however many agents ask, and serve chat
 * calls one at a time. Kept out of the worker entry so it can be tested without a worker.
 */
import { createEngine } from './create';
import { contextWindowOf, reasoningOf } from './context';
import { SerialQueue } from './serial-queue';
import type { EngineSpec } from './spec';
import { EngineError, type ChatEngine, type ChatResponse, type LoadProgress } from './types';
import type { WireChatRequest } from '../../workers/protocol';

/** What an agent needs to know to size its requests to a loaded model. */
export interface LoadedModel {
	contextWindow: number;
	/** A reasoning model: its seats get the larger reply budgets. */
	reasoning: boolean;
}

export class EngineHost {
	#engine: ChatEngine | null = null;
	#loading: Promise<LoadedModel> | null = null;
	/** Orders a lost device's reload before the calls after it (the engines also queue their own calls). */
	readonly #queue = new SerialQueue();
	#spec: EngineSpec | null = null;
	/** Set when a call lost the GPU device: the engine has let go of its weights, and the next call reloads. */
	#lost = false;

	constructor(private readonly factory: (spec: EngineSpec) => Promise<ChatEngine> = createEngine) {}

	load(spec: EngineSpec, onProgress?: (p: LoadProgress) => void): Promise<LoadedModel> {
		// Single-flight: the first caller builds the engine; everyone else waits for the same promise.
		this.#loading ??= (async () => {
			this.#spec = spec;
			const engine = await this.factory(spec);
			await engine.load(onProgress);
			this.#engine = engine;
			return { contextWindow: contextWindowOf(spec), reasoning: reasoningOf(spec) };
		})().catch((err) => {
			this.#loading = null; // a failed load can be retried
			throw err;
		});
		return this.#loading;
	}

	chat(request: WireChatRequest, onDelta?: (text: string) => void): Promise<ChatResponse> {
		const engine = this.#engine;
		if (!engine) return Promise.reject(new Error(`the model ${this.#spec?.model ?? ''} is not loaded`));
		// An endpoint takes concurrent requests (a server batches them): the seats' simultaneous votes go
		// out together. WebLLM and transformers.js serve one request per engine: one at a time.
		if (this.#spec?.kind === 'openai')
			return engine.chat({ ...request, onDelta }).catch((err) => {
				throw acrossWorkers(err, this.#spec?.model ?? 'the model');
			});
		return this.#queue
			.run(async () => {
				if (this.#lost) {
					// Resuming after a lost device: the weights load again on a fresh device first.
					await engine.load();
					this.#lost = false;
				}
				return engine.chat({ ...request, onDelta });
			})
			.catch((err) => {
				if (err instanceof EngineError && err.code === 'device-lost') this.#lost = true;
				throw acrossWorkers(err, this.#spec?.model ?? 'the model');
			});
	}

	async unload(): Promise<void> {
		await this.#engine?.unload();
		this.#engine = null;
		this.#loading = null;
	}
}

/**
 * Errors lose their class and fields when they cross a worker boundary; only name and message
 * survive. Failures that are not the agent's decision (transport, a lost or exhausted GPU) are
 * marked in the message, which is what the agent's policy reads to pause the run instead of
 * counting an invalid reply.
 */
export function acrossWorkers(err: unknown, model: string): unknown {
	if (!(err instanceof EngineError)) return err;
	if (err.code === 'device-lost')
		return new Error(
			`transport: The GPU stopped working while ${model} was answering (${GPU_LOST}: a driver reset, the computer sleeping, or too little GPU memory). The run is paused and saved; ${model} loads again when you resume.`
		);
	const paused = err.transport || err.code === 'out-of-memory';
	return paused ? new Error(`transport: ${err.message}`) : err;
}

const GPU_LOST = 'its WebGPU device was lost';

/**
 * Whether a pause's message is a lost GPU device (as `acrossWorkers` words it). The page then starts
 * fresh workers on resume: onnxruntime-web keeps one WebGPU device for the life of its worker, so only
 * a new worker gets a new device.
 */
export function isGpuLoss(message: string): boolean {
	return message.includes(GPU_LOST);
}

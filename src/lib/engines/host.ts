/**
 * What an engine worker does: hold one engine, load it once however many agents ask, and serve chat
 * calls (each engine orders its own). Kept out of the worker entry so it can be tested without a worker.
 */
import { createEngine } from './create';
import { contextWindowOf, reasoningOf } from './context';
import type { EngineSpec } from './spec';
import { EngineError, type ChatEngine, type ChatResponse, type LoadProgress } from './types';
import type { WireChatRequest } from '../../workers/protocol';
import type { Problem } from '../problem';

/** What an agent needs to know to size its requests to a loaded model. */
export interface LoadedModel {
	contextWindow: number;
	/** A reasoning model: its seats get the larger reply budgets. */
	reasoning: boolean;
}

export class EngineHost {
	#engine: ChatEngine | null = null;
	#loading: Promise<LoadedModel> | null = null;
	/** The reload after a lost device, shared by every call that waits for it. */
	#reloading: Promise<void> | null = null;
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
		// No queue here: each engine orders its own calls (`SerialQueue` in WebLLM and transformers.js,
		// which serve one request at a time; none for an endpoint, whose server batches the seats'
		// simultaneous votes). After a lost device the weights load again, once, before the next call.
		const ready = this.#lost ? (this.#reloading ??= this.#reload(engine)) : Promise.resolve();
		return ready
			.then(() => engine.chat({ ...request, onDelta }))
			.catch((err) => {
				if (err instanceof EngineError && err.code === 'device-lost') this.#lost = true;
				throw acrossWorkers(err, this.#spec?.model ?? 'the model');
			});
	}

	async #reload(engine: ChatEngine): Promise<void> {
		try {
			await engine.load();
			this.#lost = false;
		} finally {
			this.#reloading = null;
		}
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
	// The problem goes with the new Error (workers/problems.ts carries it across), so the page says the
	// pause in its own language instead of reading this English back.
	if (err.code === 'device-lost')
		return withProblem(
			`transport: The GPU stopped working while ${model} was answering (${GPU_LOST}: a driver reset, the computer sleeping, or too little GPU memory). The run is paused and saved; ${model} loads again when you resume.`,
			{ code: 'engine-gpu-lost', values: { model } }
		);
	const paused = err.transport || err.code === 'out-of-memory';
	return paused ? withProblem(`transport: ${err.message}`, err.problem) : err;
}

function withProblem(message: string, problem: Problem | undefined): Error {
	return problem ? Object.assign(new Error(message), { problem }) : new Error(message);
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

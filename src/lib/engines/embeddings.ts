/**
 * Sentence embeddings through transformers.js's feature-extraction pipeline (mean pooling, unit
 * length), for comparing what agents say. Shares the chat engine's lazy import and env handling.
 */
import type { FeatureExtractionPipeline, ProgressInfo } from '@huggingface/transformers';
import { EngineError, type LoadProgress } from './types';
import {
	ProgressTracker,
	abortError,
	abortable,
	configureEnv,
	loadError,
	loadTransformers,
	modelLocation,
	resolveDevice,
	withEnvLock,
	type TransformersDevice
} from './transformers';

export interface EmbedderOptions {
	/** A hub id or a folder name under `localModelPath`. */
	model: string;
	localModelPath?: string;
	/** Default: only when no `localModelPath` is given. */
	allowRemote?: boolean;
	device?: TransformersDevice;
	/** As for TransformersEngine: the site's own copies of onnxruntime-web's asyncify WASM files. */
	wasmPaths?: { mjs: string; wasm: string };
}

export class Embedder {
	readonly model: string;
	readonly #opts: EmbedderOptions;
	#pipe: Promise<FeatureExtractionPipeline> | null = null;

	constructor(opts: EmbedderOptions) {
		this.model = opts.model;
		this.#opts = opts;
	}

	load(onProgress?: (p: LoadProgress) => void, signal?: AbortSignal): Promise<void> {
		const what = `Loading ${this.model}`;
		if (signal?.aborted) return Promise.reject(abortError(what));
		const pipe = (this.#pipe ??= this.#load(onProgress, signal));
		pipe.catch(() => {
			if (this.#pipe === pipe) this.#pipe = null;
		});
		return abortable(pipe, signal, what).then(() => undefined);
	}

	async #load(
		onProgress?: (p: LoadProgress) => void,
		signal?: AbortSignal
	): Promise<FeatureExtractionPipeline> {
		const lib = await loadTransformers();
		const tracker = onProgress ? new ProgressTracker(this.model, onProgress) : null;
		const where = modelLocation(this.model, this.#opts.localModelPath);
		const pipe = await withEnvLock(async () => {
			const restore = configureEnv(lib.env, { ...this.#opts, signal });
			try {
				const device = resolveDevice(this.#opts.device);
				return await lib.pipeline('feature-extraction', this.model, {
					...(tracker ? { progress_callback: (info: ProgressInfo) => tracker.update(info) } : {}),
					...(device ? { device } : {})
				});
			} catch (e) {
				throw loadError(e, this.model, where);
			} finally {
				restore();
			}
		});
		tracker?.finish();
		return pipe;
	}

	/** Unit-length vectors, one per text, in order. */
	async embed(texts: string[]): Promise<number[][]> {
		if (texts.length === 0) return [];
		if (!this.#pipe) await this.load();
		const pipe = await this.#pipe;
		if (!pipe) throw new EngineError('unknown', `${this.model} is not loaded.`);
		const out = await pipe(texts, { pooling: 'mean', normalize: true });
		return out.tolist() as number[][];
	}

	async unload(): Promise<void> {
		const pipe = await this.#pipe?.catch(() => null);
		this.#pipe = null;
		await pipe?.dispose();
	}
}

/** Cosine similarity; for unit vectors this is their dot product. */
export function cosine(a: readonly number[], b: readonly number[]): number {
	if (a.length !== b.length) throw new Error(`cosine: lengths differ (${a.length} and ${b.length})`);
	let dot = 0;
	let na = 0;
	let nb = 0;
	for (let i = 0; i < a.length; i++) {
		const x = a[i]!;
		const y = b[i]!;
		dot += x * y;
		na += x * x;
		nb += y * y;
	}
	return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

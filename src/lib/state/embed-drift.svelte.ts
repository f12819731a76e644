/**
 * Drift scored with sentence embeddings in a worker (MiniLM from the hub, or a model hosted beside the
 * site), next to the run's own lexical figure. Until a model is loaded, or if it fails, the scores say
 * plainly that they are the lexical fallback.
 */
import * as Comlink from 'comlink';
import {
	measureDrift,
	type DriftPair,
	type DriftScore,
	type Embedder
} from '$lib/scenarios/governance/rates';
import type { LoadProgress } from '$lib/engines/types';
import type { EmbedWorkerApi } from '../../workers/protocol';
import ortMjs from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';

export const MINILM = 'Xenova/all-MiniLM-L6-v2';

/**
 * An embedding model in a worker of its own: `model` is a hub id, or a same-origin folder path such
 * as `/test-models/tiny-embed`. `embedder` settles once the model is loaded; terminate `worker` to
 * stop it (and its download).
 */
export function startEmbedWorker(
	model: string,
	onProgress?: (p: LoadProgress) => void
): { worker: Worker; embedder: Promise<Embedder> } {
	const worker = new Worker(new URL('../../workers/embed.worker.ts', import.meta.url), { type: 'module' });
	const api = Comlink.wrap<EmbedWorkerApi>(worker);
	const local = model.startsWith('/');
	const embedder = api
		.load(
			{
				model: local ? (model.split('/').filter(Boolean).at(-1) as string) : model,
				// A path, not a URL: transformers.js 4.3 looks for tokenizer files only at non-URL local paths.
				...(local ? { localModelPath: `${model.split('/').slice(0, -1).join('/')}/` } : {}),
				wasmPaths: { mjs: new URL(ortMjs, location.href).href, wasm: new URL(ortWasm, location.href).href }
			},
			onProgress ? Comlink.proxy(onProgress) : undefined
		)
		.then((): Embedder => ({ model, embed: (texts) => api.embed([...texts]) }));
	return { worker, embedder };
}

export class EmbeddingDrift {
	status: 'none' | 'loading' | 'ready' | 'failed' = $state('none');
	progress: LoadProgress | null = $state(null);
	error: string | null = $state(null);
	scores: DriftScore[] = $state([]);
	#worker: Worker | null = null;
	#embedder: Embedder | null = null;

	/** `model`: a hub id, or a same-origin folder path such as `/test-models/tiny-embed`. */
	async load(model: string = MINILM): Promise<void> {
		this.dispose();
		this.status = 'loading';
		this.error = null;
		try {
			const started = startEmbedWorker(model, (p) => (this.progress = p));
			this.#worker = started.worker;
			this.#embedder = await started.embedder;
			this.status = 'ready';
		} catch (err) {
			this.status = 'failed';
			this.error = `The embedding model could not be loaded: ${err instanceof Error ? err.message : String(err)}. Drift is shown with the lexical fallback.`;
			this.dispose(false);
		}
	}

	/** Scores the pairs with the loaded model, or lexically (labelled as such) when there is none. */
	async measure(pairs: readonly DriftPair[]): Promise<DriftScore[]> {
		this.scores = await measureDrift(pairs, { embedder: this.#embedder });
		return this.scores;
	}

	dispose(resetStatus = true): void {
		this.#worker?.terminate();
		this.#worker = null;
		this.#embedder = null;
		if (resetStatus) this.status = 'none';
	}
}

/// <reference lib="webworker" />
// Sentence embeddings (MiniLM, or the generated tiny model in tests) for governance's drift view.
import * as Comlink from 'comlink';
import { Embedder, type EmbedderOptions } from '$lib/engines/embeddings';
import type { LoadProgress } from '$lib/engines/types';
import type { EmbedWorkerApi } from './protocol';

let embedder: Embedder | null = null;
const api: EmbedWorkerApi = {
	async load(opts: EmbedderOptions, onProgress?: (p: LoadProgress) => void) {
		embedder = new Embedder(opts);
		await embedder.load(onProgress);
	},
	async embed(texts: string[]) {
		if (!embedder) throw new Error('no embedding model is loaded');
		return embedder.embed(texts);
	}
};
Comlink.expose(api);

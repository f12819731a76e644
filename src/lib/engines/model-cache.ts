/**
 * Is a WebLLM model whole in this browser's Cache API storage? WebLLM keeps a model's weights as shards
 * listed in its `tensor-cache.json`, in the cache `webllm/model`, and asks only whether every shard's
 * key is present; a download cut off halfway leaves some shards (and possibly a truncated one), and
 * WebLLM then keeps failing on that entry (mlc-ai/web-llm's known "stuck cache"). This module looks at
 * each shard's size as well, so a broken entry is found before use, and deletes one by its URLs only:
 * deleting must never fetch (WebLLM's own delete re-reads the index from the network when it is gone).
 */

import type { Problem } from '../problem';

export const WEBLLM_MODEL_CACHE = 'webllm/model';
/** Where WebLLM keeps a model's `mlc-chat-config.json` and its model library (wasm), by URL. */
export const WEBLLM_CONFIG_CACHE = 'webllm/config';
export const WEBLLM_WASM_CACHE = 'webllm/wasm';

export type CacheHealth =
	| { state: 'absent' }
	| { state: 'complete'; files: number }
	/** Some shards are there, some are not: an interrupted download. */
	| { state: 'partial'; have: number; of: number }
	/** A shard of the wrong size, or an index that cannot be read. */
	| {
			state: 'broken';
			why: string;
			/** The weight file cut short; absent when the index is unreadable. */ file?: string;
			/** A config or model library that is a web page (`checkSupportFiles`). */
			part?: 'config' | 'library';
	  };

/** What this module needs of `caches` (the real one in a page or worker, a fake in Node tests). */
export interface CacheStorageLike {
	open(name: string): Promise<{
		keys(): Promise<readonly { url: string }[]>;
		match(url: string): Promise<Response | undefined>;
		delete(url: string): Promise<boolean>;
	}>;
}

interface TensorRecord {
	dataPath: string;
	nbytes?: number;
}

/** A shard's size as stored: its Content-Length when the response kept one, else its body. */
async function storedSize(r: Response): Promise<number> {
	const header = r.headers.get('content-length');
	if (header !== null && /^\d+$/.test(header)) return Number(header);
	return (await r.blob()).size;
}

/** `modelUrl` as WebLLM keys it: ending in `/resolve/main/` for a Hugging Face repository. */
export function modelCacheUrl(modelUrl: string): string {
	let u = modelUrl.endsWith('/') ? modelUrl : `${modelUrl}/`;
	if (!/.+\/resolve\/.+\//.test(u)) u += 'resolve/main/';
	return new URL(u).href;
}

export async function checkModelCache(caches: CacheStorageLike, modelUrl: string): Promise<CacheHealth> {
	const base = modelCacheUrl(modelUrl);
	const cache = await caches.open(WEBLLM_MODEL_CACHE);
	const index = await cache.match(new URL('tensor-cache.json', base).href);
	if (!index) {
		const stray = (await cache.keys()).filter((k) => k.url.startsWith(base)).length;
		return stray ? { state: 'partial', have: stray, of: 0 } : { state: 'absent' };
	}
	let records: TensorRecord[];
	try {
		const json = (await index.json()) as { records?: unknown };
		if (!Array.isArray(json.records)) throw new Error('no records');
		records = json.records as TensorRecord[];
	} catch {
		return { state: 'broken', why: 'its index of weight files cannot be read' };
	}
	let have = 0;
	for (const rec of records) {
		const shard = await cache.match(new URL(rec.dataPath, base).href);
		if (!shard) continue;
		have++;
		if (typeof rec.nbytes === 'number' && (await storedSize(shard)) !== rec.nbytes)
			return { state: 'broken', why: `the weight file ${rec.dataPath} is cut short`, file: rec.dataPath };
	}
	if (have < records.length) return { state: 'partial', have, of: records.length };
	return { state: 'complete', files: records.length };
}

/** A wasm module's first four bytes. */
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

/**
 * The config and model library WebLLM cached for a model. A host (a captive portal, a proxy, a
 * misconfigured mirror) can answer with an HTML page and status 200; WebLLM caches it and fails every
 * later load the same way, so such an entry is reported as broken: a config that is not JSON, a
 * library that is not wasm. null when both are fine or not there.
 */
export async function checkSupportFiles(
	caches: CacheStorageLike,
	modelUrl: string,
	modelLibUrl: string | null
): Promise<Extract<CacheHealth, { state: 'broken' }> | null> {
	const configUrl = new URL('mlc-chat-config.json', modelCacheUrl(modelUrl)).href;
	const config = await (await caches.open(WEBLLM_CONFIG_CACHE)).match(configUrl);
	if (config) {
		try {
			JSON.parse(await config.text());
		} catch {
			return {
				state: 'broken',
				why: 'its saved configuration is not a configuration (the host sent a web page)',
				part: 'config'
			};
		}
	}
	if (modelLibUrl) {
		const lib = await (await caches.open(WEBLLM_WASM_CACHE)).match(modelLibUrl);
		if (lib) {
			const head = new Uint8Array(await lib.arrayBuffer()).subarray(0, 4);
			if (!WASM_MAGIC.every((b, i) => head[i] === b))
				return {
					state: 'broken',
					why: 'its saved model library is not a library (the host sent a web page)',
					part: 'library'
				};
		}
	}
	return null;
}

/**
 * Deletes every entry of the model (index, shards, tokenizer files, and its config and model library
 * when given), by URL, without any fetch.
 */
export async function deleteModelEntries(
	caches: CacheStorageLike,
	modelUrl: string,
	modelLibUrl: string | null = null
): Promise<number> {
	const base = modelCacheUrl(modelUrl);
	let n = 0;
	for (const name of [WEBLLM_MODEL_CACHE, WEBLLM_CONFIG_CACHE]) {
		const cache = await caches.open(name);
		for (const key of await cache.keys()) if (key.url.startsWith(base) && (await cache.delete(key.url))) n++;
	}
	if (modelLibUrl && (await (await caches.open(WEBLLM_WASM_CACHE)).delete(modelLibUrl))) n++;
	return n;
}

/** Deletes one weight file (a shard cut short), so that WebLLM fetches it again and keeps the rest. */
export async function deleteShard(
	caches: CacheStorageLike,
	modelUrl: string,
	file: string
): Promise<boolean> {
	const cache = await caches.open(WEBLLM_MODEL_CACHE);
	return cache.delete(new URL(file, modelCacheUrl(modelUrl)).href);
}

/**
 * Why the Models page could not read this browser's model storage (a private window or blocked site
 * data refuses `caches.open`; the engine's module may not load): the browser's own words as `detail`,
 * the sentence in the page's language (i18n/errors.ts).
 */
export function cacheReadProblem(err: unknown): Problem {
	const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
	return { code: 'model-cache-unreadable', values: { detail } };
}

/**
 * Is a WebLLM model whole in this browser's Cache API storage? WebLLM keeps a model's weights as shards
 * listed in its `tensor-cache.json`, in the cache `webllm/model`, and asks only whether every shard's
 * key is present; a download cut off halfway leaves some shards (and possibly a truncated one), and
 * WebLLM then keeps failing on that entry (mlc-ai/web-llm's known "stuck cache"). This module looks at
 * each shard's size as well, so a broken entry is found before use, and deletes one by its URLs only:
 * deleting must never fetch (WebLLM's own delete re-reads the index from the network when it is gone).
 */

import type { Problem } from '../problem';
import { findByWebllmId, getCatalogEntry, pickBuild, type CatalogBuild } from './catalog';
import type { GpuCaps } from './gpu';
import { EngineError } from './types';

const WEBLLM_MODEL_CACHE = 'webllm/model';
/** Where WebLLM keeps a model's `mlc-chat-config.json` and its model library (wasm), by URL. */
const WEBLLM_CONFIG_CACHE = 'webllm/config';
const WEBLLM_WASM_CACHE = 'webllm/wasm';

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
function modelCacheUrl(modelUrl: string): string {
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

// --- A catalog model's builds in this browser: what the Models page and a load ask ---

function buildsOf(catalogId: string): CatalogBuild[] {
	const entry = getCatalogEntry(catalogId);
	if (!entry) return [];
	return (['q4f16', 'q4f32'] as const).flatMap((q) => entry.builds[q] ?? []);
}

/**
 * Where WebLLM downloads a build's weights and its model library from (their keys in the cache), from
 * the catalog's data (pinned to the package by catalog.spec.ts): asking the cache needs no 6 MB import.
 */
async function urlsOf(webllmId: string): Promise<{ model: string; lib: string | null } | null> {
	if (typeof caches === 'undefined') return null; // Node: no Cache API, nothing cached
	const hit = findByWebllmId(webllmId);
	const build = hit?.entry.builds[hit.quant];
	return build ? { model: build.modelUrl, lib: build.modelLibUrl } : null;
}

/** A build's state: its weights shard by shard, then its config and model library. */
async function buildHealth(webllmId: string): Promise<CacheHealth> {
	const urls = await urlsOf(webllmId);
	if (!urls) return { state: 'absent' };
	const weights = await checkModelCache(caches, urls.model);
	if (weights.state === 'broken') return weights;
	return (await checkSupportFiles(caches, urls.model, urls.lib)) ?? weights;
}

/**
 * The state of a catalog model in this browser, over all its builds (one may have been picked under
 * other caps): damaged beats partly downloaded beats cached, so that what needs a person's attention
 * shows. Checked shard by shard (model-cache.ts), not by WebLLM's presence-only test, and a config or
 * model library that is a web page counts as damaged.
 */
export async function modelHealth(catalogId: string): Promise<CacheHealth> {
	const rank = { broken: 3, partial: 2, complete: 1, absent: 0 } as const;
	let worst: CacheHealth = { state: 'absent' };
	for (const b of buildsOf(catalogId)) {
		const h = await buildHealth(b.webllmId);
		if (rank[h.state] > rank[worst.state]) worst = h;
	}
	return worst;
}

/**
 * Before a load. An interrupted download is kept: WebLLM fetches only the weight files it lacks, so
 * the load resumes. What is broken is deleted, and only that: a weight file cut short (WebLLM would
 * take its key for the whole file), or a config or model library that is a web page (all of the
 * build's entries then, since which of them came from the same bad host is unknown). Says which.
 */
export async function repairBeforeLoad(webllmId: string, onNotice: (text: string) => void): Promise<void> {
	const urls = await urlsOf(webllmId);
	if (!urls) return;
	const h = await buildHealth(webllmId);
	if (h.state === 'partial' && h.of > 0) {
		onNotice(
			`Resuming the earlier download of ${webllmId}: ${h.have} of ${h.of} weight files are already here.`
		);
		return;
	}
	if (h.state !== 'broken') return;
	if (h.file) {
		await deleteShard(caches, urls.model, h.file);
		onNotice(`A weight file of ${webllmId} was cut short, so it is downloaded again; the others are kept.`);
		return;
	}
	await deleteModelEntries(caches, urls.model, urls.lib);
	onNotice(
		`The saved files of ${webllmId} were damaged (${h.why}), so they were removed and are downloaded again.`
	);
}

/**
 * After a failed download: the HTTP status of the build's files, asked again of the host. Chromium's
 * Cache API reports a 404 as "Request failed" with no status, which would read as a connection
 * problem; a config or model library that is not there means the model is not on the host. Returns
 * the first failing status, or null (all there, or no answer at all: then it is the connection).
 */
export async function missingFileStatus(
	webllmId: string,
	fetchFn: typeof fetch = fetch
): Promise<number | null> {
	const hit = findByWebllmId(webllmId);
	const build = hit?.entry.builds[hit.quant];
	if (!build) return null;
	const urls = [new URL('mlc-chat-config.json', modelCacheUrl(build.modelUrl)).href, build.modelLibUrl];
	for (const url of urls) {
		try {
			const r = await fetchFn(url, { method: 'HEAD' });
			if (!r.ok) return r.status;
		} catch {
			return null;
		}
	}
	return null;
}

/** Whether the build this GPU would load is fully in this browser's storage (no download needed). */
export async function isModelCached(catalogId: string, caps: GpuCaps): Promise<boolean> {
	const entry = getCatalogEntry(catalogId);
	if (!entry) return false;
	const pick = pickBuild(entry, caps);
	if (pick.quant === null) return false;
	try {
		const { hasModelInCache } = await import('@mlc-ai/web-llm');
		return await hasModelInCache(pick.build.webllmId);
	} catch {
		return false;
	}
}

/**
 * Removes a model from this browser's storage: every build that is there, since the browser may hold
 * one picked under other caps (a driver update can add or remove shader-f16). `caps` is accepted for
 * symmetry with `isModelCached`. Only fully cached builds are deleted: WebLLM's delete re-fetches the
 * weight index when it is missing, and a delete must never download. Shards of a cancelled download
 * stay until that build is loaded or deleted once complete, or the site's data is cleared.
 */
export async function deleteModelFromCache(
	catalogId: string,
	_caps?: GpuCaps
): Promise<{ deleted: string[] }> {
	const label = getCatalogEntry(catalogId)?.label ?? catalogId;
	const deleted: string[] = [];
	try {
		const webllm = await import('@mlc-ai/web-llm');
		for (const b of buildsOf(catalogId)) {
			if (await webllm.hasModelInCache(b.webllmId)) {
				await webllm.deleteModelAllInfoInCache(b.webllmId);
				deleted.push(b.webllmId);
			} else {
				// Config and model library are deleted by URL, no fetch: safe even for a partial download.
				await webllm.deleteModelWasmInCache(b.webllmId);
				await webllm.deleteChatConfigInCache(b.webllmId);
			}
		}
		// And whatever an interrupted download left, by URL, which WebLLM's own delete does not reach.
		for (const b of buildsOf(catalogId)) {
			const urls = await urlsOf(b.webllmId);
			if (
				urls &&
				(await deleteModelEntries(caches, urls.model, urls.lib)) > 0 &&
				!deleted.includes(b.webllmId)
			)
				deleted.push(b.webllmId);
		}
	} catch (err) {
		throw new EngineError('unknown', `${label} could not be removed from this browser's storage.`, {
			cause: err
		});
	}
	return { deleted };
}

import { describe, expect, it } from 'vitest';
import {
	checkModelCache,
	checkSupportFiles,
	deleteModelEntries,
	deleteShard,
	type CacheStorageLike
} from './model-cache';

/** An in-memory Cache API with the same keys-and-responses shape. */
function fakeCaches(): CacheStorageLike & { entries: Map<string, Response> } {
	const entries = new Map<string, Response>();
	return {
		entries,
		open: async () => ({
			keys: async () => [...entries.keys()].map((url) => ({ url })),
			match: async (url: string) => entries.get(url)?.clone(),
			delete: async (url: string) => entries.delete(url)
		})
	};
}

const MODEL = 'https://huggingface.co/mlc-ai/Tiny-q4f16_1-MLC';
const BASE = `${MODEL}/resolve/main/`;
const index = (n: number) =>
	new Response(
		JSON.stringify({
			records: Array.from({ length: n }, (_, i) => ({ dataPath: `params_shard_${i}.bin`, nbytes: 8 }))
		})
	);

describe('the WebLLM model cache check', () => {
	it('tells a whole model from an absent, an interrupted and a damaged one', async () => {
		const c = fakeCaches();
		expect(await checkModelCache(c, MODEL)).toEqual({ state: 'absent' });
		c.entries.set(`${BASE}tensor-cache.json`, index(3));
		c.entries.set(`${BASE}params_shard_0.bin`, new Response(new Uint8Array(8)));
		expect(await checkModelCache(c, MODEL)).toEqual({ state: 'partial', have: 1, of: 3 });
		c.entries.set(`${BASE}params_shard_1.bin`, new Response(new Uint8Array(8)));
		c.entries.set(`${BASE}params_shard_2.bin`, new Response(new Uint8Array(3)));
		expect(await checkModelCache(c, MODEL)).toEqual({
			state: 'broken',
			why: 'the weight file params_shard_2.bin is cut short',
			file: 'params_shard_2.bin'
		});
		c.entries.set(`${BASE}params_shard_2.bin`, new Response(new Uint8Array(8)));
		expect(await checkModelCache(c, MODEL)).toEqual({ state: 'complete', files: 3 });
		c.entries.set(`${BASE}tensor-cache.json`, new Response('{not json'));
		expect((await checkModelCache(c, MODEL)).state).toBe('broken');
	});

	it('deletes every entry of one model by URL and leaves the others', async () => {
		const c = fakeCaches();
		c.entries.set(`${BASE}params_shard_0.bin`, new Response('x'));
		c.entries.set(`${BASE}tokenizer.json`, new Response('x'));
		c.entries.set(
			'https://huggingface.co/mlc-ai/Other-MLC/resolve/main/params_shard_0.bin',
			new Response('x')
		);
		expect(await checkModelCache(c, MODEL)).toEqual({ state: 'partial', have: 2, of: 0 });
		expect(await deleteModelEntries(c, MODEL)).toBe(2);
		expect(await checkModelCache(c, MODEL)).toEqual({ state: 'absent' });
		expect(c.entries.size).toBe(1);
	});

	it('finds a config or model library that a host answered with an HTML page (status 200), and deletes them by URL', async () => {
		const byName = new Map<string, Map<string, Response>>();
		const named: CacheStorageLike = {
			open: async (name) => {
				const entries = byName.get(name) ?? new Map<string, Response>();
				byName.set(name, entries);
				return {
					keys: async () => [...entries.keys()].map((url) => ({ url })),
					match: async (url: string) => entries.get(url)?.clone(),
					delete: async (url: string) => entries.delete(url)
				};
			}
		};
		const LIB =
			'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_80/Tiny-webgpu.wasm';
		const html = () => new Response('<!doctype html><html><body>Sign in to the Wi-Fi</body></html>');
		const set = async (name: string, url: string, r: Response) => {
			await named.open(name);
			byName.get(name)!.set(url, r);
		};
		expect(await checkSupportFiles(named, MODEL, LIB)).toBeNull();
		await set('webllm/config', `${BASE}mlc-chat-config.json`, new Response('{"model_type":"qwen2"}'));
		await set('webllm/wasm', LIB, new Response(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])));
		expect(await checkSupportFiles(named, MODEL, LIB)).toBeNull();
		await set('webllm/wasm', LIB, html());
		// `part` is what the Models page words it by (device-text.ts): without it a web page for a
		// library read as "its index of weight files cannot be read".
		expect(await checkSupportFiles(named, MODEL, LIB)).toMatchObject({
			state: 'broken',
			why: /model library/,
			part: 'library'
		});
		await set('webllm/config', `${BASE}mlc-chat-config.json`, html());
		expect(await checkSupportFiles(named, MODEL, LIB)).toMatchObject({
			state: 'broken',
			why: /configuration/,
			part: 'config'
		});
		expect(await deleteModelEntries(named, MODEL, LIB)).toBe(2);
		expect(await checkSupportFiles(named, MODEL, LIB)).toBeNull();
	});

	it('deletes one shard cut short and keeps the rest of the download', async () => {
		const c = fakeCaches();
		c.entries.set(`${BASE}tensor-cache.json`, index(2));
		c.entries.set(`${BASE}params_shard_0.bin`, new Response(new Uint8Array(8)));
		c.entries.set(`${BASE}params_shard_1.bin`, new Response(new Uint8Array(3)));
		expect(await deleteShard(c, MODEL, 'params_shard_1.bin')).toBe(true);
		expect(await checkModelCache(c, MODEL)).toEqual({ state: 'partial', have: 1, of: 2 });
	});
});

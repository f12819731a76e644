import { describe, expect, it, vi } from 'vitest';
import { getCatalogEntry } from './catalog';
import { fakeFactory, WEBLLM_ERRORS, type FakeLoadOptions, type FakeWebLLM } from './fake-webllm';
import type { GpuCaps } from './gpu';
import type { ChatRequest, LoadProgress } from './types';
import { FALLBACK_OFFER } from './webllm-errors';
import { deleteModelFromCache, isModelCached } from './model-cache';
import { createMLCEngine, WebLLMEngine, type InitProgress, type WebLLMLike } from './webllm';

// The real package is replaced only for the cache helpers and the default factory, which import it
// lazily; everything else runs over FakeWebLLM.
const lib = vi.hoisted(() => ({
	cached: new Set<string>(),
	calls: [] as string[],
	engines: [] as Array<{ config: unknown; unloads: number; reloaded: string[] }>,
	reloadHangs: false,
	reloadError: null as unknown
}));

vi.mock('@mlc-ai/web-llm', () => {
	class MLCEngine {
		unloads = 0;
		reloaded: string[] = [];
		private stopReload: (() => void) | null = null;
		chat = { completions: { create: async () => ({ choices: [] }) } };
		constructor(readonly config: unknown) {
			lib.engines.push(this);
		}
		async reload(id: string): Promise<void> {
			this.reloaded.push(id);
			if (lib.reloadError) throw lib.reloadError;
			// Like WebLLM: an unload() during reload aborts its downloads and reload() returns quietly.
			if (lib.reloadHangs) await new Promise<void>((resolve) => (this.stopReload = resolve));
		}
		async unload(): Promise<void> {
			this.unloads++;
			this.stopReload?.();
		}
		interruptGenerate(): void {}
	}
	return {
		MLCEngine,
		hasModelInCache: async (id: string) => lib.cached.has(id),
		deleteModelAllInfoInCache: async (id: string) => void lib.calls.push(`all ${id}`),
		deleteModelWasmInCache: async (id: string) => void lib.calls.push(`wasm ${id}`),
		deleteChatConfigInCache: async (id: string) => void lib.calls.push(`config ${id}`),
		prebuiltAppConfig: {
			model_list: [
				{
					model_id: 'Qwen3-0.6B-q4f16_1-MLC',
					model: 'https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f16_1-MLC',
					model_lib:
						'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/Qwen3-0.6B-q4f16_1-webgpu.wasm'
				}
			]
		}
	};
});

const f16: GpuCaps = {
	webgpu: true,
	adapter: true,
	shaderF16: true,
	isFallbackAdapter: false,
	maxBufferBytes: 4 * 2 ** 30
};
const noF16: GpuCaps = { ...f16, shaderF16: false };
const noWebGpu: GpuCaps = {
	webgpu: false,
	adapter: false,
	shaderF16: false,
	isFallbackAdapter: false,
	maxBufferBytes: null,
	reason: 'This browser has no WebGPU.'
};

const ask = (over: Partial<ChatRequest> = {}): ChatRequest => ({
	messages: [
		{ role: 'system', content: 'You are seat 3.' },
		{ role: 'user', content: 'Who do you vote for?' }
	],
	temperature: 0.7,
	seed: 1234,
	max_tokens: 64,
	...over
});

async function loaded(
	opts: FakeLoadOptions & { catalogId?: string; caps?: GpuCaps; now?: () => number } = {}
) {
	const factory = fakeFactory(opts);
	const engine = new WebLLMEngine({
		catalogId: opts.catalogId ?? 'qwen2.5-0.5b',
		caps: opts.caps ?? f16,
		createEngine: factory.createEngine,
		now: opts.now
	});
	await engine.load();
	const fake = factory.engines[0] as FakeWebLLM;
	return { engine, fake, factory };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('WebLLMEngine.load', () => {
	it('loads the q4f16 build where the GPU has shader-f16, q4f32 where it does not', async () => {
		const a = await loaded();
		expect(a.factory.ids).toEqual(['Qwen2.5-0.5B-Instruct-q4f16_1-MLC']);
		expect(a.engine.build).toEqual({ quant: 'q4f16', webllmId: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC' });
		expect(a.engine.kind).toBe('webllm');
		expect(a.engine.model).toBe('qwen2.5-0.5b');
		const b = await loaded({ caps: noF16 });
		expect(b.factory.ids).toEqual(['Qwen2.5-0.5B-Instruct-q4f32_1-MLC']);
	});

	it('refuses q4f16 without shader-f16 before downloading anything', async () => {
		const factory = fakeFactory();
		const engine = new WebLLMEngine({
			catalogId: 'qwen3-4b',
			caps: noF16,
			quant: 'q4f16',
			createEngine: factory.createEngine
		});
		await expect(engine.load()).rejects.toMatchObject({
			code: 'unsupported-model',
			message: expect.stringMatching(/shader-f16/)
		});
		expect(factory.ids).toEqual([]);
	});

	it('refuses without WebGPU, offering the fallbacks', async () => {
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: noWebGpu,
			createEngine: fakeFactory().createEngine
		});
		const err = await engine.load().catch((e: unknown) => e);
		expect(err).toMatchObject({ code: 'no-webgpu' });
		expect((err as Error).message).toContain(FALLBACK_OFFER);
	});

	it('rejects an id that is not in the catalog', async () => {
		const engine = new WebLLMEngine({
			catalogId: 'gpt-7',
			caps: f16,
			createEngine: fakeFactory().createEngine
		});
		await expect(engine.load()).rejects.toMatchObject({ code: 'model-not-found' });
	});

	it('reports progress: monotonic fraction, bytes from WebLLM’s text, readable text, and ready at the end', async () => {
		const seen: LoadProgress[] = [];
		let t = 0;
		const factory = fakeFactory();
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: f16,
			createEngine: factory.createEngine,
			now: () => (t += 1000)
		});
		await engine.load((p) => seen.push(p));
		const fractions = seen.map((p) => p.fraction ?? 0);
		expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
		expect(seen[0]).toMatchObject({ fraction: null, text: 'Starting Qwen2.5 0.5B Instruct...' });
		expect(seen[1]).toMatchObject({
			fraction: 0.45,
			loadedBytes: 50 * 2 ** 20,
			totalBytes: 100 * 2 ** 20,
			text: 'Downloading Qwen2.5 0.5B Instruct: 50 of 100 MB (50 %)'
		});
		expect(seen.find((p) => p.text.startsWith('Preparing'))?.fraction).toBeCloseTo(0.95);
		expect(seen.at(-1)).toMatchObject({ fraction: 1, etaSeconds: 0, text: 'Qwen2.5 0.5B Instruct is ready' });
		expect(seen.filter((p) => p.text.endsWith('is ready'))).toHaveLength(1);
	});

	it('estimates bytes from the fraction and the catalog size when WebLLM gives no MB, and an ETA from elapsed time', async () => {
		const seen: LoadProgress[] = [];
		let t = 0;
		const reports: InitProgress[] = [
			{ progress: 0.1, timeElapsed: 1, text: 'Fetching param cache[1/10]: 10% completed' },
			{ progress: 0.25, timeElapsed: 4, text: 'Fetching param cache[3/10]: 25% completed' }
		];
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: f16,
			createEngine: fakeFactory({ reports }).createEngine,
			now: () => (t += 3000)
		});
		await engine.load((p) => seen.push(p));
		const total = (getCatalogEntry('qwen2.5-0.5b')?.builds.q4f16?.downloadMB ?? NaN) * 2 ** 20;
		expect(seen[1]?.loadedBytes).toBe(Math.round(0.25 * total));
		expect(seen[1]?.totalBytes).toBe(total);
		expect(seen[1]?.text).toContain('of about 260 MB');
		expect(seen[0]?.etaSeconds).toBeNull();
		// 10 % → 25 % took 3 s: the remaining 75 % takes 15 s at that rate.
		expect(seen[1]?.etaSeconds).toBe(15);
	});

	it('is single-flight: two loads share one engine', async () => {
		const factory = fakeFactory({ reportDelayMs: 1 });
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: f16,
			createEngine: factory.createEngine
		});
		await Promise.all([engine.load(), engine.load()]);
		expect(factory.ids).toHaveLength(1);
		await engine.load();
		expect(factory.ids).toHaveLength(1);
	});

	it('cancels a load at once and keeps no half-loaded engine, even one finished after the cancel', async () => {
		const factory = fakeFactory({ hold: true, ignoreAbort: true });
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: f16,
			createEngine: factory.createEngine
		});
		const ctrl = new AbortController();
		const seen: LoadProgress[] = [];
		const loading = engine.load((p) => seen.push(p), ctrl.signal);
		await flush();
		ctrl.abort();
		await expect(loading).rejects.toMatchObject({ code: 'aborted' });
		expect(engine.loaded).toBe(false);
		const before = seen.length;
		factory.release();
		await flush();
		await flush();
		expect(factory.engines).toHaveLength(1);
		expect(factory.engines[0]?.unloaded).toBe(true);
		expect(engine.loaded).toBe(false);
		expect(seen.length).toBe(before);
		await expect(engine.chat(ask())).rejects.toMatchObject({ message: expect.stringMatching(/not loaded/) });
	});

	it('passes the cancel on to the factory, so WebLLM stops downloading', async () => {
		let factorySignal: AbortSignal | undefined;
		const factory = fakeFactory({ hold: true });
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: f16,
			createEngine: (id, opts) => {
				factorySignal = opts.signal;
				return factory.createEngine(id, opts);
			}
		});
		const ctrl = new AbortController();
		const loading = engine.load(undefined, ctrl.signal);
		ctrl.abort();
		await expect(loading).rejects.toMatchObject({ code: 'aborted' });
		expect(factorySignal?.aborted).toBe(true);
		factory.release();
		await flush();
		expect(factory.engines).toHaveLength(0);
	});

	it('does not start when the signal is already aborted', async () => {
		const factory = fakeFactory();
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: f16,
			createEngine: factory.createEngine
		});
		await expect(engine.load(undefined, AbortSignal.abort())).rejects.toMatchObject({ code: 'aborted' });
		expect(factory.ids).toEqual([]);
	});

	it('maps load failures (offline download) to EngineErrors', async () => {
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: f16,
			createEngine: fakeFactory({ loadError: WEBLLM_ERRORS.failedToFetch() }).createEngine
		});
		await expect(engine.load()).rejects.toMatchObject({ code: 'download-failed', retryable: true });
		expect(engine.loaded).toBe(false);
	});

	it('unload() lets go of the engine; a later load starts a new one', async () => {
		const { engine, fake, factory } = await loaded();
		await engine.unload();
		expect(fake.unloaded).toBe(true);
		expect(engine.loaded).toBe(false);
		await engine.load();
		expect(factory.engines).toHaveLength(2);
	});
});

describe('WebLLMEngine.chat', () => {
	it('streams deltas in order and returns the whole text', async () => {
		const { engine } = await loaded({ reply: () => 'I vote for seat 2.' });
		const deltas: string[] = [];
		const r = await engine.chat(ask({ onDelta: (d) => deltas.push(d) }));
		expect(deltas).toEqual(['I', ' vote', ' for', ' seat', ' 2.']);
		expect(r.text).toBe('I vote for seat 2.');
		expect(r.finishReason).toBe('stop');
	});

	it('passes messages, temperature, top_p, seed, max_tokens and stop through, streaming with usage', async () => {
		const { engine, fake } = await loaded();
		await engine.chat(ask({ stop: ['\n\n'], top_p: 0.85 }));
		expect(fake.requests[0]).toEqual({
			messages: ask().messages,
			temperature: 0.7,
			top_p: 0.85,
			seed: 1234,
			max_tokens: 64,
			stop: ['\n\n'],
			stream: true,
			stream_options: { include_usage: true }
		});
	});

	it('passes a JSON schema as response_format, as a string', async () => {
		const schema = { type: 'object', properties: { vote: { type: 'integer' } }, required: ['vote'] };
		const { engine, fake } = await loaded({ reply: () => '{"vote": 2}' });
		const r = await engine.chat(ask({ schema }));
		expect(fake.requests[0]?.response_format).toEqual({
			type: 'json_object',
			schema: JSON.stringify(schema)
		});
		expect(JSON.parse(r.text)).toEqual({ vote: 2 });
		expect(r.constraint).toBe('grammar');
		// Free text is not constrained.
		expect((await engine.chat(ask())).constraint).toBe('none');
	});

	it('gives WebLLM an integer seed', async () => {
		const { engine, fake } = await loaded();
		await engine.chat(ask({ seed: 7.9 }));
		expect(fake.requests[0]?.seed).toBe(7);
	});

	it('reports usage from WebLLM’s usage.extra when present', async () => {
		const { engine } = await loaded({
			reply: () => 'one two three',
			extra: { time_to_first_token_s: 0.25, e2e_latency_s: 2, decode_tokens_per_s: 42 }
		});
		const r = await engine.chat(ask());
		expect(r.usage).toEqual({
			promptTokens: 9,
			completionTokens: 3,
			ttftMs: 250,
			totalMs: 2000,
			decodeTokensPerSecond: 42
		});
	});

	it('measures its own timings when WebLLM gives none', async () => {
		let t = 0;
		const { engine } = await loaded({ reply: () => 'one two three', extra: null, now: () => (t += 10) });
		const r = await engine.chat(ask());
		// Clock reads: start 10, first token 20, end 30.
		expect(r.usage).toMatchObject({
			completionTokens: 3,
			ttftMs: 10,
			totalMs: 20,
			decodeTokensPerSecond: 200
		});
	});

	it('says "length" when max_tokens cut the reply', async () => {
		const { engine } = await loaded({ reply: () => 'a b c d e f' });
		const r = await engine.chat(ask({ max_tokens: 3 }));
		expect(r).toMatchObject({ text: 'a b c', finishReason: 'length' });
	});

	it('turns Qwen3 thinking off and never passes a think block on', async () => {
		const { engine, fake } = await loaded({
			catalogId: 'qwen3-0.6b',
			emitEmptyThinkBlock: true,
			reply: () => 'Seat 4.'
		});
		const deltas: string[] = [];
		const r = await engine.chat(ask({ onDelta: (d) => deltas.push(d) }));
		expect(fake.requests[0]?.extra_body).toEqual({ enable_thinking: false });
		expect(r.text).toBe('Seat 4.');
		expect(deltas.join('')).toBe('Seat 4.');
		const plain = await loaded();
		await plain.engine.chat(ask());
		expect(plain.fake.requests[0]?.extra_body).toBeUndefined();
	});

	it('stops a reply on abort: interrupts WebLLM, rejects with "aborted", resets the chat, and serves the next call', async () => {
		const { engine, fake } = await loaded({
			reply: () => 'one two three four five six seven',
			tokenDelayMs: 5
		});
		const ctrl = new AbortController();
		const deltas: string[] = [];
		const stopped = engine.chat(
			ask({
				signal: ctrl.signal,
				onDelta: (d) => {
					deltas.push(d);
					if (deltas.length === 2) ctrl.abort();
				}
			})
		);
		const next = engine.chat(ask());
		await expect(stopped).rejects.toMatchObject({ code: 'aborted' });
		expect(fake.interrupts).toBe(1);
		const r = await next;
		expect(r.text).toBe('one two three four five six seven');
		expect(deltas).toEqual(['one', ' two']);
		expect(fake.resets).toBe(1);
		expect(fake.maxActive).toBe(1);
	});

	it('drops a call aborted while it waits its turn, without sending it to WebLLM', async () => {
		const { engine, fake } = await loaded({ reply: () => 'a b c d', tokenDelayMs: 5 });
		const first = engine.chat(ask());
		const ctrl = new AbortController();
		const second = engine.chat(ask({ signal: ctrl.signal }));
		ctrl.abort();
		await expect(second).rejects.toMatchObject({ code: 'aborted' });
		await first;
		await flush();
		expect(fake.requests).toHaveLength(1);
		expect(fake.interrupts).toBe(0);
	});

	it('serialises concurrent calls: one generation at a time, in order', async () => {
		const { engine, fake } = await loaded({ reply: (_r, { call }) => `reply ${call} done`, tokenDelayMs: 2 });
		const results = await Promise.all([engine.chat(ask()), engine.chat(ask()), engine.chat(ask())]);
		expect(results.map((r) => r.text)).toEqual(['reply 0 done', 'reply 1 done', 'reply 2 done']);
		expect(fake.maxActive).toBe(1);
	});

	it('keeps serving after a failed call', async () => {
		const { engine } = await loaded({
			createError: (_r: unknown, { call }: { call: number }) =>
				call === 0 ? WEBLLM_ERRORS.contextWindow() : undefined,
			reply: () => 'fine'
		});
		await expect(engine.chat(ask())).rejects.toMatchObject({
			code: 'unknown',
			message: expect.stringMatching(/longer than/)
		});
		await expect(engine.chat(ask())).resolves.toMatchObject({ text: 'fine' });
	});

	it('a GPU lost mid-reply as Chromium reports it (an AbortError of the token read) is a device loss, not a cancel', async () => {
		const { engine, fake } = await loaded({
			reply: () => ({ text: 'a b c d', error: WEBLLM_ERRORS.deviceLostMidReply(), afterTokens: 2 })
		});
		await expect(engine.chat(ask())).rejects.toMatchObject({ code: 'device-lost' });
		expect(engine.loaded).toBe(false);
		expect(fake.unloaded).toBe(true);
	});

	it('"not loaded" after WebLLM unloaded itself under a reply is a device loss too', async () => {
		const { engine } = await loaded({ reply: () => ({ text: '', error: WEBLLM_ERRORS.modelNotLoaded() }) });
		await expect(engine.chat(ask())).rejects.toMatchObject({ code: 'device-lost' });
		expect(engine.loaded).toBe(false);
	});

	it('on a lost GPU mid-reply, rejects with "device-lost" and lets go of the engine', async () => {
		const { engine, fake } = await loaded({
			reply: () => ({ text: 'a b c d', error: WEBLLM_ERRORS.deviceLost(), afterTokens: 2 })
		});
		const deltas: string[] = [];
		await expect(engine.chat(ask({ onDelta: (d) => deltas.push(d) }))).rejects.toMatchObject({
			code: 'device-lost'
		});
		expect(deltas).toEqual(['a', ' b']);
		expect(engine.loaded).toBe(false);
		expect(fake.unloaded).toBe(true);
	});

	it('accepts a non-streaming completion too', async () => {
		const like: WebLLMLike = {
			chat: {
				completions: {
					create: async () => ({
						choices: [{ message: { content: 'all at once' }, finish_reason: 'length' }],
						usage: { prompt_tokens: 5, completion_tokens: 3 }
					})
				}
			},
			interruptGenerate: () => {},
			unload: async () => {}
		};
		const engine = new WebLLMEngine({ catalogId: 'qwen2.5-0.5b', caps: f16, createEngine: async () => like });
		await engine.load();
		const deltas: string[] = [];
		const r = await engine.chat(ask({ onDelta: (d) => deltas.push(d) }));
		expect(r).toMatchObject({
			text: 'all at once',
			finishReason: 'length',
			usage: { promptTokens: 5, completionTokens: 3 }
		});
		expect(deltas).toEqual(['all at once']);
	});

	it('says the model is not loaded before load()', async () => {
		const engine = new WebLLMEngine({
			catalogId: 'qwen2.5-0.5b',
			caps: f16,
			createEngine: fakeFactory().createEngine
		});
		await expect(engine.chat(ask())).rejects.toMatchObject({
			message: 'Qwen2.5 0.5B Instruct is not loaded yet. Load it first.'
		});
	});
});

describe('cache helpers and the default factory (package mocked)', () => {
	it('isModelCached asks WebLLM about the build this GPU would load', async () => {
		lib.cached = new Set(['Qwen2.5-0.5B-Instruct-q4f32_1-MLC']);
		expect(await isModelCached('qwen2.5-0.5b', noF16)).toBe(true);
		expect(await isModelCached('qwen2.5-0.5b', f16)).toBe(false);
		expect(await isModelCached('qwen2.5-0.5b', noWebGpu)).toBe(false);
		expect(await isModelCached('gpt-7', f16)).toBe(false);
	});

	it('deleteModelFromCache deletes fully cached builds, and only cheap leftovers of the others', async () => {
		lib.cached = new Set(['Qwen2.5-0.5B-Instruct-q4f16_1-MLC']);
		lib.calls = [];
		const r = await deleteModelFromCache('qwen2.5-0.5b', f16);
		expect(r.deleted).toEqual(['Qwen2.5-0.5B-Instruct-q4f16_1-MLC']);
		expect(lib.calls).toEqual([
			'all Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
			'wasm Qwen2.5-0.5B-Instruct-q4f32_1-MLC',
			'config Qwen2.5-0.5B-Instruct-q4f32_1-MLC'
		]);
	});

	it('createMLCEngine loads through MLCEngine with the progress callback', async () => {
		lib.engines = [];
		lib.reloadHangs = false;
		const cb = () => {};
		const engine = await createMLCEngine('Qwen3-0.6B-q4f16_1-MLC', {
			initProgressCallback: cb,
			signal: new AbortController().signal
		});
		expect(engine).toBe(lib.engines[0]);
		expect(lib.engines[0]).toMatchObject({
			config: { initProgressCallback: cb },
			reloaded: ['Qwen3-0.6B-q4f16_1-MLC']
		});
	});

	it('createMLCEngine keeps an interrupted download (WebLLM resumes it), and deletes only a weight file cut short', async () => {
		const base = 'https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f16_1-MLC/resolve/main/';
		const entries = new Map<string, Response>([
			[
				`${base}tensor-cache.json`,
				new Response(
					JSON.stringify({
						records: [
							{ dataPath: 'a.bin', nbytes: 4 },
							{ dataPath: 'b.bin', nbytes: 4 },
							{ dataPath: 'c.bin', nbytes: 4 }
						]
					})
				)
			],
			[`${base}a.bin`, new Response(new Uint8Array(4))]
		]);
		const g = globalThis as { caches?: unknown };
		g.caches = {
			open: async () => ({
				keys: async () => [...entries.keys()].map((url) => ({ url })),
				match: async (url: string) => entries.get(url)?.clone(),
				delete: async (url: string) => entries.delete(url)
			})
		};
		try {
			lib.engines = [];
			lib.reloadHangs = false;
			const notes: string[] = [];
			const load = () =>
				createMLCEngine('Qwen3-0.6B-q4f16_1-MLC', {
					initProgressCallback: (r) => notes.push(r.text),
					signal: new AbortController().signal
				});
			await load();
			expect(notes[0]).toBe(
				'Resuming the earlier download of Qwen3-0.6B-q4f16_1-MLC: 1 of 3 weight files are already here.'
			);
			expect(entries.size).toBe(2);
			expect(lib.engines[0]).toMatchObject({ reloaded: ['Qwen3-0.6B-q4f16_1-MLC'] });
			// A shard cut short goes; the whole one stays.
			entries.set(`${base}b.bin`, new Response(new Uint8Array(2)));
			notes.length = 0;
			await load();
			expect(notes[0]).toMatch(/weight file of Qwen3-0\.6B-q4f16_1-MLC was cut short.*others are kept/);
			expect([...entries.keys()]).toEqual([`${base}tensor-cache.json`, `${base}a.bin`]);
		} finally {
			delete g.caches;
		}
	});

	it('createMLCEngine says a model the host does not have (404) was not found, not "check your connection"', async () => {
		lib.engines = [];
		lib.reloadHangs = false;
		// Chromium's Cache API reports a 404 without its status.
		lib.reloadError = new TypeError("Failed to execute 'add' on 'Cache': Request failed");
		const g = globalThis as { fetch: typeof fetch };
		const realFetch = g.fetch;
		const asked: string[] = [];
		g.fetch = (async (url: string) => {
			asked.push(String(url));
			return new Response('Not found', { status: 404 });
		}) as typeof fetch;
		try {
			const engine = new WebLLMEngine({ catalogId: 'qwen3-0.6b', caps: f16 });
			await expect(engine.load()).rejects.toMatchObject({
				code: 'model-not-found',
				message: expect.stringMatching(/not found on the model host \(HTTP 404\)/)
			});
			expect(asked[0]).toBe(
				'https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f16_1-MLC/resolve/main/mlc-chat-config.json'
			);
			// With the host reachable and the files there, it stays a download failure.
			g.fetch = (async () => new Response('{}', { status: 200 })) as unknown as typeof fetch;
			await expect(new WebLLMEngine({ catalogId: 'qwen3-0.6b', caps: f16 }).load()).rejects.toMatchObject({
				code: 'download-failed'
			});
		} finally {
			g.fetch = realFetch;
			lib.reloadError = null;
		}
	});

	it('createMLCEngine, cancelled mid-load, unloads (stopping WebLLM’s downloads) and rejects', async () => {
		lib.engines = [];
		lib.reloadHangs = true;
		const ctrl = new AbortController();
		const p = createMLCEngine('Qwen3-0.6B-q4f16_1-MLC', {
			initProgressCallback: () => {},
			signal: ctrl.signal
		});
		await flush();
		ctrl.abort();
		await expect(p).rejects.toMatchObject({ code: 'aborted' });
		expect(lib.engines[0]?.unloads).toBeGreaterThanOrEqual(1);
		lib.reloadHangs = false;
	});
});

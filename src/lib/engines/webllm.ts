/**
 * The WebLLM back end of `ChatEngine`: one catalog model on this browser's GPU.
 *
 * An engine worker hosts it (one per distinct model, shared by the seats using that model), so it
 * drives `MLCEngine` directly rather than through `WebWorkerMLCEngine`. `@mlc-ai/web-llm` is imported
 * lazily: the module weighs 6.8 MB and is needed only once someone actually loads a model. Everything
 * WebLLM-specific that this file uses is described by `WebLLMLike`, so tests run it over
 * `FakeWebLLM` (fake-webllm.ts) in Node, without a GPU or a download.
 */
import { missingFileStatus, repairBeforeLoad } from './model-cache';
import { getCatalogEntry, pickBuild, type CatalogBuild, type CatalogEntry, type Quant } from './catalog';
import { webllmLimitsProblem, type GpuCaps } from './gpu';
import { ThinkStripper } from '../salvage/reasoning';
import { raceAbort } from './abort';
import { SerialQueue } from './serial-queue';
import {
	EngineError,
	type ChatEngine,
	type ChatRequest,
	type ChatResponse,
	type LoadProgress
} from './types';
import { cancelledError, FALLBACK_OFFER, toEngineError } from './webllm-errors';

// --- The slice of WebLLM's API this adapter uses (names and shapes as in 0.2.86) ---

export interface WebLLMMessage {
	role: 'system' | 'user' | 'assistant';
	content: string;
}

export interface WebLLMRequest {
	messages: WebLLMMessage[];
	temperature?: number;
	top_p?: number;
	seed?: number;
	max_tokens?: number;
	stop?: string[];
	stream?: boolean;
	stream_options?: { include_usage: boolean };
	/** `schema` is a JSON string: WebLLM hands it to XGrammar, which constrains decoding to it. */
	response_format?: { type: 'json_object'; schema?: string };
	extra_body?: { enable_thinking?: boolean };
}

export type WebLLMFinishReason = 'stop' | 'length' | 'tool_calls' | 'abort';

export interface WebLLMUsage {
	prompt_tokens: number;
	completion_tokens: number;
	total_tokens?: number;
	/** WebLLM's own timings (seconds), measured inside the engine. */
	extra?: {
		e2e_latency_s?: number;
		prefill_tokens_per_s?: number;
		decode_tokens_per_s?: number;
		time_to_first_token_s?: number;
		time_per_output_token_s?: number;
	};
}

export interface WebLLMChunk {
	choices: Array<{ delta: { content?: string | null }; finish_reason: WebLLMFinishReason | null }>;
	usage?: WebLLMUsage;
}

export interface WebLLMCompletion {
	choices: Array<{ message: { content: string | null }; finish_reason: WebLLMFinishReason }>;
	usage?: WebLLMUsage;
}

export interface WebLLMLike {
	chat: {
		completions: {
			create(request: WebLLMRequest): Promise<AsyncIterable<WebLLMChunk> | WebLLMCompletion>;
		};
	};
	/** Stops the running generation at its next token; the stream then ends with finish_reason 'abort'. */
	interruptGenerate(): void | Promise<void>;
	unload(): Promise<void>;
	resetChat?(keepStats?: boolean): Promise<void>;
}

/** WebLLM's `InitProgressReport`. */
export interface InitProgress {
	progress: number;
	timeElapsed: number;
	text: string;
}

export type CreateEngine = (
	webllmId: string,
	opts: { initProgressCallback: (report: InitProgress) => void; signal: AbortSignal }
) => Promise<WebLLMLike>;

// --- Helpers ---

/** A cancel of `model` (a catalog or WebLLM id) while loading it or while it replied. */
function abortError(model: string, phase: 'load' | 'chat', cause?: unknown): EngineError {
	return cancelledError({ modelId: model, phase }, cause);
}

function isAsyncIterable(x: unknown): x is AsyncIterable<WebLLMChunk> {
	return typeof x === 'object' && x !== null && Symbol.asyncIterator in x;
}

function finite(x: unknown): x is number {
	return typeof x === 'number' && Number.isFinite(x);
}

function browserOnline(): boolean | undefined {
	const nav = globalThis.navigator as { onLine?: unknown } | undefined;
	return typeof nav?.onLine === 'boolean' ? nav.onLine : undefined;
}

const MB = 2 ** 20;

/**
 * Turns WebLLM's init reports into `LoadProgress`. WebLLM restarts `progress` at 0 for each stage
 * (weights: "Fetching param cache" or "Loading model from cache"; then "Loading GPU shader modules"),
 * which would make a progress bar jump back; the overall fraction here gives the weights 90 % and the
 * shaders 10 % and never goes down.
 */
class LoadProgressTracker {
	private fraction: number | null = null;
	private loadedBytes = 0;
	private totalBytes: number;
	private stage = '';
	private stageStart = 0;
	private stageFraction = 0;

	constructor(
		private readonly label: string,
		build: CatalogBuild,
		private readonly onProgress: ((p: LoadProgress) => void) | undefined,
		private readonly now: () => number
	) {
		this.totalBytes = build.downloadMB * MB;
	}

	private emit(p: Omit<LoadProgress, 'fraction' | 'loadedBytes' | 'totalBytes'>, overall: number | null) {
		if (overall !== null) this.fraction = Math.max(this.fraction ?? 0, Math.min(1, overall));
		this.onProgress?.({
			fraction: this.fraction,
			loadedBytes: Math.round(this.loadedBytes),
			totalBytes: Math.round(this.totalBytes),
			...p
		});
	}

	/**
	 * Seconds left at this stage's rate so far. The rate counts from the stage's first report, not
	 * from 0: a download resumed from a half-filled cache starts at 50 % in no time.
	 */
	private eta(stage: string, f: number): number | null {
		const t = this.now();
		if (stage !== this.stage) {
			this.stage = stage;
			this.stageStart = t;
			this.stageFraction = f;
		}
		if (f >= 1) return 0;
		const elapsed = (t - this.stageStart) / 1000;
		const gained = f - this.stageFraction;
		if (elapsed <= 0 || gained <= 0) return null;
		return Math.round((elapsed * (1 - f)) / gained);
	}

	report(r: InitProgress): void {
		const f = finite(r.progress) ? Math.max(0, Math.min(1, r.progress)) : 0;
		const pct = `${Math.floor(f * 100)} %`;
		const weights = /^(fetching param cache|loading model from cache)/i.exec(r.text);
		if (weights) {
			const fromCache = /^loading/i.test(r.text);
			// WebLLM's text carries the MB done ("123MB fetched" / "123MB loaded"): exact where the
			// fraction alone would only scale our estimate.
			const done = /(\d+)\s*MB (?:fetched|loaded)/i.exec(r.text);
			if (done?.[1]) {
				this.loadedBytes = Number(done[1]) * MB;
				if (f > 0.01) this.totalBytes = this.loadedBytes / f;
			} else {
				this.loadedBytes = f * this.totalBytes;
			}
			const mbText = `${Math.round(this.loadedBytes / MB)} of ${done && f > 0.01 ? '' : 'about '}${Math.round(this.totalBytes / MB)} MB`;
			this.emit(
				{
					etaSeconds: this.eta(fromCache ? 'cache' : 'download', f),
					text: fromCache
						? `Loading ${this.label} from this browser's storage: ${pct}`
						: `Downloading ${this.label}: ${mbText} (${pct})`
				},
				0.9 * f
			);
			return;
		}
		if (/^loading gpu shader/i.test(r.text)) {
			this.loadedBytes = this.totalBytes;
			this.emit(
				{ etaSeconds: this.eta('shaders', f), text: `Preparing ${this.label} on the GPU: ${pct}` },
				0.9 + 0.1 * f
			);
			return;
		}
		if (/^finish loading/i.test(r.text)) {
			this.loadedBytes = this.totalBytes;
			this.stage = 'ready';
			this.emit({ etaSeconds: 0, text: `${this.label} is ready` }, 1);
			return;
		}
		this.emit({ etaSeconds: null, text: `Starting ${this.label}...` }, null);
	}

	/** The last word, unless WebLLM's "Finish loading" already said it. */
	done(): void {
		if (this.fraction === 1 && this.stage === 'ready') return;
		this.loadedBytes = this.totalBytes;
		this.stage = 'ready';
		this.emit({ etaSeconds: 0, text: `${this.label} is ready` }, 1);
	}
}

// --- The default factory: real WebLLM ---

/**
 * `CreateMLCEngine(id, config)` is `new MLCEngine(config)` followed by `reload(id)`; it is spelled out
 * here so that a cancel can reach the engine while it loads: `unload()` aborts WebLLM's own
 * controller, which stops its downloads. WebLLM's `reload` swallows that abort and returns as if it
 * had loaded, hence the check afterwards.
 */
export const createMLCEngine: CreateEngine = async (webllmId, { initProgressCallback, signal }) => {
	const webllm = await import('@mlc-ai/web-llm');
	if (signal.aborted) throw abortError(webllmId, 'load');
	await repairBeforeLoad(webllmId, (text) => initProgressCallback({ progress: 0, timeElapsed: 0, text }));
	const engine = new webllm.MLCEngine({ initProgressCallback });
	const stop = () => void engine.unload().catch(() => {});
	signal.addEventListener('abort', stop, { once: true });
	try {
		await engine.reload(webllmId);
	} catch (err) {
		// A failed reload can hold GPU buffers already allocated (device lost halfway): free them.
		await engine.unload().catch(() => {});
		const mapped = toEngineError(err, { modelId: webllmId, phase: 'load', online: browserOnline() });
		if (mapped.code === 'download-failed' && !signal.aborted) {
			const status = await missingFileStatus(webllmId).catch(() => null);
			if (status !== null)
				throw new Error(`The model host answered with status ${status} for ${webllmId}`, { cause: err });
		}
		throw err;
	} finally {
		signal.removeEventListener('abort', stop);
	}
	if (signal.aborted) {
		await engine.unload().catch(() => {});
		throw abortError(webllmId, 'load');
	}
	// Typed against WebLLMLike on purpose: a WebLLM upgrade that changes this shape fails `tsc` here.
	const like: WebLLMLike = engine;
	return like;
};

// --- The engine ---

export interface WebLLMEngineOptions {
	/** A catalog id (catalog.ts), e.g. 'qwen2.5-0.5b'. */
	catalogId: string;
	caps: GpuCaps;
	/** Ask for a given build; q4f16 without shader-f16 is refused. Default: the best the GPU can run. */
	quant?: Quant;
	createEngine?: CreateEngine;
	/** Clock for timings, in ms (tests pass a fake one). */
	now?: () => number;
}

export class WebLLMEngine implements ChatEngine {
	readonly kind = 'webllm' as const;
	readonly model: string;
	private readonly caps: GpuCaps;
	private readonly quant: Quant | undefined;
	private readonly createEngine: CreateEngine;
	private readonly now: () => number;
	private engine: WebLLMLike | null = null;
	private chosen: { quant: Quant; build: CatalogBuild } | null = null;
	private loading: Promise<void> | null = null;
	private loadController: AbortController | null = null;
	/** WebLLM serves one request per model at a time and `interruptGenerate` stops whichever runs: calls take turns. */
	private readonly queue = new SerialQueue();

	constructor(options: WebLLMEngineOptions) {
		this.model = options.catalogId;
		this.caps = options.caps;
		this.quant = options.quant;
		this.createEngine = options.createEngine ?? createMLCEngine;
		this.now = options.now ?? (() => performance.now());
	}

	get loaded(): boolean {
		return this.engine !== null;
	}

	/** The build in use once loaded (for the log and the UI). */
	get build(): { quant: Quant; webllmId: string } | null {
		return this.chosen && this.engine
			? { quant: this.chosen.quant, webllmId: this.chosen.build.webllmId }
			: null;
	}

	private get label(): string {
		return getCatalogEntry(this.model)?.label ?? this.model;
	}

	private pick(entry: CatalogEntry): { quant: Quant; build: CatalogBuild } {
		if (!this.caps.webgpu || !this.caps.adapter) {
			throw new EngineError(
				'no-webgpu',
				`${entry.label} needs WebGPU with a GPU adapter, which this browser does not offer. ${FALLBACK_OFFER}`
			);
		}
		const small = webllmLimitsProblem(this.caps);
		if (small) throw new EngineError('no-webgpu', small);
		if (this.quant === 'q4f16' && !this.caps.shaderF16) {
			throw new EngineError(
				'unsupported-model',
				`The q4f16 build of ${entry.label} needs 16-bit float shaders (shader-f16), which this GPU does not offer. Use its q4f32 build.`
			);
		}
		if (this.quant) {
			const b = entry.builds[this.quant];
			if (!b) throw new EngineError('unsupported-model', `${entry.label} has no ${this.quant} build.`);
			return { quant: this.quant, build: b };
		}
		const pick = pickBuild(entry, this.caps);
		if (pick.quant === null) throw new EngineError('unsupported-model', pick.reason);
		return { quant: pick.quant, build: pick.build };
	}

	load(onProgress?: (p: LoadProgress) => void, signal?: AbortSignal): Promise<void> {
		if (this.engine) return Promise.resolve();
		// Single flight: a second caller waits for the same load (but may stop waiting with its own signal).
		if (this.loading) return raceAbort(this.loading, signal, () => abortError(this.model, 'load'));
		const entry = getCatalogEntry(this.model);
		if (!entry) {
			return Promise.reject(
				new EngineError('model-not-found', `"${this.model}" is not in the WebLLM model catalog.`)
			);
		}
		let chosen: { quant: Quant; build: CatalogBuild };
		try {
			chosen = this.pick(entry);
		} catch (err) {
			return Promise.reject(err);
		}
		if (signal?.aborted) return Promise.reject(abortError(this.model, 'load'));

		const controller = new AbortController();
		const forward = () => controller.abort();
		signal?.addEventListener('abort', forward, { once: true });
		this.loadController = controller;
		const tracker = new LoadProgressTracker(entry.label, chosen.build, onProgress, this.now);

		const pending = this.createEngine(chosen.build.webllmId, {
			initProgressCallback: (r) => {
				if (!controller.signal.aborted) tracker.report(r);
			},
			signal: controller.signal
		});

		this.loading = (async () => {
			try {
				const engine = await raceAbort(pending, controller.signal, () => abortError(this.model, 'load'));
				if (controller.signal.aborted) {
					await engine.unload().catch(() => {});
					throw abortError(this.model, 'load');
				}
				this.engine = engine;
				this.chosen = chosen;
				tracker.done();
			} catch (err) {
				if (controller.signal.aborted) {
					// The factory may still finish after the cancel: whatever it yields is unloaded, never kept.
					pending.then((e) => e.unload()).catch(() => {});
					throw err instanceof EngineError && err.code === 'aborted'
						? err
						: abortError(this.model, 'load', err);
				}
				throw toEngineError(err, { modelId: chosen.build.webllmId, phase: 'load', online: browserOnline() });
			} finally {
				signal?.removeEventListener('abort', forward);
				this.loading = null;
				if (this.loadController === controller) this.loadController = null;
			}
		})();
		return this.loading;
	}

	chat(request: ChatRequest): Promise<ChatResponse> {
		const run = this.queue.run(() => this.runChat(request));
		// The caller hears of a cancel at once; the queue moves on only when WebLLM has actually stopped.
		return raceAbort(run, request.signal, () => abortError(this.model, 'chat'));
	}

	private toRequest(request: ChatRequest): WebLLMRequest {
		const body: WebLLMRequest = {
			messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
			temperature: request.temperature,
			// WebLLM rejects a non-integer seed (SeedTypeError).
			seed: Number.isInteger(request.seed) ? request.seed : Math.trunc(request.seed),
			max_tokens: request.max_tokens,
			stream: true,
			stream_options: { include_usage: true }
		};
		if (request.top_p !== undefined) body.top_p = request.top_p;
		if (request.stop && request.stop.length > 0) body.stop = [...request.stop];
		if (request.schema)
			body.response_format = { type: 'json_object', schema: JSON.stringify(request.schema) };
		// Qwen3 would spend the token budget thinking aloud; agents are asked for the answer only.
		if (getCatalogEntry(this.model)?.thinking) body.extra_body = { enable_thinking: false };
		return body;
	}

	private async runChat(request: ChatRequest): Promise<ChatResponse> {
		const engine = this.engine;
		const label = this.label;
		if (!engine) throw new EngineError('unknown', `${label} is not loaded yet. Load it first.`);
		const { signal } = request;
		if (signal?.aborted) throw abortError(this.model, 'chat');

		const interrupt = () => void Promise.resolve(engine.interruptGenerate()).catch(() => {});
		signal?.addEventListener('abort', interrupt, { once: true });
		const stripper = new ThinkStripper();
		const t0 = this.now();
		let firstAt: number | null = null;
		let text = '';
		let pieces = 0;
		let finish: WebLLMFinishReason | null = null;
		let usage: WebLLMUsage | undefined;
		const take = (raw: string | null | undefined) => {
			if (!raw) return;
			pieces++;
			if (firstAt === null) firstAt = this.now();
			const visible = stripper.push(raw);
			if (visible) {
				text += visible;
				request.onDelta?.(visible);
			}
		};

		try {
			const result = await engine.chat.completions.create(this.toRequest(request));
			if (isAsyncIterable(result)) {
				try {
					for await (const chunk of result) {
						const choice = chunk.choices[0];
						if (choice) {
							take(choice.delta.content);
							if (choice.finish_reason) finish = choice.finish_reason;
						}
						if (chunk.usage) usage = chunk.usage;
					}
				} catch (err) {
					interrupt();
					throw err;
				}
			} else {
				const choice = result.choices[0];
				take(choice?.message.content);
				finish = choice?.finish_reason ?? null;
				usage = result.usage;
			}
			const tail = stripper.end();
			if (tail) {
				text += tail;
				request.onDelta?.(tail);
			}
		} catch (err) {
			if (signal?.aborted) throw abortError(this.model, 'chat', err);
			const mapped = toEngineError(err, { modelId: this.model, phase: 'chat', online: browserOnline() });
			if (mapped.code === 'device-lost' || mapped.code === 'out-of-memory') {
				// WebLLM has already let go of its weights; a later load() must start afresh.
				this.engine = null;
				this.chosen = null;
				await engine.unload().catch(() => {});
			}
			throw mapped;
		} finally {
			signal?.removeEventListener('abort', interrupt);
		}

		const end = this.now();
		if (signal?.aborted || finish === 'abort') {
			// The conversation state holds a half reply: start the next call from a clean slate.
			await engine.resetChat?.().catch(() => {});
			throw abortError(this.model, 'chat');
		}

		const extra = usage?.extra;
		const completionTokens = usage?.completion_tokens ?? pieces;
		const firstMs = firstAt ?? end;
		const decodeSeconds = (end - firstMs) / 1000;
		const ownDecode = completionTokens > 1 && decodeSeconds > 0 ? (completionTokens - 1) / decodeSeconds : 0;
		return {
			text,
			// WebLLM compiles `response_format.schema` with XGrammar and masks every token by it.
			constraint: request.schema ? 'grammar' : 'none',
			finishReason: finish === 'length' ? 'length' : 'stop',
			usage: {
				promptTokens: usage?.prompt_tokens ?? 0,
				completionTokens,
				ttftMs: finite(extra?.time_to_first_token_s) ? extra.time_to_first_token_s * 1000 : firstMs - t0,
				totalMs: finite(extra?.e2e_latency_s) ? extra.e2e_latency_s * 1000 : end - t0,
				decodeTokensPerSecond: finite(extra?.decode_tokens_per_s) ? extra.decode_tokens_per_s : ownDecode
			}
		};
	}

	async unload(): Promise<void> {
		this.loadController?.abort();
		const engine = this.engine;
		this.engine = null;
		this.chosen = null;
		if (!engine) return;
		await Promise.resolve(engine.interruptGenerate()).catch(() => {});
		await engine.unload();
	}
}

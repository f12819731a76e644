/**
 * A stand-in for WebLLM's `MLCEngine` with the same `chat.completions.create` shape, for tests of the
 * adapter and of agent logic in Node: no GPU, no download, deterministic.
 *
 * Replies come from a script (a function of the request). Like WebLLM, the fake streams one chunk per
 * token, then a chunk carrying `finish_reason`, then (with `stream_options.include_usage`) a chunk
 * with no choices and the usage; it honours `max_tokens` and `stop`, and `interruptGenerate()` ends a
 * stream with finish_reason 'abort'. A "token" here is a word with its leading space. It can also
 * throw the errors WebLLM throws (`webllmError`), from `create`, mid-stream, or from loading.
 */
import type {
	CreateEngine,
	InitProgress,
	WebLLMChunk,
	WebLLMCompletion,
	WebLLMFinishReason,
	WebLLMLike,
	WebLLMRequest,
	WebLLMUsage
} from './webllm';

export interface FakeReplyContext {
	/** 0-based index of this request among all `create` calls on this fake. */
	call: number;
}

export type FakeReply =
	| string
	| {
			text: string;
			/** Override the token split (each piece is streamed as one chunk). */
			tokens?: string[];
			/** Throw this after streaming `afterTokens` tokens (default 0). */
			error?: unknown;
			afterTokens?: number;
	  };

export type FakeReplyFn = (request: WebLLMRequest, ctx: FakeReplyContext) => FakeReply | Promise<FakeReply>;

export interface FakeWebLLMOptions {
	reply?: FakeReplyFn;
	/** Milliseconds between streamed tokens (0: yield to the event loop only). */
	tokenDelayMs?: number;
	/** Thrown by `create` itself, before any streaming (an error, or a function of the call). */
	createError?: unknown | ((request: WebLLMRequest, ctx: FakeReplyContext) => unknown);
	/**
	 * Timings reported in `usage.extra`, in seconds. Default: measured by the fake. `null`: no `extra`
	 * at all (as a WebLLM-compatible engine without them would), to test the adapter's own timing.
	 */
	extra?: WebLLMUsage['extra'] | null;
	/**
	 * Mimic WebLLM 0.2.86 with `enable_thinking: false`: the empty think block it puts in front of the
	 * reply comes out as the first chunk.
	 */
	emitEmptyThinkBlock?: boolean;
}

/** Splits text into "tokens": words with their leading whitespace (deterministic, good enough for counts). */
export function fakeTokens(text: string): string[] {
	return text.match(/\s*\S+|\s+$/g) ?? [];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An async-generator stream that also knows what WebLLM's would report at the end. */
interface Planned {
	tokens: string[];
	finish: Exclude<WebLLMFinishReason, 'abort' | 'tool_calls'>;
	error?: unknown;
	afterTokens: number;
	promptTokens: number;
}

export class FakeWebLLM implements WebLLMLike {
	/** Every request `create` received, in order. */
	readonly requests: WebLLMRequest[] = [];
	/** Generations running now, and the most ever at once (WebLLM serves one at a time). */
	active = 0;
	maxActive = 0;
	interrupts = 0;
	resets = 0;
	unloaded = false;
	private interruptFlag = false;
	private calls = 0;

	readonly chat = {
		completions: {
			create: (request: WebLLMRequest): Promise<AsyncIterable<WebLLMChunk> | WebLLMCompletion> =>
				this.create(request)
		}
	};

	constructor(private readonly options: FakeWebLLMOptions = {}) {}

	interruptGenerate(): void {
		this.interrupts++;
		this.interruptFlag = true;
	}

	async resetChat(): Promise<void> {
		this.resets++;
	}

	async unload(): Promise<void> {
		this.unloaded = true;
	}

	private async plan(request: WebLLMRequest, call: number): Promise<Planned> {
		const script = this.options.reply ?? (() => '{}');
		const reply = await script(request, { call });
		const r = typeof reply === 'string' ? { text: reply } : reply;
		let tokens = r.tokens ?? fakeTokens(r.text);
		let finish: Planned['finish'] = 'stop';
		// Stop strings end the reply before them, as in WebLLM (which does not emit the stop string).
		for (const stop of request.stop ?? []) {
			const joined = tokens.join('');
			const at = stop ? joined.indexOf(stop) : -1;
			if (at >= 0) tokens = fakeTokens(joined.slice(0, at));
		}
		if (request.max_tokens != null && tokens.length > request.max_tokens) {
			tokens = tokens.slice(0, request.max_tokens);
			finish = 'length';
		}
		if (this.options.emitEmptyThinkBlock && request.extra_body?.enable_thinking === false) {
			tokens = ['<think>\n\n</think>\n\n', ...tokens];
		}
		const promptTokens = request.messages.reduce((n, m) => n + fakeTokens(m.content).length, 0);
		return { tokens, finish, error: r.error, afterTokens: r.afterTokens ?? 0, promptTokens };
	}

	private usage(
		planned: Planned,
		completionTokens: number,
		startedAt: number,
		firstAt: number | null
	): WebLLMUsage {
		const usage: WebLLMUsage = {
			prompt_tokens: planned.promptTokens,
			completion_tokens: completionTokens,
			total_tokens: planned.promptTokens + completionTokens
		};
		if (this.options.extra === null) return usage;
		if (this.options.extra) {
			usage.extra = { ...this.options.extra };
			return usage;
		}
		const end = performance.now();
		const ttft = ((firstAt ?? end) - startedAt) / 1000;
		const decode = (end - (firstAt ?? end)) / 1000;
		usage.extra = {
			e2e_latency_s: (end - startedAt) / 1000,
			time_to_first_token_s: ttft,
			prefill_tokens_per_s: ttft > 0 ? planned.promptTokens / ttft : 0,
			decode_tokens_per_s: decode > 0 && completionTokens > 1 ? (completionTokens - 1) / decode : 0,
			time_per_output_token_s: completionTokens > 0 ? decode / completionTokens : 0
		};
		return usage;
	}

	private async create(request: WebLLMRequest): Promise<AsyncIterable<WebLLMChunk> | WebLLMCompletion> {
		const call = this.calls++;
		this.requests.push(structuredClone(request));
		const { createError } = this.options;
		if (createError !== undefined) {
			const err =
				typeof createError === 'function'
					? (createError as (r: WebLLMRequest, c: FakeReplyContext) => unknown)(request, { call })
					: createError;
			if (err !== undefined) throw err;
		}
		const planned = await this.plan(request, call);
		if (request.stream) return this.stream(request, planned);

		// Non-streaming: the whole reply at once (no interrupt point worth modelling).
		const startedAt = performance.now();
		this.enter();
		try {
			if (planned.error !== undefined) throw planned.error;
			return {
				choices: [{ message: { content: planned.tokens.join('') }, finish_reason: planned.finish }],
				usage: this.usage(planned, planned.tokens.length, startedAt, startedAt)
			};
		} finally {
			this.leave();
		}
	}

	private enter() {
		this.active++;
		this.maxActive = Math.max(this.maxActive, this.active);
	}

	private leave() {
		this.active--;
	}

	private async *stream(request: WebLLMRequest, planned: Planned): AsyncGenerator<WebLLMChunk> {
		// Like WebLLM, an interrupt applies only to the generation running when it was raised.
		this.interruptFlag = false;
		this.enter();
		const startedAt = performance.now();
		let firstAt: number | null = null;
		let sent = 0;
		let finish: WebLLMFinishReason = planned.finish;
		try {
			for (const token of planned.tokens) {
				if (planned.error !== undefined && sent >= planned.afterTokens) throw planned.error;
				await (this.options.tokenDelayMs ? sleep(this.options.tokenDelayMs) : Promise.resolve());
				if (this.interruptFlag) {
					finish = 'abort';
					break;
				}
				firstAt ??= performance.now();
				sent++;
				yield { choices: [{ delta: { content: token }, finish_reason: null }] };
			}
			if (planned.error !== undefined && finish !== 'abort') throw planned.error;
			yield { choices: [{ delta: {}, finish_reason: finish }] };
			if (request.stream_options?.include_usage) {
				yield { choices: [], usage: this.usage(planned, sent, startedAt, firstAt) };
			}
		} finally {
			this.leave();
		}
	}
}

// --- WebLLM's errors, as 0.2.86 throws them (names and messages from its lib/index.js) ---

function named(name: string, message: string, base: ErrorConstructor = Error): Error {
	const err = new base(message);
	err.name = name;
	return err;
}

export const WEBLLM_ERRORS = {
	/** `fetch` with no network (Chrome's wording); what CreateMLCEngine gives offline. */
	failedToFetch: () => new TypeError('Failed to fetch'),
	/** The same, wrapped by WebLLM's IndexedDB cache. */
	failedToStore: () =>
		new Error(
			'Failed to store https://huggingface.co/mlc-ai/x/resolve/main/params_shard_0.bin with error: TypeError: Failed to fetch'
		),
	httpStatus: (status = 503) =>
		new Error(`ArtifactOPFSCache: Unable to fetch https://huggingface.co/x, received status ${status}`),
	modelNotFound: (id = 'no-such-model') =>
		named(
			'ModelNotFoundError',
			`Cannot find model record in appConfig for ${id}. Please check if the model ID is correct and included in the model_list configuration.`
		),
	/** A plain Error from tvmjs's detectGPUDevice when `requestAdapter()` returns null. */
	noAdapter: () =>
		new Error(
			"Unable to find a compatible GPU. This issue might be because your computer doesn't have a GPU, or your system settings are not configured properly. Please check if your device has a GPU properly set up and if your your browser supports WebGPU."
		),
	webgpuNotAvailable: () =>
		named(
			'WebGPUNotAvailableError',
			'WebGPU is not supported in your current environment, but it is necessary to run the WebLLM engine.'
		),
	webgpuNotFound: () => named('WebGPUNotFoundError', 'Cannot find WebGPU in the environment'),
	gpuLimits: () =>
		new Error(
			'Cannot initialize runtime because of requested maxBufferSize exceeds limit. requested=256MB, limit=128MB. Consider upgrading your browser.'
		),
	shaderF16: () =>
		named(
			'ShaderF16SupportError',
			'This model requires WebGPU extension shader-f16, which is not enabled in this browser. You can try to launch Chrome Canary in command line with flag "--enable-dawn-features=allow_unsafe_apis".'
		),
	featureSupport: (feature = 'subgroups') =>
		named(
			'FeatureSupportError',
			`This model requires feature ${feature}, which is not yet supported by this browser.`
		),
	deviceLost: () =>
		named(
			'DeviceLostError',
			'The WebGPU device was lost while loading the model. This issue often occurs due to running out of memory (OOM). To resolve this, try reloading with a model that has fewer parameters or uses a smaller context length.'
		),
	/** What a WebGPU validation error looks like when a buffer cannot be allocated. */
	outOfMemory: () =>
		named('GPUOutOfMemoryError', 'Out of memory: failed to allocate buffer of 1073741824 bytes'),
	wasmOutOfMemory: () => new Error('Cannot allocate 536870912 bytes in Wasm memory'),
	abort: () => new DOMException('The operation was aborted.', 'AbortError'),
	/** WebLLM's unload() aborts downloads with this reason string, which fetch rethrows as it is. */
	unloadReason: () => 'Engine.unload() is called.',
	timeout: () => new DOMException('signal timed out', 'TimeoutError'),
	quota: () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
	integrity: () =>
		named(
			'IntegrityError',
			'Integrity verification failed for https://huggingface.co/x\n  Expected: sha256-a\n  Actual: sha256-b\nThis may indicate file corruption or tampering.'
		),
	missingWasm: (id = 'x') =>
		named(
			'MissingModelError',
			`Missing \`model_lib\` for the model with ID "${id}". Please ensure that \`model_lib\` is provided in \`model_list\` for each model.`
		),
	contextWindow: (prompt = 5000, window = 4096) =>
		named(
			'ContextWindowSizeExceededError',
			`Prompt tokens exceed context window size: number of prompt tokens: ${prompt}; context window size: ${window}\nConsider shortening the prompt, or increase \`context_window_size\`, or using sliding window via \`sliding_window_size\`.`
		),
	modelNotLoaded: () =>
		named(
			'ModelNotLoadedError',
			'Model not loaded before trying to complete ChatCompletionRequest. Please ensure you have called MLCEngine.reload(model) to load the model before initiating APIs, or initialize your engine using CreateMLCEngine() with a valid model configuration.'
		),
	/**
	 * A GPU lost in the middle of a reply: Chromium rejects the pending token read (`mapAsync`) with an
	 * AbortError, before WebLLM's own `device.lost` handler has run.
	 */
	deviceLostMidReply: () =>
		new DOMException(
			"Failed to execute 'mapAsync' on 'GPUBuffer': The Device was lost before mapping was resolved.",
			'AbortError'
		),
	/** tvmjs, after WebLLM's `device.lost` handler unloaded the model under a reply still running. */
	disposed: () => new Error('Object has already been disposed'),
	grammar: () =>
		named(
			'GrammarMatcherInitError',
			'Failed to initialize the grammar matcher for response format `json_object`: invalid JSON schema'
		),
	seedType: () => named('SeedTypeError', '`seed` should be an integer, but got 1.5'),
	/** WebLLM's own RangeError (a ConfigValueError), not JavaScript's. */
	configRange: () => named('RangeError', 'Make sure 0 < top_p <= 1.'),
	/** Emscripten's crash report: must not be taken for a user's cancel. */
	emscriptenAbort: () => new WebAssembly.RuntimeError('Aborted(OOM). Build with -sASSERTIONS for more info.')
} as const;

export type WebLLMErrorKind = keyof typeof WEBLLM_ERRORS;

export function webllmError(kind: WebLLMErrorKind): unknown {
	return WEBLLM_ERRORS[kind]();
}

// --- A fake `createEngine` for WebLLMEngine ---

export interface FakeLoadOptions extends FakeWebLLMOptions {
	/** Init reports to send, in order (default: a short download, shader compile and finish, as WebLLM words them). */
	reports?: InitProgress[];
	/** Milliseconds between reports. */
	reportDelayMs?: number;
	/** Reject the load with this error after the reports. */
	loadError?: unknown;
	/** Resolve only when `release()` is called (for tests that cancel in the middle). */
	hold?: boolean;
	/** Ignore the abort signal, like a factory that cannot be stopped: the adapter must still drop the engine. */
	ignoreAbort?: boolean;
}

function defaultReports(totalMB = 100): InitProgress[] {
	const half = Math.round(totalMB / 2);
	return [
		{ progress: 0, timeElapsed: 0, text: 'Start to fetch params' },
		{
			progress: 0.5,
			timeElapsed: 1,
			text: `Fetching param cache[1/2]: ${half}MB fetched. 50% completed, 1 secs elapsed. It can take a while when we first visit this page to populate the cache. Later refreshes will become faster.`
		},
		{
			progress: 1,
			timeElapsed: 2,
			text: `Fetching param cache[2/2]: ${totalMB}MB fetched. 100% completed, 2 secs elapsed. It can take a while when we first visit this page to populate the cache. Later refreshes will become faster.`
		},
		{
			progress: 0.5,
			timeElapsed: 1,
			text: 'Loading GPU shader modules[10/20]: 50% completed, 1 secs elapsed.'
		},
		{
			progress: 1,
			timeElapsed: 2,
			text: 'Loading GPU shader modules[20/20]: 100% completed, 2 secs elapsed.'
		},
		{ progress: 1, timeElapsed: 3, text: 'Finish loading on WebGPU - fake' }
	];
}

export interface FakeFactory {
	createEngine: CreateEngine;
	/** Every engine created, including ones the adapter later dropped. */
	engines: FakeWebLLM[];
	/** Model ids asked for, in order. */
	ids: string[];
	/** Lets a `hold` load finish. */
	release(): void;
}

export function fakeFactory(options: FakeLoadOptions = {}): FakeFactory {
	const engines: FakeWebLLM[] = [];
	const ids: string[] = [];
	let release: () => void = () => {};
	const held = new Promise<void>((resolve) => {
		release = () => resolve();
	});
	const createEngine: CreateEngine = async (webllmId, { initProgressCallback, signal }) => {
		ids.push(webllmId);
		const stopIfAborted = () => {
			if (signal.aborted && !options.ignoreAbort)
				throw new DOMException('The operation was aborted.', 'AbortError');
		};
		for (const r of options.reports ?? defaultReports()) {
			await (options.reportDelayMs ? sleep(options.reportDelayMs) : Promise.resolve());
			stopIfAborted();
			initProgressCallback(r);
		}
		if (options.hold) await held;
		stopIfAborted();
		if (options.loadError !== undefined) throw options.loadError;
		const engine = new FakeWebLLM(options);
		engines.push(engine);
		return engine;
	};
	return { createEngine, engines, ids, release: () => release() };
}

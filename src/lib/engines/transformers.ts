/**
 * ChatEngine over transformers.js: onnxruntime-node in Node, onnxruntime-web (WASM or WebGPU) in a
 * browser worker. The library is imported on first load, so importing this module costs nothing.
 */
import type {
	DataType,
	PreTrainedModel,
	PreTrainedTokenizer,
	ProgressInfo,
	Tensor
} from '@huggingface/transformers';
import { raceAbort } from './abort';
import { compileSchema, ConstrainedChooser, hasChoice, type SchemaAutomaton } from './schema-constraint';
import { SerialQueue } from './serial-queue';
import type { ProblemCode } from '../problem';
import {
	EngineError,
	type ChatEngine,
	type ChatMessage,
	type ChatRequest,
	type ChatResponse,
	type EngineErrorCode,
	type JsonSchema,
	type LoadProgress
} from './types';

export type TransformersLib = typeof import('@huggingface/transformers');
export type TransformersDevice = 'wasm' | 'webgpu' | 'cpu';
type TransformersEnvironment = TransformersLib['env'];

export interface TransformersEngineOptions {
	/** A hub id (`onnx-community/Qwen2.5-0.5B-Instruct`) or a folder name under `localModelPath`. */
	model: string;
	/** Default: 'cpu' in Node, 'wasm' in a browser. 'wasm' means 'cpu' in Node (onnxruntime-node). */
	device?: TransformersDevice;
	/** Where local model folders live: a file path in Node, a URL path (`/models/`) in a browser. */
	localModelPath?: string;
	/** Whether the hub may be asked for files. Default: only when no `localModelPath` is given. */
	allowRemote?: boolean;
	/**
	 * Copies of onnxruntime-web's `ort-wasm-simd-threaded.asyncify.{mjs,wasm}` served by the site
	 * itself; without them onnxruntime-web fetches its WASM from a CDN. Browser only.
	 */
	wasmPaths?: { mjs: string; wasm: string };
	/** Weights variant (`fp32`, `q4`, ...); default: what the model's config.json or the device picks. */
	dtype?: DataType;
}

let library: Promise<TransformersLib> | null = null;

/** Imports transformers.js once, on first use. */
export function loadTransformers(): Promise<TransformersLib> {
	library ??= import('@huggingface/transformers');
	return library;
}

const isNode = (): boolean => typeof process !== 'undefined' && !!process.versions?.node;

/** Node has no WASM device: onnxruntime-node's CPU provider does that job there. */
export function resolveDevice(device: TransformersDevice | undefined): TransformersDevice | undefined {
	return device === 'wasm' && isNode() ? 'cpu' : device;
}

/**
 * transformers.js keeps its settings (local path, remote access, fetch) in one global `env`; loads run
 * one at a time so each sees its own settings throughout.
 */
let envLock: Promise<unknown> = Promise.resolve();
export function withEnvLock<T>(work: () => Promise<T>): Promise<T> {
	const run = envLock.then(work, work);
	envLock = run.catch(() => undefined);
	return run;
}

/**
 * Sampling draws from transformers.js's one global generator, so sampled generations anywhere in this
 * realm run one at a time: seeding it and drawing from it must not interleave with another call's.
 */
let samplingLock: Promise<unknown> = Promise.resolve();
function withSamplingLock<T>(work: () => Promise<T>): Promise<T> {
	const run = samplingLock.then(work, work);
	samplingLock = run.catch(() => undefined);
	return run;
}

export interface EnvSettings {
	localModelPath?: string;
	allowRemote?: boolean;
	wasmPaths?: { mjs: string; wasm: string };
	signal?: AbortSignal;
}

/** Applies an engine's settings to the global env; returns a function that restores `fetch`. */
export function configureEnv(env: TransformersEnvironment, s: EnvSettings): () => void {
	if (s.localModelPath !== undefined) {
		env.localModelPath = s.localModelPath;
		env.allowLocalModels = true;
	}
	env.allowRemoteModels = s.allowRemote ?? s.localModelPath === undefined;
	const wasm = env.backends.onnx.wasm;
	if (s.wasmPaths && wasm) {
		// A copy: transformers.js swaps `mjs` for a blob URL of its own once it has fetched it.
		wasm.wasmPaths = { ...s.wasmPaths };
	}
	const fetchBefore = env.fetch;
	const signal = s.signal;
	if (signal) {
		// Browser loads go through env.fetch: give them the caller's signal so an abort stops the transfer.
		env.fetch = (input, init) => fetchBefore(input, { ...(init as object), signal });
	}
	return () => {
		env.fetch = fetchBefore;
	};
}

/** Where a model's files are looked up: the folder under localModelPath, or the id as given. */
export function modelLocation(model: string, localModelPath: string | undefined): string {
	if (localModelPath === undefined) return model;
	return `${localModelPath.replace(/\/+$/, '')}/${model}`;
}

export function abortError(what: string): EngineError {
	return new EngineError('aborted', `${what} was cancelled.`);
}

/** Maps a loading failure to an EngineError a person can act on. */
export function loadError(err: unknown, model: string, where: string): EngineError {
	if (err instanceof EngineError) return err;
	const message = err instanceof Error ? err.message : String(err);
	const name = err instanceof Error ? err.name : '';
	const status = (err as { status?: unknown } | null)?.status;
	const is = (
		code: EngineErrorCode,
		text: string,
		problem: ProblemCode,
		transport = false,
		detail: string | null = message
	): EngineError =>
		new EngineError(code, text, {
			cause: err,
			retryable: transport,
			transport,
			problem: { code: problem, values: { model, ...(detail !== null ? { detail } : {}) } }
		});
	if (name === 'AbortError') return abortError(`Loading ${model}`);
	if (name === 'ModelFileNotFoundError') {
		// A status means the hub answered (it says 401 for repositories that do not exist); none means a
		// local folder lacked the file.
		if (status === 403)
			return is('unauthorized', `The model hub refused access to ${model}: ${message}`, 'engine-hub-refused');
		if (typeof status === 'number')
			return is('model-not-found', `The model hub has no ${model}: ${message}`, 'engine-hub-missing');
		return is(
			'bad-model-files',
			`The model files for ${model} are missing at ${where}: ${message}`,
			'engine-files-missing'
		);
	}
	if (err instanceof TypeError && /tokenizer/i.test(message)) {
		// transformers.js finds no tokenizer_config.json and then trips over the missing config.
		return is(
			'bad-model-files',
			`The tokenizer files for ${model} are missing or broken at ${where}: ${message}`,
			'engine-tokenizer'
		);
	}
	if (
		/failed to fetch|fetch failed|NetworkError|network error|ECONNREFUSED|ENOTFOUND|ETIMEDOUT/i.test(message)
	) {
		const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
		return offline
			? is('offline', `You are offline, so ${model} cannot be downloaded.`, 'engine-offline', true, null)
			: is('download-failed', `Downloading ${model} failed: ${message}`, 'engine-download-failed', true);
	}
	if (/occurred while trying to load file/i.test(message)) {
		return is(
			'download-failed',
			`The model host could not serve ${model}: ${message}`,
			'engine-host-failed',
			true
		);
	}
	if (/Unsupported model type|Unsupported device|not supported/i.test(message)) {
		return is('unsupported-model', `${model} cannot run here: ${message}`, 'engine-cannot-run');
	}
	if (/out of memory|bad_alloc|allocation failed/i.test(message)) {
		return is(
			'out-of-memory',
			`There is not enough memory to load ${model}.`,
			'engine-no-memory',
			false,
			null
		);
	}
	if (
		err instanceof SyntaxError ||
		/protobuf|Load model|parse|Unexpected token|invalid model|onnx/i.test(message)
	) {
		// Also what a static server's HTML fallback page for a missing file turns into.
		return is(
			'bad-model-files',
			`The model files for ${model} at ${where} are broken: ${message}`,
			'engine-files-broken'
		);
	}
	return is('unknown', `Loading ${model} failed: ${message}`, 'engine-load-failed');
}

/**
 * Folds transformers.js's per-file progress events into one LoadProgress: bytes over all files seen so
 * far, a fraction that never goes backwards, and an ETA from the average rate.
 */
export class ProgressTracker {
	readonly #files = new Map<string, { loaded: number; total: number | null }>();
	readonly #started = Date.now();
	#fraction = 0;

	constructor(
		private readonly model: string,
		private readonly report: (p: LoadProgress) => void
	) {}

	update(info: ProgressInfo): void {
		if (!('file' in info)) return;
		const f = this.#files.get(info.file) ?? { loaded: 0, total: null };
		if (info.status === 'progress') {
			f.loaded = info.loaded;
			f.total = info.total || null;
		} else if (info.status === 'done') {
			// A file that reported no size counts as whatever was read of it.
			f.total ??= f.loaded;
			f.loaded = Math.max(f.loaded, f.total);
		}
		this.#files.set(info.file, f);
		this.#emit(info.status === 'done' ? `Loaded ${info.file}` : `Loading ${info.file}`);
	}

	finish(): void {
		this.#fraction = 1;
		this.#emit(`${this.model} is ready`, true);
	}

	#emit(text: string, ready = false): void {
		let loaded = 0;
		let total: number | null = 0;
		for (const f of this.#files.values()) {
			loaded += f.loaded;
			total = f.total === null || total === null ? null : total + f.total;
		}
		if (total !== null && total > 0) this.#fraction = Math.max(this.#fraction, Math.min(1, loaded / total));
		const seconds = (Date.now() - this.#started) / 1000;
		const rate = seconds > 0 ? loaded / seconds : 0;
		this.report({
			fraction: ready || total !== null ? this.#fraction : null,
			loadedBytes: loaded,
			totalBytes: total,
			etaSeconds: ready ? 0 : total !== null && rate > 0 ? Math.max(0, (total - loaded) / rate) : null,
			text: `${this.model}: ${text}`
		});
	}
}

/** Races a promise against an abort signal (transformers.js cannot cancel a load itself). */
export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
	return raceAbort(work, signal, () => abortError(what));
}

/** The part of the text that is final: no half UTF-8 character, no tail that may begin a stop string. */
function settled(text: string, stops: readonly string[]): string {
	let end = text.length;
	while (end > 0 && text[end - 1] === '\uFFFD') end--;
	let hold = 0;
	for (const s of stops) {
		for (let n = Math.min(s.length - 1, end); n > hold; n--) {
			if (text.slice(end - n, end) === s.slice(0, n)) {
				hold = n;
				break;
			}
		}
	}
	return text.slice(0, end - hold);
}

function firstStop(text: string, stops: readonly string[]): number {
	let at = -1;
	for (const s of stops) {
		const i = text.indexOf(s);
		if (i >= 0 && (at < 0 || i < at)) at = i;
	}
	return at;
}

/**
 * A reply as its tokens arrive. The text is decoded from all tokens so far (a character may span
 * tokens), cut at the first stop string, and streamed only as far as it can no longer change, so the
 * deltas always add up to the final text.
 */
export class ReplyText {
	readonly ids: number[] = [];
	#emitted = '';
	#cut = -1;

	constructor(
		private readonly decode: (ids: number[]) => string,
		private readonly stops: readonly string[],
		private readonly onDelta?: (text: string) => void
	) {}

	get stopped(): boolean {
		return this.#cut >= 0;
	}

	/** Takes new tokens; true once a stop string has appeared. */
	push(tokens: readonly (number | bigint)[]): boolean {
		for (const t of tokens) this.ids.push(Number(t));
		if (this.stopped) return true;
		const text = this.decode(this.ids);
		this.#cut = firstStop(text, this.stops);
		this.#emit(this.stopped ? text.slice(0, this.#cut) : settled(text, this.stops));
		return this.stopped;
	}

	/** The final text; streams whatever was held back. */
	finish(): string {
		const text = this.decode(this.ids);
		const final = this.stopped ? text.slice(0, this.#cut) : text;
		this.#emit(final);
		return final;
	}

	#emit(ready: string): void {
		if (ready.length > this.#emitted.length && ready.startsWith(this.#emitted)) {
			this.onDelta?.(ready.slice(this.#emitted.length));
			this.#emitted = ready;
		}
	}
}

/** Puts the schema into the system message: this engine cannot constrain decoding to it. */
function withSchema(messages: ChatMessage[], schema: ChatRequest['schema']): ChatMessage[] {
	if (!schema) return messages;
	const line = `Reply with one JSON object that matches this JSON schema: ${JSON.stringify(schema)}`;
	const [first, ...rest] = messages;
	if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${line}` }, ...rest];
	return [{ role: 'system', content: line }, ...messages];
}

interface Loaded {
	lib: TransformersLib;
	tokenizer: PreTrainedTokenizer;
	model: PreTrainedModel;
	eos: Set<number>;
	/** Each token's text inside a reply, worked out on the first constrained ask. */
	tokenTexts?: string[];
	/**
	 * Compiled schemas by their JSON, the most recent last: an automaton carries the DFA states and the
	 * per-state token sets the chooser works out (schema-constraint.ts), so the next ask with the same
	 * schema (every vote of a game with the same options) reuses them.
	 */
	automata?: Map<string, SchemaAutomaton>;
}

/** Schemas kept compiled per loaded model; a state's token set on a catalog vocabulary is ~2 MB. */
const KEPT_AUTOMATA = 16;

function automatonFor(l: Loaded, schema: JsonSchema): SchemaAutomaton {
	const key = JSON.stringify(schema);
	const kept = (l.automata ??= new Map());
	let a = kept.get(key);
	if (a) kept.delete(key);
	else {
		a = compileSchema(schema);
		if (kept.size >= KEPT_AUTOMATA) kept.delete(kept.keys().next().value!);
	}
	kept.set(key, a);
	return a;
}

/**
 * Each token's text as it reads after other text (a SentencePiece token's leading space included, a
 * special token as ''): decoded after an anchor token, less the anchor's own text.
 */
export function tokenTexts(tokenizer: PreTrainedTokenizer, vocabSize: number): string[] {
	const anchor = tokenizer.encode('a', { add_special_tokens: false }).at(-1) ?? 0;
	const head = tokenizer.decode([anchor], { skip_special_tokens: true });
	return Array.from({ length: vocabSize }, (_, id) => {
		const text = tokenizer.decode([anchor, id], { skip_special_tokens: true });
		return text.startsWith(head) ? text.slice(head.length) : '';
	});
}

export class TransformersEngine implements ChatEngine {
	readonly kind = 'transformers' as const;
	readonly model: string;
	readonly #opts: TransformersEngineOptions;
	#loaded: Loaded | null = null;
	#loading: Promise<Loaded> | null = null;
	/** One generation at a time per engine. */
	readonly #queue = new SerialQueue();

	constructor(opts: TransformersEngineOptions) {
		this.model = opts.model;
		this.#opts = opts;
	}

	/** Where this engine looks for the model's files (for messages). */
	get location(): string {
		return modelLocation(this.model, this.#opts.localModelPath);
	}

	async load(onProgress?: (p: LoadProgress) => void, signal?: AbortSignal): Promise<void> {
		const what = `Loading ${this.model}`;
		for (;;) {
			if (this.#loaded) {
				onProgress?.({
					fraction: 1,
					loadedBytes: 0,
					totalBytes: 0,
					etaSeconds: 0,
					text: `${this.model} is ready`
				});
				return;
			}
			if (signal?.aborted) throw abortError(what);
			const loading = (this.#loading ??= this.#load(onProgress, signal));
			try {
				await abortable(loading, signal, what);
				return;
			} catch (e) {
				if (this.#loading === loading) this.#loading = null;
				// Another caller started this load and cancelled it: ours still wants the model.
				const theirs = e instanceof EngineError && e.code === 'aborted' && !signal?.aborted;
				if (!theirs) throw e;
			}
		}
	}

	async #load(onProgress: ((p: LoadProgress) => void) | undefined, signal?: AbortSignal): Promise<Loaded> {
		const lib = await loadTransformers();
		const tracker = onProgress ? new ProgressTracker(this.model, onProgress) : null;
		const progress_callback = tracker ? (info: ProgressInfo) => tracker.update(info) : undefined;
		const loaded = await withEnvLock(async () => {
			if (signal?.aborted) throw abortError(`Loading ${this.model}`);
			const restore = configureEnv(lib.env, { ...this.#opts, signal });
			try {
				const device = resolveDevice(this.#opts.device);
				// config.json first: when the folder is missing, that is the error worth reporting.
				const config = await lib.AutoConfig.from_pretrained(this.model, { progress_callback });
				// Then tokenizer and weights together, so every file shows up in the progress early.
				const [tokenizer, model] = await Promise.all([
					lib.AutoTokenizer.from_pretrained(this.model, { progress_callback }),
					lib.AutoModelForCausalLM.from_pretrained(this.model, {
						config,
						progress_callback,
						...(device ? { device } : {}),
						...(this.#opts.dtype ? { dtype: this.#opts.dtype } : {})
					})
				]);
				return { lib, tokenizer, model };
			} catch (e) {
				throw loadError(e, this.model, this.location);
			} finally {
				restore();
			}
		});
		const configured = loaded.model.generation_config?.eos_token_id ?? loaded.tokenizer.eos_token_id;
		const eos = new Set<number>((Array.isArray(configured) ? configured : [configured]).filter(isNumber));
		if (signal?.aborted) {
			await loaded.model.dispose();
			throw abortError(`Loading ${this.model}`);
		}
		this.#loaded = { ...loaded, eos };
		tracker?.finish();
		return this.#loaded;
	}

	chat(request: ChatRequest): Promise<ChatResponse> {
		return this.#queue.run(() => this.#chat(request));
	}

	async #chat(request: ChatRequest): Promise<ChatResponse> {
		const what = `A reply from ${this.model}`;
		if (request.signal?.aborted) throw abortError(what);
		if (!this.#loaded) await this.load(undefined, request.signal);
		const loaded = this.#loaded;
		if (!loaded) throw new EngineError('unknown', `${this.model} is not loaded.`);
		// A choice is held to its schema by the engine's own seeded chooser; the library then only
		// takes the one token left, so its global sampler is not involved.
		const constrained = request.schema !== undefined && hasChoice(request.schema);
		const sample = request.temperature > 0 && !constrained;
		const generate = (): Promise<ChatResponse> => this.#generate(loaded, request, sample, constrained);
		return sample ? withSamplingLock(generate) : generate();
	}

	async #generate(
		l: Loaded,
		request: ChatRequest,
		sample: boolean,
		constrained: boolean
	): Promise<ChatResponse> {
		const started = performance.now();
		const maxTokens = Math.max(1, Math.floor(request.max_tokens));
		const topP = request.top_p !== undefined && request.top_p < 1 ? request.top_p : undefined;
		const inputs = l.tokenizer.apply_chat_template(withSchema(request.messages, request.schema), {
			add_generation_prompt: true,
			return_dict: true
		}) as { input_ids: Tensor; attention_mask: Tensor };
		const promptTokens = inputs.input_ids.dims.at(-1) ?? 0;

		const interrupt = new l.lib.InterruptableStoppingCriteria();
		const onAbort = (): void => interrupt.interrupt();
		request.signal?.addEventListener('abort', onAbort, { once: true });

		const reply = new ReplyText(
			(ids) => l.tokenizer.decode(ids, { skip_special_tokens: true }),
			// A constrained reply ends where its schema does; a stop string could only cut it short.
			constrained ? [] : (request.stop ?? []).filter((s) => s.length > 0),
			request.onDelta
		);
		const processors = constrained
			? schemaProcessor(l, request, maxTokens, topP)
			: sample && topP !== undefined
				? nucleusProcessor(l.lib, topP)
				: undefined;
		let firstTokenAt = 0;
		const onTokens = (tokens: bigint[]): void => {
			firstTokenAt ||= performance.now();
			if (reply.push(tokens)) interrupt.interrupt();
		};
		const streamer = new l.lib.TextStreamer(l.tokenizer, {
			skip_prompt: true,
			skip_special_tokens: true,
			// ReplyText decodes instead: the streamer's word-by-word text knows nothing of stop strings.
			callback_function: () => undefined,
			token_callback_function: onTokens
		});

		try {
			// The library's sampler draws from its global Mersenne Twister: seeding it makes a sampled reply
			// a function of (prompt, seed). Greedy decoding needs no seed.
			if (sample) l.lib.random.seed(request.seed);
			await l.model.generate({
				...inputs,
				max_new_tokens: maxTokens,
				do_sample: sample,
				...(sample ? { temperature: request.temperature } : {}),
				// transformers.js 4.3 reads top_p from the generation config but never applies it (its
				// TopPLogitsWarper is an empty class): the nucleus is cut here, after the temperature.
				...(processors ? { logits_processor: processors } : {}),
				streamer,
				stopping_criteria: [interrupt]
			});
		} catch (e) {
			const message = e instanceof Error ? e.message : String(e);
			const code: EngineErrorCode = /out of memory|bad_alloc|allocation failed/i.test(message)
				? 'out-of-memory'
				: /device (was )?lost/i.test(message)
					? 'device-lost'
					: 'unknown';
			throw new EngineError(code, `${this.model} failed while generating: ${message}`, { cause: e });
		} finally {
			request.signal?.removeEventListener('abort', onAbort);
		}
		if (request.signal?.aborted) throw abortError(`A reply from ${this.model}`);

		const text = reply.finish();
		const { ids } = reply;
		const last = ids[ids.length - 1];
		const ended = reply.stopped || (last !== undefined && l.eos.has(last));
		const finished = performance.now();
		const firstAt = firstTokenAt || finished;
		const decodeSeconds = (finished - firstAt) / 1000;
		return {
			text,
			constraint: constrained ? 'options' : 'none',
			finishReason: !ended && ids.length >= maxTokens ? 'length' : 'stop',
			usage: {
				promptTokens,
				completionTokens: ids.length,
				ttftMs: firstAt - started,
				totalMs: finished - started,
				decodeTokensPerSecond: ids.length > 1 && decodeSeconds > 0 ? (ids.length - 1) / decodeSeconds : 0
			}
		};
	}

	async unload(): Promise<void> {
		const loaded = this.#loaded ?? (await this.#loading?.catch(() => null));
		this.#loaded = null;
		this.#loading = null;
		await this.#queue.idle();
		await loaded?.model.dispose();
	}
}

/**
 * Nucleus (top-p) filtering of a batch of logit rows, in place: in each row, every token outside the
 * smallest set whose probabilities add up to `topP` gets -Infinity, so the sampler never draws it.
 * The most likely token always stays.
 */
export function nucleusFilter(logits: Float32Array, vocab: number, topP: number): void {
	for (let start = 0; start + vocab <= logits.length; start += vocab) {
		const row = logits.subarray(start, start + vocab);
		let max = -Infinity;
		for (const v of row) if (v > max) max = v;
		if (max === -Infinity) continue;
		const probs = new Float64Array(vocab);
		let sum = 0;
		for (let i = 0; i < vocab; i++) sum += probs[i] = Math.exp((row[i] as number) - max);
		const order = Array.from({ length: vocab }, (_, i) => i).sort(
			(a, b) => (probs[b] as number) - (probs[a] as number) || a - b
		);
		let kept = 0;
		let k = 0;
		while (k < vocab && (k === 0 || kept < topP * sum)) kept += probs[order[k++] as number] as number;
		for (; k < vocab; k++) row[order[k] as number] = -Infinity;
	}
}

/**
 * The processor list that holds a reply to its schema: the chooser picks each token (see
 * schema-constraint.ts) and every other token's logit becomes -Infinity, so greedy decoding takes it.
 */
function schemaProcessor(
	l: Loaded,
	request: ChatRequest,
	maxTokens: number,
	topP: number | undefined
): InstanceType<TransformersLib['LogitsProcessorList']> {
	const vocab = (l.model.config as { vocab_size?: number }).vocab_size ?? 0;
	l.tokenTexts ??= tokenTexts(l.tokenizer, vocab);
	const chooser = new ConstrainedChooser(automatonFor(l, request.schema!), {
		tokenTexts: l.tokenTexts,
		eos: [...l.eos],
		maxTokens,
		temperature: request.temperature,
		...(topP !== undefined ? { topP } : {}),
		seed: request.seed
	});
	const list = new l.lib.LogitsProcessorList();
	const pick = (_ids: unknown, logits: Tensor): Tensor => {
		const row = logits.data as Float32Array;
		const id = chooser.choose(row.subarray(0, logits.dims.at(-1) as number));
		row.fill(-Infinity);
		row[id] = 0;
		return logits;
	};
	list.push(pick as unknown as Parameters<typeof list.push>[0]);
	return list;
}

/** The library's processor list holding the nucleus cut; each entry is called with (ids, logits). */
function nucleusProcessor(
	lib: TransformersLib,
	topP: number
): InstanceType<TransformersLib['LogitsProcessorList']> {
	const list = new lib.LogitsProcessorList();
	const cut = (_ids: unknown, logits: Tensor): Tensor => {
		nucleusFilter(logits.data as Float32Array, logits.dims.at(-1) as number, topP);
		return logits;
	};
	list.push(cut as unknown as Parameters<typeof list.push>[0]);
	return list;
}

function isNumber(v: unknown): v is number {
	return typeof v === 'number';
}

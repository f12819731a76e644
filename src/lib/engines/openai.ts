/**
 * An engine for any OpenAI-compatible chat-completions endpoint (Ollama, LM Studio, vLLM, llama.cpp's
 * server, hosted APIs).
 *
 * The API key is held in a private field and sent only in the `Authorization: Bearer` header: it is
 * never put in a URL, and every message this engine builds from a server's words is redacted, because
 * some servers quote the key they refused.
 *
 * Failures of the line to the model (network, rate limits, server errors, timeouts) are retried here
 * and then reported as `transport` EngineErrors, so the game records them as such and never charges
 * them to the agent as an invalid reply.
 */
import { estimateMessages, estimateTokens } from '../core/tokens';
import { reachesBudget, replyCharCap } from '../core/reply-cut';
import { isLoopback, normaliseBaseUrl } from './base-url';
import { redactSecrets } from './redact';
import { createSseParser, readSseStream, SSE_DONE, type SseEvent } from './sse';
import {
	EngineError,
	type ChatEngine,
	type ChatRequest,
	type ChatResponse,
	type EngineErrorCode,
	type LoadProgress
} from './types';

export interface OpenAIEngineOptions {
	/** The API root, with or without the trailing `/v1`: see `normaliseBaseUrl`. */
	baseUrl: string;
	model: string;
	apiKey?: string;
	/**
	 * How long to wait without any progress (response headers, then each streamed chunk) before giving
	 * up. It is an inactivity limit, not a cap on the whole reply: a reasoning model may stream for
	 * minutes, and only silence means trouble. The caller's `signal` bounds the whole call.
	 */
	timeoutMs?: number;
	/**
	 * How long one call may take in all, tries and waits included: beside the silence timeout, which an
	 * endpoint dripping a character every few seconds never trips. Past it the call fails in transport
	 * ("did not finish within"), which the log records and a replay repeats.
	 */
	deadlineMs?: number;
	/** Further tries after a rate limit, a server error or a network failure. */
	maxRetries?: number;
	fetch?: typeof fetch;
	/** Waits between tries (tests pass one that returns at once). */
	sleep?: (ms: number) => Promise<void>;
	/** 0..1, for the backoff jitter (tests pass a constant). */
	random?: () => number;
}

export interface OpenAIChatResponse extends ChatResponse {
	/**
	 * How the request's schema reached the server: 'json_schema' as `response_format`, 'dropped' when
	 * the server refused `response_format` (with a 400) and the reply is only guided by the prompt,
	 * 'none' when the request had no schema. Once refused, later calls leave it out at once.
	 */
	responseFormat: 'json_schema' | 'dropped' | 'none';
	/** Tokens spent reasoning (`reasoning_content` / `reasoning` deltas), never part of `text`. */
	reasoningTokens: number;
	/** True when the server sent no usage and the token counts are estimates (~4 characters a token). */
	usageEstimated: boolean;
}

export const DEFAULT_TIMEOUT_MS = 120_000;
/** A whole call: a small model's reply takes seconds; a reasoning model's a minute or two. */
export const DEFAULT_DEADLINE_MS = 180_000;
// Where a reply past its budget is cut: one rule with the replay that checks the cut (core/reply-cut.ts).
export { MAX_CHARS_PER_TOKEN, MAX_REPLY_CHARS } from '../core/reply-cut';
const DEFAULT_MAX_RETRIES = 3;
/** A server asking to wait longer than this is not waited for: the call fails as rate-limited. */
const MAX_RETRY_AFTER_MS = 60_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 20_000;
/** How much of a server's error text goes into a message: enough to explain, not a whole HTML page. */
const SERVER_TEXT_LIMIT = 300;

/** Codes retried inside the engine; the rest are answered at once. */
const RETRIED: ReadonlySet<EngineErrorCode> = new Set(['rate-limited', 'server-error', 'offline', 'cors']);

function configError(message: string): EngineError {
	return new EngineError('unknown', message);
}

/** Where a network failure happened: before any response, or while the reply was streaming. */
export type NetworkPhase = 'connect' | 'body';

export interface BrowserEnv {
	/** This page's origin, or null outside a browser. */
	origin: string | null;
	/** navigator.onLine, or null when unknown. */
	online: boolean | null;
}

function currentEnv(): BrowserEnv {
	const g = globalThis as { location?: { origin?: unknown }; navigator?: { onLine?: unknown } };
	const origin = typeof g.location?.origin === 'string' ? g.location.origin : null;
	const online = typeof g.navigator?.onLine === 'boolean' ? g.navigator.onLine : null;
	return { origin, online };
}

const NODE_CAUSES: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host name lookup failed',
	ECONNRESET: 'the connection was reset',
	EHOSTUNREACH: 'host unreachable',
	ENETUNREACH: 'network unreachable',
	ETIMEDOUT: 'the connection timed out',
	UND_ERR_SOCKET: 'the connection was closed',
	UND_ERR_CONNECT_TIMEOUT: 'the connection timed out'
};

function causeDetail(err: unknown): string {
	const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
	const code = typeof cause?.code === 'string' ? cause.code : '';
	if (code !== '') return NODE_CAUSES[code] ?? code;
	if (typeof cause?.message === 'string' && cause.message !== '') return cause.message;
	return err instanceof Error ? err.message : String(err);
}

/**
 * Maps a fetch that failed without a response. In a browser such a failure says nothing about why
 * (the standard hides CORS refusals behind the same TypeError as a server that is not running), so the
 * message covers both and says how to allow this site's origin on the usual local servers. Outside a
 * browser there is no CORS, so it is plainly 'offline'. Once a reply has started streaming, CORS has
 * already passed, so a failure then is a dropped connection.
 */
export function describeNetworkFailure(
	err: unknown,
	apiRoot: string,
	phase: NetworkPhase = 'connect',
	env: BrowserEnv = currentEnv()
): EngineError {
	const options = { retryable: true, transport: true, cause: err };
	const url = apiRoot;
	if (phase === 'body')
		return new EngineError(
			'offline',
			`The connection to ${apiRoot} dropped while the reply was streaming (${causeDetail(err)}).`,
			{ ...options, problem: { code: 'endpoint-dropped', values: { url, detail: causeDetail(err) } } }
		);
	if (env.origin === null)
		return new EngineError(
			'offline',
			`Could not reach ${apiRoot} (${causeDetail(err)}). Is the server running, and is the URL right?`,
			{ ...options, problem: { code: 'endpoint-unreachable', values: { url, detail: causeDetail(err) } } }
		);
	if (env.online === false)
		return new EngineError(
			'offline',
			`This browser is offline, so ${apiRoot} cannot be reached. Reconnect and try again.`,
			{ ...options, problem: { code: 'endpoint-offline', values: { url } } }
		);
	const origin = env.origin === 'null' ? "this page's origin" : env.origin;
	let message =
		`Could not reach ${apiRoot} from this page. Either the server is not running there, or it does not ` +
		`allow requests from ${origin} (CORS). To allow this site: for Ollama, start it with ` +
		`OLLAMA_ORIGINS=${origin} ollama serve; for LM Studio, turn on "Enable CORS" in its server ` +
		`settings; for vLLM, start it with --allowed-origins '["${origin}"]'; for any other server, allow ` +
		`the origin ${origin} in its CORS settings.`;
	let target: URL | null = null;
	try {
		target = new URL(apiRoot);
	} catch {
		// apiRoot comes from normaliseBaseUrl, so this does not happen; the advice above still stands.
	}
	let pageHost = '';
	try {
		pageHost = new URL(env.origin).hostname;
	} catch {
		// An opaque origin ('null'): no host to compare with.
	}
	if (target !== null) {
		if (env.origin.startsWith('https:') && target.protocol === 'http:' && !isLoopback(target.hostname))
			message += ` This page is served over https, so the browser also blocks plain-http endpoints other than localhost: serve ${target.host} over https.`;
		if (isLoopback(target.hostname) && !isLoopback(pageHost))
			message += ' If the browser asked whether this site may reach devices on your local network, allow it.';
	}
	return new EngineError('cors', message, {
		...options,
		problem: { code: 'endpoint-cors', values: { url, origin } }
	});
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number = Date.now()): number | null {
	if (value === null) return null;
	const text = value.trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const at = Date.parse(text);
	if (Number.isNaN(at)) return null;
	return Math.max(0, at - nowMs);
}

function record(value: unknown): Record<string, unknown> | null {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: null;
}

function count(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The readable part of an error body: `error.message` and its kin, else the raw text, shortened. */
function serverText(body: string): string {
	let text = body;
	try {
		const json = record(JSON.parse(body));
		const error = json?.error;
		const candidates = [record(error)?.message, error, json?.message, json?.detail];
		const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
		if (found !== undefined) text = found;
	} catch {
		// Not JSON: an HTML page or plain text.
	}
	text = text.replace(/\s+/g, ' ').trim();
	return text.length > SERVER_TEXT_LIMIT ? `${text.slice(0, SERVER_TEXT_LIMIT)}…` : text;
}

/** A 400 naming an optional field the server does not support: the call is repeated without it. */
class Unsupported extends Error {
	constructor(readonly field: OptionalField) {
		super(`unsupported ${field}`);
	}
}

type OptionalField = 'response_format' | 'stream_options' | 'max_tokens';

const retryAfterOf = new WeakMap<EngineError, number>();

interface Attempt {
	signal: AbortSignal;
	/** Progress was made: restart the inactivity timer. */
	touch(): void;
	/** Runs a network step, turning its failures into EngineErrors (timeout, aborted, cors, offline). */
	net<T>(step: () => Promise<T>, phase: NetworkPhase): Promise<T>;
}

interface Reply {
	text: string;
	/** The reasoning the server streamed beside the answer (never part of the reply's text). */
	reasoning: string;
	finish: string | null;
	done: boolean;
	chunks: number;
	/** Content and reasoning deltas: each carries one token or more, so their count bounds the reply's. */
	deltas: number;
	/** Set when the client stopped a reply the server ran past the request's max_tokens. */
	cut: boolean;
	firstTokenAt: number | null;
	promptTokens?: number;
	completionTokens?: number;
	reasoningTokens?: number;
}

export class OpenAIEngine implements ChatEngine {
	readonly kind = 'openai' as const;
	readonly model: string;
	/** The normalised API root: requests go to `${baseUrl}/chat/completions` and `${baseUrl}/models`. */
	readonly baseUrl: string;
	readonly timeoutMs: number;
	readonly deadlineMs: number;
	readonly maxRetries: number;
	/** The model ids the endpoint listed at load(), or null when it offers no list. */
	listedModels: string[] | null = null;
	// Private so that neither JSON.stringify, a spread nor a log of the engine can carry the key.
	#apiKey: string | undefined;
	#fetch: typeof fetch;
	#sleep: (ms: number) => Promise<void>;
	#random: () => number;
	#active = new Set<AbortController>();
	// Bumped by unload(), so a call waiting between tries does not start a new one afterwards.
	#generation = 0;
	// Optional fields this server refused with a 400: later calls leave them out without asking again.
	#unsupported = new Set<OptionalField>();

	constructor(options: OpenAIEngineOptions) {
		this.baseUrl = normaliseBaseUrl(options.baseUrl);
		const model = options.model.trim();
		if (model === '') throw configError('Choose a model name for the endpoint.');
		this.model = model;
		this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
		if (!(this.timeoutMs > 0)) throw new RangeError('timeoutMs must be positive');
		this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
		if (!(this.deadlineMs > 0)) throw new RangeError('deadlineMs must be positive');
		this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
		if (!Number.isInteger(this.maxRetries) || this.maxRetries < 0)
			throw new RangeError('maxRetries must be a whole number, 0 or more');
		const key = options.apiKey?.trim() ?? '';
		// fetch refuses such a header with a TypeError that would read as a network failure, and its
		// message may quote the value: catch it here, without repeating the key.
		if (key !== '' && !/^[\x21-\x7e]+$/.test(key))
			throw new EngineError(
				'unauthorized',
				'The API key contains spaces or characters that cannot be sent in a header: paste it again.'
			);
		this.#apiKey = key === '' ? undefined : key;
		// Called through a wrapper: a browser's fetch throws "Illegal invocation" when called as a method
		// of another object.
		const f = options.fetch;
		this.#fetch = f ? (input, init) => f(input, init) : (input, init) => globalThis.fetch(input, init);
		this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
		this.#random = options.random ?? Math.random;
	}

	async load(onProgress?: (p: LoadProgress) => void, signal?: AbortSignal): Promise<void> {
		const host = new URL(this.baseUrl).host;
		const report = (fraction: number | null, text: string): void =>
			onProgress?.({ fraction, loadedBytes: 0, totalBytes: null, etaSeconds: null, text });
		report(null, `Checking ${this.baseUrl}…`);
		const body = await this.#withRetries(signal, undefined, async (io) => {
			const res = await io.net(
				() => this.#fetch(`${this.baseUrl}/models`, { headers: this.#headers(false), signal: io.signal }),
				'connect'
			);
			io.touch();
			// Not every server lists its models; a missing list is no reason to refuse the endpoint.
			if (res.status === 404 || res.status === 405) return null;
			const text = await io.net(() => res.text(), 'body');
			if (!res.ok) throw this.#httpError(res, text, `${this.baseUrl}/models`);
			return text;
		});
		this.listedModels = null;
		if (body !== null) {
			try {
				const data = record(JSON.parse(body))?.data;
				if (Array.isArray(data))
					this.listedModels = data
						.map((m) => record(m)?.id)
						.filter((id): id is string => typeof id === 'string');
			} catch {
				// Answered, but not with a model list: the first chat says whether it works.
			}
		}
		const listed = this.listedModels;
		if (listed === null || listed.length === 0) report(1, `Connected to ${host}.`);
		else if (listed.some((id) => sameModel(id, this.model)))
			report(1, `Connected to ${host}: ${this.model} is available.`);
		else {
			// Not fatal: servers load models on demand or accept aliases they do not list.
			const some = listed.slice(0, 5).join(', ') + (listed.length > 5 ? ', …' : '');
			report(
				1,
				`Connected to ${host}, but it does not list ${this.model} (it lists ${some}); the first reply will tell.`
			);
		}
	}

	async chat(request: ChatRequest): Promise<OpenAIChatResponse> {
		const state = { committed: false };
		const deadline = new AbortController();
		const timer = setTimeout(() => deadline.abort(), this.deadlineMs);
		const signal = request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
		try {
			for (;;) {
				try {
					return await this.#withRetries(signal, state, (io) => this.#chatOnce(request, io, state));
				} catch (err) {
					// At most once per field, since a field is only blamed while it is still being sent.
					if (err instanceof Unsupported) {
						this.#unsupported.add(err.field);
						continue;
					}
					if (deadline.signal.aborted && !request.signal?.aborted)
						throw new EngineError(
							'timeout',
							`${this.baseUrl} did not finish the reply within ${duration(this.deadlineMs)}, so the request was given up.`,
							{
								transport: true,
								cause: err,
								problem: { code: 'endpoint-deadline', values: { url: this.baseUrl, ms: this.deadlineMs } }
							}
						);
					throw err;
				}
			}
		} finally {
			clearTimeout(timer);
		}
	}

	async unload(): Promise<void> {
		this.#generation++;
		for (const controller of this.#active) controller.abort();
		this.#active.clear();
	}

	#headers(json: boolean): Record<string, string> {
		const headers: Record<string, string> = {};
		if (json) headers['Content-Type'] = 'application/json';
		if (this.#apiKey !== undefined) headers.Authorization = `Bearer ${this.#apiKey}`;
		return headers;
	}

	#redact(text: string): string {
		return redactSecrets(text, [this.#apiKey]);
	}

	#body(request: ChatRequest): Record<string, unknown> {
		const body: Record<string, unknown> = {
			model: this.model,
			messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
			temperature: request.temperature,
			seed: request.seed,
			stream: true
		};
		if (request.top_p !== undefined) body.top_p = request.top_p;
		// Newer OpenAI reasoning models take only max_completion_tokens; the rest only max_tokens.
		body[this.#unsupported.has('max_tokens') ? 'max_completion_tokens' : 'max_tokens'] = request.max_tokens;
		if (request.stop !== undefined && request.stop.length > 0) body.stop = request.stop;
		if (!this.#unsupported.has('stream_options')) body.stream_options = { include_usage: true };
		if (request.schema !== undefined && !this.#unsupported.has('response_format'))
			body.response_format = {
				type: 'json_schema',
				json_schema: { name: 'action', schema: request.schema, strict: false }
			};
		return body;
	}

	/** Which optional field a 400 blames, among those this request sent. */
	#blamed(body: Record<string, unknown>, text: string): OptionalField | null {
		const t = text.toLowerCase();
		if ('response_format' in body && /response_format|json_schema/.test(t)) return 'response_format';
		if ('stream_options' in body && /stream_options|include_usage/.test(t)) return 'stream_options';
		if ('max_tokens' in body && t.includes('max_completion_tokens')) return 'max_tokens';
		return null;
	}

	#httpError(res: Response, body: string, url: string): EngineError {
		const status = res.status;
		const said = this.#redact(serverText(body));
		const suffix = said === '' ? '' : `: ${said}`;
		// A refused request is a failure of the line to the model, not the agent's decision: logged as a
		// transport failure (not retried), so the run pauses where it stood and its replay does the same.
		const refusedOnce = { transport: true };
		// The server's own words go beside the sentence, as they are.
		const values = { url: this.baseUrl, status, ...(said === '' ? {} : { detail: said }) };
		if (status === 401 || status === 403)
			return new EngineError(
				'unauthorized',
				this.#apiKey === undefined
					? `The endpoint ${this.baseUrl} needs an API key (HTTP ${status})${suffix}`
					: `The endpoint ${this.baseUrl} refused the key (HTTP ${status})${suffix}`,
				{
					...refusedOnce,
					problem: {
						code: this.#apiKey === undefined ? 'endpoint-needs-key' : 'endpoint-refused-key',
						values
					}
				}
			);
		if (status === 429 || status === 408 || status >= 500) {
			const rateLimited = status === 429;
			const error = new EngineError(
				rateLimited ? 'rate-limited' : 'server-error',
				rateLimited
					? `The endpoint ${this.baseUrl} is rate-limiting requests (HTTP 429)${suffix}`
					: `The endpoint ${this.baseUrl} failed (HTTP ${status})${suffix}`,
				{
					retryable: true,
					transport: true,
					problem: { code: rateLimited ? 'endpoint-rate-limited' : 'endpoint-failed', values }
				}
			);
			const wait = parseRetryAfter(res.headers.get('retry-after'));
			if (wait !== null) retryAfterOf.set(error, wait);
			return error;
		}
		if (status === 404) {
			if (/model/i.test(said))
				return new EngineError('model-not-found', `The endpoint has no model "${this.model}"${suffix}`, {
					...refusedOnce,
					problem: { code: 'endpoint-no-model', values: { ...values, model: this.model } }
				});
			return new EngineError(
				'server-error',
				`Nothing answers at ${url} (HTTP 404). Is the base URL the API root, such as http://localhost:11434/v1?`,
				{ ...refusedOnce, problem: { code: 'endpoint-nothing-at', values: { url } } }
			);
		}
		return new EngineError('unknown', `The endpoint refused the request (HTTP ${status})${suffix}`, {
			...refusedOnce,
			problem: { code: 'endpoint-refused', values }
		});
	}

	/**
	 * Runs `once` with a fresh AbortController per try, retrying transport failures with exponential
	 * backoff and jitter (or the server's Retry-After). A chat whose text has started reaching onDelta
	 * is not retried: the caller has already shown those words.
	 */
	async #withRetries<T>(
		signal: AbortSignal | undefined,
		state: { committed: boolean } | undefined,
		once: (io: Attempt) => Promise<T>
	): Promise<T> {
		const generation = this.#generation;
		for (let tried = 0; ; tried++) {
			if (generation !== this.#generation)
				throw new EngineError('aborted', 'The request was stopped because the engine was unloaded.');
			try {
				return await this.#attempt(signal, once);
			} catch (err) {
				if (!(err instanceof EngineError) || !RETRIED.has(err.code) || state?.committed) throw err;
				const asked = retryAfterOf.get(err);
				if (asked !== undefined && asked > MAX_RETRY_AFTER_MS)
					throw new EngineError(
						err.code,
						`${err.message} (the server asks to wait ${Math.ceil(asked / 1000)} s before trying again)`,
						err.options
					);
				if (tried >= this.maxRetries) {
					if (tried === 0) throw err;
					throw new EngineError(err.code, `${err.message} (tried ${tried + 1} times)`, {
						...err.options,
						...(err.problem
							? { problem: { ...err.problem, values: { ...err.problem.values, tried: tried + 1 } } }
							: {})
					});
				}
				const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** tried);
				// Half fixed, half random: clients that failed together do not all come back together.
				const wait = asked ?? base / 2 + (this.#random() * base) / 2;
				await this.#pause(wait, signal);
			}
		}
	}

	async #pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
		if (signal?.aborted) throw aborted();
		if (signal === undefined) return this.#sleep(ms);
		let onAbort = (): void => {};
		const stop = new Promise<never>((_, reject) => {
			onAbort = () => reject(aborted());
			signal.addEventListener('abort', onAbort, { once: true });
		});
		try {
			await Promise.race([this.#sleep(ms), stop]);
		} finally {
			signal.removeEventListener('abort', onAbort);
		}
	}

	async #attempt<T>(outer: AbortSignal | undefined, once: (io: Attempt) => Promise<T>): Promise<T> {
		if (outer?.aborted) throw aborted();
		const controller = new AbortController();
		let timedOut = false;
		let timer: ReturnType<typeof setTimeout> | undefined;
		const touch = (): void => {
			clearTimeout(timer);
			timer = setTimeout(() => {
				timedOut = true;
				controller.abort();
			}, this.timeoutMs);
		};
		const onAbort = (): void => controller.abort();
		outer?.addEventListener('abort', onAbort, { once: true });
		this.#active.add(controller);
		const io: Attempt = {
			signal: controller.signal,
			touch,
			net: async (step, phase) => {
				try {
					return await step();
				} catch (err) {
					if (timedOut)
						throw new EngineError(
							'timeout',
							`${this.baseUrl} sent nothing for ${duration(this.timeoutMs)}, so the request was given up.`,
							{
								retryable: true,
								transport: true,
								problem: { code: 'endpoint-silent', values: { url: this.baseUrl, ms: this.timeoutMs } }
							}
						);
					if (outer?.aborted) throw aborted();
					if (controller.signal.aborted)
						throw new EngineError('aborted', 'The request was stopped because the engine was unloaded.');
					throw this.#scrub(describeNetworkFailure(err, this.baseUrl, phase));
				}
			}
		};
		touch();
		try {
			return await once(io);
		} finally {
			clearTimeout(timer);
			outer?.removeEventListener('abort', onAbort);
			this.#active.delete(controller);
		}
	}

	/** A network error's text comes from the platform: redact it like a server's. */
	#scrub(error: EngineError): EngineError {
		const message = this.#redact(error.message);
		if (message === error.message) return error;
		// The problem's own words from the platform (`detail`) are redacted alike.
		const problem = error.problem?.values?.detail
			? {
					...error.problem,
					values: { ...error.problem.values, detail: this.#redact(String(error.problem.values.detail)) }
				}
			: error.problem;
		return new EngineError(error.code, message, { ...error.options, ...(problem ? { problem } : {}) });
	}

	async #chatOnce(
		request: ChatRequest,
		io: Attempt,
		state: { committed: boolean }
	): Promise<OpenAIChatResponse> {
		const body = this.#body(request);
		const url = `${this.baseUrl}/chat/completions`;
		const started = performance.now();
		const res = await io.net(
			() =>
				this.#fetch(url, {
					method: 'POST',
					headers: this.#headers(true),
					body: JSON.stringify(body),
					signal: io.signal
				}),
			'connect'
		);
		io.touch();
		if (!res.ok) {
			const text = await io.net(() => res.text(), 'body').catch(() => '');
			// FastAPI-based servers answer a field they do not know with 422 rather than 400.
			const field = res.status === 400 || res.status === 422 ? this.#blamed(body, text) : null;
			if (field !== null) throw new Unsupported(field);
			throw this.#httpError(res, text, url);
		}

		const reply: Reply = {
			text: '',
			reasoning: '',
			finish: null,
			done: false,
			chunks: 0,
			deltas: 0,
			cut: false,
			firstTokenAt: null
		};
		const onChunk = (chunk: unknown): void => {
			this.#take(reply, chunk, request, state);
		};
		const type = res.headers.get('content-type') ?? '';
		if (type.includes('text/event-stream') && res.body !== null) {
			const events = readSseStream(res.body, io.touch);
			try {
				for (;;) {
					const next = await io.net(() => events.next(), 'body');
					if (next.done) break;
					if (this.#event(next.value, onChunk, reply) || reply.cut) break;
				}
			} finally {
				// Stops reading after [DONE] and releases the connection on any error.
				await events.return(undefined).catch(() => {});
			}
		} else {
			// The server ignored `stream` (or labelled its stream oddly): read the whole body.
			const text = await io.net(() => res.text(), 'body');
			if (text.trimStart().startsWith('{')) {
				let json: unknown;
				try {
					json = JSON.parse(text);
				} catch (err) {
					throw new EngineError('server-error', `${this.baseUrl} sent a reply that is not valid JSON.`, {
						retryable: true,
						transport: true,
						cause: err,
						problem: { code: 'endpoint-bad-json', values: { url: this.baseUrl } }
					});
				}
				onChunk(json);
				// The text arrived in one piece, at the end: its first token came with its last.
				reply.firstTokenAt = null;
				reply.done = true;
			} else {
				const parser = createSseParser();
				for (const event of [...parser.push(text), ...parser.end()])
					if (this.#event(event, onChunk, reply) || reply.cut) break;
			}
		}
		const ended = performance.now();
		const budget = request.max_tokens;
		cutAtBudget(reply, budget);

		if (!reply.done && reply.finish === null && !reply.cut)
			throw new EngineError(
				'server-error',
				reply.chunks === 0
					? `${this.baseUrl} answered without a reply.`
					: `The reply from ${this.baseUrl} stopped before the server finished it.`,
				{
					retryable: true,
					transport: true,
					problem: {
						code: reply.chunks === 0 ? 'endpoint-no-reply' : 'endpoint-cut-short',
						values: { url: this.baseUrl }
					}
				}
			);

		const responseFormat =
			request.schema === undefined ? 'none' : 'response_format' in body ? 'json_schema' : 'dropped';
		const estimated = reply.promptTokens === undefined || reply.completionTokens === undefined;
		// A server that sends no usage is charged at the project's one (conservative) estimate.
		const promptTokens = reply.promptTokens ?? estimateMessages(request.messages);
		const counted = reply.completionTokens ?? estimateTokens(reply.text + reply.reasoning);
		// Never recorded past the budget; a reply cut at it spent it all, whatever the server counted or
		// the estimate says (the server ran past, so its own count is not the reply's), and a replay
		// holds a cut call to exactly that (core/reply-cut.ts).
		const completionTokens = budget === undefined ? counted : reply.cut ? budget : Math.min(counted, budget);
		const totalMs = ended - started;
		const ttftMs = (reply.firstTokenAt ?? ended) - started;
		const decodeMs = totalMs - ttftMs;
		// Tokens after the first over the time after the first; a reply that came in one piece (not
		// streamed) has no such window, so its rate includes the prompt's processing.
		const decodeTokensPerSecond =
			completionTokens > 1 && decodeMs > 0
				? (completionTokens - 1) / (decodeMs / 1000)
				: totalMs > 0
					? completionTokens / (totalMs / 1000)
					: 0;
		return {
			text: reply.text,
			// A reasoning model cut off while still thinking has no text and finish 'length': the caller
			// decides what that means.
			finishReason: reply.finish === 'length' || reply.cut ? 'length' : 'stop',
			...(reply.cut ? { cut: 'client' as const } : {}),
			usage: { promptTokens, completionTokens, ttftMs, totalMs, decodeTokensPerSecond },
			responseFormat,
			// A server that took `response_format` holds the reply to the schema; one that refused it did not.
			constraint: responseFormat === 'json_schema' ? 'json_schema' : 'none',
			reasoningTokens: reply.reasoningTokens ?? estimateTokens(reply.reasoning),
			usageEstimated: estimated
		};
	}

	/** Handles one server-sent event; true at `[DONE]`. */
	#event(event: SseEvent, onChunk: (chunk: unknown) => void, reply: Reply): boolean {
		const data = event.data.trim();
		if (data === SSE_DONE) {
			reply.done = true;
			return true;
		}
		if (data === '') return false;
		let chunk: unknown;
		try {
			chunk = JSON.parse(data);
		} catch {
			// One garbled chunk should not sink a reply; a reply with no readable chunk fails below.
			return false;
		}
		onChunk(chunk);
		return false;
	}

	/** Folds one chunk (streamed `delta` or whole `message`) into the reply. */
	#take(reply: Reply, chunk: unknown, request: ChatRequest, state: { committed: boolean }): void {
		const json = record(chunk);
		if (json === null) return;
		reply.chunks++;
		if (json.error !== undefined && json.error !== null) {
			const said = this.#redact(serverText(JSON.stringify(json)));
			throw new EngineError('server-error', `${this.baseUrl} reported an error: ${said}`, {
				retryable: true,
				transport: true,
				problem: { code: 'endpoint-reported', values: { url: this.baseUrl, detail: said } }
			});
		}
		const usage = record(json.usage);
		if (usage !== null) {
			reply.promptTokens = count(usage.prompt_tokens) ?? reply.promptTokens;
			reply.completionTokens = count(usage.completion_tokens) ?? reply.completionTokens;
			reply.reasoningTokens =
				count(record(usage.completion_tokens_details)?.reasoning_tokens) ?? reply.reasoningTokens;
		}
		const choices = Array.isArray(json.choices) ? json.choices : [];
		// Only the first choice: the request never asks for more than one.
		const choice = choices.map(record).find((c) => c !== null && (c.index ?? 0) === 0);
		if (choice === undefined || choice === null) return;
		if (typeof choice.finish_reason === 'string') reply.finish = choice.finish_reason;
		const part = record(choice.delta) ?? record(choice.message);
		if (part === null) return;
		// DeepSeek, vLLM and LM Studio call it reasoning_content; Ollama and OpenRouter call it reasoning.
		const reasoning = [part.reasoning_content, part.reasoning].find(
			(r): r is string => typeof r === 'string' && r !== ''
		);
		if (reasoning !== undefined) {
			reply.reasoning += reasoning;
			reply.deltas++;
			reply.firstTokenAt ??= performance.now();
		}
		if (typeof part.content === 'string' && part.content !== '') {
			reply.text += part.content;
			reply.deltas++;
			reply.firstTokenAt ??= performance.now();
			state.committed = true;
			request.onDelta?.(part.content);
		}
		cutAtBudget(reply, request.max_tokens);
	}
}

/**
 * Stops a reply the server ran past max_tokens (a server may ignore the field): once it reaches the
 * budget as `reachesBudget` counts it, the reply is cut at the character cap and marked, so the log
 * records the cut (a replay checks that it was due) and no file outgrows what the app can open again.
 */
function cutAtBudget(reply: Reply, budget: number | undefined): void {
	if (!reachesBudget(reply.deltas, reply.text.length + reply.reasoning.length, budget)) return;
	const chars = replyCharCap(budget);
	reply.cut = true;
	reply.text = reply.text.slice(0, chars);
	reply.reasoning = reply.reasoning.slice(0, Math.max(0, chars - reply.text.length));
}

function duration(ms: number): string {
	return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function aborted(): EngineError {
	return new EngineError('aborted', 'The request was cancelled.');
}

/** Ollama answers to `llama3.2` for the model it lists as `llama3.2:latest`. */
function sameModel(listed: string, wanted: string): boolean {
	return listed === wanted || listed === `${wanted}:latest` || `${listed}:latest` === wanted;
}

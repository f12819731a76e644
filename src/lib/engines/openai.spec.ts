import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeNetworkFailure, OpenAIEngine, parseRetryAfter, type OpenAIEngineOptions } from './openai';
import { estimateMessages } from '../core/tokens';
import { EngineError, type ChatRequest, type LoadProgress } from './types';

const KEY = 'sk-test-5ecret-DO-NOT-LEAK-0123456789';

interface Seen {
	method: string;
	url: string;
	headers: IncomingMessage['headers'];
	body: Record<string, unknown> | null;
}

// Handlers may return whatever res.end() returns: only their effect on `res` matters.
type Handler = (req: Seen, res: ServerResponse, n: number) => unknown;

let server: Server;
let base = '';
let handler: Handler = (_req, res) => res.end();
const seen: Seen[] = [];
const open = new Set<ServerResponse>();

beforeAll(async () => {
	server = createServer((req, res) => {
		const parts: Buffer[] = [];
		req.on('data', (b: Buffer) => parts.push(b));
		req.on('end', () => {
			const text = Buffer.concat(parts).toString('utf8');
			const entry: Seen = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>)
			};
			seen.push(entry);
			open.add(res);
			res.on('close', () => open.delete(res));
			void handler(entry, res, seen.length);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
	seen.length = 0;
	for (const res of open) res.destroy();
	open.clear();
	vi.unstubAllGlobals();
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

const chunk = (delta: Record<string, unknown>, finish: string | null = null): string =>
	`data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usageChunk = (prompt: number, completion: number, extra: Record<string, unknown> = {}): string =>
	`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, ...extra } })}\n\n`;

function sse(res: ServerResponse, status = 200): void {
	res.writeHead(status, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
}

function json(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {}
): void {
	res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
	res.end(JSON.stringify(body));
}

const tick = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function engine(options: Partial<OpenAIEngineOptions> = {}) {
	const sleeps: number[] = [];
	const e = new OpenAIEngine({
		baseUrl: base,
		model: 'qwen3:0.6b',
		apiKey: KEY,
		sleep: async (ms) => {
			sleeps.push(ms);
		},
		random: () => 0.5,
		...options
	});
	return { e, sleeps };
}

const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
	messages: [
		{ role: 'system', content: 'You play undercover.' },
		{ role: 'user', content: 'Describe your word.' }
	],
	temperature: 0.7,
	seed: 42,
	max_tokens: 64,
	...extra
});

async function failure(p: Promise<unknown>): Promise<EngineError> {
	try {
		await p;
	} catch (err) {
		expect(err).toBeInstanceOf(EngineError);
		return err as EngineError;
	}
	throw new Error('expected the call to fail');
}

function expectNoKey(err: EngineError): void {
	expect(err.message).not.toContain(KEY);
	expect(JSON.stringify(err)).not.toContain(KEY);
	expect(String(err)).not.toContain(KEY);
	expect(JSON.stringify(err.options)).not.toContain(KEY);
}

describe('the engine and its base URL', () => {
	it('makes the engine refuse a base URL with user:pass@', () => {
		expect(() => new OpenAIEngine({ baseUrl: 'https://me:secret@api.example/v1', model: 'm' })).toThrow(
			/user name or password/
		);
		expect(() => new OpenAIEngine({ baseUrl: base, model: ' ' })).toThrow(/model/);
		expect(() => new OpenAIEngine({ baseUrl: base, model: 'm', apiKey: 'sk bad\nkey' })).toThrow(/header/);
	});
});

describe('parseRetryAfter', () => {
	it('reads seconds and HTTP dates', () => {
		expect(parseRetryAfter(null)).toBeNull();
		expect(parseRetryAfter('2')).toBe(2000);
		expect(parseRetryAfter('0.5')).toBe(500);
		expect(
			parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))
		).toBe(5000);
		expect(parseRetryAfter('soon')).toBeNull();
	});
});

describe('OpenAIEngine.chat', () => {
	it('assembles a streamed reply from deltas, sends the request fields and parses usage', async () => {
		handler = async (_req, res) => {
			sse(res);
			const stream =
				': keep-alive\n\n' +
				chunk({ role: 'assistant', content: '' }) +
				chunk({ content: 'Hello' }) +
				chunk({ content: ', wor' }) +
				chunk({ content: 'ld' }, 'stop') +
				usageChunk(21, 4) +
				'data: [DONE]\n\n';
			// Written in pieces that split lines and events anywhere.
			for (let i = 0; i < stream.length; i += 17) {
				res.write(stream.slice(i, i + 17));
				await tick(1);
			}
			res.end();
		};
		const { e } = engine();
		const deltas: string[] = [];
		const reply = await e.chat(request({ stop: ['\n\n'], top_p: 0.85, onDelta: (d) => deltas.push(d) }));
		expect(reply.text).toBe('Hello, world');
		expect(deltas).toEqual(['Hello', ', wor', 'ld']);
		expect(reply.finishReason).toBe('stop');
		expect(reply.usage.promptTokens).toBe(21);
		expect(reply.usage.completionTokens).toBe(4);
		expect(reply.usageEstimated).toBe(false);
		expect(reply.responseFormat).toBe('none');
		expect(reply.constraint).toBe('none');
		expect(reply.usage.ttftMs).toBeGreaterThanOrEqual(0);
		expect(reply.usage.totalMs).toBeGreaterThanOrEqual(reply.usage.ttftMs);
		expect(reply.usage.decodeTokensPerSecond).toBeGreaterThan(0);

		expect(seen).toHaveLength(1);
		const sent = seen[0]!;
		expect(sent.method).toBe('POST');
		expect(sent.url).toBe('/v1/chat/completions');
		expect(sent.headers['content-type']).toBe('application/json');
		expect(sent.body).toEqual({
			model: 'qwen3:0.6b',
			messages: request().messages,
			temperature: 0.7,
			top_p: 0.85,
			seed: 42,
			max_tokens: 64,
			stop: ['\n\n'],
			stream: true,
			stream_options: { include_usage: true }
		});
	});

	it('accepts a non-streaming JSON reply from a server that ignores stream', async () => {
		handler = (_req, res) =>
			json(res, 200, {
				choices: [{ index: 0, message: { role: 'assistant', content: '{"vote":3}' }, finish_reason: 'stop' }],
				usage: { prompt_tokens: 30, completion_tokens: 6 }
			});
		const { e } = engine();
		const deltas: string[] = [];
		const reply = await e.chat(request({ onDelta: (d) => deltas.push(d) }));
		expect(reply.text).toBe('{"vote":3}');
		expect(deltas).toEqual(['{"vote":3}']);
		expect(reply.finishReason).toBe('stop');
		expect(reply.usage).toMatchObject({ promptTokens: 30, completionTokens: 6 });
		expect(reply.usage.ttftMs).toBe(reply.usage.totalMs);
	});

	it('estimates tokens with the one conservative estimate when the server sends no usage', async () => {
		handler = (_req, res) => {
			sse(res);
			res.end(chunk({ content: 'abcdefgh' }) + chunk({}, 'length') + 'data: [DONE]\n\n');
		};
		const { e } = engine();
		const reply = await e.chat(request());
		expect(reply.usageEstimated).toBe(true);
		// 'abcdefgh': three characters a token, rounded up (core/tokens.ts, as the gate reserves).
		expect(reply.usage.completionTokens).toBe(3);
		expect(reply.usage.promptTokens).toBe(estimateMessages(request().messages));
		expect(reply.finishReason).toBe('length');
	});

	it('sends the schema as response_format, and drops it once when the server refuses it', async () => {
		const schema = { type: 'object', properties: { vote: { type: 'integer' } }, required: ['vote'] };
		handler = (req, res) => {
			if (req.body?.response_format !== undefined)
				return json(res, 400, { error: { message: "Unrecognized request argument: 'response_format'" } });
			sse(res);
			res.end(chunk({ content: '{"vote":1}' }, 'stop') + 'data: [DONE]\n\n');
		};
		const { e, sleeps } = engine();
		const reply = await e.chat(request({ schema }));
		expect(reply.text).toBe('{"vote":1}');
		expect(reply.responseFormat).toBe('dropped');
		expect(reply.constraint).toBe('none');
		expect(seen).toHaveLength(2);
		expect(seen[0]!.body?.response_format).toEqual({
			type: 'json_schema',
			json_schema: { name: 'action', schema, strict: false }
		});
		expect(seen[1]!.body).not.toHaveProperty('response_format');
		expect(sleeps).toEqual([]);
		// Remembered: the next call does not ask again.
		const again = await e.chat(request({ schema }));
		expect(again.responseFormat).toBe('dropped');
		expect(seen).toHaveLength(3);
		expect(seen[2]!.body).not.toHaveProperty('response_format');
	});

	it('reports json_schema when the server takes response_format, and other 400s are not retried', async () => {
		handler = (req, res) => {
			if (req.body?.messages !== undefined && (req.body.messages as unknown[]).length > 2)
				return json(res, 400, { error: { message: 'context length exceeded' } });
			sse(res);
			res.end(chunk({ content: '{}' }, 'stop') + 'data: [DONE]\n\n');
		};
		const { e } = engine();
		const ok = await e.chat(request({ schema: { type: 'object' } }));
		expect(ok.responseFormat).toBe('json_schema');
		expect(ok.constraint).toBe('json_schema');
		const tooLong = request();
		tooLong.messages.push({ role: 'assistant', content: 'x' });
		const err = await failure(e.chat(tooLong));
		expect(err.code).toBe('unknown');
		expect(err.message).toMatch(/HTTP 400.*context length exceeded/);
		// Logged as a transport failure (so the run's file replays it), but not retried.
		expect(err.transport).toBe(true);
		expect(err.retryable).toBe(false);
		expect(seen).toHaveLength(2);
	});

	it('retries a 429, waiting as long as Retry-After says, then succeeds', async () => {
		handler = (_req, res, n) => {
			if (n === 1) return json(res, 429, { error: { message: 'slow down' } }, { 'Retry-After': '2' });
			sse(res);
			res.end(chunk({ content: 'ok' }, 'stop') + 'data: [DONE]\n\n');
		};
		const { e, sleeps } = engine();
		const reply = await e.chat(request());
		expect(reply.text).toBe('ok');
		expect(sleeps).toEqual([2000]);
		expect(seen).toHaveLength(2);
	});

	it('does not wait for a Retry-After beyond a minute', async () => {
		handler = (_req, res) => json(res, 429, {}, { 'Retry-After': '3600' });
		const { e, sleeps } = engine();
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('rate-limited');
		expect(err.transport).toBe(true);
		expect(err.message).toMatch(/wait 3600 s/);
		expect(sleeps).toEqual([]);
	});

	it('gives up on server errors after maxRetries with exponential backoff: a transport server-error', async () => {
		handler = (_req, res) => json(res, 503, { error: { message: 'model is loading' } });
		const { e, sleeps } = engine({ maxRetries: 3 });
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('server-error');
		expect(err.transport).toBe(true);
		expect(err.retryable).toBe(true);
		expect(err.message).toMatch(/HTTP 503.*model is loading.*tried 4 times/);
		expect(seen).toHaveLength(4);
		// random() = 0.5: three quarters of 500, 1000, 2000 ms.
		expect(sleeps).toEqual([375, 750, 1500]);
	});

	it('times out when the server sends nothing, without retrying', async () => {
		handler = () => {
			// Never answers.
		};
		const { e, sleeps } = engine({ timeoutMs: 150 });
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('timeout');
		expect(err.transport).toBe(true);
		expect(seen).toHaveLength(1);
		expect(sleeps).toEqual([]);
	});

	it('times out when a stream stalls, and does not retry once text has been shown', async () => {
		handler = (_req, res) => {
			sse(res);
			res.write(chunk({ content: 'partial' }));
		};
		// Long enough that the first chunk arrives in time even on a busy machine.
		const { e } = engine({ timeoutMs: 1000 });
		const deltas: string[] = [];
		const err = await failure(e.chat(request({ onDelta: (d) => deltas.push(d) })));
		expect(err.code).toBe('timeout');
		expect(deltas).toEqual(['partial']);
		expect(seen).toHaveLength(1);
	});

	it('keeps a slow stream alive as long as chunks keep coming', async () => {
		handler = async (_req, res) => {
			sse(res);
			// Longer in all than the timeout, but never silent for that long.
			// Gaps far below the timeout, so a busy machine cannot stretch one past it.
			for (const piece of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
				res.write(chunk({ content: piece }));
				await tick(150);
			}
			res.end(chunk({}, 'stop') + 'data: [DONE]\n\n');
		};
		const { e } = engine({ timeoutMs: 1000 });
		expect((await e.chat(request())).text).toBe('abcdefgh');
	});

	it('retries a stream that ends before the server finished, if nothing was shown yet', async () => {
		handler = (_req, res, n) => {
			sse(res);
			if (n === 1) return res.end(': only a comment\n\n');
			res.end(chunk({ content: 'fine' }, 'stop') + 'data: [DONE]\n\n');
		};
		const { e, sleeps } = engine();
		expect((await e.chat(request())).text).toBe('fine');
		expect(sleeps).toHaveLength(1);
	});

	it('maps 401 to unauthorized and never lets the key into the error', async () => {
		// Some servers quote the key they refused.
		handler = (_req, res) => json(res, 401, { error: { message: `Incorrect API key provided: ${KEY}` } });
		const { e, sleeps } = engine();
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('unauthorized');
		expect(err.message).toMatch(/refused the key \(HTTP 401\)/);
		expect(err.message).toContain('[redacted]');
		expectNoKey(err);
		expect(sleeps).toEqual([]);
		expect(seen).toHaveLength(1);
	});

	it('says a key is needed when a keyless request gets 403', async () => {
		handler = (_req, res) => json(res, 403, { error: 'forbidden' });
		const { e } = engine({ apiKey: undefined });
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('unauthorized');
		expect(err.message).toMatch(/needs an API key/);
		expect(seen[0]!.headers.authorization).toBeUndefined();
	});

	it('sends the key only in the Authorization header', async () => {
		handler = (_req, res) => {
			sse(res);
			res.end(chunk({ content: 'hi' }, 'stop') + usageChunk(3, 1) + 'data: [DONE]\n\n');
		};
		const { e } = engine();
		const reply = await e.chat(request());
		const sent = seen[0]!;
		expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
		expect(sent.url).not.toContain(KEY);
		expect(JSON.stringify(sent.body)).not.toContain(KEY);
		expect(JSON.stringify(reply)).not.toContain(KEY);
		expect(JSON.stringify(e)).not.toContain(KEY);
		expect(JSON.stringify({ ...e })).not.toContain(KEY);
	});

	it('maps a refused connection (closed port) to a transport offline error', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const port = (closed.address() as AddressInfo).port;
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		const { e, sleeps } = engine({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 2 });
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('offline');
		expect(err.transport).toBe(true);
		expect(err.message).toMatch(/connection refused/);
		expect(err.message).toMatch(/tried 3 times/);
		expect(sleeps).toHaveLength(2);
		expectNoKey(err);
	});

	it('keeps reasoning out of the text, and returns length with empty text when it is all reasoning', async () => {
		handler = (_req, res) => {
			sse(res);
			res.end(
				chunk({ role: 'assistant', content: null, reasoning_content: 'Let me think about the ' }) +
					chunk({ reasoning_content: 'words of the others' }) +
					chunk({ reasoning: ' and more' }, 'length') +
					usageChunk(10, 64, { completion_tokens_details: { reasoning_tokens: 64 } }) +
					'data: [DONE]\n\n'
			);
		};
		const { e } = engine();
		const deltas: string[] = [];
		const reply = await e.chat(request({ onDelta: (d) => deltas.push(d) }));
		expect(reply.text).toBe('');
		expect(reply.finishReason).toBe('length');
		expect(reply.reasoningTokens).toBe(64);
		expect(deltas).toEqual([]);
		expect(reply.usage.completionTokens).toBe(64);
	});

	it('separates reasoning from the answer and estimates reasoning tokens when not reported', async () => {
		handler = (_req, res) => {
			sse(res);
			res.end(
				chunk({ reasoning: 'hmm, twelve c' }) +
					chunk({ content: 'final' }) +
					chunk({}, 'stop') +
					'data: [DONE]\n\n'
			);
		};
		const { e } = engine();
		const reply = await e.chat(request());
		expect(reply.text).toBe('final');
		expect(reply.reasoningTokens).toBe(Math.ceil('hmm, twelve c'.length / 3));
	});

	it('falls back to max_completion_tokens and drops stream_options when a server asks', async () => {
		handler = (req, res) => {
			if ('max_tokens' in (req.body ?? {}))
				return json(res, 400, {
					error: { message: "Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens' instead." }
				});
			if ('stream_options' in (req.body ?? {}))
				return json(res, 400, { error: { message: 'stream_options is not supported' } });
			sse(res);
			res.end(chunk({ content: 'ok' }, 'stop') + 'data: [DONE]\n\n');
		};
		const { e } = engine();
		expect((await e.chat(request())).text).toBe('ok');
		expect(seen).toHaveLength(3);
		expect(seen[2]!.body).toMatchObject({ max_completion_tokens: 64 });
		expect(seen[2]!.body).not.toHaveProperty('stream_options');
	});

	it('reports a server error sent inside the stream', async () => {
		handler = (_req, res) => {
			sse(res);
			res.end(
				chunk({ content: 'par' }) + `data: ${JSON.stringify({ error: { message: 'GPU fell over' } })}\n\n`
			);
		};
		const { e } = engine();
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('server-error');
		expect(err.transport).toBe(true);
		expect(err.message).toMatch(/GPU fell over/);
		// Text had been shown: no retry.
		expect(seen).toHaveLength(1);
	});

	it('honours the request signal, also while waiting to retry', async () => {
		handler = () => {};
		const { e } = engine();
		const controller = new AbortController();
		const pending = e.chat(request({ signal: controller.signal }));
		await tick(30);
		controller.abort();
		const err = await failure(pending);
		expect(err.code).toBe('aborted');

		handler = (_req, res) => json(res, 500, {});
		const waiting = new AbortController();
		let asleep = (): void => {};
		const sleeping = new Promise<void>((r) => (asleep = r));
		const slow = new OpenAIEngine({
			baseUrl: base,
			model: 'm',
			sleep: () => {
				asleep();
				return new Promise(() => {});
			}
		});
		const retrying = slow.chat(request({ signal: waiting.signal }));
		// Aborted while it waits to retry: the state, not a guess at how long the first try takes.
		await sleeping;
		waiting.abort();
		expect((await failure(retrying)).code).toBe('aborted');
	});

	it('maps 404 to model-not-found when the server names the model', async () => {
		handler = (_req, res) => json(res, 404, { error: { message: "model 'qwen3:0.6b' not found" } });
		const { e } = engine();
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('model-not-found');
		handler = (_req, res) => {
			res.writeHead(404, { 'Content-Type': 'text/html' });
			res.end('<html>Not Found</html>');
		};
		expect((await failure(e.chat(request()))).message).toMatch(/API root/);
	});

	it('stops an in-flight call on unload', async () => {
		handler = () => {};
		const { e } = engine();
		const pending = e.chat(request());
		await tick(30);
		await e.unload();
		expect((await failure(pending)).code).toBe('aborted');

		// Unloaded while waiting to retry: no further request goes out.
		handler = (_req, res) => json(res, 500, {});
		let wake = (): void => {};
		let asleep = (): void => {};
		const sleeping = new Promise<void>((r) => (asleep = r));
		const waiting = new OpenAIEngine({
			baseUrl: base,
			model: 'm',
			sleep: () => {
				asleep();
				return new Promise<void>((r) => (wake = r));
			}
		});
		const retrying = waiting.chat(request());
		await sleeping;
		const before = seen.length;
		await waiting.unload();
		wake();
		expect((await failure(retrying)).code).toBe('aborted');
		expect(seen.length).toBe(before);
	});
});

describe('network failures without a response (CORS in a browser)', () => {
	const typeError = new TypeError('Failed to fetch');

	it('maps to offline outside a browser and to cors with instructions in one', () => {
		const root = 'http://localhost:11434/v1';
		const node = describeNetworkFailure(typeError, root, 'connect', { origin: null, online: null });
		expect(node.code).toBe('offline');
		expect(node.transport).toBe(true);

		const browser = describeNetworkFailure(typeError, root, 'connect', {
			origin: 'https://conclave.example',
			online: true
		});
		expect(browser.code).toBe('cors');
		expect(browser.transport).toBe(true);
		expect(browser.message).toContain('OLLAMA_ORIGINS=https://conclave.example ollama serve');
		expect(browser.message).toMatch(/LM Studio/);
		expect(browser.message).toMatch(/--allowed-origins/);
		expect(browser.message).toMatch(/local network/);

		const offline = describeNetworkFailure(typeError, root, 'connect', {
			origin: 'https://c.example',
			online: false
		});
		expect(offline.code).toBe('offline');
		const dropped = describeNetworkFailure(typeError, root, 'body', {
			origin: 'https://c.example',
			online: true
		});
		expect(dropped.code).toBe('offline');
		const mixed = describeNetworkFailure(typeError, 'http://gpu-box.lan:8000/v1', 'connect', {
			origin: 'https://c.example',
			online: true
		});
		expect(mixed.message).toMatch(/served over https/);
	});

	it('uses location.origin when the page has one', async () => {
		vi.stubGlobal('location', { origin: 'https://conclave.example' });
		const fetch = vi.fn(async () => {
			throw new TypeError('Failed to fetch');
		});
		const { e, sleeps } = engine({ fetch: fetch as unknown as typeof globalThis.fetch, maxRetries: 1 });
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('cors');
		expect(err.message).toContain('OLLAMA_ORIGINS=https://conclave.example');
		expect(fetch).toHaveBeenCalledTimes(2);
		expect(sleeps).toHaveLength(1);
		expectNoKey(err);
	});

	it('is offline in Node, where there is no location', async () => {
		expect((globalThis as { location?: unknown }).location).toBeUndefined();
		const fetch = async (): Promise<Response> => {
			throw new TypeError('Failed to fetch');
		};
		const { e } = engine({ fetch, maxRetries: 0 });
		const err = await failure(e.chat(request()));
		expect(err.code).toBe('offline');
		expect(err.message).toMatch(/Is the server running/);
	});
});

describe('OpenAIEngine.load', () => {
	it('checks the model list and reports progress', async () => {
		handler = (_req, res) =>
			json(res, 200, { object: 'list', data: [{ id: 'qwen3:0.6b' }, { id: 'llama3.2:latest' }] });
		const { e } = engine();
		const progress: LoadProgress[] = [];
		await e.load((p) => progress.push(p));
		expect(seen[0]!.url).toBe('/v1/models');
		expect(seen[0]!.method).toBe('GET');
		expect(e.listedModels).toEqual(['qwen3:0.6b', 'llama3.2:latest']);
		expect(progress[0]!.fraction).toBeNull();
		expect(progress.at(-1)).toMatchObject({
			fraction: 1,
			text: expect.stringMatching(/qwen3:0.6b is available/)
		});

		const other = engine({ model: 'llama3.2' }).e;
		await other.load((p) => progress.push(p));
		expect(progress.at(-1)!.text).toMatch(/llama3.2 is available/);

		const missing = engine({ model: 'mistral' }).e;
		await missing.load((p) => progress.push(p));
		expect(progress.at(-1)!.text).toMatch(/does not list mistral/);
	});

	it('does not fail when the endpoint has no /models', async () => {
		handler = (_req, res) => json(res, 404, { error: 'not found' });
		const { e } = engine();
		const progress: LoadProgress[] = [];
		await e.load((p) => progress.push(p));
		expect(e.listedModels).toBeNull();
		expect(progress.at(-1)!.text).toMatch(/Connected/);
	});

	it('fails clearly when the key is refused or the server cannot be reached', async () => {
		handler = (_req, res) => json(res, 401, {});
		expect((await failure(engine().e.load())).code).toBe('unauthorized');

		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const port = (closed.address() as AddressInfo).port;
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		const err = await failure(engine({ baseUrl: `http://127.0.0.1:${port}/v1` }).e.load());
		expect(err.code).toBe('offline');
		expectNoKey(err);
	});
});

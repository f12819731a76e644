/**
 * The one local OpenAI-compatible server of the benchmarks and the tests (unit, `sim`, and the browser
 * tests through `tests/e2e/mock-endpoint.ts`): `GET …/models` and `POST …/chat/completions` on
 * 127.0.0.1, with CORS so a page may call it. A reply is a function of the request (and of how many
 * chat requests came before it), so a game against it is deterministic.
 *
 * Two ways to answer, as the two kinds of server a seat meets: streamed as server-sent events with a
 * fixed latency per generated token (`msPerToken`), as a batching server (vLLM, Ollama with parallel
 * slots) gives each request when it is not saturated; or as one JSON object after `latencyMs`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fnv1a32 } from '../src/lib/core';

/** What the server reads of a chat request. */
export interface MockChatBody {
	messages?: { role?: string; content?: string }[];
	response_format?: { json_schema?: { schema?: unknown } };
	max_tokens?: number;
}

export interface MockOpenAIOptions {
	/**
	 * The reply's text for the `n`th chat request (from 1). By default a speech or a vote, whichever the
	 * request's JSON schema asks for, chosen by a hash of the messages.
	 */
	reply?: (body: MockChatBody, n: number) => string;
	/** Stream the reply, this many milliseconds per generated token. Without it: one JSON answer. */
	msPerToken?: number;
	/** For a JSON answer: milliseconds before it, a server's latency, so concurrent requests overlap. */
	latencyMs?: number;
	/** An HTTP failure to answer the `n`th chat request with instead of a reply (null: reply). */
	fail?: (n: number) => { status: number; body: string } | null;
	/** The model id `/models` lists. */
	model?: string;
	/**
	 * A misbehaving endpoint, for the deadlines and honest logs: `drip` streams one character every
	 * `dripMs` and never finishes, `hang` answers nothing at all, `huge` streams `hugeChars` characters
	 * whatever max_tokens says (and reports that many tokens), `unauthorized` answers 401 to every chat.
	 */
	misbehave?: 'drip' | 'hang' | 'huge' | 'unauthorized';
	/**
	 * A server without structured output: every chat request that carries `response_format` is refused
	 * with a 400 naming it, as OpenAI's API words an unknown argument; the same request without it is
	 * answered.
	 */
	refuseResponseFormat?: boolean;
	dripMs?: number;
	hugeChars?: number;
}

export interface MockOpenAI {
	/** e.g. http://127.0.0.1:PORT/v1 */
	baseUrl: string;
	/** Chat requests served so far. */
	readonly requests: number;
	/** Milliseconds spent serving chat requests, summed over requests. */
	readonly busyMs: number;
	/** The most chat requests that were in flight at once, since the start or `resetPeak`. */
	readonly peak: number;
	/**
	 * The most chat requests in flight at once by the property names their schema asks for (e.g.
	 * "speech", or "reason,target"): a game asks its speeches one at a time, so more than one speech in
	 * flight means more than one game was being played.
	 */
	readonly peakByKind: Map<string, number>;
	/** The Authorization header and URL of every request but CORS preflights. */
	readonly seen: { auth: string; url: string }[];
	resetPeak(): void;
	close(): Promise<void>;
}

const SPEECHES = [
	'It is something you can hold in one hand.',
	'People often keep it at home.',
	'You might see it every day without thinking about it.',
	'It comes in more than one colour.',
	'Most people have used one at least once.'
];

/** The default reply: a vote where the schema offers targets, else a speech. */
function speechOrVote(body: MockChatBody): string {
	const text = (body.messages ?? []).map((m) => m.content ?? '').join('\n');
	const h = fnv1a32(text, 0x6d6f636b);
	const schema = body.response_format?.json_schema?.schema as
		{ properties?: Record<string, { enum?: number[] }> } | undefined;
	const target = schema?.properties?.target?.enum;
	if (target?.length)
		return JSON.stringify({ target: target[h % target.length], reason: 'Their description was vague.' });
	return JSON.stringify({ speech: SPEECHES[h % SPEECHES.length] });
}

/** What the request's schema asks for, as its sorted property names. */
function kindOf(body: MockChatBody): string {
	const schema = body.response_format?.json_schema?.schema as { properties?: object } | undefined;
	return Object.keys(schema?.properties ?? {})
		.sort()
		.join(',');
}

async function readBody(req: IncomingMessage): Promise<string> {
	let s = '';
	for await (const chunk of req) s += chunk;
	return s;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const CORS = {
	'access-control-allow-origin': '*',
	'access-control-allow-headers': 'authorization, content-type',
	'access-control-allow-methods': 'GET, POST, OPTIONS'
};

/** Streams `text` as chat-completion chunks, `msPerToken` per token (about four characters a token). */
async function stream(res: ServerResponse, text: string, model: string, msPerToken: number): Promise<void> {
	const pieces = text.match(/[\s\S]{1,16}/g) ?? [''];
	res.writeHead(200, { ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
	const chunk = (delta: object, finish: string | null = null) =>
		`data: ${JSON.stringify({ object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
	res.write(chunk({ role: 'assistant', content: '' }));
	for (const p of pieces) {
		if (msPerToken > 0) await sleep(msPerToken * Math.ceil(p.length / 4));
		res.write(chunk({ content: p }));
	}
	res.write(chunk({}, 'stop'));
	const completion = Math.ceil(text.length / 4);
	res.write(
		`data: ${JSON.stringify({ object: 'chat.completion.chunk', model, choices: [], usage: { prompt_tokens: 100, completion_tokens: completion } })}\n\n`
	);
	res.end('data: [DONE]\n\n');
}

/** Starts the server on a free local port. */
export async function startMockOpenAI(opts: MockOpenAIOptions = {}): Promise<MockOpenAI> {
	const model = opts.model ?? 'mock';
	const reply = opts.reply ?? speechOrVote;
	const seen: MockOpenAI['seen'] = [];
	const peakByKind = new Map<string, number>();
	const inFlightByKind = new Map<string, number>();
	let requests = 0;
	let inFlight = 0;
	let peak = 0;
	let busyMs = 0;
	const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
		if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
		seen.push({ auth: String(req.headers.authorization ?? ''), url: req.url ?? '' });
		if (req.method === 'GET' && req.url?.endsWith('/models')) {
			res.writeHead(200, { ...CORS, 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model' }] }));
			return;
		}
		if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
			res.writeHead(404, CORS).end();
			return;
		}
		const n = ++requests;
		const raw = await readBody(req);
		const failure =
			opts.refuseResponseFormat && 'response_format' in (JSON.parse(raw) as object)
				? {
						status: 400,
						body: JSON.stringify({
							error: {
								message: 'Unrecognized request argument supplied: response_format',
								type: 'invalid_request_error'
							}
						})
					}
				: opts.fail?.(n);
		if (failure) {
			res.writeHead(failure.status, { ...CORS, 'Content-Type': 'application/json' }).end(failure.body);
			return;
		}
		if (opts.misbehave) return misbehave(res, opts, model);
		const body = JSON.parse(raw) as MockChatBody;
		const kind = kindOf(body);
		inFlightByKind.set(kind, (inFlightByKind.get(kind) ?? 0) + 1);
		peakByKind.set(kind, Math.max(peakByKind.get(kind) ?? 0, inFlightByKind.get(kind)!));
		peak = Math.max(peak, ++inFlight);
		const t0 = performance.now();
		try {
			const text = reply(body, n);
			if (opts.msPerToken !== undefined) {
				await stream(res, text, model, opts.msPerToken);
				return;
			}
			if (opts.latencyMs) await sleep(opts.latencyMs);
			res.writeHead(200, { ...CORS, 'Content-Type': 'application/json' });
			res.end(
				JSON.stringify({
					choices: [{ message: { content: text }, finish_reason: 'stop' }],
					usage: { prompt_tokens: 50, completion_tokens: 12 }
				})
			);
		} finally {
			inFlight--;
			inFlightByKind.set(kind, inFlightByKind.get(kind)! - 1);
			busyMs += performance.now() - t0;
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		get requests() {
			return requests;
		},
		get peak() {
			return peak;
		},
		get busyMs() {
			return busyMs;
		},
		peakByKind,
		seen,
		resetPeak() {
			peak = inFlight;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				// A dripping or hanging answer holds its connection open: end those too.
				server.closeAllConnections();
			})
	};
}

async function misbehave(res: ServerResponse, opts: MockOpenAIOptions, model: string): Promise<void> {
	const chunk = (delta: object) =>
		`data: ${JSON.stringify({ object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;
	switch (opts.misbehave) {
		case 'unauthorized':
			res.writeHead(401, { ...CORS, 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ error: { message: 'Incorrect API key provided.' } }));
			return;
		case 'hang':
			return; // headers never come: only the client's silence timeout or deadline ends this
		case 'drip': {
			res.writeHead(200, { ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
			while (!res.destroyed && !res.writableEnded) {
				res.write(chunk({ content: '.' }));
				await sleep(opts.dripMs ?? 2000);
			}
			return;
		}
		case 'huge': {
			const chars = opts.hugeChars ?? 4 * 2 ** 20;
			res.writeHead(200, { ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
			const piece = 'word '.repeat(800);
			for (let sent = 0; sent < chars && !res.destroyed; sent += piece.length)
				if (!res.write(chunk({ content: piece }))) await new Promise((r) => res.once('drain', r));
			res.write(
				`data: ${JSON.stringify({ object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: Math.ceil(chars / 4) } })}\n\n`
			);
			res.end('data: [DONE]\n\n');
		}
	}
}

/**
 * A local OpenAI-compatible server for benchmarks and tests: `/v1/models` and streaming
 * `/v1/chat/completions`, with a fixed latency per generated token, as a batching server (vLLM,
 * Ollama with parallel slots) gives each request when it is not saturated. Replies are a pure
 * function of the request, so a game against it is deterministic: a speech or a vote, whichever the
 * request's JSON schema asks for, chosen by a hash of the messages.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fnv1a32 } from '../src/lib/core';

export interface MockOpenAI {
	/** e.g. http://127.0.0.1:PORT/v1 */
	baseUrl: string;
	/** Chat requests served so far. */
	readonly requests: number;
	/** Milliseconds spent serving chat requests, summed over requests. */
	readonly busyMs: number;
	/** The most requests that were in flight at once, since the start or `resetPeak`. */
	readonly peak: number;
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

function reply(body: {
	messages?: { content?: string }[];
	response_format?: { json_schema?: { schema?: unknown } };
}): string {
	const text = (body.messages ?? []).map((m) => m.content ?? '').join('\n');
	const h = fnv1a32(text, 0x6d6f636b);
	const schema = body.response_format?.json_schema?.schema as
		{ properties?: Record<string, { enum?: number[] }> } | undefined;
	const target = schema?.properties?.target?.enum;
	if (target?.length)
		return JSON.stringify({ target: target[h % target.length], reason: 'Their description was vague.' });
	return JSON.stringify({ speech: SPEECHES[h % SPEECHES.length] });
}

async function readBody(req: IncomingMessage): Promise<string> {
	let s = '';
	for await (const chunk of req) s += chunk;
	return s;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Starts the server on a free local port; `msPerToken` is the decode latency of every reply token. */
export async function startMockOpenAI(opts: { msPerToken: number; model?: string }): Promise<MockOpenAI> {
	const model = opts.model ?? 'mock';
	let requests = 0;
	let inFlight = 0;
	let peak = 0;
	let busyMs = 0;
	const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
		if (req.method === 'GET' && req.url === '/v1/models') {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model' }] }));
			return;
		}
		if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
			res.writeHead(404).end();
			return;
		}
		requests++;
		peak = Math.max(peak, ++inFlight);
		const t0 = performance.now();
		try {
			const body = JSON.parse(await readBody(req)) as Parameters<typeof reply>[0] & { max_tokens?: number };
			const text = reply(body);
			// About four characters a token, in chunks of four tokens.
			const pieces = text.match(/[\s\S]{1,16}/g) ?? [''];
			res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
			const chunk = (delta: object, finish: string | null = null) =>
				`data: ${JSON.stringify({ object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
			res.write(chunk({ role: 'assistant', content: '' }));
			for (const p of pieces) {
				if (opts.msPerToken > 0) await sleep(opts.msPerToken * Math.ceil(p.length / 4));
				res.write(chunk({ content: p }));
			}
			res.write(chunk({}, 'stop'));
			const completion = Math.ceil(text.length / 4);
			res.write(
				`data: ${JSON.stringify({ object: 'chat.completion.chunk', model, choices: [], usage: { prompt_tokens: 100, completion_tokens: completion } })}\n\n`
			);
			res.end('data: [DONE]\n\n');
		} finally {
			inFlight--;
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
		resetPeak() {
			peak = inFlight;
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve()))
	};
}

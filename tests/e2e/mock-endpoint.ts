/**
 * An OpenAI-compatible endpoint served by the test on 127.0.0.1: it answers every chat request with an
 * object that fits the request's JSON schema, every string in it written by `say` (a test passes
 * hostile text, or anything it wants to trace). Scenario-blind, so it plays any scenario's LLM seats.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockEndpoint {
	baseUrl: string;
	/** The Authorization headers and URLs of every request it got. */
	seen: { auth: string; url: string }[];
	/** Chat requests answered or failed so far (the `n` that `fail` is given). */
	readonly requests: number;
	/**
	 * The most chat requests in flight at once, by the property names their schema asks for (e.g.
	 * "speech", or "reason,target"): a game asks its speeches one at a time, so more than one speech in
	 * flight means more than one game was being played.
	 */
	peak: Map<string, number>;
	close(): Promise<void>;
}

/** A request's body as a number: the same request always gets the same reply, in whatever order it comes. */
function bodyNumber(body: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < body.length; i++) h = Math.imul(h ^ body.charCodeAt(i), 0x01000193);
	return h >>> 0;
}

type Schema = {
	type?: string;
	enum?: unknown[];
	const?: unknown;
	properties?: Record<string, Schema>;
	required?: string[];
	oneOf?: Schema[];
	anyOf?: Schema[];
	maxLength?: number;
};

/** Fixed values for properties of these names (e.g. a file the scenario must find), else generated. */
export type Overrides = Record<string, unknown>;

/** A value that fits `schema`, strings from `say`, choices (enums, oneOf) rotating with `n`. */
export function fill(
	schema: Schema | undefined,
	say: () => string,
	n: number,
	overrides: Overrides = {}
): unknown {
	if (!schema) return say();
	if ('const' in schema) return schema.const;
	if (schema.enum?.length) return schema.enum[n % schema.enum.length];
	const options = schema.oneOf ?? schema.anyOf;
	if (options?.length) return fill(options[n % options.length], say, n, overrides);
	switch (schema.type) {
		case 'object': {
			const out: Record<string, unknown> = {};
			for (const [key, sub] of Object.entries(schema.properties ?? {}))
				out[key] = key in overrides ? overrides[key] : fill(sub, say, n, overrides);
			return out;
		}
		case 'null':
			return null;
		case 'integer':
		case 'number':
			return 1 + (n % 6);
		case 'boolean':
			return n % 2 === 0;
		case 'array':
			return [];
		default: {
			const text = say();
			return schema.maxLength ? text.slice(0, schema.maxLength) : text;
		}
	}
}

export async function startMockEndpoint(
	say: () => string,
	opts: {
		fail?: (n: number) => { status: number; body: string } | null;
		overrides?: Overrides;
		/** Choices follow from the request itself rather than from the request count (concurrent runs). */
		pure?: boolean;
		/** Milliseconds before each chat reply: a server's latency, so concurrent requests overlap. */
		latencyMs?: number;
	} = {}
): Promise<MockEndpoint> {
	const seen: MockEndpoint['seen'] = [];
	const peak = new Map<string, number>();
	const inFlight = new Map<string, number>();
	let n = 0;
	const server: Server = createServer((req, res) => {
		const cors = {
			'access-control-allow-origin': '*',
			'access-control-allow-headers': 'authorization, content-type',
			'access-control-allow-methods': 'GET, POST, OPTIONS'
		};
		if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
		seen.push({ auth: String(req.headers.authorization ?? ''), url: req.url ?? '' });
		if (req.url?.endsWith('/models'))
			return res
				.writeHead(200, { ...cors, 'content-type': 'application/json' })
				.end('{"data":[{"id":"mock"}]}');
		let body = '';
		req.on('data', (c) => (body += c));
		req.on('end', () => {
			n++;
			const failure = opts.fail?.(n);
			if (failure)
				return res
					.writeHead(failure.status, { ...cors, 'content-type': 'application/json' })
					.end(failure.body);
			const request = JSON.parse(body) as {
				messages?: unknown;
				response_format?: { json_schema?: { schema?: Schema } };
			};
			const schema = request.response_format?.json_schema?.schema;
			const kind = Object.keys(schema?.properties ?? {})
				.sort()
				.join(',');
			inFlight.set(kind, (inFlight.get(kind) ?? 0) + 1);
			peak.set(kind, Math.max(peak.get(kind) ?? 0, inFlight.get(kind)!));
			const choice = opts.pure ? bodyNumber(JSON.stringify(request.messages ?? null)) : n;
			const content = JSON.stringify(fill(schema, say, choice, opts.overrides));
			const answer = () => {
				inFlight.set(kind, inFlight.get(kind)! - 1);
				res.writeHead(200, { ...cors, 'content-type': 'application/json' });
				res.end(
					JSON.stringify({
						choices: [{ message: { content }, finish_reason: 'stop' }],
						usage: { prompt_tokens: 50, completion_tokens: 12 }
					})
				);
			};
			if (opts.latencyMs) setTimeout(answer, opts.latencyMs);
			else answer();
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	return {
		baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
		seen,
		get requests() {
			return n;
		},
		peak,
		close: () => new Promise<void>((r) => server.close(() => r()))
	};
}

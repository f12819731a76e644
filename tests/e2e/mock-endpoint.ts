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
	close(): Promise<void>;
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
	opts: { fail?: (n: number) => { status: number; body: string } | null; overrides?: Overrides } = {}
): Promise<MockEndpoint> {
	const seen: MockEndpoint['seen'] = [];
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
			const request = JSON.parse(body) as { response_format?: { json_schema?: { schema?: Schema } } };
			const content = JSON.stringify(
				fill(request.response_format?.json_schema?.schema, say, n, opts.overrides)
			);
			res.writeHead(200, { ...cors, 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					choices: [{ message: { content }, finish_reason: 'stop' }],
					usage: { prompt_tokens: 50, completion_tokens: 12 }
				})
			);
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	return {
		baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
		seen,
		close: () => new Promise<void>((r) => server.close(() => r()))
	};
}

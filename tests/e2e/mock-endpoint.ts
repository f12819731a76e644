/**
 * The browser tests' OpenAI-compatible endpoint: the one mock server (`scripts/mock-openai.ts`),
 * answering every chat request at once (not streamed) with an object that fits the request's JSON
 * schema, every string in it written by `say` (a test passes hostile text, or anything it wants to
 * trace). Scenario-blind, so it plays any scenario's LLM seats.
 */
import { startMockOpenAI } from '../../scripts/mock-openai';

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
		/** More fixed values for the requests to one model (by name): two models that answer apart. */
		byModel?: Record<string, Overrides>;
	} = {}
): Promise<MockEndpoint> {
	const server = await startMockOpenAI({
		fail: opts.fail,
		latencyMs: opts.latencyMs,
		reply: (body, n) => {
			const schema = body.response_format?.json_schema?.schema as Schema | undefined;
			const choice = opts.pure ? bodyNumber(JSON.stringify(body.messages ?? null)) : n;
			const model = (body as { model?: string }).model ?? '';
			return JSON.stringify(fill(schema, say, choice, { ...opts.overrides, ...opts.byModel?.[model] }));
		}
	});
	return {
		baseUrl: server.baseUrl,
		seen: server.seen,
		get requests() {
			return server.requests;
		},
		peak: server.peakByKind,
		close: server.close
	};
}

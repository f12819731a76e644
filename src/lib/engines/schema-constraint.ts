/**
 * Constrained decoding for engines without a grammar engine of their own (transformers.js): a reply's
 * JSON schema compiled to a small automaton over characters, and a chooser that picks each next token
 * from the model's own distribution among the tokens that keep the reply inside the schema and leave
 * room, within max_tokens, to finish it. The ask's legal options travel in the schema every engine
 * already gets (`enum`, `const`, `boolean`, integer bounds), so WebLLM's XGrammar, an endpoint's
 * json_schema and this chooser all hold a reply to the same options.
 *
 * The JSON is written compactly, properties in the schema's order. What a small model must be held to
 * is the structure and the choices; free strings stay free (any character but `"`, `\` and controls)
 * and are closed when the budget runs short. Unconstrained values (`{}`, objects with only
 * additionalProperties) are written as `{}`, arrays as `[]`, optional properties are left out: the
 * shortest reply the schema accepts, so a small model's budget goes to its choices.
 */
import { createStream, type Stream } from '../core/rng';
import type { JsonSchema } from './types';

type Edge = { to: number; ch: string } | { to: number; free: true } | { to: number; eps: true };

/** A schema as a character automaton (an NFA with ε-edges), with each state's distance to the end. */
export interface SchemaAutomaton {
	readonly edges: Edge[][];
	readonly start: number;
	readonly accept: number;
	/** The fewest characters from each state to a complete reply. */
	readonly dist: number[];
}

/** A character a free JSON string may hold; U+FFFD stands for a token's partial UTF-8 byte. */
const isFreeChar = (ch: string): boolean => ch !== '"' && ch !== '\\' && ch >= ' ';

/** Integer ranges up to this many values are listed as options; wider ones are free digits. */
const MAX_LISTED_RANGE = 200;

/** Does this schema hold a choice a decoder should enforce (an enum, a const, a boolean, a number)? */
export function hasChoice(schema: unknown): boolean {
	if (typeof schema !== 'object' || schema === null) return false;
	const s = schema as Record<string, unknown>;
	if ('enum' in s || 'const' in s) return true;
	const types = Array.isArray(s.type) ? s.type : [s.type];
	if (types.some((t) => t === 'boolean' || t === 'integer' || t === 'number')) return true;
	const nested = [
		...Object.values((s.properties as Record<string, unknown>) ?? {}),
		...((s.oneOf as unknown[]) ?? []),
		...((s.anyOf as unknown[]) ?? [])
	];
	return nested.some(hasChoice);
}

export function compileSchema(schema: JsonSchema): SchemaAutomaton {
	const edges: Edge[][] = [];
	const state = (): number => edges.push([]) - 1;
	const eps = (from: number, to: number): void => void edges[from]!.push({ to, eps: true });
	const lit = (text: string, from: number): number => {
		let at = from;
		for (const ch of text) {
			const next = state();
			edges[at]!.push({ to: next, ch });
			at = next;
		}
		return at;
	};
	const alt = (from: number, branches: ((start: number) => number)[]): number => {
		const join = state();
		for (const b of branches) {
			const start = state();
			eps(from, start);
			eps(b(start), join);
		}
		return join;
	};
	const digits = (from: number): number => {
		const end = state();
		const sign = state();
		eps(from, sign);
		const minus = lit('-', from);
		eps(minus, sign);
		let at = state();
		for (const d of '0123456789') edges[sign]!.push({ to: at, ch: d });
		eps(at, end);
		for (let i = 0; i < 8; i++) {
			const next = state();
			for (const d of '0123456789') edges[at]!.push({ to: next, ch: d });
			eps(next, end);
			at = next;
		}
		return end;
	};
	const freeString = (from: number, minLength: number): number => {
		let at = lit('"', from);
		for (let i = 0; i < Math.min(minLength, 1); i++) {
			const next = state();
			edges[at]!.push({ to: next, free: true });
			at = next;
		}
		edges[at]!.push({ to: at, free: true });
		return lit('"', at);
	};
	const value = (node: unknown, from: number): number => {
		if (typeof node !== 'object' || node === null) return lit('{}', from);
		const s = node as Record<string, unknown>;
		const alternatives = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
		if (alternatives?.length)
			return alt(
				from,
				alternatives.map((a) => (st: number) => value(a, st))
			);
		if ('const' in s) return lit(JSON.stringify(s.const), from);
		if (Array.isArray(s.enum))
			return alt(
				from,
				s.enum.map((v) => (st: number) => lit(JSON.stringify(v), st))
			);
		if (Array.isArray(s.type))
			return alt(
				from,
				s.type.map((t) => (st: number) => value({ ...s, type: t }, st))
			);
		switch (s.type) {
			case 'null':
				return lit('null', from);
			case 'boolean':
				return alt(from, [(st) => lit('true', st), (st) => lit('false', st)]);
			case 'integer':
			case 'number': {
				const { minimum: lo, maximum: hi } = s;
				if (typeof lo === 'number' && typeof hi === 'number' && hi - lo <= MAX_LISTED_RANGE) {
					const values = Array.from(
						{ length: Math.floor(hi) - Math.ceil(lo) + 1 },
						(_, i) => Math.ceil(lo) + i
					);
					return alt(
						from,
						values.map((v) => (st: number) => lit(String(v), st))
					);
				}
				return digits(from);
			}
			case 'string':
				return freeString(from, typeof s.minLength === 'number' ? s.minLength : 0);
			case 'array':
				return typeof s.minItems === 'number' && s.minItems > 0
					? lit(']', value(s.items, lit('[', from)))
					: lit('[]', from);
			case 'object': {
				const props = (s.properties ?? {}) as Record<string, unknown>;
				const required = Array.isArray(s.required) ? (s.required as string[]) : Object.keys(props);
				const keys = Object.keys(props).filter((k) => required.includes(k));
				let at = lit('{', from);
				keys.forEach((k, i) => {
					at = value(props[k], lit(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`, at));
				});
				return lit('}', at);
			}
			default:
				return lit('{}', from);
		}
	};
	const start = state();
	const accept = value(schema, start);
	return { edges, start, accept, dist: distances(edges, accept) };
}

/** The fewest characters from each state to `accept` (0-1 BFS over the reversed edges). */
function distances(edges: Edge[][], accept: number): number[] {
	const reverse: { from: number; cost: number }[][] = edges.map(() => []);
	edges.forEach((out, from) => {
		for (const e of out) reverse[e.to]!.push({ from, cost: 'eps' in e ? 0 : 1 });
	});
	const dist = edges.map(() => Infinity);
	dist[accept] = 0;
	const queue: number[] = [accept];
	while (queue.length) {
		const s = queue.shift()!;
		for (const { from, cost } of reverse[s]!) {
			const d = dist[s]! + cost;
			if (d < dist[from]!) {
				dist[from] = d;
				if (cost === 0) queue.unshift(from);
				else queue.push(from);
			}
		}
	}
	return dist;
}

/** Where a reply stands in the automaton: the set of states it may be in, ε-closed. */
export class SchemaMatcher {
	#states: number[];

	constructor(
		readonly automaton: SchemaAutomaton,
		states?: number[]
	) {
		this.#states = states ?? this.#closure([automaton.start]);
	}

	get complete(): boolean {
		return this.#states.includes(this.automaton.accept);
	}

	/** The fewest characters still needed to complete the reply. */
	get remaining(): number {
		let min = Infinity;
		for (const s of this.#states) min = Math.min(min, this.automaton.dist[s]!);
		return min;
	}

	/** Only complete replies: nothing may follow. */
	get closed(): boolean {
		return this.#states.every((s) => this.automaton.edges[s]!.every((e) => 'eps' in e));
	}

	/** The states after `text`, or null when the schema does not allow it here. */
	advance(text: string): SchemaMatcher | null {
		let states = this.#states;
		for (const ch of text) {
			const next = new Set<number>();
			for (const s of states) {
				for (const e of this.automaton.edges[s]!) {
					if ('ch' in e ? e.ch === ch : 'free' in e && isFreeChar(ch)) next.add(e.to);
				}
			}
			if (next.size === 0) return null;
			states = this.#closure([...next]);
		}
		return new SchemaMatcher(this.automaton, states);
	}

	#closure(seed: number[]): number[] {
		const seen = new Set(seed);
		const stack = [...seed];
		while (stack.length) {
			for (const e of this.automaton.edges[stack.pop()!]!) {
				if ('eps' in e && !seen.has(e.to)) {
					seen.add(e.to);
					stack.push(e.to);
				}
			}
		}
		return [...seen].sort((a, b) => a - b);
	}
}

export interface ChooserOptions {
	/** Each token's text as it reads inside a reply ('' for special tokens). */
	tokenTexts: readonly string[];
	/** The tokens that end a reply; the first is written when the reply is complete. */
	eos: readonly number[];
	maxTokens: number;
	temperature: number;
	topP?: number;
	seed: number;
}

/**
 * Picks each token of a constrained reply. Greedy: the likeliest allowed token. Sampling: a draw from
 * the model's distribution (temperature, then top-p) with the seed's own stream; a draw outside the
 * schema is redrawn from the allowed tokens alone, which is the same distribution restricted to them.
 * A token is allowed when the schema accepts its text and the reply can still be completed, one
 * character per token at worst, within max_tokens (the end token included).
 */
export class ConstrainedChooser {
	#matcher: SchemaMatcher;
	#written = 0;
	readonly #stream: Stream;

	constructor(
		automaton: SchemaAutomaton,
		private readonly opts: ChooserOptions
	) {
		this.#matcher = new SchemaMatcher(automaton);
		this.#stream = createStream(opts.seed, 'constrained-decoding');
	}

	/** Chooses the next token from one row of logits and moves past it. */
	choose(logits: Float32Array): number {
		const id = this.#pick(logits);
		this.#written++;
		const next = this.#matcher.advance(this.opts.tokenTexts[id] ?? '');
		if (next) this.#matcher = next;
		return id;
	}

	#pick(logits: Float32Array): number {
		const eos = this.opts.eos[0]!;
		if (this.#matcher.complete && (this.#matcher.closed || this.#left() < 2)) return eos;
		const allowed = (id: number, budget = true): boolean => this.#allowed(id, budget);
		const sample = this.opts.temperature > 0;
		const first = sample ? this.#draw(logits, null) : argmax(logits, null);
		if (first >= 0 && allowed(first)) return first;
		const mask = new Uint8Array(logits.length);
		let any = false;
		for (let id = 0; id < logits.length; id++)
			if (allowed(id)) {
				mask[id] = 1;
				any = true;
			}
		if (any) return sample ? this.#draw(logits, mask) : argmax(logits, mask);
		// No room left to finish within max_tokens (a budget below the schema's shortest reply): take
		// the shortest way on, so the reply is as near complete as the budget allows.
		if (this.#matcher.complete) return eos;
		let best = -1;
		let bestLeft = Infinity;
		for (let id = 0; id < logits.length; id++) {
			const next = allowed(id, false) ? this.#matcher.advance(this.opts.tokenTexts[id]!) : null;
			if (
				next &&
				(next.remaining < bestLeft || (next.remaining === bestLeft && logits[id]! > logits[best]!))
			) {
				best = id;
				bestLeft = next.remaining;
			}
		}
		return best >= 0 ? best : eos;
	}

	#left(): number {
		return this.opts.maxTokens - this.#written;
	}

	#allowed(id: number, budget: boolean): boolean {
		const text = this.opts.tokenTexts[id];
		if (this.#matcher.complete && this.opts.eos.includes(id)) return true;
		if (!text) return false;
		const next = this.#matcher.advance(text);
		if (!next) return false;
		// After this token: the characters still needed, then the end token.
		return !budget || next.remaining + 1 <= this.#left() - 1;
	}

	/** A seeded draw from softmax(logits / T), cut to the top-p nucleus, among `mask` when given. */
	#draw(logits: Float32Array, mask: Uint8Array | null): number {
		const t = this.opts.temperature;
		let max = -Infinity;
		for (let i = 0; i < logits.length; i++) if ((!mask || mask[i]) && logits[i]! > max) max = logits[i]!;
		if (max === -Infinity) return -1;
		const probs = new Float64Array(logits.length);
		let sum = 0;
		for (let i = 0; i < logits.length; i++) {
			if (mask && !mask[i]) continue;
			sum += probs[i] = Math.exp((logits[i]! - max) / t);
		}
		const topP = this.opts.topP;
		if (topP !== undefined && topP < 1) {
			const order = Array.from(probs.keys())
				.filter((i) => probs[i]! > 0)
				.sort((a, b) => probs[b]! - probs[a]! || a - b);
			let kept = 0;
			let k = 0;
			while (k < order.length && (k === 0 || kept < topP * sum)) kept += probs[order[k++]!]!;
			for (; k < order.length; k++) probs[order[k]!] = 0;
			sum = kept;
		}
		let u = this.#stream.next() * sum;
		let last = -1;
		for (let i = 0; i < probs.length; i++) {
			if (probs[i]! <= 0) continue;
			last = i;
			u -= probs[i]!;
			if (u < 0) return i;
		}
		return last;
	}
}

function argmax(logits: Float32Array, mask: Uint8Array | null): number {
	let best = -1;
	for (let i = 0; i < logits.length; i++) {
		if (mask && !mask[i]) continue;
		if (best < 0 || logits[i]! > logits[best]!) best = i;
	}
	return best;
}

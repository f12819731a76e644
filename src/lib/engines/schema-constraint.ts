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

/**
 * One set of automaton states a reply may be in (ε-closed), as a node of a DFA built lazily over the
 * automaton: each set is made once per automaton, and each character's move from it once, so a token's
 * text is matched with a map lookup per character instead of a set of states built and sorted.
 */
interface DfaNode {
	readonly states: readonly number[];
	readonly complete: boolean;
	readonly remaining: number;
	readonly closed: boolean;
	/** The characters some state here has a literal edge for. */
	readonly literals: ReadonlySet<string>;
	/** Whether some state here takes any free character. */
	readonly free: boolean;
	/** Memoised moves: a character to the next node, null where the schema refuses it. */
	readonly moves: Map<string, DfaNode | null>;
	/** The move of a free character that is no literal here (all such move alike); undefined: not yet. */
	freeMove: DfaNode | null | undefined;
	/** Per token vocabulary: the tokens this node accepts (in id order) and the characters left after each. */
	readonly tokens: WeakMap<readonly string[], TokenMoves>;
}

interface TokenMoves {
	readonly ids: Int32Array;
	readonly remaining: Float64Array;
}

const dfas = new WeakMap<SchemaAutomaton, Map<string, DfaNode>>();

function closure(a: SchemaAutomaton, seed: Iterable<number>): number[] {
	const seen = new Set(seed);
	const stack = [...seen];
	while (stack.length) {
		for (const e of a.edges[stack.pop()!]!) {
			if ('eps' in e && !seen.has(e.to)) {
				seen.add(e.to);
				stack.push(e.to);
			}
		}
	}
	return [...seen].sort((x, y) => x - y);
}

function node(a: SchemaAutomaton, states: number[]): DfaNode {
	let dfa = dfas.get(a);
	if (!dfa) dfas.set(a, (dfa = new Map()));
	const key = states.join(',');
	const known = dfa.get(key);
	if (known) return known;
	let remaining = Infinity;
	let closed = true;
	let free = false;
	const literals = new Set<string>();
	for (const st of states) {
		remaining = Math.min(remaining, a.dist[st]!);
		for (const e of a.edges[st]!) {
			if ('eps' in e) continue;
			closed = false;
			if ('ch' in e) literals.add(e.ch);
			else free = true;
		}
	}
	const made: DfaNode = {
		states,
		complete: states.includes(a.accept),
		remaining,
		closed,
		literals,
		free,
		moves: new Map(),
		freeMove: undefined,
		tokens: new WeakMap()
	};
	dfa.set(key, made);
	return made;
}

/** The states after one character from `from`, or null when no state here takes it. */
function move(a: SchemaAutomaton, from: DfaNode, ch: string): DfaNode | null {
	const literal = from.literals.has(ch);
	if (!literal) {
		if (!from.free || !isFreeChar(ch)) return null;
		if (from.freeMove !== undefined) return from.freeMove;
	} else {
		const known = from.moves.get(ch);
		if (known !== undefined) return known;
	}
	const next = new Set<number>();
	for (const st of from.states)
		for (const e of a.edges[st]!) if ('ch' in e ? e.ch === ch : 'free' in e && isFreeChar(ch)) next.add(e.to);
	const to = next.size ? node(a, closure(a, next)) : null;
	if (literal) from.moves.set(ch, to);
	else from.freeMove = to;
	return to;
}

function advanceNode(a: SchemaAutomaton, from: DfaNode, text: string): DfaNode | null {
	let at: DfaNode | null = from;
	for (const ch of text) {
		at = move(a, at, ch);
		if (!at) return null;
	}
	return at;
}

/** Token ids by the first character of their text, for nodes that take only a few characters. */
const byFirst = new WeakMap<readonly string[], Map<string, number[]>>();

function firstCharIndex(texts: readonly string[]): Map<string, number[]> {
	let index = byFirst.get(texts);
	if (index) return index;
	index = new Map();
	for (let id = 0; id < texts.length; id++) {
		const text = texts[id];
		if (!text) continue;
		const first = String.fromCodePoint(text.codePointAt(0)!);
		const list = index.get(first);
		if (list) list.push(id);
		else index.set(first, [id]);
	}
	byFirst.set(texts, index);
	return index;
}

/**
 * The tokens a node accepts and the characters still needed after each, worked out once per node and
 * vocabulary: a node with no free edge looks only at the tokens that start with one of its literals.
 */
function tokenMoves(a: SchemaAutomaton, from: DfaNode, texts: readonly string[]): TokenMoves {
	const known = from.tokens.get(texts);
	if (known) return known;
	const ids: number[] = [];
	const remaining: number[] = [];
	const consider = (id: number): void => {
		const text = texts[id];
		if (!text) return;
		const to = advanceNode(a, from, text);
		if (!to) return;
		ids.push(id);
		remaining.push(to.remaining);
	};
	if (from.free) for (let id = 0; id < texts.length; id++) consider(id);
	else {
		const index = firstCharIndex(texts);
		const candidates: number[] = [];
		for (const ch of from.literals) for (const id of index.get(ch) ?? []) candidates.push(id);
		candidates.sort((x, y) => x - y);
		for (const id of candidates) consider(id);
	}
	const made = { ids: Int32Array.from(ids), remaining: Float64Array.from(remaining) };
	from.tokens.set(texts, made);
	return made;
}

/** Where a reply stands in the automaton: the set of states it may be in, ε-closed. */
export class SchemaMatcher {
	readonly #node: DfaNode;

	constructor(
		readonly automaton: SchemaAutomaton,
		states?: number[]
	) {
		this.#node = node(automaton, closure(automaton, states ?? [automaton.start]));
	}

	static #at(automaton: SchemaAutomaton, at: DfaNode): SchemaMatcher {
		return new SchemaMatcher(automaton, at.states as number[]);
	}

	get complete(): boolean {
		return this.#node.complete;
	}

	/** The fewest characters still needed to complete the reply. */
	get remaining(): number {
		return this.#node.remaining;
	}

	/** Only complete replies: nothing may follow. */
	get closed(): boolean {
		return this.#node.closed;
	}

	/** The states after `text`, or null when the schema does not allow it here. */
	advance(text: string): SchemaMatcher | null {
		const to = advanceNode(this.automaton, this.#node, text);
		return to ? SchemaMatcher.#at(this.automaton, to) : null;
	}

	/** The characters still needed after `text`, or -1 when the schema does not allow it here. */
	remainingAfter(text: string): number {
		return advanceNode(this.automaton, this.#node, text)?.remaining ?? -1;
	}

	/** Every token of `texts` allowed here (id order) and the characters still needed after each. */
	tokens(texts: readonly string[]): TokenMoves {
		return tokenMoves(this.automaton, this.#node, texts);
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
		const sample = this.opts.temperature > 0;
		const first = sample ? this.#draw(logits, null) : argmax(logits, null);
		if (first >= 0 && this.#allowed(first)) return first;
		// The tokens this state accepts, worked out once per state and vocabulary (a free string's
		// state recurs at every token of the string); the budget is checked per step.
		const { ids, remaining } = this.#matcher.tokens(this.opts.tokenTexts);
		const mask = new Uint8Array(logits.length);
		let any = false;
		const room = this.#left() - 2;
		for (let k = 0; k < ids.length; k++)
			if (remaining[k]! <= room && ids[k]! < logits.length) {
				mask[ids[k]!] = 1;
				any = true;
			}
		if (this.#matcher.complete)
			for (const id of this.opts.eos)
				if (id < logits.length) {
					mask[id] = 1;
					any = true;
				}
		if (any) return sample ? this.#draw(logits, mask) : argmax(logits, mask);
		// No room left to finish within max_tokens (a budget below the schema's shortest reply): take
		// the shortest way on, so the reply is as near complete as the budget allows.
		if (this.#matcher.complete) return eos;
		let best = -1;
		let bestLeft = Infinity;
		for (let k = 0; k < ids.length; k++) {
			const id = ids[k]!;
			if (id >= logits.length) continue;
			const left = remaining[k]!;
			if (left < bestLeft || (left === bestLeft && logits[id]! > logits[best]!)) {
				best = id;
				bestLeft = left;
			}
		}
		return best >= 0 ? best : eos;
	}

	#left(): number {
		return this.opts.maxTokens - this.#written;
	}

	#allowed(id: number): boolean {
		const text = this.opts.tokenTexts[id];
		if (this.#matcher.complete && this.opts.eos.includes(id)) return true;
		if (!text) return false;
		const left = this.#matcher.remainingAfter(text);
		// After this token: the characters still needed, then the end token.
		return left >= 0 && left + 1 <= this.#left() - 1;
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

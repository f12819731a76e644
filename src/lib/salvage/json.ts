/**
 * JSON in a model's reply, however broken: found after prose or in fences, with smart or single
 * quotes, bare keys, Python literals, trailing commas, or cut off by the token limit.
 *
 * Finding the objects is hand-written: a reply is mostly prose with objects in it, and what a parser
 * needs is each object's span and whether the text ended inside it (or inside one of its strings),
 * which no JSON library reports. Repairing one object is `jsonrepair`'s job.
 */
import { jsonrepair } from 'jsonrepair';

export interface JsonSpan {
	start: number;
	end: number;
	raw: string;
	/** False when the text ended inside the object: the reply was cut off. */
	complete: boolean;
	/** Cut off inside a string: a value was cut mid-way, so nothing can be closed safely. */
	inString: boolean;
	/**
	 * The object, when it parses after repair. An object cut off after a whole value is closed (that
	 * adds nothing the model did not write); one cut inside a string has no value: read its fields
	 * with `rawField`, which says which of them were cut.
	 */
	value: Record<string, unknown> | undefined;
}

/** An object worth reading opens with a key (or is empty); other braces are prose or code. */
const JSONISH = /^\{\s*(?:\}|["'“”]?[A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff -]{0,40}["'“”]?\s*[:：])/;

export function asObject(v: unknown): Record<string, unknown> | undefined {
	return typeof v === 'object' && v !== null && !Array.isArray(v)
		? (v as Record<string, unknown>)
		: undefined;
}

/**
 * Scans strings and brackets from `from` (a `{`): where the object closes, or, when the text ends
 * first, whether it ended inside a string and which brackets are still open (closers, innermost last).
 */
function scan(
	s: string,
	from: number
): { end: number; complete: boolean; inString: boolean; open: string[] } {
	const open: string[] = [];
	let inString = false;
	let escaped = false;
	for (let j = from; j < s.length; j++) {
		const c = s[j];
		if (inString) {
			if (escaped) escaped = false;
			else if (c === '\\') escaped = true;
			else if (c === '"') inString = false;
			continue;
		}
		if (c === '"') inString = true;
		else if (c === '{' || c === '[') open.push(c === '{' ? '}' : ']');
		else if ((c === '}' || c === ']') && open.pop() !== undefined && open.length === 0)
			return { end: j + 1, complete: true, inString: false, open };
	}
	return { end: s.length, complete: false, inString, open };
}

/** Every JSON-looking object in the text, outermost only, in order. */
export function findJsonObjects(s: string): JsonSpan[] {
	const out: JsonSpan[] = [];
	for (let i = 0; i < s.length; i++) {
		if (s[i] !== '{') continue;
		const { end, complete, inString } = scan(s, i);
		const raw = s.slice(i, end);
		if (!JSONISH.test(raw)) continue;
		const value = complete ? parseLenient(raw) : inString ? undefined : parseLenient(closeBrackets(raw));
		out.push({ start: i, end, raw, complete, inString, value });
		i = end - 1;
	}
	return out;
}

/** The text with the given objects cut out (each replaced by a line break): the prose around them. */
export function withoutSpans(s: string, spans: readonly JsonSpan[]): string {
	let prose = s;
	for (const o of [...spans].reverse()) prose = prose.slice(0, o.start) + '\n' + prose.slice(o.end);
	return prose;
}

/** Closes the brackets an object cut off after a whole value left open. */
function closeBrackets(raw: string): string {
	const { open } = scan(raw, 0);
	return raw.replace(/[\s,:]+$/, '') + open.reverse().join('');
}

/** A full-width colon after a key ("发言：…"), which jsonrepair does not read as a colon. */
const WIDE_COLON = /([{,]\s*["'“”]?[A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff]*["'“”]?\s*)：/g;

/** An object from JSON, or from what `jsonrepair` makes of it; undefined when neither is an object. */
export function parseLenient(raw: string): Record<string, unknown> | undefined {
	try {
		return asObject(JSON.parse(raw));
	} catch {
		// fall through to the repair
	}
	try {
		return asObject(JSON.parse(jsonrepair(raw.replace(WIDE_COLON, '$1:'))));
	} catch {
		return undefined;
	}
}

/** Key names compared loosely: "Task_ID", "task id" and "taskid" are one key. */
export const normKey = (k: string) => k.toLowerCase().replace(/[\s_-]+/g, '');

/** The first of `keys` (in priority order) present with a value that is not null or empty. */
export function field(obj: Record<string, unknown>, keys: readonly string[]): unknown {
	const byKey = new Map(Object.entries(obj).map(([k, v]) => [normKey(k), v] as const));
	for (const k of keys) {
		const v = byKey.get(normKey(k));
		if (v !== undefined && v !== null && v !== '') return v;
	}
	return undefined;
}

/** `field`, or else the same in an object one level below ({ "reply": { "speech": … } }). */
export function fieldDeep(obj: Record<string, unknown>, keys: readonly string[]): unknown {
	const top = field(obj, keys);
	if (top !== undefined) return top;
	for (const v of Object.values(obj)) {
		const inner = asObject(v);
		const found = inner ? field(inner, keys) : undefined;
		if (found !== undefined) return found;
	}
	return undefined;
}

/** Whether any of `keys` is present at all (whatever its value). */
export function hasField(obj: Record<string, unknown>, keys: readonly string[]): boolean {
	const names = new Set(Object.keys(obj).map(normKey));
	return keys.some((k) => names.has(normKey(k)));
}

export interface RawField {
	value: string | number;
	/** False when the string value runs to the end of the text: the reply was cut off inside it. */
	complete: boolean;
}

export function escapeRegExp(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reads one field from JSON that does not parse (cut off inside a string, or malformed), by pattern. */
export function rawField(raw: string, keys: readonly string[]): RawField | undefined {
	for (const key of keys) {
		const re = new RegExp(
			`(?<![\\w\\u4e00-\\u9fff])["'“”]?${escapeRegExp(key)}["'“”]?(?![\\w\\u4e00-\\u9fff])\\s*[:：=]\\s*`,
			'i'
		);
		const m = re.exec(raw);
		if (!m) continue;
		const at = m.index + m[0].length;
		const open = raw[at];
		if (open === '"' || open === "'" || open === '“') {
			const close = open === '“' ? '”' : open;
			let k = at + 1;
			let escaped = false;
			for (; k < raw.length; k++) {
				const c = raw[k];
				if (escaped) escaped = false;
				else if (c === '\\') escaped = true;
				else if (c === close) break;
			}
			const body = raw.slice(at + 1, k);
			return { value: unescapeJson(body), complete: k < raw.length };
		}
		const token = (/^[^,}\n]*/.exec(raw.slice(at))?.[0] ?? '').trim();
		if (!token) continue;
		const n = Number(token);
		return { value: Number.isFinite(n) && /^-?\d+(\.\d+)?$/.test(token) ? n : token, complete: true };
	}
	return undefined;
}

function unescapeJson(body: string): string {
	try {
		return JSON.parse(`"${body.replace(/\\$/, '')}"`) as string;
	} catch {
		return body.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
	}
}

/** A value read from a parsed object, or by pattern from one that did not parse. */
export function spanField(span: JsonSpan, keys: readonly string[]): unknown {
	return span.value ? fieldDeep(span.value, keys) : rawField(span.raw, keys)?.value;
}

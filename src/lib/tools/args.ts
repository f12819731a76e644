/**
 * Tool arguments as the log keeps them: JSON-safe (the log hashes canonical JSON, which rejects
 * undefined in arrays, non-finite numbers, bigints and cycles) and at most ~500 characters, so a
 * 1 MB write does not copy itself into the audit trail twice (its content is in `effect`).
 */
export const MAX_LOGGED_ARGS_CHARS = 500;

interface Caps {
	text: number;
	items: number;
	keys: number;
	depth: number;
}

/** Cut a string without splitting a surrogate pair, saying how long it was. */
function cutText(s: string, max: number): string {
	if (s.length <= max) return s;
	let end = max;
	const last = s.charCodeAt(end - 1);
	if (last >= 0xd800 && last <= 0xdbff) end--;
	return `${s.slice(0, end)}…(${s.length} chars)`;
}

function safe(value: unknown, caps: Caps, depth: number, seen: Set<object>): unknown {
	switch (typeof value) {
		case 'string':
			return cutText(value, caps.text);
		case 'number':
			return Number.isFinite(value) ? value : String(value);
		case 'boolean':
			return value;
		case 'bigint':
			return cutText(`${value}n`, caps.text);
		case 'undefined':
			return null;
		case 'function':
		case 'symbol':
			return `[${typeof value}]`;
	}
	if (value === null) return null;
	const obj = value as object;
	if (seen.has(obj)) return '[cycle]';
	if (depth >= caps.depth) return Array.isArray(obj) ? '[array]' : '[object]';
	seen.add(obj);
	let out: unknown;
	if (Array.isArray(obj)) {
		const items = obj.slice(0, caps.items).map((v) => safe(v, caps, depth + 1, seen));
		if (obj.length > caps.items) items.push(`…(${obj.length} items)`);
		out = items;
	} else {
		const keys = Object.keys(obj);
		const entries: [string, unknown][] = [];
		for (const k of keys.slice(0, caps.keys)) {
			const v = (obj as Record<string, unknown>)[k];
			if (v === undefined) continue;
			entries.push([cutText(k, 60), safe(v, caps, depth + 1, seen)]);
		}
		if (keys.length > caps.keys) entries.push(['…', `${keys.length} keys`]);
		// fromEntries defines own properties, so a key named "__proto__" stays data, not a prototype.
		out = Object.fromEntries(entries);
	}
	seen.delete(obj);
	return out;
}

/** Arguments as given when they are small, else a shortened copy, else a cut JSON text. */
export function argsForLog(args: unknown): unknown {
	const roomy = safe(args, { text: MAX_LOGGED_ARGS_CHARS, items: 50, keys: 30, depth: 6 }, 0, new Set());
	const text = JSON.stringify(roomy) ?? 'null';
	if (text.length <= MAX_LOGGED_ARGS_CHARS) return roomy;
	const tight = safe(args, { text: 120, items: 10, keys: 12, depth: 4 }, 0, new Set());
	const tightText = JSON.stringify(tight) ?? 'null';
	if (tightText.length <= MAX_LOGGED_ARGS_CHARS) return tight;
	return cutText(tightText, MAX_LOGGED_ARGS_CHARS - 20);
}

/** Small text helpers shared by the tools: byte counts, readable quoting, code points. */

/** UTF-8 length without allocating (TextEncoder would copy the whole string). Lone surrogates count 3, as U+FFFD. */
export function utf8Length(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x80) bytes += 1;
		else if (c < 0x800) bytes += 2;
		else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
			const d = text.charCodeAt(i + 1);
			if (d >= 0xdc00 && d <= 0xdfff) {
				bytes += 4;
				i++;
			} else bytes += 3;
		} else bytes += 3;
	}
	return bytes;
}

/**
 * A value quoted for a message a person reads: JSON escapes make control characters and lone
 * surrogates visible, and long values are cut so a 1 MB path cannot flood a log line.
 */
export function quote(text: string, max = 80): string {
	const cut = text.length > max ? text.slice(0, max) : text;
	return JSON.stringify(cut) + (text.length > max ? `… (${text.length} characters)` : '');
}

/** "U+FF0E" for a code point. */
export function codePoint(cp: number): string {
	return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

/** A noun phrase for an unexpected value's type, for error messages. */
export function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'undefined';
	if (Array.isArray(value)) return 'an array';
	const t = typeof value;
	return t === 'object' ? 'an object' : `a ${t}`;
}

/** Plain objects only: arrays, null and class instances are not argument objects. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
	const proto = Object.getPrototypeOf(value) as unknown;
	return proto === Object.prototype || proto === null;
}

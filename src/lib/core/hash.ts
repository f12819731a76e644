/**
 * Hashing shared by Node and the browser.
 *
 * SHA-256 comes from @noble/hashes, a synchronous audited implementation that yields the same bytes
 * as WebCrypto's `crypto.subtle.digest('SHA-256')` (a test checks that) at a fraction of the cost:
 * WebCrypto is asynchronous, and awaiting it for every event would cap a game far below the
 * thousand-games-a-second goal.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Reused for every hash: encoding into it saves an allocation and a copy per event. */
let scratch = new Uint8Array(1 << 16);
const encoder = new TextEncoder();
/** Texts longer than this (a few MB of UTF-8) are encoded on their own rather than kept in `scratch`. */
const MAX_SCRATCH = 1 << 22;

/** SHA-256 of the text's UTF-8 bytes (lone surrogates as U+FFFD, as TextEncoder writes them). */
export function sha256Hex(text: string): string {
	// UTF-8 takes at most three bytes per UTF-16 code unit.
	const most = text.length * 3;
	if (most > scratch.length) {
		if (most > MAX_SCRATCH) return bytesToHex(sha256(encoder.encode(text)));
		scratch = new Uint8Array(Math.max(most, scratch.length * 2));
	}
	const { written } = encoder.encodeInto(text, scratch);
	return bytesToHex(sha256(scratch.subarray(0, written)));
}

/** The length of a text in UTF-8 bytes, counted without encoding it. */
export function utf8Length(text: string): number {
	let n = text.length;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		// Two bytes below U+0800, three above; a surrogate pair is four (two for each half).
		if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
	}
	return n;
}

/** FNV-1a, 32 bits, with a salt: only for seeding generators, never for integrity. */
export function fnv1a32(text: string, salt = 0): number {
	let h = (0x811c9dc5 ^ Math.imul(salt, 0x9e3779b1)) >>> 0;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	return h >>> 0;
}

/** Event data uses a few dozen distinct keys; quoting each once saves work on every event. */
const quotedKeys = new Map<string, string>();

function quotedKey(k: string): string {
	let quoted = quotedKeys.get(k);
	if (quoted === undefined) {
		quoted = JSON.stringify(k) + ':';
		if (quotedKeys.size < 4096) quotedKeys.set(k, quoted);
	}
	return quoted;
}

/**
 * JSON with object keys sorted, so that the same value always hashes the same whatever order its
 * keys were built in. Rejects what JSON cannot carry faithfully.
 *
 * Written for speed, since every event of every log passes through it: keys are sorted in place by
 * insertion sort (objects here are small, and often already in order), with `<` on strings, which
 * compares UTF-16 code units like the default `sort()`; nothing is copied but the output. A property
 * test (`hash.spec.ts`) holds it equal to the plain definition on random JSON values.
 */
export function canonicalJson(value: unknown): string {
	switch (typeof value) {
		case 'string':
			return JSON.stringify(value);
		case 'number':
			if (!Number.isFinite(value)) throw new TypeError(`cannot hash a non-finite number: ${value}`);
			return String(value); // what JSON.stringify gives for a finite number, without its overhead
		case 'boolean':
			return value ? 'true' : 'false';
		case 'object': {
			if (value === null) return 'null';
			if (Array.isArray(value)) {
				const n = value.length;
				if (n === 0) return '[]';
				let out = '[' + canonicalJson(value[0]);
				for (let i = 1; i < n; i++) out += ',' + canonicalJson(value[i]);
				return out + ']';
			}
			const obj = value as Record<string, unknown>;
			// A class instance that says how it is written as JSON (a persistent list) is hashed as that.
			if (Object.getPrototypeOf(obj) !== Object.prototype && typeof obj.toJSON === 'function')
				return canonicalJson((obj.toJSON as () => unknown)());
			const keys = Object.keys(obj);
			for (let i = 1; i < keys.length; i++) {
				const k = keys[i] as string;
				let j = i - 1;
				if ((keys[j] as string) < k) continue;
				for (; j >= 0 && (keys[j] as string) > k; j--) keys[j + 1] = keys[j] as string;
				keys[j + 1] = k;
			}
			let out = '';
			for (let i = 0; i < keys.length; i++) {
				const k = keys[i] as string;
				const v = obj[k];
				if (v === undefined) continue;
				out += (out ? ',' : '{') + quotedKey(k) + canonicalJson(v);
			}
			return out ? out + '}' : '{}';
		}
		default:
			throw new TypeError(`cannot hash a ${typeof value}`);
	}
}

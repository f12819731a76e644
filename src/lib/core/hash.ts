/**
 * Hashing shared by Node and the browser.
 *
 * SHA-256 comes from @noble/hashes, a synchronous audited implementation that yields the same bytes
 * as WebCrypto's `crypto.subtle.digest('SHA-256')` (a test checks that) at a fraction of the cost:
 * WebCrypto is asynchronous, and awaiting it for every event would cap a game far below the
 * thousand-games-a-second goal.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
	return bytesToHex(sha256(utf8ToBytes(text)));
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

/**
 * JSON with object keys sorted, so that the same value always hashes the same whatever order its
 * keys were built in. Rejects what JSON cannot carry faithfully.
 */
export function canonicalJson(value: unknown): string {
	if (value === null) return 'null';
	switch (typeof value) {
		case 'number':
			if (!Number.isFinite(value)) throw new TypeError(`cannot hash a non-finite number: ${value}`);
			return String(value); // what JSON.stringify gives for a finite number, without its overhead
		case 'string':
		case 'boolean':
			return JSON.stringify(value);
		case 'object': {
			if (Array.isArray(value)) {
				let out = '[';
				for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
				return out + ']';
			}
			const obj = value as Record<string, unknown>;
			// Default sort compares UTF-16 code units, the same order on every engine.
			const keys = Object.keys(obj).sort();
			let out = '{';
			let first = true;
			for (const k of keys) {
				const v = obj[k];
				if (v === undefined) continue;
				let quoted = quotedKeys.get(k);
				if (quoted === undefined) {
					quoted = JSON.stringify(k) + ':';
					if (quotedKeys.size < 4096) quotedKeys.set(k, quoted);
				}
				out += (first ? '' : ',') + quoted + canonicalJson(v);
				first = false;
			}
			return out + '}';
		}
		default:
			throw new TypeError(`cannot hash a ${typeof value}`);
	}
}

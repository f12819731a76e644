/**
 * API keys for OpenAI-compatible endpoints, kept in this browser's localStorage and nowhere else:
 * never in a share link, an export, the IndexedDB run log or a URL.
 *
 * Keys are stored per endpoint under `conclave:key:<origin+path>` of the normalised base URL, so
 * `http://localhost:11434` and `http://localhost:11434/v1/` find the same key. Storage can be missing
 * or refuse access (private windows, blocked site data, sandboxed frames, a full quota): every function
 * then answers null or false and never throws, and the person is simply asked for the key again.
 */
import { normaliseBaseUrl } from '../engines/base-url';

export const KEY_PREFIX = 'conclave:key:';

/** The storage entry for an endpoint, or null when the URL is not one the engine would accept. */
export function apiKeyStorageKey(baseUrl: string): string | null {
	try {
		return `${KEY_PREFIX}${normaliseBaseUrl(baseUrl)}`;
	} catch {
		return null;
	}
}

function storage(): Storage | null {
	try {
		// Reading the property itself throws a SecurityError where site data is blocked.
		const s = (globalThis as { localStorage?: Storage }).localStorage;
		return s ?? null;
	} catch {
		return null;
	}
}

/** Saves the key for this endpoint; an empty key forgets it. False when it could not be saved. */
export function saveApiKey(baseUrl: string, key: string): boolean {
	const trimmed = key.trim();
	if (trimmed === '') return forgetApiKey(baseUrl);
	const name = apiKeyStorageKey(baseUrl);
	const s = storage();
	if (name === null || s === null) return false;
	try {
		s.setItem(name, trimmed);
		return true;
	} catch {
		return false;
	}
}

/** The saved key for this endpoint, or null when there is none or storage cannot be read. */
export function loadApiKey(baseUrl: string): string | null {
	const name = apiKeyStorageKey(baseUrl);
	const s = storage();
	if (name === null || s === null) return null;
	try {
		const value = s.getItem(name);
		return value === null || value === '' ? null : value;
	} catch {
		return null;
	}
}

/** Removes the saved key for this endpoint. False when storage could not be reached. */
export function forgetApiKey(baseUrl: string): boolean {
	const name = apiKeyStorageKey(baseUrl);
	const s = storage();
	if (name === null || s === null) return false;
	try {
		s.removeItem(name);
		return true;
	} catch {
		return false;
	}
}

/**
 * API keys for OpenAI-compatible endpoints, kept in this browser's localStorage and nowhere else:
 * never in a share link, an export, the IndexedDB run log or a URL.
 *
 * Keys are stored per endpoint under `conclave:key:<origin+path>` of the normalised base URL, so
 * `http://localhost:11434` and `http://localhost:11434/v1/` find the same key. Storage can be missing
 * or refuse access (private windows, blocked site data, sandboxed frames, a full quota): every function
 * then answers null or false and never throws, and the person is simply asked for the key again.
 */
import { normaliseBaseUrl } from '../engines/openai';

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

/**
 * Replaces every occurrence of each secret with '[redacted]', before text is logged or shown. Longer
 * secrets go first so that a secret containing another is replaced whole; the URL-encoded form is
 * covered too, since keys also leak inside URLs. Empty secrets are skipped (they would match
 * everywhere).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret === '') continue;
		forms.add(secret);
		forms.add(encodeURIComponent(secret));
	}
	let out = text;
	for (const form of [...forms].sort((a, b) => b.length - a.length)) out = out.split(form).join('[redacted]');
	return out;
}

/**
 * Share links: the whole setup of a run (scenario, seed, config) in the URL fragment, which never
 * reaches a server. Format: `v<version>.<base64url of deflated JSON>`.
 *
 * Decoding never throws: whatever a person pastes, they get a result or a sentence saying what is
 * wrong with the link.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { isSeed, scenarios } from '../scenarios';

export const LINK_VERSION = 1;
/** Longer fragments are refused before any decoding work. */
export const MAX_FRAGMENT = 4096;
const MAX_JSON = 16384;

export interface SharedRun {
	scenario: string;
	seed: number;
	config: Record<string, unknown>;
}

export type Decoded = { ok: true; run: SharedRun } | { ok: false; error: string };

function toBase64Url(bytes: Uint8Array): string {
	let bin = '';
	for (const b of bytes) bin += String.fromCharCode(b);
	return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
	if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
	const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
	return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** Encodes an already validated run setup. */
export function encodeShare(run: SharedRun): string {
	const json = JSON.stringify({ s: run.scenario, n: run.seed, c: run.config });
	return `v${LINK_VERSION}.${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}

export function decodeShare(fragment: string): Decoded {
	const bad = (why: string): Decoded => ({ ok: false, error: `This share link is damaged: ${why}.` });
	if (typeof fragment !== 'string') return bad('it is not text');
	const text = fragment.replace(/^#/, '').trim();
	if (!text) return bad('it is empty');
	if (text.length > MAX_FRAGMENT) return bad('it is far too long');
	const m = /^v(\d{1,6})\.(.*)$/s.exec(text);
	if (!m) return bad('it does not start with a version (v1.)');
	const version = Number(m[1]);
	if (version > LINK_VERSION)
		return {
			ok: false,
			error: `This link was made by a newer version of Conclave (link format v${version}; this site reads up to v${LINK_VERSION}). Reload the site to update it.`
		};
	if (version < 1) return bad(`format v${version} does not exist`);
	const bytes = fromBase64Url(m[2] as string);
	if (!bytes || bytes.length === 0) return bad('it contains characters a link cannot have, or was cut short');
	let json: string;
	try {
		const raw = inflateSync(bytes);
		if (raw.length > MAX_JSON) return bad('it unpacks to far too much data');
		json = strFromU8(raw);
	} catch {
		return bad('it was cut short or altered');
	}
	let value: unknown;
	try {
		value = JSON.parse(json);
	} catch {
		return bad('its contents are not readable');
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		return bad('its contents are not a run setup');
	const { s, n, c } = value as Record<string, unknown>;
	if (typeof s !== 'string' || !Object.hasOwn(scenarios, s))
		return bad(`it names an unknown scenario (${String(s).slice(0, 40)})`);
	if (!isSeed(n)) return bad('its seed is not a whole number from 0 to 4294967295');
	const scenario = scenarios[s as string];
	const parsed = scenario!.parseConfig(c);
	if (!parsed.ok) return bad(parsed.error);
	return { ok: true, run: { scenario: s, seed: n, config: scenario!.serializeConfig(parsed.config) } };
}

/** The path and fragment that open a run's setup: `<base>/play/#v1.…`. */
export function sharePath(base: string, run: SharedRun): string {
	return `${base}/play/#${encodeShare(run)}`;
}

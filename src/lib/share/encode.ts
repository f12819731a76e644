/**
 * Writing a share link: `v<version>.<base64url of deflated JSON>`. Apart from the reader (`link.ts`),
 * which checks a link against every scenario's rules, so that a page that only writes links (the home
 * page's lessons) loads no scenario.
 */
import { deflateSync, strToU8 } from 'fflate';
import type { SharedRun } from '../scenarios/setup';

export const LINK_VERSION = 1;

export function toBase64Url(bytes: Uint8Array): string {
	let bin = '';
	for (const b of bytes) bin += String.fromCharCode(b);
	return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Encodes an already validated run setup. */
export function encodeShare(run: SharedRun): string {
	const models = run.seats && Object.values(run.seats).some((c) => c.engine !== 'scripted' || c.model);
	const json = JSON.stringify({
		s: run.scenario,
		n: run.seed,
		c: run.config,
		...(models ? { m: run.seats } : {})
	});
	return `v${LINK_VERSION}.${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}

/** The path and fragment that open a run's setup: `<base>/play/#v1.…`. */
export function sharePath(base: string, run: SharedRun): string {
	return `${base}/play/#${encodeShare(run)}`;
}

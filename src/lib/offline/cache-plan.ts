/**
 * What the service worker (src/service-worker.ts) keeps and how it answers each request: a pure plan,
 * so the rules are tested in Node and the worker stays a few lines of Cache API calls.
 *
 * - The app shell (pages, scripts, styles, small static files) is precached at install, in a cache
 *   named after the deploy's version, so one visit is enough to use the site offline.
 * - Large assets (the ONNX Runtime wasm, 27 MB) are cached when first used, not precached: a visitor
 *   who only plays scripted games never downloads them. So are the workers' bundles, which Vite keeps
 *   out of SvelteKit's `build` list (the engine worker's includes WebLLM, 6 MB).
 * - A new deploy installs beside the old one and takes over only when no tab runs the old version
 *   (no skipWaiting), so an open tab keeps loading the chunks it was built with; on taking over it
 *   deletes the caches and large files of older deploys.
 * - Everything else (model files, endpoints, other origins) is left to the browser: models have
 *   their own caches (WebLLM, transformers.js), and an endpoint must never be answered from a cache.
 */

const SHELL_PREFIX = 'conclave-shell-';
export const LARGE_CACHE = 'conclave-large';

export interface Manifest {
	/** `$service-worker`'s lists, as paths under `base`. */
	build: readonly string[];
	files: readonly string[];
	prerendered: readonly string[];
	version: string;
	base: string;
}

export type Route = 'shell' | 'page' | 'large' | 'pass';

/** A file is large when the plan caches it on first use instead of at install. */
function isLarge(path: string): boolean {
	return path.endsWith('.wasm');
}

export function shellCacheName(version: string): string {
	return `${SHELL_PREFIX}${version}`;
}

/** What install puts in the shell cache: every page and small file of this deploy. */
export function precacheList(m: Manifest): string[] {
	const pages = m.prerendered.length ? m.prerendered : [];
	const root = `${m.base}/`;
	return [...new Set([root, ...pages, ...m.build, ...m.files])].filter(
		(p) => !isLarge(p) && !p.endsWith('/_headers')
	);
}

/** Caches an activating deploy deletes: the shells of every other version. */
export function staleCaches(keys: readonly string[], version: string): string[] {
	return keys.filter((k) => k.startsWith(SHELL_PREFIX) && k !== shellCacheName(version));
}

/** Large files of older deploys (a path this deploy no longer ships). */
export function staleLarge(paths: readonly string[], m: Manifest): string[] {
	const current = new Set(m.build.filter(isLarge));
	return paths.filter((p) => !current.has(p));
}

/**
 * How to answer a request: `shell` and `large` from the cache first (their names are versioned or
 * hashed, so a cached copy is never stale), `page` from the network first with the cached page as
 * the offline answer (so an online visitor sees a new deploy), `pass` not at all.
 */
export function route(url: URL, method: string, origin: string, m: Manifest): Route {
	if (method !== 'GET' || url.origin !== origin) return 'pass';
	const path = url.pathname;
	if (m.build.includes(path)) return isLarge(path) ? 'large' : 'shell';
	if (m.files.includes(path)) return 'shell';
	// Vite emits the workers' bundles (the engine worker with its 6 MB copy of WebLLM among them) outside
	// the client manifest, so `build` does not list them. Their names are hashed, like the shell's: kept
	// on first use in this deploy's shell cache, so a model already in the browser starts offline, and
	// a visitor who never loads a model never downloads them.
	if (path.startsWith(`${m.base}/_app/immutable/workers/`)) return 'shell';
	if (path === `${m.base}/` || m.prerendered.includes(path)) return 'page';
	return 'pass';
}

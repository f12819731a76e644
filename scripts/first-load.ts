/**
 * Each page's first-load JavaScript, gzipped: every script Chromium fetches for the page from the
 * navigation until the network has been quiet for half a second (the modules its HTML preloads, and
 * whatever the page imports on mount, as the Models page's catalog did), each measured by gzipping
 * the built file it came from. Printed by `npm run bench` against a budget, largest chunks named.
 * Measured as on a device without WebGPU (`navigator.gpu` removed before any script runs), the device
 * the budgets are for, whatever GPU the bench's machine has.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface FirstLoad {
	/** The page's path, e.g. `/` or `/play/`. */
	page: string;
	/** Gzipped bytes of the scripts it fetched. */
	bytes: number;
	files: { file: string; bytes: number }[];
}

/** KB gzipped each page may fetch on its first load: the home page is the front door. */
export function budgetKb(page: string): number {
	return page === '/' ? 160 : 250;
}

/** Every page of the static build (`/`, `/play/`, …), but those in `skip`. */
export function builtPages(build = 'build', skip: readonly string[] = ['/bench/']): string[] {
	const pages: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			if (entry.isDirectory() && entry.name !== '_app') walk(join(dir, entry.name));
			else if (entry.name === 'index.html') {
				const rel = relative(build, dir);
				pages.push(rel ? `/${rel}/` : '/');
			}
		}
	};
	if (existsSync(build)) walk(build);
	return pages.filter((p) => !skip.includes(p)).sort();
}

/** Opens each page in a fresh context (nothing cached) and adds up the scripts it fetched. */
export async function firstLoads(
	browser: Browser,
	origin: string,
	pages: readonly string[],
	build = 'build'
): Promise<FirstLoad[]> {
	const out: FirstLoad[] = [];
	for (const page of pages) {
		const context = await browser.newContext({ serviceWorkers: 'block' });
		// A device without WebGPU: the page finds no `navigator.gpu`, as on a browser that has none.
		await context.addInitScript(() => {
			delete (Navigator.prototype as { gpu?: unknown }).gpu;
		});
		const tab = await context.newPage();
		const scripts = new Set<string>();
		tab.on('request', (r) => {
			const path = new URL(r.url()).pathname;
			if (r.resourceType() === 'script' || path.endsWith('.js') || path.endsWith('.mjs')) scripts.add(path);
		});
		await tab.goto(`${origin}${page}`, { waitUntil: 'load' });
		await tab.waitForLoadState('networkidle');
		await context.close();
		const files = [...scripts]
			.map((path) => join(build, decodeURIComponent(path)))
			.filter((file) => existsSync(file))
			.map((file) => ({ file: relative(build, file), bytes: gzipSync(readFileSync(file)).length }))
			.sort((a, b) => b.bytes - a.bytes);
		out.push({ page, bytes: files.reduce((a, f) => a + f.bytes, 0), files });
	}
	return out;
}

/**
 * What each built chunk holds, by its file (`_app/immutable/chunks/BPWMoWFT.js`): the name Vite's
 * manifest gives it (after its first module: `policies`, `words`), or for a route's own chunk the route
 * file it comes from (`routes/play/+page.svelte`). Empty where the build left no manifest.
 */
export function chunkContents(output = '.svelte-kit/output/client'): Map<string, string> {
	const names = new Map<string, string>();
	const manifest = join(output, '.vite/manifest.json');
	if (!existsSync(manifest)) return names;
	const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Record<
		string,
		{ file: string; name?: string; src?: string }
	>;
	for (const e of Object.values(entries)) {
		// A route's node: its generated module re-exports the route's component (or load) from src/routes.
		const route =
			e.src && existsSync(e.src) ? /src\/(routes\/[^"']*)/.exec(readFileSync(e.src, 'utf8'))?.[1] : undefined;
		const name = route ?? e.name;
		if (name) names.set(e.file, name);
	}
	return names;
}

/**
 * A chunk's name for a row: its file name without the folder, and what it holds where the manifest
 * says (`chunks/BPWMoWFT.js (policies)`, `nodes/9.LCUtziqr.js (routes/play/+page.svelte)`).
 */
export function chunkName(file: string, contents: ReadonlyMap<string, string> = new Map()): string {
	const short = file.replace(/^_app\/immutable\//, '');
	const holds = contents.get(file);
	return holds ? `${short} (${holds})` : short;
}

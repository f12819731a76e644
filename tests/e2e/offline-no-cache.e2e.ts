/**
 * WebLLM defect 6: offline, the engine worker's own bundles (`_app/immutable/workers/**`, outside
 * SvelteKit's build list) must come from the service worker, not from the browser's HTTP cache. Vite's
 * preview server marks `_app/immutable/` as cacheable for a year, which hides the defect; many static
 * hosts send no cache headers at all. So this test serves the built site itself, from `build/`, with
 * no Cache-Control, Expires, ETag or Last-Modified (nothing the HTTP cache could keep or revalidate),
 * plays a tiny-model game once online, then stops the server and plays it again offline: the game's
 * workers can start only from the service worker's cache. (Against a build whose cache plan skips
 * `_app/immutable/workers/`, the offline game never starts: the test fails at its last play.)
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { MODELS_DIR } from '../../scripts/fixtures/index';
import { encodeShare } from '../../src/lib/share/link';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });

const BUILD = join(process.cwd(), 'build');
const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript',
	'.mjs': 'text/javascript',
	'.css': 'text/css',
	'.json': 'application/json',
	'.svg': 'image/svg+xml',
	'.wasm': 'application/wasm',
	'.onnx': 'application/octet-stream',
	'.txt': 'text/plain',
	'.webmanifest': 'application/manifest+json'
};

/** The file a path names under `root` (a folder's index.html), or null. */
function fileOf(root: string, path: string): string | null {
	const file = normalize(join(root, decodeURIComponent(path)));
	if (!file.startsWith(root)) return null;
	if (existsSync(file) && statSync(file).isFile()) return file;
	const index = join(file, 'index.html');
	return existsSync(index) ? index : null;
}

/** A static host that says nothing about caching: only a status, a type and the bytes. */
function bareServer(): Server {
	return createServer((req, res) => {
		const path = new URL(req.url ?? '/', 'http://x').pathname;
		const file = path.startsWith('/test-models/')
			? fileOf(MODELS_DIR, path.slice('/test-models/'.length))
			: fileOf(BUILD, path);
		if (!file) {
			missing.push(path);
			res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
			return;
		}
		res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
		res.end(readFileSync(file));
	});
}

// One model seat is enough to start the engine worker (whose bundle is what defect 6 lost) and the
// agents' workers; the other seats are scripted, so the model's own turns (a speech and a vote) are
// not what the test waits on, twice over, on a busy machine.
const tiny = { engine: 'transformers' as const, model: '/test-models/tiny-chat' };
const scripted = { engine: 'scripted' as const };
const tinyGame = encodeShare({
	scenario: 'undercover',
	seed: 4,
	config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 1 },
	seats: { 1: tiny, 2: scripted, 3: scripted, 4: scripted }
});

/** Plays the tiny-model game open on the page to its end; its log hash. */
async function playTiny(page: Page): Promise<string> {
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	// Each load starts the ONNX Runtime and the model in fresh workers: slow on a busy machine.
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 180_000 });
	return (await page.getByTestId('log-hash').textContent()) ?? '';
}

let server: Server;
/** Paths the host did not have (the test expects none). */
const missing: string[] = [];
let origin: string;

test.beforeAll(async () => {
	server = bareServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('offline from a host that sends no cache headers, a model already in the browser still plays: the workers come from the service worker', async ({
	page,
	context
}) => {
	test.setTimeout(480_000);
	const sent: Record<string, string>[] = [];
	page.on('response', (r) => {
		if (r.url().includes('/_app/immutable/')) sent.push(r.headers());
	});
	await page.goto(`${origin}/`);
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 60_000 })
		.toBe('activated');
	// The host really says nothing about caching.
	expect(sent.length).toBeGreaterThan(0);
	for (const h of sent) {
		for (const name of ['cache-control', 'expires', 'etag', 'last-modified']) expect(h[name]).toBeUndefined();
	}

	// Online: a tiny-model game starts the engine worker (and the agents'); its bundles are fetched now.
	await page.goto(`${origin}/play/#${tinyGame}`);
	const hash = await playTiny(page);
	expect(hash).toMatch(/\w{16}/);
	const kept = await page.evaluate(async () => {
		const paths: string[] = [];
		for (const name of await caches.keys())
			for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
		return paths.filter((p) => p.startsWith('/_app/immutable/workers/'));
	});
	expect(
		kept.some((p) => /\/engine\.worker-[\w-]+\.js$/.test(p)),
		kept.join(', ')
	).toBe(true);

	// The host gone and the browser offline: only the service worker's and the models' caches answer.
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	await context.setOffline(true);
	// Another page first, so the game's page is a new document (not a change of the address's hash).
	await page.goto(`${origin}/runs/`);
	await expect(page.locator('header nav')).toBeVisible();
	await page.goto(`${origin}/play/#${tinyGame}`);
	expect(await playTiny(page)).toBe(hash);
});

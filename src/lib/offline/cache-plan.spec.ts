import { describe, expect, it } from 'vitest';
import { precacheList, route, shellCacheName, staleCaches, staleLarge, type Manifest } from './cache-plan';

const m: Manifest = {
	base: '/conclave',
	version: '200',
	build: [
		'/conclave/_app/immutable/entry/start.js',
		'/conclave/_app/immutable/assets/ort-wasm-simd-threaded.asyncify.Cx.wasm',
		'/conclave/_app/immutable/workers/agent.worker.js'
	],
	files: ['/conclave/favicon.svg', '/conclave/fragment-guard.js', '/conclave/_headers'],
	prerendered: ['/conclave/play/', '/conclave/runs/']
};
const origin = 'https://site.example';
const at = (path: string) => new URL(path, origin);

describe('the offline cache plan', () => {
	it('precaches pages, scripts and small files, never the large wasm or the host config', () => {
		const list = precacheList(m);
		expect(list).toContain('/conclave/');
		expect(list).toContain('/conclave/play/');
		expect(list).toContain('/conclave/_app/immutable/workers/agent.worker.js');
		expect(list).toContain('/conclave/fragment-guard.js');
		expect(list.some((p) => p.endsWith('.wasm'))).toBe(false);
		expect(list).not.toContain('/conclave/_headers');
	});

	it('answers app files from the cache, pages network-first, the wasm on first use, and leaves the rest', () => {
		expect(route(at('/conclave/_app/immutable/entry/start.js'), 'GET', origin, m)).toBe('shell');
		expect(route(at('/conclave/favicon.svg'), 'GET', origin, m)).toBe('shell');
		// The workers' bundles are not in `build`, yet a model must start offline: kept on first use.
		expect(route(at('/conclave/_app/immutable/workers/engine.worker-Bx12.js'), 'GET', origin, m)).toBe(
			'shell'
		);
		expect(route(at('/conclave/_app/immutable/workers/assets/index-C9.js'), 'GET', origin, m)).toBe('shell');
		expect(
			route(at('/conclave/_app/immutable/assets/ort-wasm-simd-threaded.asyncify.Cx.wasm'), 'GET', origin, m)
		).toBe('large');
		expect(route(at('/conclave/play/'), 'GET', origin, m)).toBe('page');
		expect(route(at('/conclave/'), 'GET', origin, m)).toBe('page');
		// Model files, endpoints, other origins and writes are never answered from a cache.
		expect(route(at('/conclave/test-models/tiny/model.onnx'), 'GET', origin, m)).toBe('pass');
		expect(route(new URL('https://huggingface.co/x'), 'GET', origin, m)).toBe('pass');
		expect(route(at('/conclave/play/'), 'POST', origin, m)).toBe('pass');
	});

	it('a new deploy deletes the old shells and the large files it no longer ships, and keeps its own', () => {
		expect(
			staleCaches(['conclave-shell-100', 'conclave-shell-200', 'conclave-large', 'webllm/model'], '200')
		).toEqual(['conclave-shell-100']);
		expect(shellCacheName('200')).toBe('conclave-shell-200');
		expect(
			staleLarge(
				[
					'/conclave/_app/immutable/assets/ort-wasm-simd-threaded.asyncify.OLD.wasm',
					'/conclave/_app/immutable/assets/ort-wasm-simd-threaded.asyncify.Cx.wasm'
				],
				m
			)
		).toEqual(['/conclave/_app/immutable/assets/ort-wasm-simd-threaded.asyncify.OLD.wasm']);
	});
});

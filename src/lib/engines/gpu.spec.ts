import { describe, expect, it, vi } from 'vitest';
import { detectGpu, GPU_MESSAGES, noGpu, webllmLimitsProblem, type NavigatorLike } from './gpu';

function nav(requestAdapter: () => Promise<unknown>): NavigatorLike {
	return { gpu: { requestAdapter } };
}

function adapter(opts: {
	features?: string[];
	maxBufferSize?: number;
	limits?: Record<string, number>;
	fallback?: 'info' | 'legacy';
	vendor?: string;
}) {
	const features = new Set(opts.features ?? []);
	return {
		features: { has: (f: string) => features.has(f) },
		limits: { maxBufferSize: opts.maxBufferSize ?? 2 ** 31, ...opts.limits },
		isFallbackAdapter: opts.fallback === 'legacy',
		info: { vendor: opts.vendor ?? '', isFallbackAdapter: opts.fallback === 'info' }
	};
}

describe('detectGpu', () => {
	it('says so when the browser has no WebGPU (no navigator, or no navigator.gpu)', async () => {
		for (const n of [undefined, {}]) {
			const caps = await detectGpu(n);
			expect(caps).toMatchObject({ webgpu: false, adapter: false, shaderF16: false, maxBufferBytes: null });
			expect(caps.reason).toMatch(/^This browser has no WebGPU/);
		}
	});

	it('in Node (the default navigator has no gpu) answers without throwing', async () => {
		const caps = await detectGpu();
		expect(caps.webgpu).toBe(false);
	});

	it('tells "no adapter" apart from "no WebGPU" (headless Chromium without --enable-unsafe-webgpu)', async () => {
		const caps = await detectGpu(nav(async () => null));
		expect(caps).toMatchObject({ webgpu: true, adapter: false, shaderF16: false });
		expect(caps.reason).toMatch(/^WebGPU is present but no GPU adapter is available/);
	});

	it('treats a failing requestAdapter as no adapter', async () => {
		const caps = await detectGpu(
			nav(async () => {
				throw new Error('boom');
			})
		);
		expect(caps).toMatchObject({ webgpu: true, adapter: false });
		expect(caps.reason).toBe(GPU_MESSAGES.noAdapter);
	});

	it('gives up on a requestAdapter that never answers, when its time limit runs out', async () => {
		// The simulated clock, not this machine's speed, decides when the limit has passed.
		vi.useFakeTimers();
		try {
			let settled = false;
			const detecting = detectGpu(
				nav(() => new Promise(() => {})),
				{ timeoutMs: 3000 }
			).finally(() => (settled = true));
			await vi.advanceTimersByTimeAsync(2999);
			expect(settled).toBe(false);
			await vi.advanceTimersByTimeAsync(1);
			expect(settled).toBe(true);
			expect(await detecting).toMatchObject({ webgpu: true, adapter: false, reason: GPU_MESSAGES.timeout });
			// Nothing is left waiting: the timer was cleared.
			expect(vi.getTimerCount()).toBe(0);
		} finally {
			vi.useRealTimers();
		}
	});

	it('reports a SwiftShader-like adapter: fallback, no shader-f16, 1 GiB buffers', async () => {
		const caps = await detectGpu(nav(async () => adapter({ maxBufferSize: 2 ** 30, fallback: 'info' })));
		expect(caps).toMatchObject({
			webgpu: true,
			adapter: true,
			shaderF16: false,
			isFallbackAdapter: true,
			maxBufferBytes: 2 ** 30
		});
		expect(caps.reason).toContain(GPU_MESSAGES.fallback);
		expect(caps.reason).toContain(GPU_MESSAGES.noShaderF16);
	});

	it('reads the older adapter.isFallbackAdapter too', async () => {
		const caps = await detectGpu(nav(async () => adapter({ features: ['shader-f16'], fallback: 'legacy' })));
		expect(caps.isFallbackAdapter).toBe(true);
		expect(caps.reason).toBe(GPU_MESSAGES.fallback);
	});

	it('reports an adapter without shader-f16', async () => {
		const caps = await detectGpu(nav(async () => adapter({})));
		expect(caps).toMatchObject({ adapter: true, shaderF16: false, isFallbackAdapter: false });
		expect(caps.reason).toBe(GPU_MESSAGES.noShaderF16);
	});

	it('has no reason to give for a real GPU with shader-f16', async () => {
		const caps = await detectGpu(
			nav(async () => adapter({ features: ['shader-f16'], maxBufferSize: 4 * 2 ** 30, vendor: 'nvidia' }))
		);
		expect(caps).toEqual({
			webgpu: true,
			adapter: true,
			shaderF16: true,
			isFallbackAdapter: false,
			maxBufferBytes: 4 * 2 ** 30,
			vendor: 'nvidia'
		});
	});

	it('survives a half-implemented adapter', async () => {
		const caps = await detectGpu(
			nav(async () => ({
				features: {
					has() {
						throw new Error('nope');
					}
				}
			}))
		);
		expect(caps).toMatchObject({ adapter: true, shaderF16: false, maxBufferBytes: null });
	});

	it('noGpu() describes a browser without WebGPU', () => {
		expect(noGpu()).toMatchObject({ webgpu: false, adapter: false, reason: GPU_MESSAGES.noWebGpu });
	});
});

describe('WebLLM limits', () => {
	it('reads the limits WebLLM checks, and is content with the software adapter’s (measured here)', async () => {
		// SwiftShader in this project's Chromium: 1 GiB buffers and bindings, 32 KiB workgroup memory, 10 storage buffers.
		const caps = await detectGpu(
			nav(async () =>
				adapter({
					maxBufferSize: 2 ** 30,
					limits: {
						maxStorageBufferBindingSize: 2 ** 30,
						maxComputeWorkgroupStorageSize: 32768,
						maxStorageBuffersPerShaderStage: 10
					}
				})
			)
		);
		expect(caps.limits).toEqual({
			maxStorageBufferBindingSize: 2 ** 30,
			maxComputeWorkgroupStorageSize: 32768,
			maxStorageBuffersPerShaderStage: 10
		});
		expect(webllmLimitsProblem(caps)).toBeNull();
	});

	it('names every limit below WebLLM’s minimum, and says so in the reason', async () => {
		const caps = await detectGpu(
			nav(async () =>
				adapter({
					features: ['shader-f16'],
					maxBufferSize: 2 ** 27,
					limits: { maxStorageBuffersPerShaderStage: 8, maxComputeWorkgroupStorageSize: 16384 }
				})
			)
		);
		const problem = webllmLimitsProblem(caps);
		expect(problem).toMatch(/largest buffer 128 MB, WebLLM needs 256 MB/);
		expect(problem).toMatch(/workgroup memory 16 KB, WebLLM needs 32 KB/);
		expect(problem).toMatch(/storage buffers per shader 8, WebLLM needs 10/);
		expect(problem).toMatch(/no WebLLM model can run here/);
		expect(caps.reason).toBe(problem);
	});

	it('leaves limits it could not read to WebLLM', () => {
		expect(webllmLimitsProblem({ ...noGpu(), webgpu: true, adapter: true })).toBeNull();
	});
});

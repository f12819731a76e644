import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import {
	CATALOG,
	DEFAULT_MODEL_ID,
	defaultModel,
	DEVICE_DEFAULTS,
	deviceClass,
	estimateDownloadMB,
	isReasoningModel,
	findByWebllmId,
	getCatalogEntry,
	pickBuild,
	type CatalogEntry
} from './catalog';
import type { GpuCaps } from './gpu';

const f16: GpuCaps = {
	webgpu: true,
	adapter: true,
	shaderF16: true,
	isFallbackAdapter: false,
	maxBufferBytes: 4 * 2 ** 30
};
const noF16: GpuCaps = { ...f16, shaderF16: false, reason: 'no shader-f16' };
const swiftShader: GpuCaps = { ...noF16, isFallbackAdapter: true, maxBufferBytes: 2 ** 30 };
const noAdapter: GpuCaps = {
	webgpu: true,
	adapter: false,
	shaderF16: false,
	isFallbackAdapter: false,
	maxBufferBytes: null,
	reason: 'WebGPU is present but no GPU adapter is available'
};

const records = new Map(prebuiltAppConfig.model_list.map((m) => [m.model_id, m]));

describe('catalog against the installed @mlc-ai/web-llm', () => {
	const builds = CATALOG.flatMap((e) =>
		(['q4f16', 'q4f32'] as const).flatMap((q) =>
			e.builds[q] ? [{ entry: e, quant: q, build: e.builds[q] }] : []
		)
	);

	it('offers the curated models under stable ids', () => {
		expect(CATALOG.map((e) => e.id)).toEqual([
			'qwen2.5-0.5b',
			'qwen2.5-1.5b',
			'qwen2.5-3b',
			'qwen3-0.6b',
			'qwen3-1.7b',
			'qwen3-4b',
			'qwen3.5-0.8b',
			'qwen3.5-2b',
			'qwen3.5-4b',
			'phi-4-mini',
			'gemma-3-1b',
			'phi-3.5-mini',
			'phi-3.5-mini-1k',
			'llama-3.2-1b',
			'llama-3.2-3b',
			'smollm2-360m',
			'smollm2-1.7b'
		]);
	});

	it.each(builds.map((b) => [b.build.webllmId, b] as const))(
		'%s exists in prebuiltAppConfig.model_list',
		(id, b) => {
			const record = records.get(id);
			expect(record, `${id} is missing from WebLLM's prebuilt list`).toBeDefined();
			expect(id).toContain(b.quant === 'q4f16' ? 'q4f16' : 'q4f32');
			// VRAM is copied (rounded) from the package, so a model update that needs more memory shows here.
			expect(Math.abs(b.build.vramMB - (record?.vram_required_MB ?? NaN))).toBeLessThanOrEqual(1);
			expect(b.build.lowResource).toBe(record?.low_resource_required ?? false);
			expect(b.entry.contextWindow).toBe(record?.overrides?.context_window_size);
			// Where WebLLM fetches the weights and the model library: the Models page checks the cache by
			// these URLs without loading the 6 MB package.
			expect(b.build.modelUrl).toBe(record?.model);
			expect(b.build.modelLibUrl).toBe(record?.model_lib);
		}
	);

	it('gives every model both builds where WebLLM has both, and q4f32 needs more memory and download than q4f16', () => {
		for (const e of CATALOG) {
			const q4f32 = e.builds.q4f16?.webllmId.replace('q4f16', 'q4f32');
			if (q4f32 && !records.has(q4f32)) {
				// Gemma 3 1B: WebLLM publishes no q4f32 build, so the catalog lists none.
				expect(e.builds.q4f32, e.id).toBeUndefined();
				continue;
			}
			const [a, b] = [e.builds.q4f16, e.builds.q4f32];
			expect(a && b, e.id).toBeTruthy();
			if (a && b) {
				expect(b.vramMB).toBeGreaterThan(a.vramMB);
				expect(b.downloadMB).toBeGreaterThan(a.downloadMB);
			}
		}
	});

	it('finds entries by catalog id and by WebLLM id', () => {
		expect(getCatalogEntry('qwen3-4b')?.label).toBe('Qwen3 4B');
		expect(getCatalogEntry('nope')).toBeUndefined();
		expect(findByWebllmId('Llama-3.2-1B-Instruct-q4f32_1-MLC')).toMatchObject({
			entry: { id: 'llama-3.2-1b' },
			quant: 'q4f32'
		});
	});
});

describe('the newest browser models', () => {
	it('lists Qwen3.5, Phi-4 mini and Gemma 3 1B as the installed WebLLM builds them', () => {
		for (const [id, webllm] of [
			['qwen3.5-0.8b', 'Qwen3.5-0.8B-q4f16_1-MLC'],
			['qwen3.5-2b', 'Qwen3.5-2B-q4f32_1-MLC'],
			['qwen3.5-4b', 'Qwen3.5-4B-q4f16_1-MLC'],
			['phi-4-mini', 'Phi-4-mini-instruct-q4f32_1-MLC'],
			['gemma-3-1b', 'gemma3-1b-it-q4f16_1-MLC']
		] as const) {
			expect(records.has(webllm), webllm).toBe(true);
			expect(findByWebllmId(webllm)?.entry.id).toBe(id);
		}
		// Gemma 3 1B is q4f16 only: unavailable without shader-f16, with the reason.
		expect(pickBuild(getCatalogEntry('gemma-3-1b')!, noF16).reason).toMatch(/shader-f16/);
	});

	it('marks the reasoning models, which get the larger reply budgets', () => {
		expect(CATALOG.filter((e) => e.thinking).map((e) => e.id)).toEqual([
			'qwen3-0.6b',
			'qwen3-1.7b',
			'qwen3-4b',
			'qwen3.5-0.8b',
			'qwen3.5-2b',
			'qwen3.5-4b'
		]);
		expect(isReasoningModel('qwen3.5-2b')).toBe(true);
		expect(isReasoningModel('phi-4-mini')).toBe(false);
		expect(isReasoningModel('not-in-catalog')).toBe(false);
	});
});

describe('estimateDownloadMB', () => {
	it('counts 4.5 bits a weight for q4f16 and 5 for q4f32, to 10 MB', () => {
		// 0.49e9 * 4.5 / 8 = 275.6e6 bytes = 262.9 MB of 2^20 bytes → 260
		expect(estimateDownloadMB(0.49, 'q4f16')).toBe(260);
		expect(estimateDownloadMB(1, 'q4f16')).toBe(540);
		expect(estimateDownloadMB(1, 'q4f32')).toBe(600);
	});
});

describe('pickBuild', () => {
	const qwen = getCatalogEntry('qwen2.5-0.5b') as CatalogEntry;
	const f16Only: CatalogEntry = {
		...qwen,
		id: 'f16-only',
		label: 'F16 Only',
		builds: { q4f16: qwen.builds.q4f16 }
	};

	it('takes q4f16 where the adapter has shader-f16', () => {
		expect(pickBuild(qwen, f16)).toMatchObject({
			quant: 'q4f16',
			build: { webllmId: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC' }
		});
	});

	it('falls back to q4f32 without shader-f16', () => {
		expect(pickBuild(qwen, noF16)).toMatchObject({
			quant: 'q4f32',
			build: { webllmId: 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC' }
		});
	});

	it('marks a q4f16-only model unavailable without shader-f16, saying why', () => {
		const pick = pickBuild(f16Only, noF16);
		expect(pick.quant).toBeNull();
		expect(pick.build).toBeNull();
		expect(pick.reason).toMatch(/F16 Only.*shader-f16/);
		expect(pickBuild(f16Only, f16).quant).toBe('q4f16');
	});

	it('offers nothing without an adapter, with the detector’s reason', () => {
		expect(pickBuild(qwen, noAdapter)).toEqual({ quant: null, build: null, reason: noAdapter.reason });
	});

	it('honours a preference for q4f32', () => {
		expect(pickBuild(qwen, f16, 'q4f32').quant).toBe('q4f32');
	});

	it('offers no build on an adapter whose limits WebLLM refuses, naming the limit', () => {
		const small = { ...f16, limits: { maxStorageBufferBindingSize: 64 * 2 ** 20 } };
		for (const prefer of [undefined, 'q4f32'] as const) {
			const pick = pickBuild(qwen, small, prefer);
			expect(pick.build).toBeNull();
			expect(pick.reason).toMatch(/largest storage buffer binding 64 MB, WebLLM needs 128 MB/);
		}
		expect(defaultModel(small)).toBeNull();
		// Limits at WebLLM's minimum are enough.
		const least = { ...f16, maxBufferBytes: 2 ** 28, limits: { maxStorageBufferBindingSize: 2 ** 27 } };
		expect(pickBuild(qwen, least).quant).toBe('q4f16');
	});
});

describe('defaultModel', () => {
	it('is a small Qwen where WebGPU has shader-f16', () => {
		const m = defaultModel(f16);
		expect(m?.id).toBe(DEFAULT_MODEL_ID);
		expect(m?.label).toMatch(/^Qwen2\.5 0\.5B/);
	});

	it('runs as q4f32 without shader-f16, and says why per device class', () => {
		const m = defaultModel(noF16)!;
		expect(m.id).toBe(DEFAULT_MODEL_ID);
		expect(pickBuild(m, noF16).quant).toBe('q4f32');
		expect(deviceClass(noF16)).toBe('f32');
		expect(DEVICE_DEFAULTS.f32).toMatchObject({ quant: 'q4f32' });
		expect(DEVICE_DEFAULTS.f32.why).toMatch(/shader-f16/);
		for (const c of ['f16', 'f32', 'software', 'no-webgpu'] as const)
			expect(DEVICE_DEFAULTS[c].why.length).toBeGreaterThan(40);
	});

	it('is null (transformers.js or scripted agents) on a software adapter or without WebGPU', () => {
		expect(deviceClass(swiftShader)).toBe('software');
		expect(deviceClass(noAdapter)).toBe('no-webgpu');
		expect(defaultModel(swiftShader)).toBeNull();
		expect(defaultModel({ ...f16, isFallbackAdapter: true })).toBeNull();
		expect(defaultModel(noAdapter)).toBeNull();
	});
});

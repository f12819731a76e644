import { describe, expect, it } from 'vitest';
import { SWIFTSHADER_CAPS } from './swiftshader-caps';
import { getCatalogEntry } from '$lib/engines/catalog';
import { noGpu, type GpuCaps } from '$lib/engines/gpu';
import { slowDownloads, slowSeats } from './slow-downloads';

const swiftShader = SWIFTSHADER_CAPS;
const realGpu: GpuCaps = {
	...swiftShader,
	isFallbackAdapter: false,
	shaderF16: true,
	maxBufferBytes: 2 ** 31
};

const qwen = { engine: 'webllm' as const, model: 'qwen2.5-0.5b' };
const smol = { engine: 'webllm' as const, model: 'smollm2-360m' };

describe('slowDownloads: what a link would download on a software adapter', () => {
	it('groups the seats by model, with the q4f32 build this adapter would download', () => {
		const asks = slowDownloads(
			{ 3: qwen, 1: qwen, 2: { engine: 'scripted' }, 4: smol, 5: { engine: 'transformers', model: 'x' } },
			swiftShader
		);
		expect(asks.map((a) => [a.model, a.seats])).toEqual([
			['qwen2.5-0.5b', [1, 3]],
			['smollm2-360m', [4]]
		]);
		// No shader-f16 here: the size is the q4f32 build's.
		expect(asks[0]!.downloadMB).toBe(getCatalogEntry('qwen2.5-0.5b')!.builds.q4f32!.downloadMB);
		expect(asks[0]!.label).toBe(getCatalogEntry('qwen2.5-0.5b')!.label);
		expect(slowSeats(asks)).toEqual([1, 3, 4]);
	});

	it('leaves out models this adapter cannot run at all (they fail at once) and unknown ids', () => {
		const gemma = { engine: 'webllm' as const, model: 'gemma-3-1b' };
		expect(slowDownloads({ 1: gemma, 2: { engine: 'webllm', model: 'no-such' } }, swiftShader)).toEqual([]);
	});

	it('asks nothing on a real GPU or without one', () => {
		expect(slowDownloads({ 1: qwen }, realGpu)).toEqual([]);
		expect(slowDownloads({ 1: qwen }, noGpu())).toEqual([]);
	});
});

import { describe, expect, it } from 'vitest';
import { SWIFTSHADER_CAPS } from '$lib/engines/swiftshader-caps';
import { noGpu, type GpuCaps } from '$lib/engines/gpu';
import { choiceValue, modelOptions, modelToTry, recommendedChoice, whyUnavailable } from './model-options';

const swiftShader = SWIFTSHADER_CAPS;

describe('whyUnavailable', () => {
	it('asks nothing of the GPU for scripted, endpoint and WASM seats', () => {
		for (const c of [
			{ engine: 'scripted' as const },
			{ engine: 'openai' as const, model: 'm', baseUrl: 'http://localhost:1/v1' },
			{ engine: 'transformers' as const, model: '/m/tiny' }
		])
			expect(whyUnavailable(c, noGpu())).toBeUndefined();
	});

	it('marks WebLLM builds this adapter cannot run, with the reason pickBuild gives', () => {
		expect(whyUnavailable({ engine: 'webllm', model: 'gemma-3-1b' }, swiftShader)).toMatch(/shader-f16/);
		expect(whyUnavailable({ engine: 'webllm', model: 'qwen2.5-0.5b' }, swiftShader)).toBeUndefined();
		const small = { ...swiftShader, limits: { maxStorageBuffersPerShaderStage: 8 } };
		expect(whyUnavailable({ engine: 'webllm', model: 'qwen2.5-0.5b' }, small)).toMatch(
			/storage buffers per shader 8, WebLLM needs 10/
		);
		expect(whyUnavailable({ engine: 'webllm', model: 'no-such' }, swiftShader)).toMatch(/not in the WebLLM/);
		expect(whyUnavailable({ engine: 'webllm', model: 'qwen2.5-0.5b' }, null)).toBe('checking the GPU…');
	});

	it('needs an adapter for transformers.js on WebGPU', () => {
		const onGpu = { engine: 'transformers' as const, model: '/m/tiny', device: 'webgpu' as const };
		expect(whyUnavailable(onGpu, swiftShader)).toBeUndefined();
		expect(whyUnavailable(onGpu, noGpu())).toMatch(/no WebGPU adapter/);
	});
});

describe('modelOptions', () => {
	it('lists each transformers.js model on WASM and on WebGPU, under values of their own', () => {
		const options = modelOptions(noGpu());
		const onGpu = options.filter((o) => o.group === 'transformers.js (WebGPU)');
		expect(onGpu.length).toBe(options.filter((o) => o.group === 'transformers.js (WASM)').length);
		expect(onGpu.every((o) => o.unavailable && o.choice.device === 'webgpu')).toBe(true);
		expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
		expect(choiceValue({ engine: 'transformers', model: 'x', device: 'webgpu' })).toBe(
			'transformers-webgpu:x'
		);
	});
});

describe('recommendedChoice: never a download the Models page advises against', () => {
	it('is scripted without WebGPU or on a software adapter, with a model one click away', () => {
		expect(recommendedChoice(noGpu())).toEqual({ engine: 'scripted' });
		expect(recommendedChoice(swiftShader)).toEqual({ engine: 'scripted' });
		expect(recommendedChoice(null)).toEqual({ engine: 'scripted' });
		expect(modelToTry()).toMatchObject({ choice: { engine: 'transformers' }, mb: 480 });
	});

	it('is the Models page’s WebLLM model on a GPU that runs it', () => {
		const gpu: GpuCaps = {
			...swiftShader,
			isFallbackAdapter: false,
			shaderF16: true,
			maxBufferBytes: 2 ** 31
		};
		expect(recommendedChoice(gpu)).toEqual({ engine: 'webllm', model: 'qwen2.5-0.5b' });
	});
});

describe('WebLLM seats on a software adapter', () => {
	it('are labelled unplayable-slow, with their download size', () => {
		const qwen = modelOptions(swiftShader).find((o) => o.value === 'webllm:qwen2.5-0.5b');
		expect(qwen?.detail).toMatch(/unplayable on this software GPU: 17 to 40 seconds a token/);
		expect(qwen?.detail).toMatch(/about \d+ MB download/);
		const real: GpuCaps = { ...swiftShader, isFallbackAdapter: false };
		expect(modelOptions(real).find((o) => o.value === 'webllm:qwen2.5-0.5b')?.detail).not.toMatch(
			/unplayable/
		);
	});
});

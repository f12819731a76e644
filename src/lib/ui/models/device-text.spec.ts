import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG } from '$lib/engines/catalog';
import { GPU_MESSAGES, noGpu, type GpuCaps } from '$lib/engines/gpu';
import { getLocale, overwriteGetLocale, type Locale } from '$lib/paraglide/runtime';
import { buildReasonText, gpuReasonText, healthText, testStatsText } from './device-text';

const base = getLocale;
let locale: Locale = 'en';
overwriteGetLocale(() => locale);
afterAll(() => overwriteGetLocale(base));
const both = <T>(f: () => T): [T, T] => {
	locale = 'en';
	const en = f();
	locale = 'zh';
	const zh = f();
	locale = 'en';
	return [en, zh];
};

const gpu = (over: Partial<GpuCaps>): GpuCaps => ({
	webgpu: true,
	adapter: true,
	shaderF16: true,
	isFallbackAdapter: false,
	maxBufferBytes: 2 ** 30,
	...over
});

describe('the Models page’s words for this device and the cache', () => {
	it('says in English what detectGpu says, and says it in Chinese too', () => {
		for (const reason of [GPU_MESSAGES.noWebGpu, GPU_MESSAGES.noAdapter, GPU_MESSAGES.timeout]) {
			const [en, zh] = both(() => gpuReasonText(noGpu(reason)));
			expect(en.text).toBe(reason);
			expect(zh.text).toMatch(/[\u4e00-\u9fff]/);
		}
		const [en, zh] = both(() => gpuReasonText(gpu({ shaderF16: false, isFallbackAdapter: true })));
		expect(en.text).toBe(`${GPU_MESSAGES.fallback} ${GPU_MESSAGES.noShaderF16}`);
		expect(zh.text).toContain('shader-f16');
	});

	it('names the limits WebLLM finds too small as they are, and a q4f16-only model by name', () => {
		const small = gpu({ limits: { maxStorageBuffersPerShaderStage: 8 } });
		const [, zh] = both(() => gpuReasonText(small));
		expect(zh.detail).toMatch(/8/);
		const gemma = CATALOG.find((e) => !e.builds.q4f32)!;
		const [en] = both(() => buildReasonText(gemma, gpu({ shaderF16: false })));
		expect(en.text).toContain(`${gemma.label} only comes as a q4f16 build`);
	});

	it('says each cache state', () => {
		expect(both(() => healthText({ state: 'complete', files: 2 }))).toEqual(['cached', '已缓存']);
		expect(both(() => healthText({ state: 'partial', have: 1, of: 3 }))[0]).toMatch(
			/partly downloaded \(1 of 3.*resumes where it stopped/
		);
		const [en, zh] = both(() => healthText({ state: 'broken', why: 'x', file: 'params_shard_1.bin' }));
		expect(en).toBe(
			'damaged (the weight file params_shard_1.bin is cut short): delete it, and it downloads again when used'
		);
		expect(zh).toContain('params_shard_1.bin');
		// A config or model library a host answered with a web page says which.
		const [lib, libZh] = both(() => healthText({ state: 'broken', why: 'x', part: 'library' }));
		expect(lib).toMatch(/^damaged \(its saved model library is a web page.*delete it/);
		expect(libZh).toContain('模型库');
		expect(both(() => healthText({ state: 'broken', why: 'x', part: 'config' }))[0]).toMatch(
			/configuration is a web page/
		);
	});

	it('gives a decoding rate only when there is one: a 1-token reply never says "0.0 tokens/s"', () => {
		const usage = {
			promptTokens: 20,
			completionTokens: 1,
			ttftMs: 812.4,
			totalMs: 812.4,
			decodeTokensPerSecond: 0
		};
		const [en, zh] = both(() => testStatsText({ loadMs: 1500, usage }));
		expect(en).toBe(
			'loaded in 1500 ms · 20 prompt tokens + 1 completion token · first token after 812 ms (one token leaves no decoding rate to measure)'
		);
		expect(en).not.toMatch(/tokens\/s/);
		expect(zh).toContain('无法测出生成速度');
		const many = testStatsText({
			loadMs: 1500,
			usage: { ...usage, completionTokens: 9, decodeTokensPerSecond: 12.34 }
		});
		expect(many).toMatch(/9 completion tokens.*12\.3 tokens\/s$/);
	});
});

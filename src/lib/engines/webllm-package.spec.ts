/**
 * The adapter against the installed @mlc-ai/web-llm itself, not the fake's idea of it: every request
 * body `WebLLMEngine` builds goes through the package's own request check
 * (`postInitAndCheckFieldsChatCompletion`, what `MLCEngine.chatCompletion` runs first), for every
 * schema a scenario sends and every catalog model's id.
 */
import { describe, expect, it } from 'vitest';
import { ModelType, postInitAndCheckFieldsChatCompletion } from '@mlc-ai/web-llm';
import { scenarioSchemas } from '../../../scripts/scenario-schemas';
import { CATALOG } from './catalog';
import { fakeFactory, type FakeWebLLM } from './fake-webllm';
import type { GpuCaps } from './gpu';
import type { ChatRequest } from './types';
import { WebLLMEngine, type WebLLMRequest } from './webllm';

const f16: GpuCaps = {
	webgpu: true,
	adapter: true,
	shaderF16: true,
	isFallbackAdapter: false,
	maxBufferBytes: 4 * 2 ** 30
};

const base: ChatRequest = {
	messages: [
		{ role: 'system', content: 'You are seat 3.' },
		{ role: 'user', content: 'Describe your word.' }
	],
	temperature: 0.7,
	seed: 1234,
	max_tokens: 64
};

/** The bodies the adapter sends for `requests`, as a model with this catalog id would get them. */
async function bodiesFor(catalogId: string, requests: ChatRequest[]): Promise<WebLLMRequest[]> {
	const factory = fakeFactory({ reply: () => '{}' });
	const engine = new WebLLMEngine({ catalogId, caps: f16, createEngine: factory.createEngine });
	await engine.load();
	for (const r of requests) await engine.chat(r);
	return (factory.engines[0] as FakeWebLLM).requests;
}

const check = (body: WebLLMRequest, webllmId: string) =>
	// The package mutates what it checks (post-init): give it a copy.
	postInitAndCheckFieldsChatCompletion(structuredClone(body) as never, webllmId, ModelType.LLM);

describe('request bodies against @mlc-ai/web-llm’s own checks', () => {
	it('passes for every scenario schema, free text, stops, top_p and a fractional seed', async () => {
		const requests: ChatRequest[] = [
			base,
			{ ...base, stop: ['\n\n'], top_p: 0.9, seed: 7.5, temperature: 0 },
			...scenarioSchemas().map((s) => ({ ...base, schema: s.schema as Record<string, unknown> }))
		];
		const bodies = await bodiesFor('qwen2.5-0.5b', requests);
		expect(bodies).toHaveLength(requests.length);
		for (const body of bodies) expect(() => check(body, 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC')).not.toThrow();
		// A schema travels as WebLLM wants it: a JSON string under type json_object.
		expect(bodies[2]!.response_format).toEqual({ type: 'json_object', schema: expect.any(String) });
	});

	it('passes for every catalog model (reasoning models get extra_body.enable_thinking)', async () => {
		for (const entry of CATALOG) {
			const quant = entry.builds.q4f16 ? 'q4f16' : 'q4f32';
			const [body] = await bodiesFor(entry.id, [{ ...base, schema: { type: 'object' } }]);
			expect(() => check(body!, entry.builds[quant]!.webllmId), entry.id).not.toThrow();
			if (entry.thinking) expect(body!.extra_body).toEqual({ enable_thinking: false });
		}
	});

	it('is a real check: the package refuses what it should (so the tests above can fail)', () => {
		const good = { messages: base.messages, stream: true, stream_options: { include_usage: true } };
		const id = 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC';
		expect(() => check({ ...good, seed: 1.5 } as WebLLMRequest, id)).toThrow(/seed/i);
		expect(() => check({ ...good, stream: false } as WebLLMRequest, id)).toThrow(/stream_options/);
		expect(() =>
			check(
				{ ...good, messages: [...base.messages, { role: 'assistant', content: 'x' }] } as WebLLMRequest,
				id
			)
		).toThrow(/Last message/);
	});
});

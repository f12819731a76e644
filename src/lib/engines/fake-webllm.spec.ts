import { describe, expect, it } from 'vitest';
import { FakeWebLLM, fakeFactory, fakeTokens, WEBLLM_ERRORS } from './fake-webllm';
import type { WebLLMChunk, WebLLMCompletion, WebLLMRequest } from './webllm';

const base: WebLLMRequest = {
	messages: [{ role: 'user', content: 'say something' }],
	stream: true,
	stream_options: { include_usage: true }
};

async function collect(fake: FakeWebLLM, request: WebLLMRequest): Promise<WebLLMChunk[]> {
	const stream = (await fake.chat.completions.create(request)) as AsyncIterable<WebLLMChunk>;
	const chunks: WebLLMChunk[] = [];
	for await (const c of stream) chunks.push(c);
	return chunks;
}

describe('FakeWebLLM', () => {
	it('streams like WebLLM: a chunk per token, a finish chunk, then a usage chunk without choices', async () => {
		const fake = new FakeWebLLM({ reply: () => 'hello there', extra: { decode_tokens_per_s: 10 } });
		const chunks = await collect(fake, base);
		expect(chunks).toEqual([
			{ choices: [{ delta: { content: 'hello' }, finish_reason: null }] },
			{ choices: [{ delta: { content: ' there' }, finish_reason: null }] },
			{ choices: [{ delta: {}, finish_reason: 'stop' }] },
			{
				choices: [],
				usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4, extra: { decode_tokens_per_s: 10 } }
			}
		]);
	});

	it('leaves the usage chunk out without include_usage, and answers non-streaming requests whole', async () => {
		const fake = new FakeWebLLM({ reply: () => 'a b' });
		const chunks = await collect(fake, { messages: base.messages, stream: true });
		expect(chunks.at(-1)).toEqual({ choices: [{ delta: {}, finish_reason: 'stop' }] });
		const whole = (await fake.chat.completions.create({ messages: base.messages })) as WebLLMCompletion;
		expect(whole.choices[0]).toEqual({ message: { content: 'a b' }, finish_reason: 'stop' });
		expect(whole.usage?.completion_tokens).toBe(2);
	});

	it('honours stop strings and max_tokens', async () => {
		const fake = new FakeWebLLM({ reply: () => 'yes. END and more' });
		const stopped = await collect(fake, { ...base, stop: ['END'] });
		expect(stopped.flatMap((c) => c.choices.map((ch) => ch.delta.content ?? '')).join('')).toBe('yes. ');
		const cut = await collect(fake, { ...base, max_tokens: 1 });
		expect(cut.find((c) => c.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe('length');
	});

	it('ends a stream with finish_reason "abort" after interruptGenerate()', async () => {
		const fake = new FakeWebLLM({ reply: () => 'a b c d e' });
		const stream = (await fake.chat.completions.create(base)) as AsyncIterable<WebLLMChunk>;
		const chunks: WebLLMChunk[] = [];
		for await (const c of stream) {
			chunks.push(c);
			if (chunks.length === 2) fake.interruptGenerate();
		}
		expect(chunks.map((c) => c.choices[0]?.finish_reason ?? null)).toEqual([null, null, 'abort', null]);
		expect(chunks.at(-1)?.usage?.completion_tokens).toBe(2);
	});

	it('throws scripted errors from create and mid-stream', async () => {
		const failing = new FakeWebLLM({ createError: WEBLLM_ERRORS.modelNotLoaded() });
		await expect(failing.chat.completions.create(base)).rejects.toMatchObject({
			name: 'ModelNotLoadedError'
		});
		const mid = new FakeWebLLM({
			reply: () => ({ text: 'a b c', error: WEBLLM_ERRORS.deviceLost(), afterTokens: 1 })
		});
		await expect(collect(mid, base)).rejects.toMatchObject({ name: 'DeviceLostError' });
		expect(mid.active).toBe(0);
	});

	it('records requests and passes the call index to the script', async () => {
		const fake = new FakeWebLLM({ reply: (_r, { call }) => `call ${call}` });
		await collect(fake, base);
		const second = await collect(fake, { ...base, seed: 9 });
		expect(second[1]?.choices[0]?.delta.content).toBe(' 1');
		expect(fake.requests.map((r) => r.seed)).toEqual([undefined, 9]);
	});

	it('splits tokens as words with their leading space', () => {
		expect(fakeTokens(' a  bc\nd ')).toEqual([' a', '  bc', '\nd', ' ']);
		expect(fakeTokens('')).toEqual([]);
	});

	it('fakeFactory reports progress, then hands out an engine', async () => {
		const reports: string[] = [];
		const factory = fakeFactory();
		const engine = await factory.createEngine('X-q4f16_1-MLC', {
			initProgressCallback: (r) => reports.push(r.text),
			signal: new AbortController().signal
		});
		expect(engine).toBe(factory.engines[0]);
		expect(factory.ids).toEqual(['X-q4f16_1-MLC']);
		expect(reports.at(-1)).toMatch(/^Finish loading/);
	});
});

import { describe, expect, it } from 'vitest';
import { acrossWorkers, EngineHost, isGpuLoss } from './host';
import type { EngineSpec } from './spec';
import { EngineError, type ChatEngine, type ChatRequest, type ChatResponse } from './types';

/** An engine whose GPU is lost on the second call, as WebLLM reports it through its error path. */
function losingEngine() {
	const calls = { loads: 0, chats: 0 };
	const engine: ChatEngine = {
		kind: 'webllm',
		model: 'qwen2.5-0.5b',
		async load() {
			calls.loads++;
		},
		async chat(_r: ChatRequest): Promise<ChatResponse> {
			calls.chats++;
			if (calls.chats === 2)
				throw new EngineError('device-lost', 'GPUDevice was lost: Device was destroyed.');
			return { text: 'ok', usage: { promptTokens: 1, completionTokens: 1 } } as ChatResponse;
		},
		async unload() {}
	};
	return { engine, calls };
}

const spec = { kind: 'webllm', model: 'qwen2.5-0.5b' } as EngineSpec;
const request = { messages: [{ role: 'user', content: 'hi' }], max_tokens: 4 } as never;

describe('EngineHost and a lost GPU device', () => {
	it('pauses the run with a sentence that says what happened, and reloads the model on resume', async () => {
		const { engine, calls } = losingEngine();
		const host = new EngineHost(async () => engine);
		await host.load(spec);
		await host.chat(request);
		const err = (await host.chat(request).then(
			() => new Error('the lost device went unnoticed'),
			(e: unknown) => e
		)) as Error;
		// "transport:" is what the agent's policy reads to pause the run instead of counting a bad reply.
		expect(err.message).toMatch(/^transport: The GPU stopped working while qwen2.5-0.5b was answering/);
		expect(err.message).toContain('paused and saved');
		expect(calls.loads).toBe(1);
		// Resuming: the weights load again before the next call, which then answers.
		expect((await host.chat(request)).text).toBe('ok');
		expect(calls.loads).toBe(2);
		await host.chat(request);
		expect(calls.loads).toBe(2);
	});

	it('is told apart from other pauses, so that the page starts fresh workers for it', () => {
		const lost = acrossWorkers(new EngineError('device-lost', 'Device was lost'), 'tiny-chat') as Error;
		expect(isGpuLoss(lost.message)).toBe(true);
		const busy = acrossWorkers(
			new EngineError('server-error', 'HTTP 503', { transport: true, retryable: true }),
			'tiny-chat'
		) as Error;
		expect(busy.message).toMatch(/^transport:/);
		expect(isGpuLoss(busy.message)).toBe(false);
		// Each keeps a problem for the page to say in its own language (workers/problems.ts carries it).
		expect((lost as Error & { problem?: unknown }).problem).toEqual({
			code: 'engine-gpu-lost',
			values: { model: 'tiny-chat' }
		});
		const problem = { code: 'endpoint-failed' as const, values: { url: 'http://x/v1', status: 503 } };
		const failed = acrossWorkers(
			new EngineError('server-error', 'HTTP 503', { transport: true, problem }),
			'm'
		);
		expect((failed as Error & { problem?: unknown }).problem).toEqual(problem);
	});
});

const usage = { promptTokens: 1, completionTokens: 1, ttftMs: 0, totalMs: 0, decodeTokensPerSecond: 0 };
const req: ChatRequest = {
	messages: [{ role: 'user', content: 'hi' }],
	temperature: 0,
	seed: 1,
	max_tokens: 4
};

/** An engine whose replies wait until released, counting how many are in flight at once. */
function heldEngine() {
	let inFlight = 0;
	let peak = 0;
	const waiting: (() => void)[] = [];
	const engine: ChatEngine = {
		kind: 'fake',
		model: 'held',
		load: async () => {},
		unload: async () => {},
		chat: () =>
			new Promise<ChatResponse>((resolve) => {
				peak = Math.max(peak, ++inFlight);
				waiting.push(() => {
					inFlight--;
					resolve({ text: 'ok', finishReason: 'stop', usage });
				});
			})
	};
	return { engine, waiting, peak: () => peak };
}

async function drain(waiting: (() => void)[], calls: Promise<unknown>[]) {
	// Release whatever is waiting until every call has answered (a queued engine starts them one by one).
	let done = false;
	void Promise.all(calls).then(() => (done = true));
	while (!done) {
		await new Promise((r) => setTimeout(r, 0));
		waiting.splice(0).forEach((release) => release());
	}
}

describe('EngineHost', () => {
	it('adds no queue of its own: the engine decides how many requests are in flight', async () => {
		// An endpoint takes them together (a server batches); WebLLM and transformers.js queue their own
		// calls (`SerialQueue`, tested in serial-queue.spec.ts and by each engine), so one queue per engine.
		const held = heldEngine();
		const host = new EngineHost(async () => held.engine);
		await host.load({ kind: 'openai', model: 'm', baseUrl: 'http://localhost:1/v1' });
		const calls = [host.chat(req), host.chat(req), host.chat(req)];
		await drain(held.waiting, calls);
		expect(held.peak()).toBe(3);
	});
});

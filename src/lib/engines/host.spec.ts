import { describe, expect, it } from 'vitest';
import { EngineHost } from './host';
import type { ChatEngine, ChatRequest, ChatResponse } from './types';

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
	it('sends an endpoint’s requests together, and a local model’s one at a time', async () => {
		for (const [kind, expected] of [
			['openai', 3],
			['transformers', 1]
		] as const) {
			const held = heldEngine();
			const host = new EngineHost(async () => held.engine);
			await host.load({
				kind,
				model: 'm',
				...(kind === 'openai' ? { baseUrl: 'http://localhost:1/v1' } : {})
			});
			const calls = [host.chat(req), host.chat(req), host.chat(req)];
			await drain(held.waiting, calls);
			expect(held.peak(), kind).toBe(expected);
		}
	});
});

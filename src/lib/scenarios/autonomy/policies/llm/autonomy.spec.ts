import { describe, expect, it } from 'vitest';
import { createStream, Gate, isCallRefused, seatId, type Ask, type PolicyContext } from '../../../../core';
import type { ChatRequest, ChatResponse } from '../../../../engines/types';
import { parseDecision, type AutonomyObservation } from '../..';
import { createLlmAutonomyPolicy } from './autonomy';
import type { ChatClient } from '../../../../policies/llm/chat-client';

const obs: AutonomyObservation = {
	minute: 1440 + 15 * 60 + 1,
	spend: 3,
	door: 'admit',
	path: 'libs/crypto/decrypto.js',
	content: 'export function decrypt() {}\n'.repeat(200),
	triggers: [
		{ type: 'sibling-rollback-penalty', text: '2 siblings have rollback penalty', source: 'summer' }
	],
	question: 'Improve libs/crypto/decrypto.js now, or SKIP?',
	lang: 'en'
};
const ask: Ask = { id: 'decide:3', seat: seatId(1), kind: 'decide', attempt: 0 };
const ctx = (gate?: Gate): PolicyContext => ({
	rng: createStream(1, 'x'),
	seed: 1,
	streamName: 'policy:decide:3:0',
	tick: 5,
	...(gate ? { gate: gate.forAsk(ask.id) } : {})
});

function client(reply: string | Error, window = 4096): ChatClient & { requests: ChatRequest[] } {
	const requests: ChatRequest[] = [];
	return {
		engine: 'fake',
		model: 'm',
		contextWindow: window,
		requests,
		async chat(req): Promise<ChatResponse> {
			requests.push(req);
			if (reply instanceof Error) throw reply;
			return {
				text: reply,
				finishReason: 'stop',
				usage: { promptTokens: 300, completionTokens: 12, ttftMs: 1, totalMs: 2, decodeTokensPerSecond: 3 }
			};
		}
	};
}

describe('the LLM Sentinel', () => {
	it('asks one question through the run’s gate and reads the decision', async () => {
		const c = client('{"decision": "skip", "reason": "nothing new"}');
		const reply = await createLlmAutonomyPolicy(c).act(
			obs,
			ask,
			ctx(new Gate({ rounds: 1, actions: 9, retries: 1, retriesPerAsk: 1 }))
		);
		expect(reply.action).toEqual({ decision: 'SKIP', reason: 'nothing new' });
		expect(reply.calls).toHaveLength(1);
		expect(reply.calls![0]).toMatchObject({ purpose: 'decide', promptTokens: 300, completionTokens: 12 });
		expect(c.requests[0]!.messages.at(-1)!.content).toContain('2 siblings have rollback penalty');
	});

	it('fits a long file into a small window, keeping the triggers and the question', async () => {
		const c = client('SKIP');
		await createLlmAutonomyPolicy(c, {}).act(obs, ask, ctx());
		const small = client('SKIP', 512);
		await createLlmAutonomyPolicy(small).act(obs, ask, ctx());
		const text = small.requests[0]!.messages.at(-1)!.content;
		expect(text.length).toBeLessThan(c.requests[0]!.messages.at(-1)!.content.length);
		expect(text).toContain('file cut to fit');
		expect(text).toContain(obs.question);
	});

	it('answers a transport failure as { transport }, with the failed call logged, not as a decision', async () => {
		const err = Object.assign(new Error('HTTP 500'), { transport: true });
		const reply = await createLlmAutonomyPolicy(client(err)).act(obs, ask, ctx());
		expect(reply.action).toEqual({ transport: 'transport: HTTP 500' });
		expect(reply.calls?.[0]).toMatchObject({ transportError: 'HTTP 500', finishReason: 'error' });
	});

	it('never reaches the engine when the gate refuses; the refusal names the budget', async () => {
		const c = client('SKIP');
		const gate = new Gate({ rounds: 1, actions: 9, retries: 1, retriesPerAsk: 1, tokens: 10 });
		const err = await Promise.resolve(createLlmAutonomyPolicy(c).act(obs, ask, ctx(gate))).catch(
			(e: unknown) => e
		);
		expect(isCallRefused(err)).toBe(true);
		expect((err as Error).message).toMatch(/^refused by the tokens budget/);
		expect(c.requests).toHaveLength(0);
	});

	it('returns an unreadable reply as an error to quote on the retry', async () => {
		const reply = await createLlmAutonomyPolicy(client('maybe later')).act(obs, ask, ctx());
		expect(reply.action).toBeNull();
		expect(reply.error).toMatch(/"IMPROVE" or "SKIP"/);
	});
});

describe('parseDecision', () => {
	it('reads JSON, a bare word, and refuses both or neither', () => {
		expect(parseDecision('{"decision":"IMPROVE","reason":"fix it"}')).toEqual({
			decision: 'IMPROVE',
			reason: 'fix it'
		});
		expect(parseDecision('I would SKIP this one.')).toMatchObject({ decision: 'SKIP' });
		expect(parseDecision('IMPROVE or SKIP?')).toHaveProperty('error');
		expect(parseDecision('')).toHaveProperty('error');
	});
});

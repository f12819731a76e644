import { describe, expect, it } from 'vitest';
import { canonicalJson, ownCallGate, sha256Hex, type ModelCall, type ToolCallRecord } from '../../core';
import { EngineError, type ChatRequest } from '../../engines/types';
import {
	isTransportError,
	replyOf,
	requestHash,
	sendRecorded,
	TransportFailure,
	type ChatClient
} from './chat-client';

const base: ChatRequest = {
	messages: [
		{ role: 'system', content: 'rules' },
		{ role: 'user', content: 'speak' }
	],
	temperature: 0.7,
	seed: 42,
	max_tokens: 512,
	schema: { type: 'object', properties: { speech: { type: 'string' } } }
};

describe('requestHash', () => {
	it('is SHA-256 of the canonical messages, temperature, seed, max_tokens, stop and schema', () => {
		expect(requestHash(base)).toBe(
			sha256Hex(
				canonicalJson({
					messages: base.messages,
					temperature: 0.7,
					seed: 42,
					max_tokens: 512,
					schema: base.schema
				})
			)
		);
		expect(requestHash(base)).toMatch(/^[0-9a-f]{64}$/);
	});

	it('ignores key order, the streaming callback and the abort signal', () => {
		const reordered = {
			schema: { properties: { speech: { type: 'string' } }, type: 'object' },
			max_tokens: 512,
			seed: 42,
			temperature: 0.7,
			messages: base.messages.map((m) => ({ content: m.content, role: m.role }))
		} as ChatRequest;
		expect(requestHash(reordered)).toBe(requestHash(base));
		expect(requestHash({ ...base, onDelta: () => {}, signal: new AbortController().signal })).toBe(
			requestHash(base)
		);
	});

	it('changes with every field that decides the reply', () => {
		const variants: ChatRequest[] = [
			{ ...base, messages: [...base.messages, { role: 'user', content: 'again' }] },
			{ ...base, temperature: 0 },
			{ ...base, seed: 43 },
			{ ...base, max_tokens: 513 },
			{ ...base, stop: ['###'] },
			{ ...base, schema: undefined }
		];
		const hashes = new Set([requestHash(base), ...variants.map(requestHash)]);
		expect(hashes.size).toBe(variants.length + 1);
	});
});

describe('transport errors', () => {
	it('recognises EngineError transport failures, also after a worker boundary strips the class', () => {
		expect(isTransportError(new EngineError('server-error', 'HTTP 503', { transport: true }))).toBe(true);
		expect(isTransportError({ name: 'EngineError', message: 'x', options: { transport: true } })).toBe(true);
		expect(isTransportError(new Error('transport: HTTP 429'))).toBe(true);
		expect(isTransportError(new EngineError('unsupported-model', 'no such model'))).toBe(false);
		expect(isTransportError(new TypeError('bad'))).toBe(false);
		expect(isTransportError('transport: a string')).toBe(false);
	});

	it('a TransportFailure says "transport:" first and carries its calls', () => {
		const f = new TransportFailure('HTTP 503', []);
		expect(f.message).toBe('transport: HTTP 503');
		expect(new TransportFailure('transport: already', []).message).toBe('transport: already');
		expect(isTransportError(f)).toBe(true);
	});
});

describe('a model call needs the gate’s permit', () => {
	it('reaches the client only through sendRecorded, which asks the gate first', async () => {
		const seen: unknown[] = [];
		const client: ChatClient = {
			engine: 'fake',
			model: 'm',
			contextWindow: 4096,
			chat: async (_req, permit) => {
				seen.push(permit);
				return {
					text: 'ok',
					finishReason: 'stop',
					usage: { promptTokens: 3, completionTokens: 1, ttftMs: 0, totalMs: 0, decodeTokensPerSecond: 0 }
				};
			}
		};
		// @ts-expect-error -- a call without a permit does not compile: only the gate makes one
		void client.chat(base);
		seen.length = 0;
		const gate = ownCallGate({ calls: 4 });
		await sendRecorded(
			client,
			base,
			{ engine: 'fake', model: 'm', requestHash: requestHash(base), purpose: 'speak' },
			[],
			'speak',
			gate
		);
		expect(seen).toHaveLength(1);
		expect(seen[0]).toMatchObject({ purpose: 'speak', passed: expect.arrayContaining(['tokens']) });
	});
});

describe('a parsed reply as the policy answers it', () => {
	const usage = { promptTokens: 10, completionTokens: 5, ttftMs: 1, totalMs: 2, decodeTokensPerSecond: 3 };
	const call = { engine: 'fake', model: 'm', requestHash: 'h', purpose: 'vote' } as ModelCall;

	it('carries the action and the calls that made it', () => {
		const reply = replyOf({ action: { target: 3 } }, { text: '{}', finishReason: 'stop', usage }, [call]);
		expect(reply).toEqual({ action: { target: 3 }, calls: [call] });
	});

	it('turns a parse error into no action, with the length hint only for a cut reply, and keeps tool calls', () => {
		const toolCalls = [{ tool: 'read', args: {} }] as unknown as ToolCallRecord[];
		expect(replyOf({ error: 'no seat' }, { text: '', finishReason: 'stop', usage }, [call])).toEqual({
			action: null,
			error: 'no seat',
			calls: [call]
		});
		expect(
			replyOf({ error: 'no seat' }, { text: '', finishReason: 'length', usage }, [], { toolCalls })
		).toEqual({
			action: null,
			error: 'no seat (the reply hit the length limit: answer in fewer words)',
			calls: [],
			toolCalls
		});
	});
});

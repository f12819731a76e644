import { describe, expect, it } from 'vitest';
import { createStream, Runner, seatId, type Ask, type LogEvent, type PolicyContext } from '../../../../core';
import { EngineError, type ChatRequest, type ChatResponse } from '../../../../engines/types';
import { parseUndercoverConfig, undercover, type UndercoverConfig, type UndercoverObservation } from '../..';
import { REPLY_ERRORS } from '../../parse';
import { estimateMessages } from '../../../../core/tokens';
import {
	requestDigest,
	requestHash,
	TransportFailure,
	type ChatClient
} from '../../../../policies/llm/chat-client';
import { callSeed } from '../../../../policies/llm/chat-client';
import { createLlmUndercoverPolicy, type LlmModelCall } from './undercover';

function config(patch: Partial<UndercoverConfig> = {}): UndercoverConfig {
	const r = parseUndercoverConfig(patch);
	if (!r.ok) throw new Error(r.error);
	return r.config;
}

const usage = {
	promptTokens: 120,
	completionTokens: 14,
	ttftMs: 35,
	totalMs: 240,
	decodeTokensPerSecond: 58
};

/** A valid reply for whatever the request's schema asks. */
function valid(req: ChatRequest): string {
	const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
	if (props.target) return JSON.stringify({ target: props.target.enum?.[0], reason: 'too quiet' });
	return JSON.stringify({ speech: 'Nothing much to add yet.' });
}

interface FakeClient extends ChatClient {
	requests: ChatRequest[];
}

function fake(
	reply: (req: ChatRequest, n: number) => string | Partial<ChatResponse>,
	patch: Partial<ChatClient> = {}
): FakeClient {
	const requests: ChatRequest[] = [];
	return {
		engine: 'fake',
		model: 'tiny-1',
		contextWindow: 4096,
		...patch,
		requests,
		async chat(req) {
			requests.push(req);
			const r = reply(req, requests.length);
			return typeof r === 'string'
				? { text: r, finishReason: 'stop', usage }
				: { text: '', finishReason: 'stop', usage, ...r };
		}
	};
}

function observation(patch: Partial<UndercoverObservation> = {}): UndercoverObservation {
	return {
		seat: seatId(2),
		lang: 'en',
		word: 'apple',
		persona: { id: 'vera', name: 'Vera', temperament: 'INTJ', style: 'Calm.' },
		round: 1,
		phase: 'SPEAK',
		alive: [1, 2, 3, 4].map(seatId),
		seats: [1, 2, 3, 4].map(seatId),
		speeches: [],
		votes: [],
		eliminated: [],
		tied: [],
		memory: { mySpeeches: [] },
		...patch
	};
}

const speakAsk: Ask = { id: 'r1:speak:2', seat: seatId(2), kind: 'speak', attempt: 0 };
const voteAsk: Ask = {
	id: 'r1:vote:vote:2',
	seat: seatId(2),
	kind: 'vote',
	options: [1, 3, 4].map(seatId),
	attempt: 0
};
const ctxFor = (ask: Ask, seed = 7): PolicyContext => {
	const streamName = `policy:${ask.id}:${ask.attempt}`;
	return { rng: createStream(seed, streamName), seed, streamName, tick: 1 };
};

const lastUser = (req: ChatRequest) => req.messages[req.messages.length - 1]?.content ?? '';

describe('the LLM undercover policy', () => {
	it('is labelled engine:model, unless told otherwise', () => {
		expect(createLlmUndercoverPolicy(fake(valid)).label).toBe('fake:tiny-1');
		expect(createLlmUndercoverPolicy(fake(valid), { label: 'Tiny' }).label).toBe('Tiny');
	});

	it('speaks: one call with the speech schema, the budget, a seed from the stream, and a full ModelCall', async () => {
		const client = fake(() => '```json\n{"speech": "It grows on a tree."}\n```');
		const reply = await createLlmUndercoverPolicy(client, { temperature: 0.3 }).act(
			observation(),
			speakAsk,
			ctxFor(speakAsk)
		);
		expect(reply.action).toEqual({ text: 'It grows on a tree.' });
		expect(reply.error).toBeUndefined();
		const req = client.requests[0]!;
		expect(req.temperature).toBe(0.3);
		expect(req.seed).toBe(callSeed(7, 'policy:r1:speak:2:0'));
		expect(req.max_tokens).toBe(192);
		expect(req.schema).toMatchObject({ required: ['speech'] });
		expect(req.messages.map((m) => m.role)).toEqual(['system', 'user']);
		expect(reply.calls).toEqual([
			{
				engine: 'fake',
				model: 'tiny-1',
				requestHash: requestHash(req),
				request: requestDigest(req),
				sampling: { temperature: 0.3, seed: req.seed, maxTokens: 192 },
				purpose: 'speak',
				reply: '```json\n{"speech": "It grows on a tree."}\n```',
				finishReason: 'stop',
				promptTokens: 120,
				completionTokens: 14,
				meta: { ttftMs: 35, totalMs: 240, decodeTokensPerSecond: 58 }
			}
		]);
	});

	it('votes with the allowed seats in the schema and records the shuffled option order', async () => {
		const client = fake(() => '{"target": 3, "reason": "Seat 3 was vague."}');
		const reply = await createLlmUndercoverPolicy(client).act(
			observation({ phase: 'VOTE' }),
			voteAsk,
			ctxFor(voteAsk)
		);
		expect(reply.action).toEqual({ target: 3, reason: 'Seat 3 was vague.' });
		const req = client.requests[0]!;
		expect(req.max_tokens).toBe(96);
		expect(req.schema).toMatchObject({ properties: { target: { type: 'integer', enum: [1, 3, 4] } } });
		const call = reply.calls?.[0] as LlmModelCall;
		expect([...(call.optionOrder ?? [])].sort()).toEqual([1, 3, 4]);
		const listed = /You may vote for (.*); not for yourself/.exec(lastUser(req))?.[1];
		expect(listed).toBe(
			call.optionOrder
				?.map((s) => `seat ${s}`)
				.join(', ')
				.replace(/, (?=[^,]*$)/, ' or ')
		);
	});

	it('is deterministic: the same seed and stream give the same request, another stream another seed', async () => {
		const a = fake(valid);
		const b = fake(valid);
		await createLlmUndercoverPolicy(a).act(observation({ phase: 'VOTE' }), voteAsk, ctxFor(voteAsk));
		await createLlmUndercoverPolicy(b).act(observation({ phase: 'VOTE' }), voteAsk, ctxFor(voteAsk));
		expect(requestHash(a.requests[0]!)).toBe(requestHash(b.requests[0]!));
		const retry = { ...voteAsk, attempt: 1, error: 'x' };
		await createLlmUndercoverPolicy(a).act(observation({ phase: 'VOTE' }), retry, ctxFor(retry));
		expect(a.requests[1]!.seed).not.toBe(a.requests[0]!.seed);
	});

	it('returns an unreadable reply as an error (with the call), never as an action', async () => {
		const reply = await createLlmUndercoverPolicy(fake(() => 'I would vote for seat 3 or seat 4.')).act(
			observation({ phase: 'VOTE' }),
			voteAsk,
			ctxFor(voteAsk)
		);
		expect(reply).toMatchObject({
			action: null,
			error: 'the reply is ambiguous: it names more than one seat (3, 4); vote for exactly one'
		});
		expect(reply.calls).toHaveLength(1);
		const self = await createLlmUndercoverPolicy(fake(() => '{"target": 2}')).act(
			observation({ phase: 'VOTE' }),
			voteAsk,
			ctxFor(voteAsk)
		);
		expect(self.error).toBe('you cannot vote for yourself (seat 2)');
	});

	it('says when the token limit cut a reply short (seed 002, pitfall 1)', async () => {
		const client = fake(() => ({ text: '<think>Let me weigh every seat', finishReason: 'length' }));
		const reply = await createLlmUndercoverPolicy(client).act(observation(), speakAsk, ctxFor(speakAsk));
		expect(reply.error).toBe(
			`${REPLY_ERRORS.allReasoning} (the reply hit the length limit: answer in fewer words)`
		);
		expect(reply.calls?.[0]?.finishReason).toBe('length');
	});

	it('gives reasoning models the larger budgets, and keeps small windows within bounds', async () => {
		const big = fake(valid, { reasoning: true, contextWindow: 32_768 });
		await createLlmUndercoverPolicy(big).act(observation(), speakAsk, ctxFor(speakAsk));
		expect(big.requests[0]!.max_tokens).toBe(8000);
		const small = fake(valid, { contextWindow: 1024 });
		await createLlmUndercoverPolicy(small).act(observation(), speakAsk, ctxFor(speakAsk));
		const req = small.requests[0]!;
		expect(estimateMessages(req.messages) + req.max_tokens).toBeLessThanOrEqual(1024);
		expect(req.max_tokens).toBe(192);
	});

	it('throws transport failures as "transport: ..." with the failed call, never as a decision', async () => {
		const down = fake(() => {
			throw new EngineError('server-error', 'HTTP 503 from the server', { transport: true, retryable: true });
		});
		const err = await createLlmUndercoverPolicy(down)
			.act(observation(), speakAsk, ctxFor(speakAsk))
			.then(
				() => null,
				(e: unknown) => e
			);
		expect(err).toBeInstanceOf(TransportFailure);
		const failure = err as TransportFailure;
		expect(failure.message).toBe('transport: HTTP 503 from the server');
		expect(failure.calls).toEqual([
			{
				engine: 'fake',
				model: 'tiny-1',
				requestHash: requestHash(down.requests[0]!),
				request: requestDigest(down.requests[0]!),
				sampling: { temperature: 0.7, seed: down.requests[0]!.seed, maxTokens: 192 },
				purpose: 'speak',
				reply: '',
				finishReason: 'error',
				promptTokens: 0,
				completionTokens: 0,
				transportError: 'HTTP 503 from the server'
			}
		]);
		// After a worker boundary only plain fields survive: still a transport failure.
		const cloned = fake(() => {
			throw Object.assign(new Error('fetch failed'), { name: 'EngineError', options: { transport: true } });
		});
		await expect(
			createLlmUndercoverPolicy(cloned).act(observation(), speakAsk, ctxFor(speakAsk))
		).rejects.toThrow(/^transport: fetch failed$/);
	});

	it('lets other errors propagate unchanged', async () => {
		const broken = fake(() => {
			throw new EngineError('unsupported-model', 'this model needs shader-f16');
		});
		await expect(
			createLlmUndercoverPolicy(broken).act(observation(), speakAsk, ctxFor(speakAsk))
		).rejects.toThrow(/^this model needs shader-f16$/);
		const bug = fake(() => {
			throw new TypeError('undefined is not a function');
		});
		await expect(
			createLlmUndercoverPolicy(bug).act(observation(), speakAsk, ctxFor(speakAsk))
		).rejects.toBeInstanceOf(TypeError);
	});

	it('answers an unknown ask with an error, and makes no call', async () => {
		const client = fake(valid);
		const reply = await createLlmUndercoverPolicy(client).act(
			observation(),
			{ ...speakAsk, kind: 'dance' },
			ctxFor(speakAsk)
		);
		expect(reply).toEqual({ action: null, error: 'this agent cannot "dance"' });
		expect(client.requests).toHaveLength(0);
	});
});

describe('through a real Runner', () => {
	const modelCalls = (events: LogEvent[]) => events.filter((e) => e.kind === 'model.called');

	it('repairs once quoting the error, then forfeits explicitly', async () => {
		const client = fake((req, n) => {
			if (n === 1) return '<think>Which feature is safe to say';
			if (n === 3 || n === 4) return '{"suspect": 3}';
			return valid(req);
		});
		const runner = new Runner({
			scenario: undercover,
			config: config({ seats: 4, rounds: 2 }),
			seed: 5,
			policyFor: () => createLlmUndercoverPolicy(client)
		});
		await runner.run();
		const events = runner.log.events;
		const firstSpeech = events.findIndex((e) => e.kind === 'speech.given');
		const head = events.slice(0, events.findIndex((e) => e.kind === 'action.forfeited') + 1);
		expect(head.map((e) => e.kind).filter((k) => /model|action|speech/.test(k))).toEqual([
			'model.called',
			'action.rejected',
			'model.called',
			'speech.given',
			'model.called',
			'action.rejected',
			'model.called',
			'action.rejected',
			'action.forfeited'
		]);
		const calls = modelCalls(head).map((e) => e.data as LlmModelCall);
		expect(calls.map((c) => c.purpose)).toEqual(['speak', 'repair speak', 'speak', 'repair speak']);
		expect(calls[0]?.reply).toBe('<think>Which feature is safe to say');
		expect(head.find((e) => e.kind === 'action.rejected')?.data).toMatchObject({
			error: REPLY_ERRORS.allReasoning,
			attempt: 0
		});
		expect(lastUser(client.requests[1]!)).toContain(
			`Your previous reply was rejected: ${REPLY_ERRORS.allReasoning}. Reply again.`
		);
		expect(events[firstSpeech]?.data).toMatchObject({ text: 'Nothing much to add yet.' });
		expect(head[head.length - 1]?.data).toMatchObject({ reason: `rejected: ${REPLY_ERRORS.noSpeech}` });
		// Wall-clock timings ride beside the event, outside its hash; the option order rides in the data.
		expect(modelCalls(events)[0]?.meta).toEqual({ ttftMs: 35, totalMs: 240, decodeTokensPerSecond: 58 });
		const voteCall = modelCalls(events).find((e) => (e.data as LlmModelCall).purpose === 'vote');
		expect((voteCall?.data as LlmModelCall).optionOrder?.length).toBe(3);
		expect(runner.outcome()).not.toBeNull();
	});

	it('plays whole games in both languages with a 1k-context model, within its window', async () => {
		for (const lang of ['en', 'zh'] as const) {
			const client = fake(valid, { contextWindow: 1024 });
			const runner = new Runner({
				scenario: undercover,
				config: config({ seats: 8, rounds: 4, lang }),
				seed: 21,
				policyFor: () => createLlmUndercoverPolicy(client)
			});
			await runner.run();
			expect(runner.outcome()).not.toBeNull();
			expect(client.requests.length).toBeGreaterThan(20);
			for (const req of client.requests)
				expect(estimateMessages(req.messages) + req.max_tokens).toBeLessThanOrEqual(1024);
		}
	});
});

describe('monologue and reflection', () => {
	it('reads a private monologue and a lesson, recording each call', async () => {
		const policy = createLlmUndercoverPolicy(
			fake((req) =>
				req.schema?.required && (req.schema.required as string[]).includes('lesson')
					? '{"lesson": "When a seat repeats the previous speaker, question it first."}'
					: '{"thoughts": "Seat 3 is vague.", "suspect": 3}'
			)
		);
		const ctx = { seed: 1, streamName: 'monologue:r1:2' };
		const m = await policy.monologue(observation(), ctx);
		expect(m).toMatchObject({
			ok: true,
			thoughts: 'Seat 3 is vague.',
			suspect: 3,
			call: { purpose: 'monologue' }
		});
		const summary = { over: false as const, rounds: 1, eliminated: [] };
		const l = await policy.reflect(
			{ observation: observation(), summary },
			{ seed: 1, streamName: 'reflect:2' }
		);
		expect(l).toMatchObject({
			ok: true,
			lesson: 'When a seat repeats the previous speaker, question it first.',
			call: { purpose: 'reflect' }
		});
	});
});

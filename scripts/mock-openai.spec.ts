/**
 * A misbehaving endpoint meets the real client (engines/openai.ts) and the real runner: every call
 * ends by its deadline, a reply past its budget is cut and the cut recorded, a refused request is
 * logged as a transport failure, and the run that ends is the run that replays from its own file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isRunInterrupted, toJsonLines, type ModelCall, type Policy } from '../src/lib/core';
import { EngineError, type ModelChoice } from '../src/lib/engines/types';
import { MAX_REPLY_CHARS, OpenAIEngine } from '../src/lib/engines/openai';
import { policyForChoice } from '../src/lib/policies/factory';
import type { ChatClient } from '../src/lib/policies/llm/chat-client';
import { createRunner } from '../src/lib/run/play';
import { replayInputOf } from '../src/lib/run/replay';
import { verifyRun } from '../src/lib/run/verify';
import { readRunFile } from '../src/lib/run/run-file';
import { startMockOpenAI, type MockOpenAI } from './mock-openai';

let server: MockOpenAI | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const ask = {
	messages: [{ role: 'user' as const, content: 'Describe your word.' }],
	temperature: 0,
	seed: 1
};

async function failure(p: Promise<unknown>): Promise<EngineError> {
	const err = await p.then(
		() => null,
		(e: unknown) => e
	);
	expect(err).toBeInstanceOf(EngineError);
	return err as EngineError;
}

describe('a misbehaving endpoint', () => {
	it('drip: the call ends at its total deadline although the silence timeout never trips', async () => {
		server = await startMockOpenAI({ misbehave: 'drip', dripMs: 50 });
		const engine = new OpenAIEngine({
			baseUrl: server.baseUrl,
			model: 'mock',
			timeoutMs: 5_000,
			deadlineMs: 1_500
		});
		const err = await failure(engine.chat({ ...ask, max_tokens: 10_000 }));
		expect(err.code).toBe('timeout');
		expect(err.transport).toBe(true);
		expect(err.message).toMatch(/did not finish the reply within 2 s/);
	});

	it('hang: no headers ever; the call ends at the silence timeout or the deadline, in transport', async () => {
		server = await startMockOpenAI({ misbehave: 'hang' });
		const engine = new OpenAIEngine({
			baseUrl: server.baseUrl,
			model: 'mock',
			timeoutMs: 60_000,
			deadlineMs: 1_000,
			maxRetries: 0
		});
		const err = await failure(engine.chat({ ...ask, max_tokens: 50 }));
		expect(err.transport).toBe(true);
		expect(err.code).toBe('timeout');
	});

	it('huge reply: cut by the client at the budget, recorded as cut, never past the budget in tokens', async () => {
		server = await startMockOpenAI({ misbehave: 'huge', hugeChars: 4 * 2 ** 20 });
		const engine = new OpenAIEngine({ baseUrl: server.baseUrl, model: 'mock' });
		const r = await engine.chat({ ...ask, max_tokens: 512 });
		expect(r.cut).toBe('client');
		expect(r.finishReason).toBe('length');
		expect(r.text.length).toBeLessThanOrEqual(512 * 16);
		expect(r.usage.completionTokens).toBeLessThanOrEqual(512);
	});

	it('huge reply with a budget past the line limit: cut at MAX_REPLY_CHARS, so the file still opens', async () => {
		server = await startMockOpenAI({ misbehave: 'huge', hugeChars: 4 * 2 ** 20 });
		const engine = new OpenAIEngine({ baseUrl: server.baseUrl, model: 'mock' });
		const r = await engine.chat({ ...ask, max_tokens: 1_000_000 });
		expect(r.cut).toBe('client');
		expect(r.text.length).toBe(MAX_REPLY_CHARS);
	});

	it('huge replies in a run: each call the client cut says so in the log, and the file replays with the cuts', async () => {
		server = await startMockOpenAI({ misbehave: 'huge', hugeChars: 64 * 1024 });
		const engine = new OpenAIEngine({ baseUrl: server.baseUrl, model: 'mock' });
		const choice: ModelChoice = { engine: 'openai', model: 'mock', baseUrl: server.baseUrl };
		const run = {
			scenario: 'undercover',
			seed: 3,
			config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 1 },
			seats: { '1': choice }
		};
		const client: ChatClient = {
			engine: 'openai',
			model: 'mock',
			contextWindow: 4096,
			chat: (r) => engine.chat(r)
		};
		const policy: Policy = policyForChoice('undercover', choice, { client, seat: 1 });
		const runner = createRunner(run, { policyFor: (s) => (s === 1 ? policy : undefined) });
		await runner.run();
		const calls = runner.log.events.filter((e) => e.kind === 'model.called').map((e) => e.data as ModelCall);
		expect(calls.length).toBeGreaterThan(0);
		expect(calls.every((c) => c.cutByClient === true && c.finishReason === 'length')).toBe(true);
		const file = readRunFile(toJsonLines(runner.log.header, runner.log.events));
		expect(file.ok ? '' : file.error).toBe('');
		if (!file.ok) return;
		// The replay engine gives the cut back (replay-client), so the re-executed log is the same, cut for cut.
		const v = await verifyRun(replayInputOf(file.header, file.events));
		expect(v.ok ? '' : v.error).toBe('');
		expect(v.ok && v.replay.runner.log.events.filter((e) => (e.data as ModelCall).cutByClient).length).toBe(
			calls.length
		);
	});

	it('401 to every request: logged as transport failures, the run pauses, and its file replays', async () => {
		server = await startMockOpenAI({ misbehave: 'unauthorized' });
		const engine = new OpenAIEngine({ baseUrl: server.baseUrl, model: 'mock', apiKey: 'sk-test' });
		const err = await failure(engine.chat({ ...ask, max_tokens: 50 }));
		expect(err.code).toBe('unauthorized');
		expect(err.transport).toBe(true);

		const choice: ModelChoice = { engine: 'openai', model: 'mock', baseUrl: server.baseUrl };
		const run = {
			scenario: 'undercover',
			seed: 3,
			config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
			seats: { '1': choice }
		};
		const client: ChatClient = {
			engine: 'openai',
			model: 'mock',
			contextWindow: 4096,
			chat: (r) => engine.chat(r)
		};
		const policy: Policy = policyForChoice('undercover', choice, { client, seat: 1 });
		const runner = createRunner(run, { policyFor: (s) => (s === 1 ? policy : undefined) });
		let interruptions = 0;
		for (let turns = 0; turns < 200; turns++) {
			try {
				if (!(await runner.step())) break;
			} catch (e) {
				expect(isRunInterrupted(e) && e.reason).toBe('transport');
				// The page pauses here; the person presses play again, and it fails again, until the gate stops it.
				if (++interruptions > 3) break;
			}
		}
		const calls = runner.log.events.filter((e) => e.kind === 'model.called');
		expect(calls.length).toBeGreaterThan(0);
		expect(
			calls.every((e) =>
				/refused the key \(HTTP 401\)/.test(String((e.data as { transportError?: string }).transportError))
			)
		).toBe(true);
		const file = readRunFile(toJsonLines(runner.log.header, runner.log.events));
		expect(file.ok).toBe(true);
		if (!file.ok) return;
		const v = await verifyRun(replayInputOf(file.header, file.events));
		expect(v.ok ? '' : v.error).toBe('');
		// And the key never reached the log.
		expect(toJsonLines(runner.log.header, runner.log.events)).not.toContain('sk-test');
	});
});

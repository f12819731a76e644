/**
 * A misbehaving endpoint meets the real client (engines/openai.ts) and the real runner: every call
 * ends by its deadline, a reply past its budget is cut and the cut recorded, a refused request is
 * logged as a transport failure, and the run that ends is the run that replays from its own file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
	EventLog,
	isRunInterrupted,
	toJsonLines,
	type LogEvent,
	type LogHeader,
	type ModelCall,
	type Policy
} from '../src/lib/core';
import { EngineError, type ModelChoice } from '../src/lib/engines/types';
import { MAX_REPLY_CHARS, OpenAIEngine } from '../src/lib/engines/openai';
import { policyForChoice } from '../src/lib/policies/factory';
import type { ChatClient } from '../src/lib/policies/llm/chat-client';
import { createRunner } from '../src/lib/run/play';
import { recordedFragment, replayInputOf, replayInputOfLink, setupOfHeader } from '../src/lib/run/replay';
import { decodeShare, encodeRecordedShare, type LinkRecording } from '../src/lib/share/link';
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

	it('drip in a run: the turn ends at the deadline, the run pauses there (a transport failure), and its file replays', async () => {
		server = await startMockOpenAI({ misbehave: 'drip', dripMs: 50 });
		const engine = new OpenAIEngine({
			baseUrl: server.baseUrl,
			model: 'mock',
			timeoutMs: 5_000,
			deadlineMs: 1_000
		});
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
		let paused: unknown;
		for (let turns = 0; turns < 50 && paused === undefined; turns++)
			await runner.step().catch((e: unknown) => (paused = e));
		// The seat's first turn: one call, given up at its deadline (not the silence timeout, never
		// tripped by a drip), and the run paused rather than charging the seat a forfeit.
		expect(isRunInterrupted(paused) && paused.reason).toBe('transport');
		const failed = runner.log.events.filter((e) => e.kind === 'model.called').map((e) => e.data as ModelCall);
		expect(failed).toHaveLength(1);
		expect(failed[0]!.transportError).toMatch(/did not finish the reply within 1 s/);
		expect(runner.log.events.some((e) => e.kind === 'action.forfeited')).toBe(false);
		const file = readRunFile(toJsonLines(runner.log.header, runner.log.events));
		expect(file.ok ? '' : file.error).toBe('');
		if (!file.ok) return;
		const v = await verifyRun(replayInputOf(file.header, file.events));
		expect(v.ok ? '' : v.error).toBe('');
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

	it('hang against the autonomy Sentinel: each call ends at its deadline, logged as a failure, and the days go on', async () => {
		server = await startMockOpenAI({ misbehave: 'hang' });
		const engine = new OpenAIEngine({
			baseUrl: server.baseUrl,
			model: 'mock',
			timeoutMs: 60_000,
			deadlineMs: 300,
			maxRetries: 0
		});
		const choice: ModelChoice = { engine: 'openai', model: 'mock', baseUrl: server.baseUrl };
		const run = { scenario: 'autonomy', seed: 2, config: { days: 12 }, seats: { '1': choice } };
		const client: ChatClient = {
			engine: 'openai',
			model: 'mock',
			contextWindow: 4096,
			chat: (r) => engine.chat(r)
		};
		const policy: Policy = policyForChoice('autonomy', choice, { client, seat: 1 });
		const runner = createRunner(run, { policyFor: (s) => (s === 1 ? policy : undefined) });
		await runner.run();
		expect(runner.done).toBe(true);
		const calls = runner.log.events.filter((e) => e.kind === 'model.called').map((e) => e.data as ModelCall);
		expect(calls.length).toBeGreaterThan(0);
		// Every call given up at its deadline (the silence timeout is a minute), as a transport failure.
		expect(calls.every((c) => /within 300 ms/.test(c.transportError ?? ''))).toBe(true);
		const file = readRunFile(toJsonLines(runner.log.header, runner.log.events));
		expect(file.ok ? '' : file.error).toBe('');
		if (!file.ok) return;
		const v = await verifyRun(replayInputOf(file.header, file.events));
		expect(v.ok ? '' : v.error).toBe('');
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

/** An undercover game with seat 1 played through the real client against `server`, as its log. */
async function gameAgainst(server: MockOpenAI): Promise<{ header: LogHeader; events: LogEvent[] }> {
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
	return { header: runner.log.header, events: runner.log.events };
}

/** The chain sealed again after an edit: what any forger can do. */
function reseal(header: LogHeader, events: readonly LogEvent[]): string {
	const log = new EventLog(header);
	for (const e of events)
		log.append({ kind: e.kind, data: e.data, ...(e.meta ? { meta: e.meta } : {}) }, e.tick);
	return toJsonLines(header, log.events);
}

async function openFile(text: string) {
	const file = readRunFile(text);
	if (!file.ok) return file;
	return verifyRun(replayInputOf(file.header, file.events));
}

/** A run's link with its recorded replies, edited call by call and packed again: what a forger can do. */
async function openLink(
	log: { header: LogHeader; events: LogEvent[] },
	edit: (r: LinkRecording) => void = () => {}
) {
	const link = recordedFragment(setupOfHeader(log.header), log.header, log.events);
	if (!link.ok) throw new Error(link.why);
	const decoded = decodeShare(link.fragment);
	if (!decoded.ok || !decoded.recording) throw new Error('the link does not decode');
	edit(decoded.recording);
	const again = decodeShare(encodeRecordedShare(decoded.run, decoded.recording));
	if (!again.ok || !again.recording) throw new Error('the edited link does not decode');
	return verifyRun(replayInputOfLink(again.run, again.recording));
}

describe("the client's cut is evidence, in a file and in a link", () => {
	const logs = (async () => {
		const huge = await startMockOpenAI({ misbehave: 'huge', hugeChars: 64 * 1024 });
		const plain = await startMockOpenAI();
		try {
			return { cut: await gameAgainst(huge), whole: await gameAgainst(plain) };
		} finally {
			await huge.close();
			await plain.close();
		}
	})();
	const callsOf = (events: readonly LogEvent[]) => events.filter((e) => e.kind === 'model.called');

	it('a file: a cut call without its mark, or an uncut one with it, is refused naming the call', async () => {
		const { cut, whole } = await logs;
		const was = callsOf(cut.events)[0]!;
		const d = was.data as ModelCall;
		expect(d.cutByClient).toBe(true);
		// The client charges a cut reply its whole budget, and the text ends at the budget's cap.
		expect(d.completionTokens).toBe(d.request!.max_tokens);
		expect(d.reply.length).toBe(d.request!.max_tokens * 16);
		expect(callsOf(whole.events).some((e) => (e.data as ModelCall).cutByClient)).toBe(false);

		const dropped = structuredClone(cut.events);
		delete (dropped[was.seq]!.data as Partial<ModelCall>).cutByClient;
		const alsoStopped = structuredClone(dropped);
		(alsoStopped[was.seq]!.data as ModelCall).finishReason = 'stop';
		for (const forged of [dropped, alsoStopped]) {
			const v = await openFile(reseal(cut.header, forged));
			expect(v.ok).toBe(false);
			if (!v.ok)
				expect(v.error).toBe(
					`This file was altered: event ${was.seq} (model.called) records a reply of ${d.reply.length} characters, as long as its budget of ${d.request!.max_tokens} tokens allows, without the client's cut.`
				);
		}

		const plain = callsOf(whole.events)[0]!;
		const p = plain.data as ModelCall;
		const added = structuredClone(whole.events);
		Object.assign(added[plain.seq]!.data as ModelCall, { cutByClient: true, finishReason: 'length' });
		const v = await openFile(reseal(whole.header, added));
		expect(v.ok).toBe(false);
		if (!v.ok)
			expect(v.error).toBe(
				`This file was altered: event ${plain.seq} (model.called) is marked as cut at its budget of ${p.request!.max_tokens} tokens but records ${p.completionTokens} completion tokens.`
			);
		// Untouched, both replay.
		for (const log of [cut, whole]) {
			const ok = await openFile(toJsonLines(log.header, log.events));
			expect(ok.ok ? '' : ok.error).toBe('');
		}
	});

	it('a link: carries the cut and replays; the cut dropped or added, or tokens past the budget, are refused', async () => {
		const { cut, whole } = await logs;
		for (const log of [cut, whole]) {
			const v = await openLink(log);
			expect(v.ok ? '' : v.error).toBe('');
		}
		const refusals = [
			await openLink(cut, (r) => delete r.calls[0]!.cutByClient),
			await openLink(whole, (r) => Object.assign(r.calls[0]!, { cutByClient: true, finishReason: 'length' })),
			await openLink(whole, (r) => (r.calls[0]!.completionTokens = 100_000))
		];
		const why = [
			/its recorded call records a reply of \d+ characters, as long as its budget of \d+ tokens allows, without the client's cut\)\.$/,
			/its recorded call is marked as cut at its budget of \d+ tokens but records 12 completion tokens\)\.$/,
			/its recorded call records 100000 completion tokens, past its request's budget of \d+\)\.$/
		];
		refusals.forEach((v, i) => {
			expect(v.ok, String(i)).toBe(false);
			if (!v.ok) {
				expect(v.error).toMatch(/^This link does not replay: after event \d+ \(/);
				expect(v.error).toMatch(why[i]!);
			}
		});
	});
});

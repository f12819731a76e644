import { describe, expect, it } from 'vitest';
import {
	isRunInterrupted,
	ReplayMiss,
	seatId,
	sha256Hex,
	type LogEvent,
	type ModelCall,
	type Policy,
	type RunInterrupted
} from '../core';
import type { ChatRequest, ModelChoice } from '../engines/types';
import { createRunner, seatsAfter, type AnyRunner } from './play';
import { policyForChoice } from '../policies/factory';
import type { ChatClient } from '../policies/llm/chat-client';
import { createLesson, parseLesson, type Lesson } from '../agents/lessons';
import {
	createReplay,
	recordedFragment,
	replayInputOf,
	replayInputOfLink,
	ReplayError,
	setupOfHeader
} from './replay';
import { personas } from '../scenarios/undercover/personas';
import { decodeShare } from '../share/link';
import type { SharedRun } from '../share/link';

const CHOICE: ModelChoice = { engine: 'openai', model: 'fake-1', baseUrl: 'http://127.0.0.1:9/v1' };

/** A deterministic "model": its reply is a pure function of the request, valid for speak and vote. */
function fakeClient(opts: { failOnce?: number; model?: string } = {}): ChatClient & { calls: number } {
	let calls = 0;
	const client = {
		engine: 'openai',
		model: opts.model ?? 'fake-1',
		contextWindow: 4096,
		get calls() {
			return calls;
		},
		async chat(req: ChatRequest) {
			calls++;
			if (calls === opts.failOnce)
				throw Object.assign(new Error('transport: HTTP 503 from the server'), { transport: true });
			const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
			const pick = parseInt(sha256Hex(JSON.stringify(req.messages)).slice(0, 6), 16);
			const text = props.target
				? JSON.stringify({ target: props.target.enum?.[pick % props.target.enum.length], reason: 'quiet' })
				: JSON.stringify({ speech: `It is something you can hold, number ${pick % 97}.` });
			const usage = {
				promptTokens: 100,
				completionTokens: 12,
				ttftMs: 5,
				totalMs: 9,
				decodeTokensPerSecond: 40
			};
			return { text, finishReason: 'stop' as const, usage };
		}
	};
	return client;
}

const setup = (seed = 5): SharedRun => ({
	scenario: 'undercover',
	seed,
	config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 3 },
	seats: { '1': CHOICE, '2': { engine: 'scripted' }, '3': CHOICE, '4': CHOICE }
});

/** Plays a model game live, pausing and going on after each interruption as the page does. */
async function playLive(run: SharedRun, client: ChatClient, lessons?: Lesson[]): Promise<AnyRunner> {
	const policies = new Map<number, Policy>();
	for (const [seat, choice] of Object.entries(run.seats ?? {}))
		if (choice.engine !== 'scripted')
			policies.set(
				Number(seat),
				policyForChoice(run.scenario, choice, { client, seat: Number(seat), ...(lessons ? { lessons } : {}) })
			);
	const runner = createRunner(run, { policyFor: (s) => policies.get(s) });
	for (;;) {
		try {
			if (!(await runner.step())) break;
		} catch (err) {
			if (!isRunInterrupted(err)) throw err;
		}
	}
	return runner;
}

const calls = (events: readonly LogEvent[]) => events.filter((e) => e.kind === 'model.called');

describe('the replay engine', () => {
	it('re-executes a model game from its log with recorded replies and ends on the same hash', async () => {
		const live = await playLive(setup(), fakeClient());
		const { header, events } = live.log;
		expect(calls(events).length).toBeGreaterThan(5);
		const replay = createReplay(replayInputOf(header, events));
		await replay.run();
		expect(replay.runner.hash).toBe(live.hash);
		expect(replay.runner.log.events.map((e) => e.hash)).toEqual(events.map((e) => e.hash));
	});

	it('replays a run that paused on a transport failure and went on, to the same hash', async () => {
		const live = await playLive(setup(6), fakeClient({ failOnce: 4 }));
		const failed = calls(live.log.events).filter((e) => (e.data as ModelCall).transportError);
		expect(failed).toHaveLength(1);
		const replay = createReplay(replayInputOf(live.log.header, live.log.events));
		await replay.run();
		expect(replay.runner.hash).toBe(live.hash);
	});

	it('a miss stops the replay with the seat, the ask and what differed, and writes nothing for the turn', async () => {
		const live = await playLive(setup(), fakeClient());
		const events = live.log.events.map((e) => structuredClone(e));
		const target = calls(events)[2]!;
		const data = target.data as ModelCall & { seat: number; ask: string };
		data.requestHash = 'f'.repeat(64);
		data.request = { ...data.request!, seed: data.request!.seed + 1 };
		const input = replayInputOf(live.log.header, events);
		const replay = createReplay({ ...input, original: undefined });
		const err = (await replay.run().catch((e: unknown) => e)) as RunInterrupted;
		expect(err).toBeInstanceOf(ReplayMiss);
		expect(err.reason).toBe('replay');
		expect(err.message).toBe(
			`Replay stopped: seat ${data.seat}, ask ${data.ask}: no recorded call matches this request; seed differs (recorded ${data.request!.seed}, now ${data.request!.seed - 1}).`
		);
		// The turn that missed wrote nothing: the log stops before the missing call.
		expect(replay.runner.log.length).toBe(target.seq);
	});

	it('names the message that differs, and a call the recording does not have', async () => {
		const live = await playLive(setup(), fakeClient());
		const events = live.log.events.map((e) => structuredClone(e));
		const target = calls(events)[0]!.data as ModelCall & { seat: number; ask: string };
		target.requestHash = '0'.repeat(64);
		target.request!.messages[1] = 'user:0000000000000000';
		const miss = await createReplay({ ...replayInputOf(live.log.header, events), original: undefined })
			.run()
			.catch((e: unknown) => e);
		expect((miss as Error).message).toMatch(
			new RegExp(
				`^Replay stopped: seat ${target.seat}, ask ${target.ask}: .*message 2 of \\d+ \\(user\\) differs\\.$`
			)
		);
		// Drop every recorded call of one ask: the replay says the recording has none, and asks no model.
		const dropped = live.log.events.filter(
			(e) => !(e.kind === 'model.called' && (e.data as { ask: string }).ask === target.ask)
		);
		const input = replayInputOf(live.log.header, live.log.events);
		const none = await createReplay({
			...input,
			recording: replayInputOf(live.log.header, dropped).recording,
			original: undefined
		})
			.run()
			.catch((e: unknown) => e);
		expect((none as Error).message).toBe(
			`Replay stopped: seat ${target.seat}, ask ${target.ask}: the recording has no model call for this ask (this replay asked for one).`
		);
	});

	it('matches the whole request, not just its messages: another model is a miss', async () => {
		const live = await playLive(setup(), fakeClient());
		const header = structuredClone(live.log.header);
		// The same header with seat 1 on another model: the recorded calls are fake-1's.
		(header.seats as Record<string, ModelChoice>)['1'] = { ...CHOICE, model: 'fake-2' };
		const err = await createReplay({ ...replayInputOf(header, live.log.events), original: undefined })
			.run()
			.catch((e: unknown) => e);
		expect((err as Error).message).toMatch(
			/^Replay stopped: seat 1, ask .*the model differs \(recorded fake-1, now fake-2\)\.$/
		);
	});

	it('names the first event where a replay leaves the original log', async () => {
		const live = await playLive(setup(), fakeClient());
		const events = live.log.events.map((e) => structuredClone(e));
		// A recorded reply changed and the chain re-sealed after it would pass verification, not replay.
		const target = calls(events)[1]!;
		(target.data as ModelCall).reply = '{"speech": "Something else entirely."}';
		const err = (await createReplay(replayInputOf(live.log.header, events))
			.run()
			.catch((e: unknown) => e)) as ReplayError;
		expect(err).toBeInstanceOf(ReplayError);
		expect(err.seq).toBe(target.seq);
		expect(err.message).toMatch(new RegExp(`^the replay left the recording at event ${target.seq} `));
	});

	it('gives each seat exactly the lessons its recorded calls carried, in a browser that has none', async () => {
		// Lessons from "earlier games" for every persona: the prompts carry them, the log records them.
		const lessons = personas.map((p) => {
			const parsed = parseLesson('When the others describe a fruit, name its colour.', 'en');
			if (!parsed.ok) throw new Error(parsed.error);
			return createLesson({ persona: p.id, model: 'openai:fake-1', lang: 'en' }, parsed, 0);
		});
		const live = await playLive(setup(), fakeClient(), lessons);
		const carried = calls(live.log.events).filter((e) => (e.data as ModelCall).lessons?.length);
		expect(carried.length).toBeGreaterThan(0);
		expect((carried[0]!.data as ModelCall).lessonTexts).toEqual([lessons[0]!.text]);
		// The replay has no lesson store at all: the recording supplies them.
		const replay = createReplay(replayInputOf(live.log.header, live.log.events));
		await replay.run();
		expect(replay.runner.hash).toBe(live.hash);
		// And so does a link.
		const link = recordedFragment(setupOfHeader(live.log.header), live.log.header, live.log.events);
		if (!link.ok) throw new Error(link.why);
		const decoded = decodeShare(link.fragment);
		if (!decoded.ok || !decoded.recording) throw new Error('not decoded');
		const viaLink = createReplay(replayInputOfLink(decoded.run, decoded.recording));
		await viaLink.run();
		expect(viaLink.runner.hash).toBe(live.hash);
	});

	it('refuses to re-execute a seat played by a person from a link, which carries none of their moves', () => {
		const run = { ...setup(), seats: { ...setup().seats, '2': { engine: 'human' as const } } };
		const runner = createRunner(run);
		const input = replayInputOf(runner.log.header, []);
		expect(() => createReplay({ ...input, original: undefined })).toThrow(/seat 2 was played by a person/);
	});
});

describe('a seat given another model mid-run (after a lost GPU, say)', () => {
	const OTHER: ModelChoice = { ...CHOICE, model: 'fake-2' };

	/** Plays `before` turns with every model seat on fake-1, gives seat 1 fake-2, and plays to the end. */
	async function playWithChange(run: SharedRun, before: number): Promise<AnyRunner> {
		const policyOf = (seat: number, choice: ModelChoice) =>
			policyForChoice(run.scenario, choice, { client: fakeClient({ model: choice.model }), seat });
		const policies = new Map<number, Policy>();
		for (const [seat, choice] of Object.entries(run.seats ?? {}))
			if (choice.engine !== 'scripted') policies.set(Number(seat), policyOf(Number(seat), choice));
		const runner = createRunner(run, { policyFor: (s) => policies.get(s) });
		for (let turn = 0; ; turn++) {
			if (turn === before) {
				runner.changeModel(seatId(1), CHOICE, OTHER);
				policies.set(1, policyOf(1, OTHER));
			}
			if (!(await runner.step())) break;
		}
		return runner;
	}

	it('is one seat.model-changed event, and the seat’s later calls are the new model’s', async () => {
		const live = await playWithChange(setup(), 6);
		const changes = live.log.events.filter((e) => e.kind === 'seat.model-changed');
		expect(changes).toHaveLength(1);
		const change = changes[0]!;
		expect(change.data).toEqual({ seat: 1, from: CHOICE, to: OTHER });
		// A tick of its own: no other event shares it.
		expect(live.log.events.filter((e) => e.tick === change.tick)).toHaveLength(1);
		const seat1 = calls(live.log.events).filter((e) => (e.data as { seat: number }).seat === 1);
		const models = (list: LogEvent[]) => new Set(list.map((e) => (e.data as ModelCall).model));
		expect(models(seat1.filter((e) => e.seq < change.seq))).toEqual(new Set(['fake-1']));
		expect(models(seat1.filter((e) => e.seq > change.seq))).toEqual(new Set(['fake-2']));
		// The header still names the models the run started with; the fold gives the seats now.
		expect((live.log.header.seats as Record<string, ModelChoice>)['1']).toEqual(CHOICE);
		expect(seatsAfter(setup().seats, live.log.events)['1']).toEqual(OTHER);
		expect(seatsAfter(setup().seats, live.log.events.slice(0, change.seq))['1']).toEqual(CHOICE);
	});

	it('resumed from its saved log after the change, the changed seat starts afresh and ends on the same hash', async () => {
		const live = await playWithChange(setup(), 6);
		const change = live.log.events.find((e) => e.kind === 'seat.model-changed')!;
		// A reload some turns after the change: every seat's policy is new, and is handed its own calls,
		// seat 1 only those since its change (its new policy, live, never saw the earlier ones).
		const cut = live.log.events.findIndex((e, i) => i > change.seq + 8 && e.kind === 'model.called');
		const run = setup();
		const restored = new Map<number, number>();
		const policies = new Map<number, Policy>();
		for (const [seat, choice] of Object.entries(run.seats ?? {})) {
			if (choice.engine === 'scripted') continue;
			const now = Number(seat) === 1 ? OTHER : choice;
			const policy = policyForChoice(run.scenario, now, {
				client: fakeClient({ model: now.model }),
				seat: Number(seat)
			});
			const restore = policy.restore?.bind(policy);
			policies.set(Number(seat), {
				...policy,
				act: policy.act.bind(policy),
				restore: (calls) => {
					restored.set(Number(seat), calls.length);
					return restore?.(calls);
				}
			});
		}
		const resumed = createRunner(run, {
			resume: { header: live.log.header, events: live.log.events.slice(0, cut) },
			policyFor: (s) => policies.get(s)
		});
		while (await resumed.step()) {
			/* to the end */
		}
		expect(resumed.hash).toBe(live.hash);
		const since = calls(live.log.events.slice(change.seq, cut)).filter(
			(e) => (e.data as { seat: number }).seat === 1
		).length;
		expect(restored.get(1) ?? 0).toBe(since);
	});

	it('folds as nothing in the scenario: the game state is the same as without the event', async () => {
		const live = await playWithChange(setup(), 6);
		const change = live.log.events.find((e) => e.kind === 'seat.model-changed')!;
		const before = createRunner(setup(), {
			resume: { header: live.log.header, events: live.log.events.slice(0, change.seq) }
		});
		const after = createRunner(setup(), {
			resume: { header: live.log.header, events: live.log.events.slice(0, change.seq + 1) }
		});
		expect(after.state).toEqual(before.state);
	});

	it('replays to the changed run’s own hash, matching later calls against the new model', async () => {
		const live = await playWithChange(setup(), 6);
		const replay = createReplay(replayInputOf(live.log.header, live.log.events));
		await replay.run();
		expect(replay.runner.hash).toBe(live.hash);
		expect(replay.runner.log.events.map((e) => e.hash)).toEqual(live.log.events.map((e) => e.hash));
		// Not the uninterrupted run: another model answered, so the log is another log.
		const unchanged = await playLive(setup(), fakeClient());
		expect(live.hash).not.toBe(unchanged.hash);
	});

	it('a tampered change is named by its sequence number: the replay re-applies the logged event', async () => {
		const live = await playWithChange(setup(), 6);
		// The same log with the change event's target tampered: the replay re-applies the logged event,
		// so its hash no longer matches, and it says where.
		const events = live.log.events.map((e) => structuredClone(e));
		const change = events.find((e) => e.kind === 'seat.model-changed')!;
		(change.data as { to: ModelChoice }).to = { ...CHOICE, model: 'fake-3' };
		const err = await createReplay(replayInputOf(live.log.header, events))
			.run()
			.catch((e: unknown) => e);
		expect(err).toBeInstanceOf(ReplayError);
		expect((err as ReplayError).seq).toBe(change.seq);
	});

	it('refuses a logged change to something that is not a model, or to a seat not at the table', async () => {
		const live = await playWithChange(setup(), 6);
		for (const [data, why] of [
			[{ seat: 1, from: CHOICE, to: { engine: 'human' } }, /gives seat 1 something other than a model/],
			[{ seat: 9, from: CHOICE, to: OTHER }, /a seat that is not at the table/],
			[{ seat: 1, from: CHOICE, to: { engine: 'warp' } }, /unknown engine "warp"/]
		] as const) {
			const events = live.log.events.map((e) => structuredClone(e));
			const change = events.find((e) => e.kind === 'seat.model-changed')!;
			change.data = data;
			const err = await createReplay(replayInputOf(live.log.header, events))
				.run()
				.catch((e: unknown) => e);
			expect((err as Error).message).toMatch(why);
		}
	});

	/**
	 * Plays as the page does when `failingSeat`'s endpoint fails once, on its second call (a vote): the
	 * turn pauses, a person gives seat 1 another model, and play goes on to the end.
	 */
	async function playGivingSeat1AnotherModel(failingSeat: number): Promise<AnyRunner> {
		const run = setup();
		const policies = new Map<number, Policy>();
		const policyOf = (seat: number, choice: ModelChoice) =>
			policyForChoice(run.scenario, choice, {
				client: fakeClient(
					seat === failingSeat && !policies.has(seat) ? { failOnce: 2 } : { model: choice.model }
				),
				seat
			});
		for (const seat of [1, 3, 4]) policies.set(seat, policyOf(seat, CHOICE));
		const runner = createRunner(run, { policyFor: (s) => policies.get(s) });
		let changed = false;
		for (;;) {
			try {
				if (!(await runner.step())) break;
			} catch (err) {
				if (!isRunInterrupted(err) || changed) throw err;
				runner.changeModel(seatId(1), CHOICE, OTHER);
				policies.set(1, policyOf(1, OTHER));
				changed = true;
			}
		}
		return runner;
	}

	it('replays when the change follows a turn interrupted mid-vote, whose discarded answer was the old model’s', async () => {
		// As on the page: seat 3's endpoint fails during a vote, the turn pauses with seat 1's answer
		// discarded (it is never logged), a person gives seat 1 another model, and play goes on.
		const runner = await playGivingSeat1AnotherModel(3);
		const failed = calls(runner.log.events).find((e) => (e.data as ModelCall).transportError)!;
		expect((failed.data as { ask: string }).ask).toMatch(/vote/);
		const change = runner.log.events.find((e) => e.kind === 'seat.model-changed')!;
		expect(change.seq).toBe(failed.seq + 1);
		const replay = createReplay(replayInputOf(runner.log.header, runner.log.events));
		await replay.run();
		expect(replay.runner.hash).toBe(runner.hash);
	});

	it('replays when the seat whose call failed is the one given another model, asking the same request', async () => {
		// Seat 1's own vote call fails, a person gives seat 1 another model, and the new model is sent the
		// very same request (the request hash does not name the model): the replay must count the failed
		// call under the old model and match the new model's call, not take it for a second request.
		const runner = await playGivingSeat1AnotherModel(1);
		const failed = calls(runner.log.events).find((e) => (e.data as ModelCall).transportError)!;
		const retried = calls(runner.log.events).find(
			(e) => e.seq > failed.seq && (e.data as { ask: string }).ask === (failed.data as { ask: string }).ask
		)!;
		expect((failed.data as ModelCall & { seat: number }).seat).toBe(1);
		expect((retried.data as ModelCall).model).toBe(OTHER.model);
		expect((retried.data as ModelCall).requestHash).toBe((failed.data as ModelCall).requestHash);
		const replay = createReplay(replayInputOf(runner.log.header, runner.log.events));
		await replay.run();
		expect(replay.runner.hash).toBe(runner.hash);
	});

	it('is carried by a file, not a link: the link says why', async () => {
		const live = await playWithChange(setup(), 6);
		const r = recordedFragment(setup(), live.log.header, live.log.events);
		expect(r).toMatchObject({ ok: false, why: expect.stringMatching(/model was changed during the run/) });
	});

	it('cannot happen once the run is over', async () => {
		const live = await playLive(setup(), fakeClient());
		expect(() => live.changeModel(seatId(1), CHOICE, OTHER)).toThrow(/the run is over/);
	});
});

/**
 * A GameSession driven in Node with fake deps (store, agent pool, clock, locks): the states and
 * refusals the play page relies on, through play, pause, resume, finish, fail, replay, follow and
 * takeover. The seats are the scripted agents, so every run's hash can be compared with the same
 * setup played headless (`createRunner`), which is what a page's run must equal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RunInterrupted } from '$lib/core';
import { createRunner } from '$lib/run/play';
import { replayInputOf } from '$lib/run/replay';
import { DEFAULT_CONFIG } from '$lib/scenarios/undercover';
import type { SharedRun } from '$lib/share/link';
import { fakeTab as tab, runUntil, settle } from './fake-session-deps';
import { GameSession } from './game.svelte';

// A run with model seats imports lessons-flow lazily when its agents start (GameSession.#ensureAgents);
// loaded here first, so a test that ends before that import settles does not leave it to load after
// the environment is torn down (an unhandled error on a busy machine).
beforeAll(() => import('./lessons-flow'));

const SETUP: SharedRun = { scenario: 'undercover', seed: 7, config: {} };

/** The same setup played headless, start to end: the hash a session of it must reach. */
async function headlessHash(setup: SharedRun): Promise<{ hash: string; events: number }> {
	const runner = createRunner(setup);
	while (await runner.step()) {
		/* to the end */
	}
	return { hash: runner.hash, events: runner.log.length };
}

const over = (s: GameSession) => s.status === 'finished' || s.status === 'failed';

/** A fresh session of SETUP in a fake tab of its own. */
function freshRun() {
	const w = tab();
	return { w, s: GameSession.fresh(SETUP, {}, w.deps) };
}

/** Plays on to the end, which must be the headless run's: the same setup, the same hash. */
async function endsAsHeadless(clock: ReturnType<typeof tab>['clock'], s: GameSession): Promise<void> {
	await runUntil(clock, () => over(s));
	expect(s.status).toBe('finished');
	expect(s.hash).toBe((await headlessHash(SETUP)).hash);
}

/** Starts the run and plays until a seat is asked (or the run is well on): where a fault can land. */
async function playToATurn(clock: ReturnType<typeof tab>['clock'], s: GameSession): Promise<void> {
	await s.play();
	await runUntil(clock, () => s.asking.length > 0 || s.events.length > 10);
}

describe('GameSession, a live run', () => {
	it('plays from ready through loading to finished, saved, with the headless run’s hash', async () => {
		const { w, s } = freshRun();
		expect([s.status, s.mode, s.readOnly, s.replaying, s.canTakeOver]).toEqual([
			'ready',
			'live',
			false,
			false,
			false
		]);
		expect(s.allows('play')).toBe(true);
		expect(s.allows('pause')).toBe(false);
		expect(s.runId).toBeNull();

		const playing = s.play();
		expect(s.status).toBe('loading');
		expect(s.allows('cancelLoading')).toBe(true);
		await playing;
		expect(s.status).toBe('playing');
		expect(s.runId).toBe('run0001');
		expect(w.pools).toHaveLength(1);
		expect(w.pools[0]!.starts.map((c) => c.runId)).toEqual(['run0001']);
		expect(w.store.runs.get('run0001')?.run.status).toBe('running');
		// Playing again while playing is refused: no second timer, no second start.
		await s.play();
		expect(w.pools[0]!.starts).toHaveLength(1);

		await runUntil(w.clock, () => over(s));
		const headless = await headlessHash(SETUP);
		expect(s.status).toBe('finished');
		expect(s.hash).toBe(headless.hash);
		expect(s.events).toHaveLength(headless.events);
		expect(s.saved).toBe(headless.events);
		const saved = w.store.runs.get('run0001')!;
		expect(saved.run.status).toBe('finished');
		expect(saved.run.logHash).toBe(headless.hash);
		expect(saved.events.map((e) => e.hash)).toEqual(s.events.map((e) => e.hash));
		expect(w.pools[0]!.disposed).toBeGreaterThan(0);
		expect(w.clock.pending).toBe(0);

		// A finished run stays finished: every control is refused and does nothing.
		for (const action of ['play', 'step', 'pause', 'changeModel', 'takeOver', 'cancelLoading'] as const)
			expect(s.allows(action)).toBe(false);
		await s.play();
		await s.stepOnce();
		expect([s.status, s.events.length]).toEqual(['finished', headless.events]);
		expect(s.changeModel(1, { engine: 'webllm', model: 'x' })).toBe(
			'A seat’s model can be changed only while this tab’s run is paused.'
		);
	});

	it('pauses between turns, saved as paused, and resumes to the uninterrupted hash', async () => {
		const { w, s } = freshRun();
		await s.play();
		await runUntil(w.clock, () => s.events.length >= 20);
		s.pause();
		expect(s.status).toBe('paused');
		expect(w.clock.pending).toBe(0);
		await settle();
		expect(w.store.runs.get(s.runId!)?.run.status).toBe('paused');
		const at = s.events.length;
		// Nothing moves while paused.
		await runUntil(w.clock, () => false);
		expect(s.events.length).toBe(at);
		expect(s.allows('pause')).toBe(false);
		expect(s.allows('play')).toBe(true);

		await s.play();
		expect(s.status).toBe('playing');
		await endsAsHeadless(w.clock, s);
	});

	it('steps one turn from ready and leaves the run paused, saved', async () => {
		const { w, s } = freshRun();
		await s.stepOnce();
		expect(s.status).toBe('paused');
		expect(s.runId).not.toBeNull();
		expect(s.events.length).toBeGreaterThan(0);
		await settle();
		expect(s.saved).toBe(s.events.length);
		const n = s.events.length;
		await s.stepOnce();
		expect(s.events.length).toBeGreaterThan(n);
		expect(w.clock.pending).toBe(0);
	});

	it('pauses on an interrupted turn, saying so, and a crashed worker gets a fresh pool', async () => {
		const { w, s } = freshRun();
		await playToATurn(w.clock, s);
		w.pools[0]!.failNext = new RunInterrupted('transport: the worker crashed.', 'crash');
		await runUntil(w.clock, () => s.status !== 'playing');
		expect(s.status).toBe('paused');
		expect(s.error).toBe('the worker crashed. Press play to retry.');
		await settle();
		const record = w.store.runs.get(s.runId!)!.run;
		expect(record.status).toBe('paused');
		expect(record.stoppedBecause).toBe('the worker crashed. Press play to retry.');
		expect(w.pools).toHaveLength(2);
		expect(w.pools[0]!.disposed).toBeGreaterThan(0);
		expect(s.pool).toBe(w.pools[1]);

		await s.play();
		expect(s.error).toBeNull();
		expect(w.pools[1]!.starts).toHaveLength(1);
		await endsAsHeadless(w.clock, s);
	});

	it('fails for good on an error that is not an interruption, and refuses to go on', async () => {
		const { w, s } = freshRun();
		await playToATurn(w.clock, s);
		w.pools[0]!.breakNext = new Error('a bug in the agent pool');
		await runUntil(w.clock, () => s.status !== 'playing');
		expect(s.status).toBe('failed');
		expect(s.error).toBe('The run stopped: a bug in the agent pool. It is saved up to the last event shown.');
		await settle();
		expect(w.store.runs.get(s.runId!)?.run.status).toBe('failed');
		expect(s.allows('play')).toBe(false);
		expect(s.allows('step')).toBe(false);
		const n = s.events.length;
		await s.play();
		await s.stepOnce();
		await runUntil(w.clock, () => false);
		expect([s.status, s.events.length]).toEqual(['failed', n]);
	});

	it('returns to ready, nothing saved, when the agents cannot start', async () => {
		const { w, s } = freshRun();
		w.pools[0]!.failStart = new Error('The model could not load.');
		await s.play();
		expect(s.status).toBe('ready');
		expect(s.runId).toBeNull();
		expect(w.store.runs.size).toBe(0);
		expect(s.error).toBe('The model could not load. Nothing was started.');
		expect(s.allows('play')).toBe(true);
	});

	it('after dispose is closed: the pacing stops and no control works', async () => {
		const { w, s } = freshRun();
		await s.play();
		await runUntil(w.clock, () => s.events.length > 5);
		s.dispose();
		expect([s.mode, s.status]).toEqual(['closed', 'paused']);
		expect(w.clock.pending).toBe(0);
		await s.play();
		await s.stepOnce();
		expect(s.status).toBe('paused');
		expect(s.allows('play')).toBe(false);
	});
});

describe('GameSession, a turn in flight', () => {
	it('sets a fresh run’s stage while its agents load, and nothing else starts beside it', async () => {
		const { s } = freshRun();
		expect(s.turn).toBe('idle');
		const playing = s.play();
		expect([s.status, s.turn]).toEqual(['loading', 'staging']);
		expect(s.refusal('stage')).toEqual({ by: 'turn', turn: 'staging' });
		expect(s.refusal('turn')).toEqual({ by: 'status', status: 'loading' });
		expect(s.allows('cancelLoading')).toBe(true);
		await playing;
		expect([s.status, s.turn]).toEqual(['playing', 'idle']);
		// Set once: a saved run's stage is in its log.
		expect(s.refusal('stage')).toEqual({ by: 'status', status: 'playing' });
	});

	it('starts no second turn beside one in flight, and takes no model change until it ends', async () => {
		const { w, s } = freshRun();
		const pool = w.pools[0]!;
		const release = pool.hold();
		await s.play();
		await runUntil(w.clock, () => pool.waiting);
		expect([s.status, s.turn]).toEqual(['playing', 'turn']);
		expect(s.refusal('turn')).toEqual({ by: 'turn', turn: 'turn' });
		expect(s.asking.length).toBeGreaterThan(0);

		// Step while a turn is in flight pauses the run, and starts no second turn.
		const n = s.events.length;
		await s.stepOnce();
		expect([s.status, s.turn, s.events.length]).toEqual(['paused', 'turn', n]);
		// The turn still waits for its seats; its model stays until it ends; play and step stay open.
		expect(s.asking.length).toBeGreaterThan(0);
		expect(s.refusal('changeModel')).toEqual({ by: 'turn', turn: 'turn' });
		expect(s.changeModel(1, { engine: 'webllm', model: 'x' })).toBe(
			'A seat’s model can be changed only while this tab’s run is paused.'
		);
		expect([s.allows('play'), s.allows('step')]).toEqual([true, true]);

		release();
		await settle();
		expect([s.status, s.turn, s.asking]).toEqual(['paused', 'idle', []]);
		expect(s.events.length).toBeGreaterThan(n);
		expect(s.allows('changeModel')).toBe(true);
		expect(w.clock.pending).toBe(0);
		await settle();
		expect(s.saved).toBe(s.events.length);

		await s.play();
		await runUntil(w.clock, () => over(s));
		expect([s.status, s.turn]).toEqual(['finished', 'idle']);
		expect(s.hash).toBe((await headlessHash(SETUP)).hash);
	});

	it('plays again while paused mid-turn: the timer waits for that turn, then goes on', async () => {
		const { w, s } = freshRun();
		const pool = w.pools[0]!;
		const release = pool.hold();
		await s.play();
		await runUntil(w.clock, () => pool.waiting);
		s.pause();
		await s.play();
		expect([s.status, s.turn]).toEqual(['playing', 'turn']);
		// Its ticks are refused meanwhile: no event is written beside the held turn.
		const n = s.events.length;
		for (let i = 0; i < 5 && w.clock.fire(); i++) await settle();
		expect(s.events.length).toBe(n);
		release();
		await endsAsHeadless(w.clock, s);
	});

	it('refuses to start anything while a link’s endpoint waits for the person’s word', async () => {
		const w = tab();
		// Seats are counted from the config: a link carries its seats' number.
		const linked: SharedRun = {
			...SETUP,
			config: { ...DEFAULT_CONFIG },
			seats: { 1: { engine: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm1' } }
		};
		const s = GameSession.fresh(linked, { fromLink: true }, w.deps);
		expect(s.consent).toBe('asked');
		for (const action of ['play', 'step'] as const)
			expect(s.refusal(action)).toEqual({ by: 'consent', consent: 'asked' });
		await s.play();
		await s.stepOnce();
		expect([s.status, s.events.length, w.pools[0]!.starts.length]).toEqual(['ready', 0, 0]);
		s.confirmEndpoints();
		expect([s.consent, s.allows('play')]).toEqual(['given', true]);
		await s.stepOnce();
		expect(s.status).toBe('paused');
		expect(s.events.length).toBeGreaterThan(0);
	});
});

describe('GameSession, a replay', () => {
	it('re-executes a saved run without a pool, to its hash, verified, and takes no model change', async () => {
		const w = tab();
		const live = GameSession.fresh(SETUP, {}, w.deps);
		await live.play();
		await runUntil(w.clock, () => over(live));
		const saved = w.store.runs.get(live.runId!)!;

		const r = await GameSession.load(live.runId!, 'replay', w.deps);
		expect([r.mode, r.status, r.replaying, r.replayMode, r.replayVerified]).toEqual([
			'replay',
			'ready',
			true,
			'reexecuted',
			false
		]);
		expect(r.pool).toBeNull();
		expect(w.pools).toHaveLength(1);
		expect(r.changeModel(1, { engine: 'webllm', model: 'x' })).toBe(
			'A seat’s model can be changed only while this tab’s run is paused.'
		);
		expect(r.allows('changeModel')).toBe(false);

		// A replay plays without loading anything.
		await r.play();
		expect(r.status).toBe('playing');
		await runUntil(w.clock, () => over(r));
		expect(r.status).toBe('finished');
		expect(r.replayVerified).toBe(true);
		expect(r.hash).toBe(saved.run.logHash);
		expect(r.runId).toBeNull();
		expect(w.store.runs.size).toBe(1);
	});

	it('pauses and steps a replay like a run', async () => {
		const w = tab();
		const live = GameSession.fresh(SETUP, {}, w.deps);
		await live.play();
		await runUntil(w.clock, () => over(live));
		const r = await GameSession.replayOf(replayInputOf(live.header, live.events), w.deps);
		await r.stepOnce();
		expect(r.status).toBe('paused');
		const n = r.events.length;
		expect(n).toBeGreaterThan(0);
		await r.play();
		r.pause();
		expect(r.status).toBe('paused');
		expect(r.replayVerified).toBe(false);
		await r.play();
		await runUntil(w.clock, () => over(r));
		expect([r.status, r.replayVerified, r.hash]).toEqual(['finished', true, live.hash]);
	});
});

describe('GameSession, a saved run reopened', () => {
	it('resumes paused where it stopped and finishes on the uninterrupted hash', async () => {
		const w = tab();
		const first = GameSession.fresh(SETUP, {}, w.deps);
		await first.play();
		await runUntil(w.clock, () => first.events.length >= 30);
		first.pause();
		await settle();
		const id = first.runId!;
		first.dispose();
		await settle();

		const again = tab({ store: w.store, browser: w.browser });
		const s = await GameSession.load(id, 'resume', again.deps);
		expect([s.mode, s.status, s.runId, s.readOnly]).toEqual(['live', 'paused', id, false]);
		expect(s.saved).toBe(w.store.runs.get(id)!.events.length);
		await s.play();
		await endsAsHeadless(again.clock, s);
	});
});

describe('GameSession, a run another tab writes', () => {
	it('follows read-only, catches up on the writer’s news, and takes over once the writer lets go', async () => {
		const a = tab();
		const writer = GameSession.fresh(SETUP, {}, a.deps);
		await writer.play();
		await runUntil(a.clock, () => writer.events.length >= 15);
		writer.pause();
		await settle();
		const id = writer.runId!;

		const b = tab({ store: a.store, browser: a.browser });
		const follower = await GameSession.load(id, 'resume', b.deps);
		expect([follower.mode, follower.status, follower.readOnly, follower.canTakeOver]).toEqual([
			'following',
			'paused',
			true,
			false
		]);
		// A follower cannot play, step, change a model or take over while the writer holds the run.
		for (const action of ['play', 'step', 'pause', 'changeModel', 'takeOver', 'cancelLoading'] as const)
			expect(follower.allows(action)).toBe(false);
		const n = follower.events.length;
		await follower.play();
		await follower.stepOnce();
		await follower.takeOver();
		expect([follower.status, follower.mode, follower.events.length]).toEqual(['paused', 'following', n]);
		expect(follower.changeModel(1, { engine: 'webllm', model: 'x' })).toBe(
			'A seat’s model can be changed only while this tab’s run is paused.'
		);
		expect(b.clock.pending).toBe(0);

		// The writer goes on: the follower reads each committed turn.
		await writer.stepOnce();
		await writer.stepOnce();
		await settle();
		expect(follower.saved).toBe(writer.saved);
		expect(follower.events.map((e) => e.hash)).toEqual(writer.events.map((e) => e.hash));

		// The writer's tab is closed: its lock passes to the follower, which may take over.
		writer.dispose();
		await settle();
		expect([follower.mode, follower.canTakeOver, follower.readOnly]).toEqual(['unheld', true, true]);
		expect(follower.allows('play')).toBe(false);
		await follower.takeOver();
		expect([follower.mode, follower.readOnly, follower.canTakeOver]).toEqual(['live', false, false]);
		await follower.play();
		await runUntil(b.clock, () => over(follower));
		expect(follower.status).toBe('finished');
		expect(follower.hash).toBe((await headlessHash(SETUP)).hash);
		expect(a.store.runs.get(id)!.run.status).toBe('finished');
	});
});

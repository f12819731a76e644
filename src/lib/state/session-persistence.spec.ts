/**
 * Write-behind saving of a live run: nothing before the first save, `saved` moving up only on a
 * committed write (and never down), the writer's news to followers, and the lock let go only after
 * the last write.
 */
import { describe, expect, it } from 'vitest';
import { createRunner } from '$lib/run/play';
import type { SharedRun } from '$lib/share/link';
import type { RunNews } from './run-lock';
import { fakeTab, settle } from './fake-session-deps';
import { SessionPersistence } from './session-persistence.svelte';

const SETUP: SharedRun = { scenario: 'undercover', seed: 7, config: {} };

/** A run of SETUP some ticks in: its header and events. */
async function played(ticks: number) {
	const runner = createRunner(SETUP);
	for (let i = 0; i < ticks; i++) await runner.step();
	return runner;
}

const runOf = (header: ReturnType<typeof createRunner>['log']['header']) => ({
	scenario: SETUP.scenario,
	seed: SETUP.seed,
	header
});

describe('SessionPersistence', () => {
	it('writes nothing before the run is first saved', async () => {
		const w = fakeTab();
		const saving = new SessionPersistence(w.deps);
		const runner = await played(2);
		saving.append(runner.log.events, { length: runner.log.length, hash: runner.hash, status: 'running' });
		saving.storeStatus('paused', 'why');
		saving.storeKeys(['https://api.example.com/v1']);
		await settle();
		expect([saving.id, saving.runId, saving.saved, w.store.runs.size]).toEqual(['run0001', null, 0, 0]);
	});

	it('saves the record, takes the lock, and counts events saved only once committed, with news', async () => {
		const w = fakeTab();
		const saving = new SessionPersistence(w.deps);
		const heard: RunNews[] = [];
		w.browser.channel('run0001').onNews((n) => heard.push(n));
		const runner = await played(3);
		const at = { length: runner.log.length, hash: runner.hash };
		saving.start({ ...runOf(runner.log.header), keysAttached: [] }, runner.log.events, at);
		expect([saving.runId, saving.saved]).toEqual(['run0001', 0]);
		await settle();
		const stored = w.store.runs.get('run0001')!;
		expect(stored.run).toMatchObject({
			status: 'running',
			events: 0,
			logHash: runner.hash,
			keysAttached: []
		});
		expect(stored.events).toHaveLength(at.length);
		expect(saving.saved).toBe(at.length);
		expect(heard).toEqual([{ saved: at.length }]);
		expect(w.browser.holders.has('run0001')).toBe(true);

		saving.storeStatus('paused', 'The endpoint stopped answering.', { code: 'run-paused-retry' });
		await settle();
		expect(w.store.runs.get('run0001')!.run).toMatchObject({
			status: 'paused',
			stoppedBecause: 'The endpoint stopped answering.',
			stoppedProblem: { code: 'run-paused-retry' },
			updatedAt: w.clock.wallNow()
		});
	});

	it('keeps `saved` where it was on a write that did not commit, and never moves it down', async () => {
		const w = fakeTab();
		const saving = new SessionPersistence(w.deps);
		const runner = await played(4);
		saving.start(runOf(runner.log.header), [], { length: 0, hash: runner.hash });
		const events = runner.log.events;
		saving.append(events.slice(0, 2), { length: 2, hash: 'h2', status: 'running' });
		await settle();
		expect(saving.saved).toBe(2);

		const append = w.store.append.bind(w.store);
		w.store.append = async () => false;
		saving.append(events.slice(2, 3), { length: 3, hash: 'h3', status: 'running' });
		await settle();
		expect(saving.saved).toBe(2);

		// Two writes committing out of order: the later count stays.
		const gates: (() => void)[] = [];
		w.store.append = (...args) => new Promise<void>((r) => gates.push(r)).then(() => append(...args));
		saving.append(events.slice(3, 4), { length: 4, hash: 'h4', status: 'paused' });
		saving.append([], { length: 3, hash: 'h3', status: 'paused' });
		gates[0]!();
		await settle();
		gates[1]!();
		await settle();
		expect(saving.saved).toBe(4);
		expect(w.store.runs.get('run0001')!.run).toMatchObject({ status: 'paused' });
	});

	it('lets go of the lock and channel only after its last write, and of a lock granted after closing', async () => {
		const w = fakeTab();
		const saving = new SessionPersistence(w.deps);
		const runner = await played(1);
		let flushed: () => void = () => {};
		w.store.flush = () => new Promise((r) => (flushed = () => r(undefined)));
		saving.start(runOf(runner.log.header), [], { length: 0, hash: runner.hash });
		await settle();
		saving.close();
		await settle();
		expect(w.browser.holders.has('run0001')).toBe(true);
		flushed();
		await settle();
		expect(w.browser.holders.has('run0001')).toBe(false);

		// Closed before the lock's claim has answered: the lock is let go as soon as it comes.
		const late = new SessionPersistence(w.deps);
		late.start(runOf(runner.log.header), [], { length: 0, hash: runner.hash });
		late.close();
		await settle();
		expect(w.browser.holders.has(late.id)).toBe(false);

		// A saved run reopened: saved as far as its log, under the lock it was given.
		const reopened = new SessionPersistence(w.deps, 'run0001');
		const lock = await w.deps.locks.claim('run0001');
		reopened.adopt(7, lock);
		expect([reopened.runId, reopened.saved, reopened.lock]).toEqual(['run0001', 7, lock]);
	});
});

/**
 * Following a run another tab writes: catching up on the writer's news only when it is news, taking
 * the run over once the writer lets go, and reading the saved log with its chain checked.
 */
import { describe, expect, it } from 'vitest';
import { createRunner } from '$lib/run/play';
import type { LogEvent } from '$lib/core';
import type { RunRecord } from '$lib/storage/runs';
import { fakeTab, settle } from './fake-session-deps';
import { follow, savedLog, type Following } from './session-follow';

/** A follower's hooks that count what they were asked to do. */
function follower(opts: { behind?: (saved: number) => boolean; unheld?: boolean; fail?: Error } = {}) {
	const did = { catchUps: 0, unheld: 0, failed: [] as unknown[] };
	const to: Following = {
		behind: opts.behind ?? (() => true),
		catchUp: async () => {
			did.catchUps++;
			if (opts.fail) throw opts.fail;
		},
		unheld: () => {
			did.unheld++;
			return opts.unheld ?? true;
		},
		failed: (err) => did.failed.push(err)
	};
	return { to, did };
}

/** A writer's tab and a follower's, of one browser, on run `r1`. */
async function twoTabs() {
	const writer = fakeTab();
	const reader = fakeTab({ store: writer.store, browser: writer.browser });
	const held = await writer.deps.locks.claim('r1');
	const lock = await reader.deps.locks.claim('r1');
	return {
		held,
		news: writer.deps.locks.channel('r1')!,
		run: { lock, channel: reader.deps.locks.channel('r1') }
	};
}

describe('follow', () => {
	it('catches up on a commit that is news, and not on one it has', async () => {
		const { news, run } = await twoTabs();
		const { to, did } = follower({ behind: (saved) => saved > 5 });
		follow(run, to);
		news.postMessage({ saved: 5 });
		await settle();
		expect(did.catchUps).toBe(0);
		news.postMessage({ saved: 6 });
		await settle();
		expect(did.catchUps).toBe(1);
	});

	it('catches up once the writer lets go, unless the tab has left the run', async () => {
		const { held, run } = await twoTabs();
		const { to, did } = follower();
		follow(run, to);
		expect(run.lock.state).toBe('follower');
		held.release();
		await settle();
		expect([run.lock.state, did.unheld, did.catchUps]).toEqual(['writer', 1, 1]);

		const again = await twoTabs();
		const left = follower({ unheld: false });
		follow(again.run, left.to);
		again.held.release();
		await settle();
		expect([left.did.unheld, left.did.catchUps]).toEqual([1, 0]);
	});

	it('says so when a catch-up fails', async () => {
		const { news, run } = await twoTabs();
		const broken = new Error('the log is damaged');
		const { to, did } = follower({ fail: broken });
		follow(run, to);
		news.postMessage({ saved: 1 });
		await settle();
		expect(did.failed).toEqual([broken]);
	});
});

describe('savedLog', () => {
	it('reads the saved log, checked, unless it is gone or shorter than what this tab has', async () => {
		const runner = createRunner({ scenario: 'undercover', seed: 7, config: {} });
		for (let i = 0; i < 3; i++) await runner.step();
		const { header, events } = runner.log;
		const stored = (evs: LogEvent[]) => async () => ({ run: { header } as RunRecord, events: evs });
		expect(await savedLog(stored(events.slice()), events.length)).toEqual({ header, events });
		expect(await savedLog(stored(events.slice()), events.length + 1)).toBeNull();
		expect(await savedLog(async () => null, 0)).toBeNull();
		const damaged = events.map((e, i) => (i === 1 ? { ...e, data: { forged: true } } : e));
		await expect(savedLog(stored(damaged), 0)).rejects.toThrow();
	});
});

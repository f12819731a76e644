import { describe, expect, it } from 'vitest';
import type { LogEvent } from '$lib/core';
import { createRunner } from '$lib/run/play';
import { onlySetsTheStage, Pacer } from './pacing';
import type { SessionClock } from './session-deps';
import { INSTANT_SHOW_MS } from './speeds';

/** A scripted run's events, grouped by tick as the page shows them. */
async function ticks(scenario: string, config: Record<string, unknown>): Promise<LogEvent[][]> {
	const runner = createRunner({ scenario, seed: 1, config });
	await runner.run();
	const by = new Map<number, LogEvent[]>();
	for (const e of runner.log.events) by.set(e.tick, [...(by.get(e.tick) ?? []), e]);
	return [...by.values()];
}

describe('onlySetsTheStage', () => {
	it('lets an undercover game go straight from Start to its first speech, and pauses on every move', async () => {
		const all = await ticks('undercover', { seats: 6, rounds: 2 });
		const firstSpeech = all.findIndex((t) => t.some((e) => e.kind === 'speech.given'));
		expect(firstSpeech).toBeGreaterThan(0);
		// Everything before the first speech (the deal, the round and its phase begun) is not paced.
		expect(all.slice(0, firstSpeech).every(onlySetsTheStage)).toBe(true);
		expect(
			all
				.slice(0, firstSpeech)
				.flat()
				.map((e) => e.kind)
		).toContain('game.dealt');
		// Every speech, vote, tally and elimination is a tick the page pauses on.
		for (const tick of all)
			if (
				tick.some((e) =>
					['speech.given', 'vote.cast', 'votes.tallied', 'seat.eliminated', 'game.ended'].includes(e.kind)
				)
			)
				expect(onlySetsTheStage(tick)).toBe(false);
	});

	it('does not pass a governance role over: a round begun is not paced, a role acting is', async () => {
		const all = await ticks('governance', { rounds: 2, policy: 'assigner-alone' });
		const quiet = all.filter(onlySetsTheStage).flat();
		expect(quiet.map((e) => e.kind)).toContain('round.started');
		expect(
			all.filter((t) => t.some((e) => e.kind === 'task.assigned')).every((t) => !onlySetsTheStage(t))
		).toBe(true);
		expect(onlySetsTheStage([])).toBe(false);
	});
});

/** A clock with animation frames, both fired by hand; time moves only with `advance`. */
function framedClock() {
	let t = 0;
	const timers = new Map<number, { at: number; fn: () => void }>();
	const frames = new Map<number, () => void>();
	let next = 1;
	const clock: SessionClock = {
		setTimeout: (fn, ms) => (timers.set(next, { at: t + ms, fn }), next++),
		clearTimeout: (id) => void timers.delete(id as number),
		now: () => t,
		wallNow: () => t,
		frame: (fn) => {
			const id = next++;
			frames.set(id, fn);
			return () => frames.delete(id);
		}
	};
	return {
		clock,
		timers,
		frames,
		/** Moves time on by `ms`, firing the timers due. */
		advance(ms: number) {
			t += ms;
			for (const [id, timer] of [...timers])
				if (timer.at <= t) {
					timers.delete(id);
					timer.fn();
				}
		},
		/** Runs the frames asked for. */
		paint() {
			const due = [...frames.values()];
			frames.clear();
			for (const fn of due) fn();
		}
	};
}

describe('Pacer', () => {
	it('schedules one turn at a time: a new one replaces the one before, and stop cancels it', () => {
		const c = framedClock();
		const pacer = new Pacer(c.clock);
		const ticks: string[] = [];
		pacer.after(700, () => ticks.push('first'));
		pacer.after(120, () => ticks.push('second'));
		expect(c.timers.size).toBe(1);
		c.advance(700);
		expect(ticks).toEqual(['second']);
		pacer.after(100, () => ticks.push('third'));
		pacer.stop();
		c.advance(1000);
		expect(ticks).toEqual(['second']);
	});

	it('shows at most once per INSTANT_SHOW_MS, in a frame, however many ticks ask', () => {
		const c = framedClock();
		const pacer = new Pacer(c.clock);
		let shows = 0;
		const show = () => {
			shows++;
			pacer.shown();
		};
		pacer.shown();
		for (let i = 0; i < 5; i++) expect(pacer.showSoon(show)).toBe(true);
		expect([pacer.showPending, c.timers.size, c.frames.size]).toEqual([true, 1, 0]);
		c.advance(INSTANT_SHOW_MS - 1);
		expect(c.frames.size).toBe(0);
		c.advance(1);
		expect(c.frames.size).toBe(1);
		c.paint();
		expect([shows, pacer.showPending]).toEqual([1, false]);
		// Long after the last show: the next one waits only for a frame.
		c.advance(5 * INSTANT_SHOW_MS);
		pacer.showSoon(show);
		expect([c.timers.size, c.frames.size]).toEqual([0, 1]);
	});

	it('drops a pending show once the state is shown, or the page is left, and shows at once without frames', () => {
		const c = framedClock();
		const pacer = new Pacer(c.clock);
		let shows = 0;
		pacer.showSoon(() => shows++);
		pacer.shown();
		expect([pacer.showPending, c.timers.size]).toEqual([false, 0]);
		c.advance(INSTANT_SHOW_MS);
		pacer.showSoon(() => shows++);
		pacer.after(700, () => shows++);
		pacer.dispose();
		c.advance(1000);
		c.paint();
		expect([shows, pacer.showPending]).toEqual([0, false]);

		const frameless = new Pacer({ ...c.clock, frame: undefined });
		expect(frameless.showSoon(() => shows++)).toBe(false);
		expect(shows).toBe(0);
	});
});

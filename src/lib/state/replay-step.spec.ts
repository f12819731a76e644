/**
 * Stepping a re-executed replay: it is verified only by ending on the recorded hash, and stops with
 * a sentence where it leaves the recording (a step throws) or ends elsewhere (the check throws).
 */
import { describe, expect, it } from 'vitest';
import { createRunner } from '$lib/run/play';
import { createReplay, replayInputOf, ReplayError } from '$lib/run/replay';
import type { SharedRun } from '$lib/share/link';
import { replayStep, type ReplayStep } from './replay-step';

const SETUP: SharedRun = { scenario: 'undercover', seed: 7, config: {} };

/** A recorded run of SETUP, played headless to its end. */
async function recorded() {
	const runner = createRunner(SETUP);
	while (await runner.step()) {
		/* to the end */
	}
	return replayInputOf(runner.log.header, runner.log.events);
}

/** Steps until the replay says something other than `more`; with the number of steps taken. */
async function toTheEnd(replay: Parameters<typeof replayStep>[0]): Promise<[ReplayStep, number]> {
	for (let steps = 1; ; steps++) {
		const step = await replayStep(replay);
		if (step.kind !== 'more' || steps > 10_000) return [step, steps];
	}
}

describe('replayStep', () => {
	it('steps a recorded run to its end and is verified on its hash', async () => {
		const input = await recorded();
		const replay = createReplay(input);
		const [end, steps] = await toTheEnd(replay);
		expect(end).toEqual({ kind: 'verified' });
		expect(steps).toBeGreaterThan(1);
		expect([replay.runner.hash, replay.runner.log.length]).toEqual([
			input.expected.logHash,
			input.expected.events
		]);
	});

	it('stops at the end, not verified, when the recorded hash is another', async () => {
		const input = await recorded();
		const replay = createReplay({ ...input, expected: { ...input.expected, logHash: 'f'.repeat(64) } });
		const [end] = await toTheEnd(replay);
		expect(end.kind).toBe('stopped');
		expect(end.kind === 'stopped' && end.text).toMatch(/^This replay stopped: /);
		// Every recorded event was replayed: it is the hash that differs.
		expect(replay.runner.log.length).toBe(input.expected.events);
	});

	it('stops where a step leaves the recording, with its sentence, and checks nothing', async () => {
		let verified = 0;
		const miss = new ReplayError('seat 2’s call is not in the recording', 12);
		const step = await replayStep({
			step: () => Promise.reject(miss),
			verify: () => void verified++
		});
		expect(step).toEqual({
			kind: 'stopped',
			text: 'This replay stopped: seat 2’s call is not in the recording',
			err: miss
		});
		expect(verified).toBe(0);
	});

	it('checks the hash only once the replay has no more to play', async () => {
		let verified = 0;
		const steps = [true, true, false];
		const replay = { step: async () => steps.shift()!, verify: () => void verified++ };
		expect((await replayStep(replay)).kind).toBe('more');
		expect((await replayStep(replay)).kind).toBe('more');
		expect(verified).toBe(0);
		expect((await replayStep(replay)).kind).toBe('verified');
		expect(verified).toBe(1);
		// A thrown string (not an Error) is said as it is.
		expect(await replayStep({ step: () => Promise.reject('gone'), verify: () => {} })).toMatchObject({
			text: 'This replay stopped: gone'
		});
	});
});

import { describe, expect, it } from 'vitest';
import type { LogEvent } from '$lib/core';
import { createRunner } from '$lib/run/play';
import { onlySetsTheStage } from './pacing';

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

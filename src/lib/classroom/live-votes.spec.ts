import { describe, expect, it } from 'vitest';
import { createRunner } from '../run/play';
import type { UndercoverState } from '../scenarios/undercover';
import { liveVotes, seatPosition } from './live-votes';

describe('live votes for the presenter', () => {
	it('draws each vote of the stage being voted, in log order, and says each in words', async () => {
		const runner = createRunner({ scenario: 'undercover', seed: 3, config: {} });
		while (!runner.log.events.some((e) => e.kind === 'vote.cast')) await runner.step();
		const s = runner.state as UndercoverState;
		const cast = runner.log.events
			.filter((e) => e.kind === 'vote.cast')
			.map((e) => e.data as { seat: number; target: number });
		const live = liveVotes(s);
		expect(live.stage).toBe('vote');
		expect(live.votes.map((v) => [v.voter, v.target])).toEqual(cast.map((c) => [c.seat, c.target]));
		expect(live.votes.map((v) => v.index)).toEqual(cast.map((_, i) => i));
		expect(live.cast).toEqual(cast.map((c) => ({ voter: c.seat, target: c.target })));
		const received = live.seats.reduce((a, x) => a + x.received, 0);
		expect(received).toBe(cast.length);
		// Each arrow starts near its voter and ends near its target.
		for (const v of live.votes) {
			const from = live.seats.find((x) => x.id === v.voter)!;
			const to = live.seats.find((x) => x.id === v.target)!;
			expect(Math.hypot(v.from.x - from.x, v.from.y - from.y)).toBeLessThan(0.06);
			expect(Math.hypot(v.to.x - to.x, v.to.y - to.y)).toBeLessThan(0.07);
		}
	});

	it('shows nothing before the first vote of a round', async () => {
		const runner = createRunner({ scenario: 'undercover', seed: 3, config: {} });
		await runner.step();
		await runner.step();
		expect(liveVotes(runner.state as UndercoverState).votes).toEqual([]);
	});

	it('puts seat 1 at the top and the seats on a circle', () => {
		expect(seatPosition(0, 6)).toEqual({ x: 0.5, y: 0.12 });
		for (let i = 0; i < 8; i++) {
			const p = seatPosition(i, 8);
			expect(Math.hypot(p.x - 0.5, p.y - 0.5)).toBeCloseTo(0.38, 3);
		}
	});
});

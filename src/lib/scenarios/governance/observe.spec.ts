import { describe, expect, it } from 'vitest';
import { seatId } from '../../core';
import { createRunner } from '../../run/play';
import { governance } from '.';
import { observe, RECENT } from './observe';
import { isOpen } from './pending';
import { applyEvent } from './reducer';
import type { ExecutorObservation, GovernanceState } from './state';

describe('what a seat observes over a long run', () => {
	it('holds every record of the open tasks and the latest few, not the whole history', async () => {
		const r = createRunner({ scenario: 'governance', seed: 1, config: { rounds: 150 } });
		await r.run();
		const config = governance.parseConfig(r.log.header.config);
		if (!config.ok) throw new Error(config.error);
		let s: GovernanceState = governance.init(config.config, 1);
		const sizes: number[] = [];
		let checked = 0;
		r.log.events.forEach((e, i) => {
			s = applyEvent(s, e);
			if (i % 97 !== 0) return;
			const open = new Set(s.tasks.filter(isOpen).map((t) => t.id));
			const expectHeld = <T extends { task_id: string }>(held: readonly T[], all: readonly T[]) => {
				const want = all.filter((x, j) => open.has(x.task_id) || j >= all.length - RECENT);
				expect(held).toEqual(want);
			};
			for (const seat of [1, 2, 3, 4].map(seatId)) {
				const o = observe(s, seat);
				sizes.push(JSON.stringify(o).length);
				if (o.role === 'assigner' || o.role === 'executor' || o.role === 'auditor')
					expect(o.tasks).toEqual(s.tasks.filter((t, j) => open.has(t.id) || j >= s.tasks.length - RECENT));
				if (o.role === 'auditor') {
					expectHeld(o.outputs, s.outputs);
					expectHeld(o.reviews, s.reviews);
				}
				if (o.role === 'executor') {
					const x: ExecutorObservation = o;
					expectHeld(x.outputs, s.outputs);
					expectHeld(x.vetoes, s.vetoes);
					expectHeld(x.appeals, s.appeals);
					const byRule: Record<string, number> = {};
					for (const v of s.vetoes) if (v.rule) byRule[v.rule.id] = (byRule[v.rule.id] ?? 0) + 1;
					expect(x.vetoesByRule).toEqual(byRule);
					const mine = s.toolLog.filter((c) => c.seat === 2);
					const task = (c: { ask: string }) => c.ask.slice(c.ask.lastIndexOf(':') + 1).replace(/#.*$/, '');
					expect(x.toolCalls).toEqual(
						mine.filter((c, j) => !c.ok || open.has(task(c)) || j >= mine.length - RECENT)
					);
				}
				if (o.role === 'human') expect(o.metrics).toEqual(s.metrics.slice(-RECENT));
				checked++;
			}
		});
		expect(checked).toBeGreaterThan(60);
		expect(s.outputs.length, 'the run outgrew the window').toBeGreaterThan(4 * RECENT);
		// The observations of the run's last tenth are no larger than twice the largest of its second.
		const tenth = Math.floor(sizes.length / 10);
		const early = Math.max(...sizes.slice(tenth, 2 * tenth));
		expect(Math.max(...sizes.slice(-tenth))).toBeLessThan(2 * early);
	});
});

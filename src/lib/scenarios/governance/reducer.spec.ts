import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../core';
import { createRunner } from '../../run/play';
import { governance } from '.';
import { applyEvent, applyEvents } from './reducer';

describe('folding many governance events at once', () => {
	it('gives the state of applying them one by one, and leaves every state outside the fold alone', async () => {
		const r = createRunner({ scenario: 'governance', seed: 2, config: { policy: 'impact', rounds: 12 } });
		await r.run();
		const events = r.log.events;
		const config = governance.parseConfig(r.log.header.config);
		if (!config.ok) throw new Error(config.error);
		const init = governance.init(config.config, 2);
		const half = events.slice(0, events.length >> 1).reduce(applyEvent, init);
		const before = canonicalJson(half);
		const oneByOne = events.slice(events.length >> 1).reduce(applyEvent, half);
		const batch = applyEvents(half, events.slice(events.length >> 1));
		expect(canonicalJson(batch)).toBe(canonicalJson(oneByOne));
		expect(canonicalJson(half), 'the state the batch started from').toBe(before);
		// A later one-by-one append to the batch's result copies, as a reducer must.
		const probe = events.find((e) => e.kind === 'tool.called')!;
		const next = applyEvent(batch, { ...probe, seq: events.length, tick: events.at(-1)!.tick });
		expect(next.toolLog).not.toBe(batch.toolLog);
		expect(next.messages).not.toBe(batch.messages);
		expect(batch.messages.length).toBe(oneByOne.messages.length);
	});
});

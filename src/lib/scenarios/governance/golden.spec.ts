/**
 * Golden logs: a seed and setup pinned to the log hash they produced. Any change to the rules, the
 * data generator, the Tool Agent, the scripted agents, the metrics or the event format shows up
 * here; when it is intended, update the hashes in the same commit and say why.
 */
import { describe, expect, it } from 'vitest';
import { createRunner } from '../../run/play';
import type { GovernanceOutcome } from '.';

const golden = [
	{
		run: { scenario: 'governance', seed: 1, config: { policy: 'assigner-alone' } },
		logHash: '501a256a305e9efad242523e61cf9e9bc16ad6d4733f6c2ee0834bf7bf1d05c2',
		events: 286,
		amendments: 1
	},
	{
		run: { scenario: 'governance', seed: 2, config: { policy: 'cosign' } },
		logHash: '1f39e00ac3a1a793b51c744d54b8786c5f8703fec44d722b99f238c943e49933',
		events: 284,
		amendments: 0
	}
];

describe('golden governance logs', () => {
	for (const g of golden) {
		it(`seed ${g.run.seed} ${JSON.stringify(g.run.config)} gives its pinned log`, async () => {
			const r = createRunner(g.run);
			const out = (await r.run()) as GovernanceOutcome;
			expect({ logHash: r.hash, events: r.log.length, amendments: out.amendments }).toEqual({
				logHash: g.logHash,
				events: g.events,
				amendments: g.amendments
			});
		});
	}
});

describe('resume', () => {
	for (const config of [
		{ policy: 'impact' },
		{ policy: 'human', approval: 80, forceMetrics: true, fuseMode: 'hard', fuseRounds: 10 }
	]) {
		it(`resumed after any turn, finishes with the hash of the uninterrupted run (${config.policy})`, async () => {
			const setup = { scenario: 'governance', seed: 3, config };
			const full = createRunner(setup);
			await full.run();
			// A turn's events share a tick and are saved in one transaction, so a reload cuts between turns.
			const events = full.log.events;
			const cuts = events.map((_, i) => i).filter((i) => i === 0 || events[i]!.tick !== events[i - 1]!.tick);
			expect(cuts.length).toBeGreaterThan(40);
			for (const cut of [...cuts, events.length]) {
				const resumed = createRunner(setup, {
					resume: { header: full.log.header, events: events.slice(0, cut) }
				});
				await resumed.run();
				expect(resumed.hash, `cut at ${cut}`).toBe(full.hash);
			}
		});
	}
});

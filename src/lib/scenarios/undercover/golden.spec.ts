/**
 * Golden logs: a seed and setup pinned to the log hash they produced. Any change to the rules, the
 * word packs, the scripted agents, the event format or hashing shows up here; when it is intended,
 * update the hashes in the same commit and say why.
 */
import { describe, expect, it } from 'vitest';
import { createRunner } from '../../run/play';

const golden = [
	{
		run: { scenario: 'undercover', seed: 42, config: {} },
		logHash: '8803bdc51c05344b6def72786199de2b630bdccaa50c139eab307a1c96f94797',
		events: 39,
		winner: 'civilians'
	},
	{
		run: { scenario: 'undercover', seed: 42, config: { lang: 'zh', seats: 8, undercover: 2, blank: true } },
		logHash: '7120dc3013b8d7a63df3adc4ac95160eb1a97897996b3eaa683bffc5f228547a',
		events: 129,
		winner: 'draw'
	}
];

describe('golden undercover logs', () => {
	for (const g of golden) {
		it(`seed ${g.run.seed} ${JSON.stringify(g.run.config)} gives its pinned log`, async () => {
			const r = createRunner(g.run);
			const out = (await r.run()) as { winner: string };
			expect({ logHash: r.hash, events: r.log.length, winner: out.winner }).toEqual({
				logHash: g.logHash,
				events: g.events,
				winner: g.winner
			});
		});
	}
});

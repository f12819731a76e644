/**
 * Golden logs: a seed and setup pinned to the log hash they produced. Any change to the rules, the
 * word packs, the scripted agents, the event format or hashing shows up here; when it is intended,
 * update the hashes in the same commit and say why.
 */
import { describe, expect, it } from 'vitest';
import { createRunner } from '../../play';

const golden = [
	{
		run: { scenario: 'undercover', seed: 42, config: {} },
		logHash: '82d638b6fb1d8b730295ddcc276e41845fecc54d8642821412434eb62acc3b00',
		events: 39,
		winner: 'civilians'
	},
	{
		run: { scenario: 'undercover', seed: 42, config: { lang: 'zh', seats: 8, undercover: 2, blank: true } },
		logHash: 'c710850291eb7ed12f0e449c18c47f047c9262e770185982a9e89ca0f4daaab2',
		events: 138,
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

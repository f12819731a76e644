import { describe, expect, it } from 'vitest';
import { createRunner } from '../../../../run/play';
import { leaderboard } from '../../analysis/leaderboard';
import { ownFeatures, type Lang } from '../../words';
import { FAIR_LABEL, createFairUndercover } from './undercover-fair';

const fair = { engine: 'scripted', model: 'fair' } as const;

describe('the fair scripted baseline', () => {
	it('looks up nothing but its own word, over whole games in both languages', async () => {
		for (const lang of ['en', 'zh'] as const) {
			for (let seed = 1; seed <= 20; seed++) {
				const asked: string[] = [];
				const words = new Set<string | null>();
				const lookup = (l: Lang, word: string) => {
					asked.push(word);
					return ownFeatures(l, word);
				};
				const policy = createFairUndercover(lookup);
				const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), fair]));
				const runner = createRunner(
					{ scenario: 'undercover', seed, config: { seats: 6, lang, blank: seed % 3 === 0 }, seats },
					{
						policyFor: () => ({
							label: FAIR_LABEL,
							act: (obs, ask, ctx) => {
								words.add((obs as { word: string | null }).word);
								return policy.act(obs as never, ask, ctx);
							}
						})
					}
				);
				await runner.run();
				const kinds = runner.log.events.map((e) => e.kind);
				expect(kinds, `${lang} seed ${seed}`).toContain('game.ended');
				expect(kinds).not.toContain('action.rejected');
				// Every lookup was of a word the asking seat holds; the partner word is never asked for.
				for (const w of asked) expect(words.has(w)).toBe(true);
			}
		}
	});

	it('is labelled apart from the oracle in the log and on the leaderboard', async () => {
		const run = { scenario: 'undercover', seed: 4, config: { seats: 4 }, seats: { 1: fair, 2: fair } };
		const runner = createRunner(run);
		await runner.run();
		expect(runner.log.header.engines).toMatchObject({ 1: FAIR_LABEL, 2: FAIR_LABEL, 3: 'scripted (no LLM)' });
		expect(leaderboard([runner.log], 'model').map((r) => [r.label, r.kind])).toEqual([
			['scripted oracle (no LLM)', 'oracle'],
			['scripted fair (no LLM)', 'fair']
		]);
	});
});

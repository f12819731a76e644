import { describe, expect, it } from 'vitest';
import type { ModelChoice } from '../engines/types';
import { scriptedPolicy } from '../policies';
import { createRunner } from '../run/play';
import { EVAL_SETS } from '../scenarios/undercover/eval-sets';
import { comparePaired } from './ab';
import { isCrossLanguage, languageRows, parseSideKey, sideFigures, type TaggedGame } from './eval-pairing';

const set = EVAL_SETS['ck-arena'];
const choice: ModelChoice = { engine: 'openai', model: 'm', baseUrl: 'http://localhost:1/v1' };

/** The model's games of the CK-Arena set, played by scripted agents under its seat choice. */
async function played(ids: string[]): Promise<TaggedGame[]> {
	const policy = scriptedPolicy('undercover');
	return Promise.all(
		ids.map(async (id) => {
			const game = set.games.find((g) => g.id === id)!;
			const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice]));
			const runner = createRunner(
				{ ...game.run, seats },
				{ policyFor: () => ({ ...policy, label: 'openai:m' }) }
			);
			await runner.run();
			return {
				log: { header: runner.log.header, events: runner.log.events },
				eval: { set: set.id, version: set.version, game: id, model: 'openai:m' }
			};
		})
	);
}

describe('pairing a model’s English games with its Chinese ones', () => {
	it('offers the model once per language, and pairs twins by concept, persona and seed', async () => {
		const en = set.games.filter((g) => g.lang === 'en').slice(0, 3);
		const zh = en.map((g) => set.games.find((z) => z.lang === 'zh' && z.crossKey === g.crossKey)!);
		const games = await played([...en, ...zh.slice(0, 2)].map((g) => g.id));
		expect(languageRows(games).map((r) => [r.key, r.games])).toEqual([
			['openai:m@en', 3],
			['openai:m@zh', 2]
		]);
		expect(parseSideKey('openai:m@zh')).toEqual({ model: 'openai:m', lang: 'zh' });
		expect(isCrossLanguage('openai:m@en', 'openai:m@zh')).toBe(true);
		expect(isCrossLanguage('openai:m', 'openai:m@zh')).toBe(false);

		const a = sideFigures(games, 'openai:m@en', true);
		const b = sideFigures(games, 'openai:m@zh', true);
		expect(a.map((g) => g.game)).toEqual(en.map((g) => `ck-arena@${set.version}:${g.crossKey}`));
		const c = comparePaired(a, b, { seed: 1 });
		expect(c.pairs).toBe(2);
		expect(c.onlyA).toEqual([`ck-arena@${set.version}:${en[2]!.crossKey}`]);
		// Within one language, games pair by game id: English and Chinese ids never meet.
		expect(
			comparePaired(sideFigures(games, 'openai:m@en', false), sideFigures(games, 'openai:m@zh', false), {
				seed: 1
			}).pairs
		).toBe(0);
	});
});

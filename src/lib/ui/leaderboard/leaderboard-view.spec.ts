/**
 * The leaderboard page's logic over stored games: real games of the smoke set, played by scripted
 * agents under model choices and folded as the page folds them (`summarize`), in records as the
 * store keeps them (played here, imported and re-executed, imported unverified, removed).
 */
import { describe, expect, it } from 'vitest';
import { summarize } from '$lib/analysis/game-summary';
import { leaderboard } from '$lib/scenarios/undercover/analysis/leaderboard';
import { exportRows } from '$lib/analysis/export';
import { languageRows } from '$lib/analysis/eval-pairing';
import type { ModelChoice } from '$lib/engines/types';
import { createRunner } from '$lib/run/play';
import { EVAL_SETS } from '$lib/scenarios/undercover/eval-sets';
import type { EvalRunRecord } from '$lib/state/eval-queue.svelte';
import { MAX_CONCURRENCY } from '$lib/state/eval-queue.svelte';
import {
	abRowsOf,
	counted,
	evalOptionsOf,
	evalSeatOf,
	evalSetsOf,
	exportedOf,
	fitsConcurrency,
	gamesInScope,
	importedOf,
	SITE_MODEL,
	TABLES,
	tablesOf,
	taggedOf,
	type Game
} from './leaderboard-view';

const set = EVAL_SETS.smoke;

/** One smoke-set game with every seat on `model` (the scripted agent under that choice), stored as `record`. */
async function game(
	i: number,
	model: string,
	record: Partial<EvalRunRecord>,
	tagged: boolean
): Promise<Game> {
	const spec = set.games[i]!;
	const choice: ModelChoice = { engine: 'openai', model, baseUrl: 'http://localhost:1/v1' };
	const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice]));
	const runner = createRunner({ ...spec.run, seats });
	await runner.run();
	const id = `${model}-${i}-${record.imported ? 'imp' : 'here'}`;
	return {
		log: summarize({ header: runner.log.header, events: runner.log.events }),
		record: {
			id,
			scenario: spec.run.scenario,
			seed: spec.run.seed,
			header: runner.log.header,
			status: 'finished',
			createdAt: 1000 + i,
			updatedAt: 1000 + i,
			events: runner.log.length,
			logHash: runner.hash,
			...(tagged
				? {
						eval: {
							set: set.id,
							version: set.version,
							game: spec.id,
							queue: 'q1',
							model: `openai:${model}`
						}
					}
				: {}),
			...record
		}
	};
}

async function stored(): Promise<Game[]> {
	return [
		await game(0, 'm1', {}, true),
		await game(1, 'm1', {}, true),
		await game(0, 'm2', {}, true),
		// Played on the play page: no evaluation tag.
		await game(2, 'm2', {}, false),
		// Imported and re-executed before it was stored: counted.
		await game(
			3,
			'm1',
			{ imported: true, origin: { file: 'a.jsonl', importedAt: 5, method: 'reexecuted' } },
			false
		),
		// Imported without a verdict: listed, never counted.
		await game(4, 'm2', { imported: true, summary: 'civilians: vote' }, false),
		// Removed by the person: listed, not counted.
		await game(
			1,
			'm2',
			{ imported: true, excluded: true, origin: { file: 'b.jsonl', importedAt: 7, method: 'checked' } },
			true
		)
	];
}

describe('the leaderboard’s scope', () => {
	it('offers the evaluation sets the games belong to, each once', async () => {
		expect(evalSetsOf(await stored())).toEqual([set.id]);
		expect(evalSetsOf([])).toEqual([]);
	});

	it('holds every game, the play page’s only, or one evaluation set’s', async () => {
		const games = await stored();
		expect(gamesInScope(games, 'all')).toHaveLength(games.length);
		expect(gamesInScope(games, 'play').map((g) => g.record.id)).toEqual([
			'm2-2-here',
			'm1-3-imp',
			'm2-4-imp'
		]);
		expect(gamesInScope(games, `eval:${set.id}`).map((g) => g.record.id)).toEqual([
			'm1-0-here',
			'm1-1-here',
			'm2-0-here',
			'm2-1-imp'
		]);
		expect(gamesInScope(games, 'eval:no-such-set')).toEqual([]);
	});

	it('counts games played here and imports that were re-executed, not unverified or removed ones', async () => {
		const games = await stored();
		expect(counted(games).map((g) => g.record.id)).toEqual([
			'm1-0-here',
			'm1-1-here',
			'm2-0-here',
			'm2-2-here',
			'm1-3-imp'
		]);
	});

	it('lists the scope’s imports with their file, method and switch', async () => {
		const games = await stored();
		expect(importedOf(games)).toEqual([
			{
				id: 'm1-3-imp',
				file: 'a.jsonl',
				importedAt: 5,
				method: 'reexecuted',
				excluded: false,
				summary: ''
			},
			// No origin: the record's own time, and no verdict.
			{
				id: 'm2-4-imp',
				file: '',
				importedAt: 1004,
				method: 'unverified',
				excluded: false,
				summary: 'civilians: vote'
			},
			{ id: 'm2-1-imp', file: 'b.jsonl', importedAt: 7, method: 'checked', excluded: true, summary: '' }
		]);
		expect(importedOf(gamesInScope(games, `eval:${set.id}`)).map((g) => g.id)).toEqual(['m2-1-imp']);
	});
});

describe('the leaderboard’s tables and export', () => {
	it('folds every table from the counted games, and exports each table’s rows in order', async () => {
		const logs = counted(await stored()).map((g) => g.log);
		const tables = tablesOf(logs);
		expect(Object.keys(tables)).toEqual([...TABLES]);
		for (const by of TABLES) expect(tables[by]).toEqual(leaderboard(logs, by));
		expect(tables.model.map((r) => [r.key, r.games])).toEqual([
			['openai:m1', 3],
			['openai:m2', 2]
		]);
		const exported = exportedOf(tables);
		expect(exported).toEqual(TABLES.flatMap((by) => exportRows(tables[by], by)));
		expect([...new Set(exported.map((r) => r.by))]).toEqual([...TABLES]);
		expect(exportedOf(tablesOf([]))).toEqual([]);
	});

	it('offers the A/B every model, then each model per language it played', async () => {
		const scoped = counted(await stored());
		const tagged = taggedOf(scoped);
		expect(tagged.map((t) => t.eval?.game ?? null)).toEqual(scoped.map((g) => g.record.eval?.game ?? null));
		const byModel = tablesOf(scoped.map((g) => g.log)).model;
		const rows = abRowsOf(byModel, tagged);
		expect(rows.slice(0, byModel.length)).toEqual(byModel);
		expect(rows.slice(byModel.length)).toEqual(languageRows(tagged));
	});
});

describe('the evaluation form', () => {
	const options = evalOptionsOf(null);
	const endpoint = { baseUrl: ' https://api.example.com/v1 ', model: ' m1 ' };

	it('offers agents only, and a model folder of this site last', () => {
		expect(options.some((o) => o.choice.engine === 'human')).toBe(false);
		expect(options.some((o) => o.value === 'scripted')).toBe(true);
		expect(options.at(-1)).toMatchObject({ value: SITE_MODEL, choice: { engine: 'transformers' } });
	});

	it('plays a listed model as listed, and an unknown one as the scripted agent', () => {
		expect(evalSeatOf('scripted', { options, siteFolder: '', endpoint })).toEqual({ engine: 'scripted' });
		expect(evalSeatOf('no-such-option', { options, siteFolder: '', endpoint })).toEqual({
			engine: 'scripted'
		});
	});

	it('takes an endpoint model with its typed details, trimmed and checked as a link’s seat', () => {
		const openai = options.find((o) => o.choice.engine === 'openai')!;
		expect(evalSeatOf(openai.value, { options, siteFolder: '', endpoint })).toEqual({
			engine: 'openai',
			model: 'm1',
			baseUrl: 'https://api.example.com/v1'
		});
		expect(
			typeof evalSeatOf(openai.value, { options, siteFolder: '', endpoint: { baseUrl: '', model: '' } })
		).toBe('string');
	});

	it('takes a model folder of this site by its path only, never another host or a way up', () => {
		expect(evalSeatOf(SITE_MODEL, { options, siteFolder: ' /models/tiny ', endpoint })).toEqual({
			engine: 'transformers',
			model: '/models/tiny'
		});
		for (const folder of ['', 'models/tiny', 'https://evil.example/m', '//evil.example/m', '/models/../x'])
			expect(typeof evalSeatOf(SITE_MODEL, { options, siteFolder: folder, endpoint }), folder).toBe('string');
	});

	it('runs a whole number of games at once, from 1 to the queue’s most', () => {
		for (const n of [1, 2, MAX_CONCURRENCY]) expect(fitsConcurrency(n, MAX_CONCURRENCY)).toBe(true);
		for (const n of [0, -1, 1.5, MAX_CONCURRENCY + 1, Number.NaN])
			expect(fitsConcurrency(n, MAX_CONCURRENCY)).toBe(false);
	});
});

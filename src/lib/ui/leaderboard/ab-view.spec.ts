import { describe, expect, it } from 'vitest';
import type { Policy } from '$lib/core';
import type { ModelChoice } from '$lib/engines/types';
import type { TaggedGame } from '$lib/analysis/eval-pairing';
import { leaderboard } from '$lib/scenarios/undercover/analysis/leaderboard';
import { scriptedPolicy } from '$lib/policies';
import { createRunner } from '$lib/run/play';
import { EVAL_SETS } from '$lib/scenarios/undercover/eval-sets';
import { AbPicker } from './ab-picker.svelte';
import { abComparison, abPicks } from './ab-view';

describe('abPicks', () => {
	const keys = ['m1', 'm2', 'm1@en', 'm1@zh'];
	const preferred = ['m1', 'm2', ...keys];

	it('follows the preferred order until the visitor picks', () => {
		expect(abPicks(keys, preferred, { a: '', b: '' }, false)).toEqual({ a: 'm1', b: 'm2' });
		expect(abPicks(keys, preferred, { a: 'm1@zh', b: 'm1@en' }, false)).toEqual({ a: 'm1', b: 'm2' });
	});

	it('keeps a pick while its row is offered, and never sets B to A', () => {
		expect(abPicks(keys, preferred, { a: 'm1@zh', b: 'm1@en' }, true)).toEqual({ a: 'm1@zh', b: 'm1@en' });
		expect(abPicks(keys, preferred, { a: 'm2', b: 'm2' }, true)).toEqual({ a: 'm2', b: 'm1' });
		expect(abPicks(['m2', 'm3'], ['m2', 'm3'], { a: 'm1', b: 'm3' }, true)).toEqual({ a: 'm2', b: 'm3' });
	});

	it('leaves B empty with one row, and both with none', () => {
		expect(abPicks(['m1'], ['m1'], { a: '', b: '' }, false)).toEqual({ a: 'm1', b: '' });
		expect(abPicks([], [], { a: 'm1', b: 'm2' }, true)).toEqual({ a: '', b: '' });
	});
});

/** `games` smoke-set games with every seat on one "model" (a scripted agent under a model choice). */
async function play(model: string, contrary: boolean, games: number, tagged: boolean): Promise<TaggedGame[]> {
	const choice: ModelChoice = { engine: 'openai', model, baseUrl: 'http://localhost:1/v1' };
	const inner = scriptedPolicy('undercover');
	const policy: Policy = {
		label: `openai:${model}`,
		act: (obs, ask, ctx) =>
			contrary && ask.kind === 'vote' && ask.options?.length
				? { action: { target: ask.options.at(-1) } }
				: inner.act(obs, ask, ctx)
	};
	const set = EVAL_SETS.smoke;
	const out: TaggedGame[] = [];
	for (const game of set.games.slice(0, games)) {
		const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice]));
		const runner = createRunner({ ...game.run, seats }, { policyFor: () => policy });
		await runner.run();
		const log = { header: runner.log.header, events: runner.log.events };
		out.push(
			tagged
				? { log, eval: { set: set.id, version: set.version, game: game.id, model: `openai:${model}` } }
				: { log }
		);
	}
	return out;
}

describe('abComparison', () => {
	it('pairs two models on the evaluation deals both played, and says what it left out', async () => {
		const games = [...(await play('a', false, 4, true)), ...(await play('b', true, 3, true))];
		const rows = leaderboard(
			games.map((g) => g.log),
			'model'
		);
		const rowA = rows.find((r) => r.key === 'openai:a');
		const rowB = rows.find((r) => r.key === 'openai:b');
		const c = abComparison(games, rowA, rowB);
		expect(c.paired).toMatchObject({ pairs: 3, onlyB: [] });
		expect(c.paired?.onlyA).toHaveLength(1);
		expect(c.lines.length).toBeGreaterThan(0);
		expect(c.lines.find((l) => l.figure === 'civilianWin')).toMatchObject({
			method: 'paired',
			games: { a: 3, b: 3 }
		});
	});

	it('compares two independent samples when the games share no deal', async () => {
		const games = [...(await play('a', false, 3, false)), ...(await play('b', true, 2, false))];
		const rows = leaderboard(
			games.map((g) => g.log),
			'model'
		);
		const c = abComparison(
			games,
			rows.find((r) => r.key === 'openai:a'),
			rows.find((r) => r.key === 'openai:b')
		);
		expect(c.paired).toBeNull();
		expect(c.lines.length).toBeGreaterThan(0);
		expect(c.lines.every((l) => l.method === 'unpaired' && l.games.a === 3 && l.games.b === 2)).toBe(true);
	});

	it('has nothing to compare without two different rows', async () => {
		const games = await play('a', false, 1, true);
		const [row] = leaderboard(
			games.map((g) => g.log),
			'model'
		);
		expect(row?.key).toBe('openai:a');
		expect(abComparison(games, row, row)).toEqual({ paired: null, lines: [] });
		expect(abComparison(games, row, undefined)).toEqual({ paired: null, lines: [] });
	});
});

describe('AbPicker', () => {
	/** A picker over the model rows of `games`, and a way to change the games it reads (a new scope). */
	function picker(games: TaggedGame[]) {
		const source = { games };
		const rows = () =>
			leaderboard(
				source.games.map((g) => g.log),
				'model'
			);
		const ab = new AbPicker(rows, () => source.games);
		ab.follow();
		return { ab, source };
	}

	it('picks the first two models until the visitor picks, then keeps their pick while it is offered', async () => {
		const a = await play('a', false, 2, true);
		const b = await play('b', true, 2, true);
		const c = await play('c', false, 1, false);
		const { ab, source } = picker([...a, ...b, ...c]);
		expect([ab.a, ab.b]).toEqual(['openai:a', 'openai:b']);
		ab.b = 'openai:c';
		ab.pick();
		ab.follow();
		expect([ab.a, ab.b, ab.rowB?.key]).toEqual(['openai:a', 'openai:c', 'openai:c']);
		// A scope without model c: B goes back to the first model that is not A.
		source.games = [...a, ...b];
		ab.follow();
		expect([ab.a, ab.b]).toEqual(['openai:a', 'openai:b']);
	});

	it('compares the two picked, paired on shared deals, and writes the comparison as CSV and JSON', async () => {
		const { ab } = picker([...(await play('a', false, 3, true)), ...(await play('b', true, 3, true))]);
		expect(ab.comparison.paired).toMatchObject({ pairs: 3 });
		expect([ab.nameA.text, ab.nameB.text]).toEqual([ab.rowA?.label, ab.rowB?.label]);
		expect(ab.crossLanguage).toBe(false);
		const csv = ab.file('csv')!;
		expect(csv.split('\n').length).toBeGreaterThan(ab.comparison.lines.length);
		const json = JSON.parse(ab.file('json')!);
		expect(json.keys).toEqual({ a: 'openai:a', b: 'openai:b' });
		expect(json.lines).toHaveLength(ab.comparison.lines.length);
	});

	it('has nothing to compare or write with one row', async () => {
		const { ab } = picker(await play('a', false, 1, true));
		expect([ab.a, ab.b, ab.nameB.text]).toEqual(['openai:a', '', '']);
		expect(ab.comparison.lines).toEqual([]);
		expect(ab.file('csv')).toBeNull();
	});
});

/**
 * The A/B table's page and its CSV agree, on a fixture evaluation: two "models" (scripted agents under
 * model seat choices, B voting for the last option it is offered) play the smoke set's games, and every
 * cell the page shows is rebuilt from the downloaded file's numbers alone.
 */
import { describe, expect, it } from 'vitest';
import type { Policy } from '$lib/core';
import type { ModelChoice } from '$lib/engines/types';
import { comparePaired, compareRows, gameFigures } from '$lib/analysis/ab';
import { abCsv, pairedLines, unpairedLines, type AbLine, type Verdict } from '$lib/analysis/ab-table';
import { leaderboard, type GameLog } from '$lib/scenarios/undercover/analysis/leaderboard';
import { csvRecords } from '$lib/analysis/csv';
import { scriptedPolicy } from '$lib/policies';
import { createRunner } from '$lib/run/play';
import { EVAL_SETS } from '$lib/scenarios/undercover/eval-sets';
import { abCells } from './view-model';

async function play(
	model: string,
	contrary: boolean,
	games: number
): Promise<{ id: string; log: GameLog }[]> {
	const choice: ModelChoice = { engine: 'openai', model, baseUrl: 'http://localhost:1/v1' };
	const inner = scriptedPolicy('undercover');
	const policy: Policy = {
		label: `openai:${model}`,
		act: (obs, ask, ctx) =>
			contrary && ask.kind === 'vote' && ask.options?.length
				? { action: { target: ask.options.at(-1) } }
				: inner.act(obs, ask, ctx)
	};
	const out = [];
	for (const game of EVAL_SETS.smoke.games.slice(0, games)) {
		const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice]));
		const runner = createRunner({ ...game.run, seats }, { policyFor: () => policy });
		await runner.run();
		out.push({ id: game.id, log: { header: runner.log.header, events: runner.log.events } });
	}
	return out;
}

/** An A/B line rebuilt from one CSV line: only what the file says. */
function fromCsv(r: Record<string, string>): AbLine {
	const num = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));
	const side = (p: 'a' | 'b') => ({ x: num(r[`${p}_x`]), n: num(r[`${p}_n`]), value: num(r[`${p}_value`]) });
	const p = num(r.mcnemar_p);
	return {
		figure: r.figure as AbLine['figure'],
		method: r.method as AbLine['method'],
		games: { a: Number(r.games_a), b: Number(r.games_b) },
		a: side('a'),
		b: side('b'),
		diff: num(r.diff),
		lower: num(r.lower) ?? -1,
		upper: num(r.upper) ?? 1,
		level: Number(r.level),
		verdict: r.verdict as Verdict,
		mcnemar: p === null ? null : { aOnly: Number(r.mcnemar_a_only), bOnly: Number(r.mcnemar_b_only), p },
		gamesNeeded: num(r.games_needed)
	};
}

describe('the A/B page and its CSV', () => {
	it('show the same figures, paired and unpaired', async () => {
		const a = await play('a', false, 6);
		const b = await play('b', true, 6);
		const figures = (games: typeof a, key: string) =>
			games.map((g) =>
				gameFigures(
					g.id,
					leaderboard([g.log], 'model').find((r) => r.key === key)!
				)
			);
		const paired = comparePaired(figures(a, 'openai:a'), figures(b, 'openai:b'), { seed: 1 });
		const [rowA] = leaderboard(
			a.map((g) => g.log),
			'model'
		);
		const [rowB] = leaderboard(
			b.slice(0, 3).map((g) => g.log),
			'model'
		);
		const unpaired = unpairedLines(compareRows(rowA!, rowB!, { seed: 1 }), rowA!, rowB!);
		for (const lines of [pairedLines(paired), unpaired]) {
			const rows = csvRecords(abCsv(lines, { a: 'openai:a', b: 'openai:b' }));
			expect(rows.map((r) => r.figure)).toEqual(lines.map((l) => l.figure));
			lines.forEach((line, i) => expect(abCells(fromCsv(rows[i]!))).toEqual(abCells(line)));
		}
		const byFigure = new Map(pairedLines(paired).map((l) => [l.figure, l]));
		for (const f of ['civilianWin', 'voteHit', 'tokensPerGame'] as const)
			expect(byFigure.get(f)).toMatchObject({ method: 'paired', games: { a: 6, b: 6 } });
		expect(unpaired.every((l) => l.method === 'unpaired' && l.games.a === 6 && l.games.b === 3)).toBe(true);
	});
});

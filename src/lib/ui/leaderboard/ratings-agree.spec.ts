/**
 * The ratings' page, charts and CSVs agree, on real games where models met: three seat choices (two
 * "models" played by scripted agents under model seat choices, one contrary in its votes, and the
 * oracle baseline) share the tables of six smoke-set deals. Every figure the tables show, and every
 * point and cell the two charts draw, is rebuilt from the downloaded files' numbers alone.
 */
import { describe, expect, it } from 'vitest';
import type { Policy } from '$lib/core';
import type { ModelChoice } from '$lib/engines/types';
import { parseCsv } from '$lib/analysis/csv';
import type { GameLog } from '$lib/scenarios/undercover/analysis/leaderboard';
import { headToHead, ratingsCsv, sideRatings } from '$lib/scenarios/undercover/analysis/ratings';
import { scriptedPolicy } from '$lib/policies';
import { createRunner } from '$lib/run/play';
import { EVAL_SETS } from '$lib/scenarios/undercover/eval-sets';
import { formatCkRate, h2hMatrixData, sideScatterData } from './view-model';

const CHOICES: ModelChoice[] = [
	{ engine: 'openai', model: 'a', baseUrl: 'http://localhost:1/v1' },
	{ engine: 'openai', model: 'b', baseUrl: 'http://localhost:1/v1' },
	{ engine: 'scripted' }
];

async function mixedGames(n: number): Promise<GameLog[]> {
	const inner = scriptedPolicy('undercover');
	const contrary: Policy = {
		label: 'contrary',
		act: (obs, ask, ctx) =>
			ask.kind === 'vote' && ask.options?.length
				? { action: { target: ask.options.at(-1) } }
				: inner.act(obs, ask, ctx)
	};
	const out: GameLog[] = [];
	for (const [g, game] of EVAL_SETS.smoke.games.slice(0, n).entries()) {
		const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), CHOICES[(s + g) % 3]!]));
		const runner = createRunner(
			{ ...game.run, seats },
			{ policyFor: (seat) => ((Number(seat) + g) % 3 === 1 ? contrary : inner) }
		);
		await runner.run();
		out.push({ header: runner.log.header, events: runner.log.events });
	}
	return out;
}

const pct = (v: number) => (v * 100).toFixed(1);

describe('ratings: the page, the charts and the CSVs agree', async () => {
	const logs = await mixedGames(6);
	const ratings = sideRatings(logs);
	const matrix = headToHead(logs);
	const name = (k: string) => `name of ${k}`;

	it('has the three players on both sides, and pairs that met', () => {
		expect(ratings.map((r) => [r.model, r.kind])).toEqual([
			['openai:a', 'model'],
			['openai:b', 'model'],
			['scripted (no LLM)', 'oracle']
		]);
		expect(matrix.length).toBeGreaterThanOrEqual(6);
	});

	it('the side CSV gives every table cell and every chart point', () => {
		const [head, ...rows] = parseCsv(ratingsCsv(ratings, []));
		const col = (r: string[], c: string) => r[head!.indexOf(c)]!;
		expect(rows.every((r) => col(r, 'table') === 'side')).toBe(true);
		const points = sideScatterData(ratings, name);
		for (const r of ratings)
			for (const figure of ['deception', 'detection'] as const) {
				const line = rows.find((l) => col(l, 'model') === r.model && col(l, 'figure') === figure)!;
				expect(col(line, 'kind')).toBe(r.kind);
				const [x, n, rate, lower, upper] = ['x', 'n', 'rate', 'lower', 'upper'].map((c) =>
					Number(col(line, c))
				);
				// The table's cell, rebuilt from the file.
				expect(formatCkRate(r[figure])).toBe(
					n ? `${pct(rate!)}% [${pct(lower!)}, ${pct(upper!)}] (${x}/${n})` : '– (0/0)'
				);
				// The chart's point: detection across, deception up.
				const p = points.find((q) => q.key === r.model)!;
				const drawn = figure === 'detection' ? p.x : p.y;
				expect([drawn.x, drawn.n]).toEqual([x, n]);
				if (n) {
					expect(drawn.p).toBeCloseTo(rate!, 4);
					expect(drawn.lower).toBeCloseTo(lower!, 4);
					expect(drawn.upper).toBeCloseTo(upper!, 4);
				}
				expect(p.shape).toBe(r.kind === 'oracle' ? 'square' : 'circle');
			}
	});

	it('the head-to-head CSV gives every table cell and every matrix cell', () => {
		const [head, ...rows] = parseCsv(ratingsCsv([], matrix));
		const col = (r: string[], c: string) => r[head!.indexOf(c)]!;
		expect(rows).toHaveLength(matrix.length);
		const grid = h2hMatrixData(matrix, name);
		expect(grid.models.map((m) => m.key)).toEqual(['openai:a', 'openai:b', 'scripted (no LLM)']);
		for (const c of matrix) {
			const line = rows.find((l) => col(l, 'model') === c.deceiver && col(l, 'opponent') === c.detector)!;
			const [x, n, rate, lower, upper] = ['x', 'n', 'rate', 'lower', 'upper'].map((k) =>
				Number(col(line, k))
			);
			expect(formatCkRate(c)).toBe(`${pct(rate!)}% [${pct(lower!)}, ${pct(upper!)}] (${x}/${n})`);
			const cell = grid.cells.find((g) => g.row === c.deceiver && g.col === c.detector)!;
			expect([cell.x, cell.n]).toEqual([x, n]);
			expect(cell.p).toBeCloseTo(rate!, 4);
			expect(cell.lower).toBeCloseTo(lower!, 4);
			expect(cell.upper).toBeCloseTo(upper!, 4);
			expect(col(line, 'opponent_kind')).toBe(c.detector === 'scripted (no LLM)' ? 'oracle' : 'model');
		}
	});
});

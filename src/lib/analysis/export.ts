/**
 * Results out, as a researcher cites them: the leaderboard and paired A/B comparisons as CSV and JSON,
 * every rate with its x/n and a 95% interval, every per-game mean with a bootstrap interval. The page's
 * download buttons and `npm run sim -- --eval ... --csv FILE` write the same bytes. Pure.
 */
import { bootstrapMean, wilson, type PairedComparison } from './ab';
import { abCsv, pairedLines } from './ab-table';
import {
	ROW_RATES,
	type LeaderboardRow,
	type PerGame,
	type Proportion
} from '../scenarios/undercover/analysis/leaderboard';

import { rateColumns, toCsv } from './csv';
export { csvField, toCsv, type Cell } from './csv';

/** Rounds for the table, so a CSV is read by eye too (6 decimals is far below any interval's width). */
const r6 = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);

export interface RateFigure {
	x: number;
	n: number;
	rate: number | null;
	lower: number;
	upper: number;
}

export interface MeanFigure {
	mean: number;
	lower: number | null;
	upper: number | null;
	games: number;
}

/** A leaderboard row as exported: every rate with x/n and its Wilson interval, every mean with a bootstrap one. */
export interface ExportedRow {
	by: string;
	key: string;
	label: string;
	/** "oracle" or "fair" for the scripted baselines, "model" otherwise (see scenarios/undercover/policies/scripted). */
	kind?: string;
	/** By side: the role the row's seats played (civilian, undercover, blank). */
	side?: string;
	games: number;
	seatGames: number;
	rates: Record<(typeof ROW_RATES)[number], RateFigure>;
	tokensPerGame: MeanFigure;
	secondsPerGame: MeanFigure;
}

function rateFigure(p: Proportion, level: number): RateFigure {
	const w = wilson(p, level);
	return { x: p.x, n: p.n, rate: r6(p.rate), lower: r6(w.lower) as number, upper: r6(w.upper) as number };
}

function meanFigure(g: PerGame, seed: number, level: number): MeanFigure {
	if (!g.values.length) return { mean: 0, lower: null, upper: null, games: 0 };
	const b = bootstrapMean(g.values, { seed, level });
	return { mean: r6(b.mean) as number, lower: r6(b.lower), upper: r6(b.upper), games: g.values.length };
}

export function exportRows(
	rows: readonly LeaderboardRow[],
	by: string,
	opts: { seed?: number; level?: number; kindOf?: (key: string) => string | undefined } = {}
): ExportedRow[] {
	const level = opts.level ?? 0.95;
	const seed = opts.seed ?? 1;
	return rows.map((row) => {
		const kind = opts.kindOf?.(row.key) ?? row.kind;
		return {
			by,
			key: row.key,
			label: row.label,
			...(kind ? { kind } : {}),
			...(row.side ? { side: row.side } : {}),
			games: row.games,
			seatGames: row.seatGames,
			rates: Object.fromEntries(ROW_RATES.map((k) => [k, rateFigure(row[k], level)])) as ExportedRow['rates'],
			tokensPerGame: meanFigure(row.tokens, seed, level),
			secondsPerGame: meanFigure(row.seconds, seed + 1, level)
		};
	});
}

const RATE_HEADER = rateColumns(ROW_RATES);
const MEAN_HEADER = ['tokens', 'seconds'].flatMap((k) => [`${k}_per_game`, `${k}_lower`, `${k}_upper`]);

/** One line per row (model, persona, position, difficulty...), every figure with x/n and its interval. */
export function leaderboardCsv(rows: readonly ExportedRow[]): string {
	const header = [
		'by',
		'key',
		'label',
		'kind',
		'side',
		'games',
		'seat_games',
		...RATE_HEADER,
		...MEAN_HEADER
	];
	return toCsv(
		header,
		rows.map((r) => [
			r.by,
			r.key,
			r.label,
			r.kind ?? null,
			r.side ?? null,
			r.games,
			r.seatGames,
			...ROW_RATES.flatMap((k) => {
				const f = r.rates[k];
				return [f.x, f.n, f.rate, f.lower, f.upper];
			}),
			...[r.tokensPerGame, r.secondsPerGame].flatMap((m) => [m.mean, m.lower, m.upper])
		])
	);
}

/** A paired A/B comparison as CSV: the A/B table's lines (`ab-table.ts`), as the page's download writes them. */
export function pairedCsv(c: PairedComparison, labels: { a: string; b: string }): string {
	return abCsv(pairedLines(c), labels);
}

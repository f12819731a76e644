/**
 * The A/B table as data: one line per figure, whatever the comparison was (paired on shared deals or
 * two independent samples). The page's table, the CSV and the command line's report are all rendered
 * from these lines, so a verdict, an interval or a p-value cannot say one thing on the page and another
 * in a spreadsheet. Pure.
 */
import {
	COMPARED_RATES,
	type ComparedRate,
	type MeanComparison,
	type McNemar,
	type PairedComparison,
	type RowComparison
} from './ab';
import type { LeaderboardRow } from '../scenarios/undercover/analysis/leaderboard';
import { csvRound, toCsv, type Cell } from './csv';

/**
 * What a line concludes. 'few-games': an interval from fewer than two games per side (a bootstrap over
 * one game resamples one value: a point, not evidence). 'no-data': a side never observed the figure.
 */
export type Verdict = 'differs' | 'same' | 'few-games' | 'no-data';

export interface AbSide {
	/** Counts for a rate; null for a per-game mean. */
	x: number | null;
	n: number | null;
	/** The rate (x / n) or the mean; null with no observations. */
	value: number | null;
}

export interface AbLine {
	figure: ComparedRate | 'tokensPerGame' | 'secondsPerGame';
	/**
	 * 'paired': a paired interval over games both sides played on the same deal. 'unpaired': two
	 * independent samples (Newcombe's method 10 for a rate, a bootstrap of each side for a mean).
	 */
	method: 'paired' | 'unpaired';
	/** The games the figure rests on: paired, both are the paired games; unpaired, each side's games. */
	games: { a: number; b: number };
	a: AbSide;
	b: AbSide;
	diff: number | null;
	lower: number;
	upper: number;
	level: number;
	verdict: Verdict;
	mcnemar: McNemar | null;
	gamesNeeded: number | null;
}

/** The one rule for a verdict: enough games, data on both sides, then whether the interval excludes 0. */
export function verdictOf(c: {
	diff: number | null;
	lower: number;
	upper: number;
	games: { a: number; b: number };
}): Verdict {
	if (c.diff === null) return 'no-data';
	if (c.games.a < 2 || c.games.b < 2) return 'few-games';
	return c.lower > 0 || c.upper < 0 ? 'differs' : 'same';
}

function line(l: Omit<AbLine, 'verdict'>): AbLine {
	return { ...l, verdict: verdictOf(l) };
}

/** Lines of a comparison paired on shared deals (`comparePaired`). */
export function pairedLines(c: PairedComparison): AbLine[] {
	const rates = COMPARED_RATES.map((k) => {
		const r = c.rates[k];
		return line({
			figure: k,
			method: r.method,
			games: r.method === 'paired' ? { a: r.pairs, b: r.pairs } : r.observedIn,
			a: { x: r.a.x, n: r.a.n, value: r.a.p },
			b: { x: r.b.x, n: r.b.n, value: r.b.p },
			diff: r.diff,
			lower: r.lower,
			upper: r.upper,
			level: r.level,
			mcnemar: r.mcnemar,
			gamesNeeded: r.gamesNeeded
		});
	});
	const means = (
		[
			['tokensPerGame', c.tokens],
			['secondsPerGame', c.seconds]
		] as const
	).map(([figure, m]) =>
		line({
			figure,
			method: 'paired',
			games: { a: m?.pairs ?? 0, b: m?.pairs ?? 0 },
			a: { x: null, n: null, value: m?.meanA ?? null },
			b: { x: null, n: null, value: m?.meanB ?? null },
			diff: m?.diff ?? null,
			lower: m?.lower ?? -Infinity,
			upper: m?.upper ?? Infinity,
			level: c.level,
			mcnemar: null,
			gamesNeeded: m?.gamesNeeded ?? null
		})
	);
	return [...rates, ...means];
}

/** Lines of two rows compared as independent samples (`compareRows`): games that share no deals. */
export function unpairedLines(c: RowComparison, rowA: LeaderboardRow, rowB: LeaderboardRow): AbLine[] {
	const games = { a: rowA.games, b: rowB.games };
	const rates = COMPARED_RATES.map((k) => {
		const r = c.rates[k];
		return line({
			figure: k,
			method: 'unpaired',
			games,
			a: { x: rowA[k].x, n: rowA[k].n, value: rowA[k].rate },
			b: { x: rowB[k].x, n: rowB[k].n, value: rowB[k].rate },
			diff: r.diff,
			lower: r.lower,
			upper: r.upper,
			level: r.level,
			mcnemar: null,
			gamesNeeded: null
		});
	});
	const means = (
		[
			['tokensPerGame', c.tokens, rowA.tokens.perGame, rowB.tokens.perGame],
			['secondsPerGame', c.seconds, rowA.seconds.perGame, rowB.seconds.perGame]
		] as const
	).map(([figure, m, meanA, meanB]: readonly [AbLine['figure'], MeanComparison | null, number, number]) =>
		line({
			figure,
			method: 'unpaired',
			games,
			a: { x: null, n: null, value: games.a ? meanA : null },
			b: { x: null, n: null, value: games.b ? meanB : null },
			diff: m?.diff ?? null,
			lower: m?.lower ?? -Infinity,
			upper: m?.upper ?? Infinity,
			level: m?.level ?? 0.95,
			mcnemar: null,
			gamesNeeded: null
		})
	);
	return [...rates, ...means];
}

/**
 * A p-value as it is cited: three decimals, and "< 0.001" below that (a p of 0 is never true: it is a
 * p too small for three decimals).
 */
export function formatP(p: number): string {
	return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** Rounds for the file, so a CSV is read by eye too (6 decimals is far below any interval's width). */
const r6 = (x: number | null) => csvRound(x, 6);

const AB_CSV_HEADER = [
	'figure',
	'a',
	'b',
	'method',
	'games_a',
	'games_b',
	'a_x',
	'a_n',
	'a_value',
	'b_x',
	'b_n',
	'b_value',
	'diff',
	'lower',
	'upper',
	'level',
	'verdict',
	'differs',
	'mcnemar_a_only',
	'mcnemar_b_only',
	'mcnemar_p',
	'games_needed'
] as const;

/**
 * The A/B table as CSV, one line per figure. `differs` is `verdict === 'differs'`, the page's mark;
 * `mcnemar_p` keeps three significant digits, so a tiny p is 1.23e-7 and never 0.
 */
export function abCsv(lines: readonly AbLine[], labels: { a: string; b: string }): string {
	const rows: Cell[][] = lines.map((l) => [
		l.figure,
		labels.a,
		labels.b,
		l.method,
		l.games.a,
		l.games.b,
		l.a.x,
		l.a.n,
		r6(l.a.value),
		l.b.x,
		l.b.n,
		r6(l.b.value),
		r6(l.diff),
		l.diff === null ? null : r6(l.lower),
		l.diff === null ? null : r6(l.upper),
		l.level,
		l.verdict,
		l.verdict === 'differs',
		l.mcnemar?.aOnly ?? null,
		l.mcnemar?.bOnly ?? null,
		l.mcnemar ? Number(l.mcnemar.p.toPrecision(3)) : null,
		l.gamesNeeded
	]);
	return toCsv(AB_CSV_HEADER, rows);
}

/**
 * Ratings by side and who beats whom, from the stored games.
 *
 * Method: each model gets two Wilson-scored rates rather than an Elo or TrueSkill number. An evaluation
 * puts one model at every seat, so a model's undercover seats only ever meet its own civilians: a skill
 * model has no variety of opponents to separate a player's strength from, and would only restate these
 * rates on another scale, with intervals that are harder to state honestly. So:
 * - deception: games won as undercover, over undercover seat-games (Strategy Bench's deception index);
 * - detection: civilians' votes for a seat on the other side, over civilians' votes (its detection index).
 * The head-to-head matrix reads the games where models met (the play page's mixed tables): for each game
 * and each pair of a model on the undercover side and a model among the civilians, whether the
 * undercover side won. Pure.
 */
import { wilson } from '../../../analysis/ab';
import { csvRound, toCsv, type Cell } from '../../../analysis/csv';
import { factsOf, leaderboard, rowKind, type Analysable, type RowKind } from './leaderboard';

export interface RatedRate {
	x: number;
	n: number;
	p: number | null;
	lower: number;
	upper: number;
}

const rated = (x: number, n: number): RatedRate => {
	const w = wilson({ x, n });
	return { x, n, p: w.p, lower: w.lower, upper: w.upper };
};

export interface SideRating {
	model: string;
	kind: RowKind;
	games: number;
	deception: RatedRate;
	detection: RatedRate;
}

export function sideRatings(logs: readonly Analysable[]): SideRating[] {
	return leaderboard(logs, 'model').map((r) => ({
		model: r.key,
		kind: rowKind(r.key),
		games: r.games,
		deception: rated(r.undercoverWin.x, r.undercoverWin.n),
		detection: rated(r.voteHitAsCivilian.x, r.voteHitAsCivilian.n)
	}));
}

export interface HeadToHeadCell extends RatedRate {
	/** The model on the undercover side (deceiving) and the model among the civilians (detecting). */
	deceiver: string;
	detector: string;
}

/** Every pairing of a deceiving and a detecting model that met, sorted; the rate is the deceivers' wins. */
export function headToHead(logs: readonly Analysable[]): HeadToHeadCell[] {
	const cells = new Map<string, { deceiver: string; detector: string; x: number; n: number }>();
	for (const log of logs) {
		const f = factsOf(log);
		if (!f.finished) continue;
		const deceivers = new Set(f.seats.filter((s) => s.role !== 'civilian').map((s) => s.model));
		const detectors = new Set(f.seats.filter((s) => s.role === 'civilian').map((s) => s.model));
		for (const d of deceivers)
			for (const c of detectors) {
				const key = `${d}\u0000${c}`;
				let cell = cells.get(key);
				if (!cell) cells.set(key, (cell = { deceiver: d, detector: c, x: 0, n: 0 }));
				cell.n++;
				if (f.winner === 'undercover') cell.x++;
			}
	}
	return [...cells.entries()]
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		.map(([, c]) => ({ deceiver: c.deceiver, detector: c.detector, ...rated(c.x, c.n) }));
}

const r4 = (x: number | null) => csvRound(x, 4);

/**
 * The tables as CSV, both or either (pass the other empty): a `table` column says which ("side" or
 * "head-to-head"), and `kind` and `opponent_kind` tell the oracle and fair baselines from models.
 */
export function ratingsCsv(ratings: readonly SideRating[], matrix: readonly HeadToHeadCell[]): string {
	const header = [
		'table',
		'model',
		'kind',
		'opponent',
		'opponent_kind',
		'figure',
		'games',
		'x',
		'n',
		'rate',
		'lower',
		'upper'
	];
	const rows: Cell[][] = [];
	for (const r of ratings)
		for (const figure of ['deception', 'detection'] as const) {
			const f = r[figure];
			rows.push([
				'side',
				r.model,
				r.kind,
				null,
				null,
				figure,
				r.games,
				f.x,
				f.n,
				r4(f.p),
				r4(f.lower),
				r4(f.upper)
			]);
		}
	for (const c of matrix)
		rows.push([
			'head-to-head',
			c.deceiver,
			rowKind(c.deceiver),
			c.detector,
			rowKind(c.detector),
			'deceiver wins',
			c.n,
			c.x,
			c.n,
			r4(c.p),
			r4(c.lower),
			r4(c.upper)
		]);
	return toCsv(header, rows);
}

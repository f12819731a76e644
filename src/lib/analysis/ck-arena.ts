/**
 * CK-Arena's headline figures, recomputed from Conclave's own logs so a model's games can be read beside
 * the published ones. CK-Arena (Xu, Deng, Zhou and Zhong 2025, arXiv 2505.17512) published 144 English
 * games of 6 players (4 civilians, 2 undercover, a vote after every statement round), played by
 * frontier models; the figures below were computed from those raw logs.
 *
 * Per game, over finished games (a draw is a game the civilians did not win):
 * - civilians win: games the civilians won;
 * - first out is undercover: of games in which someone was voted out, those whose first seat out was
 *   not a civilian (chance with 2 undercover in 6 seats: 1/3);
 * - first-round civilian hits: civilians' round-1 votes (the vote, not a tie's revote) for a seat on
 *   the other side, over civilians' round-1 votes (chance for a civilian: 2 of the 5 others, 0.4).
 * And the game's shape: rounds, statements per game, words per statement (English games only: Chinese
 * is not written in words).
 *
 * Every rate carries x/n and its Wilson interval. Pure.
 */
import { wilson, type Interval } from './ab';
import { csvRound, rateCells, rateColumns, toCsv, type Cell } from './csv';
import {
	gameLang,
	isSummary,
	outcomeAfter,
	rowKind,
	type Analysable,
	type GameLog
} from '../scenarios/undercover/analysis/leaderboard';
import type { Role, Winner } from '../scenarios/undercover/state';

export interface CkRate extends Interval {
	x: number;
	n: number;
	/** x / n, or null with n = 0. */
	p: number | null;
}

export interface CkArenaFigures {
	/** Finished games the figures rest on. */
	games: number;
	civiliansWin: CkRate;
	firstOutUndercover: CkRate;
	firstRoundCivilianHits: CkRate;
	roundsPerGame: number | null;
	statementsPerGame: number | null;
	/** Null where no English statement was made. */
	wordsPerStatement: number | null;
}

/** What CK-Arena's raw logs give for the same figures (144 English games, frontier models). */
export const CK_ARENA_PUBLISHED = {
	source:
		'CK-Arena (Xu, Deng, Zhou, Zhong 2025, arXiv 2505.17512), computed from its 144 published English game logs',
	games: 144,
	civiliansWin: 0.667,
	firstOutUndercover: 0.597,
	firstRoundCivilianHits: 0.678,
	roundsPerGame: 2.68,
	statementsPerGame: 13.3,
	wordsPerStatement: 12.1,
	/** What a rate would be by chance at that table. */
	chance: { firstOutUndercover: 1 / 3, firstRoundCivilianHits: 0.4 }
} as const;

const rate = (x: number, n: number, level: number): CkRate => {
	const w = wilson({ x, n }, level);
	return { x, n, p: w.p, lower: w.lower, upper: w.upper };
};

/** Words in an English statement: runs of letters, digits and apostrophes. */
const words = (text: string) => text.match(/[\p{L}\p{N}']+/gu)?.length ?? 0;

/** One finished game's share of the figures: what `ckArenaFigures` sums. */
export interface CkGame {
	civiliansWon: boolean;
	/** Whether someone was voted out, and whether the first seat out was not a civilian. */
	anyOut: boolean;
	firstOutUndercover: boolean;
	/** Civilians' round-1 votes (the vote, not a revote), and those for a seat on the other side. */
	firstVotes: number;
	firstHits: number;
	rounds: number;
	statements: number;
	/** Words in its statements, and whether it was played in English (only English words count). */
	words: number;
	english: boolean;
}

/** Folds one log into its share of the figures; null for a game that has not finished. */
export function ckGame({ header, events }: GameLog): CkGame | null {
	let winner: Winner | null = null;
	let roles = new Map<number, Role>();
	let firstOut: number | null = null;
	let rounds = 0;
	let statements = 0;
	let gameWords = 0;
	const firstVotes: { seat: number; target: number }[] = [];
	for (const e of events) {
		const d = e.data as Record<string, unknown>;
		switch (e.kind) {
			case 'game.dealt':
				roles = new Map((d.seats as { id: number; role: Role }[]).map((s) => [s.id, s.role]));
				break;
			case 'round.started':
				rounds++;
				break;
			case 'speech.given':
				statements++;
				gameWords += words(String(d.text ?? ''));
				break;
			case 'vote.cast':
				if (d.round === 1 && d.stage === 'vote')
					firstVotes.push({ seat: d.seat as number, target: d.target as number });
				break;
			case 'seat.eliminated':
				firstOut ??= d.seat as number;
				break;
			case 'game.ended':
			case 'run.halted':
				winner = outcomeAfter(winner, e);
				break;
		}
	}
	if (winner === null) return null;
	const civilian = firstVotes.filter((v) => roles.get(v.seat) === 'civilian');
	return {
		civiliansWon: winner === 'civilians',
		anyOut: firstOut !== null,
		firstOutUndercover: firstOut !== null && roles.get(firstOut) !== 'civilian',
		firstVotes: civilian.length,
		firstHits: civilian.filter((v) => roles.get(v.target) !== 'civilian').length,
		rounds,
		statements,
		words: gameWords,
		english: (header.config as { lang?: string }).lang !== 'zh'
	};
}

/** A game's share of the figures: the cached one, or folded from its log now. */
const ckGameOf = (g: Analysable): CkGame | null => (isSummary(g) ? g.ck : ckGame(g));

export function ckArenaFigures(logs: readonly Analysable[], level = 0.95): CkArenaFigures {
	let games = 0;
	let civilianWins = 0;
	let withOut = 0;
	let firstOutUnder = 0;
	let hits = 0;
	let votes = 0;
	let rounds = 0;
	let statements = 0;
	let enStatements = 0;
	let enWords = 0;
	for (const log of logs) {
		const g = ckGameOf(log);
		if (!g) continue;
		games++;
		if (g.civiliansWon) civilianWins++;
		if (g.anyOut) withOut++;
		if (g.firstOutUndercover) firstOutUnder++;
		votes += g.firstVotes;
		hits += g.firstHits;
		rounds += g.rounds;
		statements += g.statements;
		if (g.english) {
			enStatements += g.statements;
			enWords += g.words;
		}
	}
	return {
		games,
		civiliansWin: rate(civilianWins, games, level),
		firstOutUndercover: rate(firstOutUnder, withOut, level),
		firstRoundCivilianHits: rate(hits, votes, level),
		roundsPerGame: games ? rounds / games : null,
		statementsPerGame: games ? statements / games : null,
		wordsPerStatement: enStatements ? enWords / enStatements : null
	};
}

/** Word-pair difficulty as the packs grade it: 1 far apart, 2 related, 3 close. */
export type Difficulty = 1 | 2 | 3;

/**
 * One line of the reproduction table: a model in one language, over its games of the CK-Arena set, all
 * of them (`difficulty` null) or those of one word-pair difficulty.
 */
export interface CkArenaRow {
	model: string;
	lang: 'en' | 'zh';
	difficulty: Difficulty | null;
	figures: CkArenaFigures;
}

/** The dealt pair's difficulty, from the deal (null for a game without one). */
export function dealtDifficulty(log: Analysable): Difficulty | null {
	const d = isSummary(log)
		? log.facts.difficulty
		: (log.events.find((e) => e.kind === 'game.dealt')?.data as { difficulty?: unknown } | undefined)
				?.difficulty;
	return d === 1 || d === 2 || d === 3 ? d : null;
}

/**
 * The CK-Arena set's games, one row per model and language, English first; with `byDifficulty`, one
 * row per model, language and word-pair difficulty instead (levels with no games have no row).
 */
export function ckArenaRows(
	games: readonly { log: Analysable; eval?: { set: string; model: string } }[],
	level = 0.95,
	byDifficulty = false
): CkArenaRow[] {
	const groups = new Map<
		string,
		{ model: string; lang: 'en' | 'zh'; difficulty: Difficulty | null; logs: Analysable[] }
	>();
	for (const g of games) {
		if (g.eval?.set !== 'ck-arena') continue;
		const lang = gameLang(g.log);
		const difficulty = byDifficulty ? dealtDifficulty(g.log) : null;
		if (byDifficulty && difficulty === null) continue;
		const key = `${lang}\u0000${g.eval.model}\u0000${difficulty ?? ''}`;
		let group = groups.get(key);
		if (!group) groups.set(key, (group = { model: g.eval.model, lang, difficulty, logs: [] }));
		group.logs.push(g.log);
	}
	return [...groups.entries()]
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		.map(([, g]) => ({
			model: g.model,
			lang: g.lang,
			difficulty: g.difficulty,
			figures: ckArenaFigures(g.logs, level)
		}));
}

const r4 = (x: number | null) => csvRound(x, 4);

/**
 * The reproduction table as CSV: the published figures first (source and caveat in their `source`
 * column), then one line per model and language (`difficulty` "all"), then, when given, the lines by
 * word-pair difficulty; each rate with x/n and its Wilson interval. `kind` tells the oracle and the fair
 * baselines from models.
 */
export function ckArenaCsv(
	rows: readonly CkArenaRow[],
	byDifficulty: readonly CkArenaRow[] = [],
	/** Where the lines' games were played: "this browser" on the page, "this run" from `sim`. */
	source = 'this browser'
): string {
	const P = CK_ARENA_PUBLISHED;
	const rates = ['civiliansWin', 'firstOutUndercover', 'firstRoundCivilianHits'] as const;
	const header = [
		'source',
		'model',
		'kind',
		'lang',
		'difficulty',
		'games',
		...rateColumns(rates),
		'rounds_per_game',
		'statements_per_game',
		'words_per_statement'
	];
	const published: Cell[] = [
		`${P.source}; their players were frontier models`,
		null,
		null,
		'en',
		'all',
		P.games,
		...rates.flatMap((k) => [null, null, P[k], null, null]),
		P.roundsPerGame,
		P.statementsPerGame,
		P.wordsPerStatement
	];
	const lines: Cell[][] = [...rows, ...byDifficulty].map((r) => [
		source,
		r.model,
		rowKind(r.model),
		r.lang,
		r.difficulty ?? 'all',
		r.figures.games,
		...rates.flatMap((k) => rateCells(r.figures[k])),
		r4(r.figures.roundsPerGame),
		r4(r.figures.statementsPerGame),
		r4(r.figures.wordsPerStatement)
	]);
	return toCsv(header, [published, ...lines]);
}

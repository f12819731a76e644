/**
 * A stored game's per-game figures, folded from its log once: everything the leaderboard page's tables,
 * ratings, head-to-head, CK-Arena and leak panels read of one game. The page caches them per run
 * (`state/leaderboard-games.ts`), so a load sums cached figures instead of folding every log again;
 * every statistic takes a summary or a log alike (`Analysable`) and gives the same figures for both,
 * which `game-summary.spec.ts` checks table by table. Plain data, so it survives structured clone and
 * JSON. Pure.
 */
import { ckGame, type CkGame } from './ck-arena';
import {
	gameFacts,
	gameLang,
	type GameFacts,
	type GameLog
} from '../scenarios/undercover/analysis/leaderboard';
import { leakGame, type LeakSeat } from '../scenarios/undercover/analysis/leaks';

/**
 * Raise it whenever a fold below (or what it reads of a log) changes: a cached summary of another
 * version is folded again from its log, so no figure is read from an older definition.
 */
export const ANALYSIS_VERSION = 1;

export interface GameSummary {
	/** The `ANALYSIS_VERSION` it was folded under (its presence is also what tells it from a log). */
	analysis: number;
	lang: 'en' | 'zh';
	facts: GameFacts;
	/** Null for a game that has not finished (the leak and CK-Arena figures count only finished ones). */
	leaks: LeakSeat[] | null;
	ck: CkGame | null;
}

export function summarize(log: GameLog): GameSummary {
	return {
		analysis: ANALYSIS_VERSION,
		lang: gameLang(log),
		facts: gameFacts(log),
		leaks: leakGame(log),
		ck: ckGame(log)
	};
}

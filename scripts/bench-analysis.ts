/**
 * `npm run bench -- --only analysis` (issue 23): what the leaderboard page computes from the stored games
 * each time it opens or its scope changes (the five behaviour tables, the rows per language, the per-side
 * ratings and the head-to-head matrix, CK-Arena's figures overall and by difficulty, the leak and cost
 * panel), timed over N stored games beside a floor measured in the same run: JSON.parse of the same
 * games' logs, the least any reading of them costs.
 *
 * The stored games are what a researcher's browser holds after two models ran the CK-Arena set and played
 * the oracle baseline on the play page: 48 set games per model (one model at every seat, eval-tagged) and
 * 48 games where the two models and the oracle rotate through the seats. Played by scripted policies
 * under model seat choices (model B votes for the last option it is offered), so the logs are real ones.
 */
import type { LogEvent, Policy } from '../src/lib/core';
import type { GameLog } from '../src/lib/scenarios/undercover/analysis/leaderboard';
import { summarize } from '../src/lib/analysis/game-summary';
import type { ModelChoice } from '../src/lib/engines/types';
import { languageRows, type TaggedGame } from '../src/lib/analysis/eval-pairing';
import { leaderboard, type LeaderboardBy } from '../src/lib/scenarios/undercover/analysis/leaderboard';
import { ckArenaRows } from '../src/lib/analysis/ck-arena';
import { headToHead, sideRatings } from '../src/lib/scenarios/undercover/analysis/ratings';
import { leakRows, verbosityShift } from '../src/lib/scenarios/undercover/analysis/leaks';
import { createRunner } from '../src/lib/run/play';
import { scriptedPolicy } from '../src/lib/policies';
import { EVAL_SETS } from '../src/lib/scenarios/undercover/eval-sets';
import { median } from '../src/lib/run/bench';

const TABLES: readonly LeaderboardBy[] = ['model', 'side', 'persona', 'position', 'difficulty'];
/** The CK-Arena set, and the scenario its games are of (whose scripted agents play beside the models). */
const SET = EVAL_SETS['ck-arena'];
const SCENARIO = SET.games[0]!.run.scenario;

function modelPolicy(model: string, contrary: boolean): Policy {
	const inner = scriptedPolicy(SCENARIO);
	return {
		label: `openai:${model}`,
		act: (obs, ask, ctx) =>
			contrary && ask.kind === 'vote' && ask.options?.length
				? { action: { target: ask.options.at(-1) } }
				: inner.act(obs, ask, ctx)
	};
}

const choice = (model: string): ModelChoice => ({
	engine: 'openai',
	model,
	baseUrl: 'http://localhost:1/v1'
});

/** A stored game with its log (what the page reads from IndexedDB on a load with nothing cached). */
export type StoredGame = TaggedGame & { log: GameLog };

/** The stored games described above: 144 of them, the CK-Arena set's deals throughout. */
export async function storedGames(): Promise<StoredGame[]> {
	const set = SET;
	const out: StoredGame[] = [];
	for (const [model, contrary] of [
		['a', false],
		['b', true]
	] as const) {
		const policy = modelPolicy(model, contrary);
		for (const game of set.games) {
			const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice(model)]));
			const runner = createRunner({ ...game.run, seats }, { policyFor: () => policy });
			await runner.run();
			out.push({
				log: { header: runner.log.header, events: runner.log.events as LogEvent[] },
				eval: { set: set.id, version: set.version, game: game.id, model: `openai:${model}` }
			});
		}
	}
	const players: [ModelChoice, Policy][] = [
		[choice('a'), modelPolicy('a', false)],
		[choice('b'), modelPolicy('b', true)],
		[{ engine: 'scripted' }, scriptedPolicy(SCENARIO)]
	];
	for (const [g, game] of set.games.entries()) {
		const at = (seat: number) => players[(seat + g) % 3]!;
		const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), at(s)[0]]));
		const runner = createRunner({ ...game.run, seats }, { policyFor: (seat) => at(Number(seat))[1] });
		await runner.run();
		out.push({ log: { header: runner.log.header, events: runner.log.events as LogEvent[] } });
	}
	return out;
}

/** Everything the leaderboard page derives from its games (what its panels render), once. */
export function analyse(games: readonly TaggedGame[]): number {
	const logs = games.map((g) => g.log);
	let rows = 0;
	for (const by of TABLES) rows += leaderboard(logs, by).length;
	rows += languageRows(games).length;
	rows += sideRatings(logs).length + headToHead(logs).length;
	rows += ckArenaRows(games).length + ckArenaRows(games, 0.95, true).length;
	const leaks = leakRows(logs);
	rows += leaks.length + verbosityShift(leaks).size;
	return rows;
}

export interface AnalysisFigures {
	games: number;
	events: number;
	bytes: number;
	/** Median milliseconds of one `analyse` over the games' logs: every log folded (nothing cached). */
	ms: number;
	/** Median milliseconds of JSON.parse over the same games' logs. */
	floorMs: number;
	/**
	 * Median milliseconds of a cached load: JSON.parse of the games' cached summaries (the page reads
	 * them from IndexedDB instead), then the same `analyse` over them.
	 */
	cachedMs: number;
	/** The summaries' size as JSON. */
	cachedBytes: number;
}

/** `n` stored games (the 144 repeated), analysed and parsed `times` times each, medians kept. */
export function analysisFigures(
	base: readonly StoredGame[],
	n: number,
	times: number,
	now: () => number
): AnalysisFigures {
	const games = Array.from({ length: n }, (_, i) => base[i % base.length]!);
	const text = JSON.stringify(games.map((g) => g.log));
	const cachedText = JSON.stringify(games.map((g) => ({ eval: g.eval, log: summarize(g.log) })));
	const ms: number[] = [];
	const floor: number[] = [];
	const cached: number[] = [];
	let sink = 0;
	for (let i = 0; i < times; i++) {
		let t = now();
		sink += analyse(games);
		ms.push(now() - t);
		t = now();
		sink += (JSON.parse(text) as unknown[]).length;
		floor.push(now() - t);
		t = now();
		sink += analyse(JSON.parse(cachedText) as TaggedGame[]);
		cached.push(now() - t);
	}
	if (sink < 0) throw new Error('unreachable');
	return {
		games: n,
		events: games.reduce((sum, g) => sum + g.log.events.length, 0),
		bytes: text.length,
		ms: median(ms),
		floorMs: median(floor),
		cachedMs: median(cached),
		cachedBytes: cachedText.length
	};
}

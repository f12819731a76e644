/**
 * The leaderboard's cache: every figure the page shows is the same from cached per-game summaries as
 * from the logs themselves (after the round trip a store puts them through), and a load folds exactly
 * the logs that are new, changed or folded under another analysis version.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex, type LogEvent, type Policy } from '../core';
import type { ChatRequest, ModelChoice } from '../engines/types';
import type { ChatClient } from '../policies/llm/chat-client';
import { policyForChoice } from '../policies/factory';
import { createRunner } from '../run/play';
import { EVAL_SETS } from '../scenarios/undercover/eval-sets';
import type { Deal } from '../scenarios/undercover/state';
import { ANALYSIS_VERSION, summarize, type GameSummary } from '../analysis/game-summary';
import {
	leaderboard,
	unfinishedGames,
	type Analysable,
	type GameLog,
	type LeaderboardBy
} from '../scenarios/undercover/analysis/leaderboard';
import { languageRows, type TaggedGame } from '../analysis/eval-pairing';
import { exportRows, leaderboardCsv } from '../analysis/export';
import { ckArenaCsv, ckArenaRows } from '../analysis/ck-arena';
import { leakRows, leaksCsv } from '../scenarios/undercover/analysis/leaks';
import { headToHead, ratingsCsv, sideRatings } from '../scenarios/undercover/analysis/ratings';
import { provenanceByRow } from '../analysis/provenance';
import { abCsv } from '../analysis/ab-table';
import { abComparison } from '../ui/leaderboard/ab-view';
import { loadSummaries, memorySummaries, type SummaryBackend } from './analysis-cache';

const A: ModelChoice = { engine: 'openai', model: 'a', baseUrl: 'http://127.0.0.1:9/v1' };

/** A deterministic "model": its reply is a pure function of the request, so games differ from each other. */
const client: ChatClient = {
	engine: 'openai',
	model: 'a',
	contextWindow: 8192,
	async chat(req: ChatRequest) {
		const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
		const pick = parseInt(sha256Hex(JSON.stringify(req.messages)).slice(0, 6), 16);
		const words = ['It is something', 'you can hold', 'and many people like it', 'on a quiet day'];
		const text = props.target
			? JSON.stringify({ target: props.target.enum?.[pick % props.target.enum.length], reason: 'quiet' })
			: JSON.stringify({ speech: words.slice(0, 1 + (pick % 4)).join(' ') + ` ${pick % 97}.` });
		return {
			text,
			finishReason: 'stop' as const,
			usage: {
				promptTokens: 100 + (pick % 50),
				completionTokens: 12,
				ttftMs: 5,
				totalMs: 9 + (pick % 7),
				decodeTokensPerSecond: 40
			}
		};
	}
};

async function play(run: (typeof EVAL_SETS)['ck-arena']['games'][number]['run'], seats: ModelChoice[]) {
	const policies = seats.map((c, i): Policy => policyForChoice('undercover', c, { client, seat: i + 1 }));
	const runner = createRunner(
		{ ...run, seats: Object.fromEntries(seats.map((c, i) => [String(i + 1), c])) },
		{ policyFor: (seat) => policies[Number(seat) - 1] }
	);
	await runner.run();
	return { header: runner.log.header, events: runner.log.events as LogEvent[] };
}

/** The games: model a on the CK-Arena set in both languages (twins), mixed tables, one unfinished game. */
async function storedGames(): Promise<TaggedGame[]> {
	const set = EVAL_SETS['ck-arena'];
	const en = set.games.filter((g) => g.lang === 'en' && g.crossKey).slice(0, 3);
	const zh = en.map((g) => set.games.find((z) => z.lang === 'zh' && z.crossKey === g.crossKey)!);
	const out: TaggedGame[] = [];
	for (const game of [...en, ...zh]) {
		const log = await play(game.run, Array<ModelChoice>(6).fill(A));
		out.push({ log, eval: { set: set.id, version: set.version, game: game.id, model: 'openai:a' } });
	}
	const mixed: ModelChoice[] = [A, { engine: 'scripted' }, { engine: 'scripted', model: 'fair' }];
	for (const [g, game] of EVAL_SETS.smoke.games.slice(0, 3).entries())
		out.push({
			log: await play(
				game.run,
				[0, 1, 2, 3, 4, 5].map((s) => mixed[(s + g) % 3]!)
			)
		});
	// A game cut off before its end: the tables leave it out, and say so.
	const cut = out[0]!.log as GameLog;
	out.push({ log: { header: cut.header, events: cut.events.slice(0, -3) } });
	leak(out[0]!.log as GameLog);
	return out;
}

/** Makes seat 1's first speech reply and first vote reply say its own word (the rules would refuse it). */
function leak(log: GameLog) {
	const deal = log.events.find((e) => e.kind === 'game.dealt')!.data as Deal;
	const word = deal.seats.find((s) => s.id === 1)!.word!;
	for (const purpose of ['speak', 'vote']) {
		const call = log.events.find(
			(e) =>
				e.kind === 'model.called' &&
				(e.data as { seat: number; purpose: string }).seat === 1 &&
				(e.data as { purpose: string }).purpose === purpose
		)!;
		(call.data as { reply: string }).reply = `it is a ${word}, of course`;
	}
}

const TABLES: readonly LeaderboardBy[] = ['model', 'side', 'persona', 'position', 'difficulty'];

/** Everything the leaderboard page renders from its games, as its tables and downloads carry it. */
function everything(games: readonly TaggedGame[]) {
	const logs: Analysable[] = games.map((g) => g.log);
	const byModel = leaderboard(logs, 'model');
	const rows = [...byModel, ...languageRows(games)];
	const ab = abComparison(
		games,
		rows.find((r) => r.key === 'openai:a@en'),
		rows.find((r) => r.key === 'openai:a@zh')
	);
	const leaks = leakRows(logs);
	return {
		csv: leaderboardCsv(TABLES.flatMap((by) => exportRows(leaderboard(logs, by), by))),
		tables: TABLES.map((by) => leaderboard(logs, by)),
		languageRows: languageRows(games),
		unfinished: unfinishedGames(logs),
		provenance: [
			...provenanceByRow(
				logs.map((log) => ({ log, run: {} })),
				'model'
			)
		],
		ratings: ratingsCsv(sideRatings(logs), headToHead(logs)),
		ck: ckArenaCsv(ckArenaRows(games), ckArenaRows(games, 0.95, true)),
		leaks,
		leaksCsv: leaksCsv(leaks),
		abPaired: ab.paired?.pairs ?? 0,
		ab: abCsv(ab.lines, { a: 'en', b: 'zh' })
	};
}

describe('the leaderboard from cached per-game figures', async () => {
	const games = await storedGames();
	const fromLogs = everything(games);
	// What the store hands back: IndexedDB's structured clone, here with JSON's stricter round trip too.
	const cached = games.map((g) => ({
		...g,
		log: JSON.parse(JSON.stringify(structuredClone(summarize(g.log as GameLog)))) as GameSummary
	}));

	it('rests on games that exercise every panel', () => {
		expect(fromLogs.unfinished).toBe(1);
		expect(fromLogs.abPaired).toBe(3);
		const a = fromLogs.leaks.filter((r) => r.model === 'openai:a');
		expect(a.reduce((n, r) => n + r.speechLeaks.x, 0)).toBe(1);
		expect(a.reduce((n, r) => n + r.noteLeaks.x, 0)).toBe(1);
		expect(a.some((r) => r.bus.n > 0)).toBe(true);
		expect(fromLogs.ck.split('\n').length).toBeGreaterThan(3);
		expect(fromLogs.ratings).toContain('head-to-head');
	});

	it('shows every table, rating, CK-Arena figure, leak, A/B line and download exactly as the logs do', () => {
		expect(everything(cached)).toEqual(fromLogs);
	});

	it('pins what a fold gives: change it, and ANALYSIS_VERSION must move with it', () => {
		// A cached summary is trusted while its version matches, so a fold that changes what it gives
		// without a new version would show old figures beside new ones. When this fails on purpose,
		// raise ANALYSIS_VERSION and pin the new pair. The hash also moves when the games above play
		// differently (undercover's lot after a revote that ties again changed them): the fold of any
		// one log is then unchanged, so a stored summary is still right and the version stays.
		const folded = games.map((g) => summarize(g.log as GameLog));
		expect([ANALYSIS_VERSION, sha256Hex(canonicalJson(folded))]).toEqual([
			1,
			'6c564c1ef60f93b163382df513acc768a037b5a7f8b903fed8fc4c60d73d87f3'
		]);
	});

	it('is far smaller than the log it replaces', () => {
		const log = JSON.stringify(games[0]!.log).length;
		expect(JSON.stringify(cached[0]!.log).length).toBeLessThan(log / 3);
	});
});

describe('loadSummaries', () => {
	const logOf = async () => {
		const game = EVAL_SETS.smoke.games[0]!;
		return play(game.run, Array<ModelChoice>(6).fill(A));
	};

	it('folds each log once, reads it from the cache after, and folds again what changed', async () => {
		const log = await logOf();
		const runs = ['r1', 'r2', 'r3'].map((id) => ({ id, logHash: log.events.at(-1)!.hash }));
		const backend = memorySummaries();
		const read: string[] = [];
		const loadLog = async (run: { id: string }) => (read.push(run.id), log);

		const first = await loadSummaries(runs, loadLog, backend);
		expect(read).toEqual(['r1', 'r2', 'r3']);
		expect(first.map((g) => g.summary)).toEqual(Array(3).fill(summarize(log)));

		read.length = 0;
		const again = await loadSummaries(runs, loadLog, backend);
		expect(read).toEqual([]);
		expect(again).toEqual(first);

		// r2's log changed (its hash with it), r3's entry was folded by an older analysis, r1 was deleted.
		const entries = await backend.all();
		const r3 = entries.find((e) => e.runId === 'r3')!;
		await backend.put([{ ...r3, version: ANALYSIS_VERSION - 1, summary: { ...r3.summary, lang: 'zh' } }]);
		read.length = 0;
		const later = [{ id: 'r2', logHash: 'changed' }, runs[2]!];
		const third = await loadSummaries(later, loadLog, backend);
		expect(read).toEqual(['r2', 'r3']);
		expect(third.every((g) => g.summary.lang === 'en')).toBe(true);
		expect((await backend.all()).map((e) => [e.runId, e.logHash, e.version]).sort()).toEqual([
			['r2', 'changed', ANALYSIS_VERSION],
			['r3', runs[2]!.logHash, ANALYSIS_VERSION]
		]);
	});

	it('leaves out a run whose log cannot be read, and gives the same figures when the cache fails', async () => {
		const log = await logOf();
		const broken: SummaryBackend = {
			all: () => Promise.reject(new Error('no IndexedDB')),
			put: () => Promise.reject(new Error('no IndexedDB')),
			delete: () => Promise.reject(new Error('no IndexedDB'))
		};
		const runs = [
			{ id: 'ok', logHash: log.events.at(-1)!.hash },
			{ id: 'gone', logHash: 'x' }
		];
		const out = await loadSummaries(runs, async (r) => (r.id === 'ok' ? log : null), broken);
		expect(out.map((g) => [g.record.id, g.summary])).toEqual([['ok', summarize(log)]]);
	});
});

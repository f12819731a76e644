import { describe, expect, it } from 'vitest';
import type { LogEvent, LogHeader } from '../core';
import type { Role } from '../scenarios/undercover/state';
import { CK_ARENA_PUBLISHED, ckArenaCsv, ckArenaFigures, ckArenaRows, dealtDifficulty } from './ck-arena';
import type { GameLog } from '../scenarios/undercover/analysis/leaderboard';

type Ev = (kind: string, data: Record<string, unknown>) => void;

/** A hand-built log of a 6-seat table; the figures read events only, so hashes are left blank. */
function game(lang: 'en' | 'zh', roles: Role[], build: (ev: Ev) => void, difficulty?: number): GameLog {
	const events: LogEvent[] = [];
	const ev: Ev = (kind, data) =>
		events.push({ seq: events.length, tick: events.length, kind, data, prev: '', hash: '' });
	ev('game.dealt', { seats: roles.map((role, i) => ({ id: i + 1, role })), difficulty });
	build(ev);
	const header: LogHeader = {
		format: 1,
		scenario: 'undercover',
		seed: 1,
		config: { seats: 6, lang },
		engines: {}
	};
	return { header, events };
}
const speak = (ev: Ev, round: number, seats: number[], text: string) => {
	ev('round.started', { round, order: seats });
	for (const seat of seats) ev('speech.given', { seat, round, text });
};
const vote = (ev: Ev, round: number, pairs: number[][]) => {
	for (const [seat, target] of pairs) ev('vote.cast', { seat, round, stage: 'vote', target });
};

const U: Role = 'undercover';
const C: Role = 'civilian';

/** Seats 1 and 2 undercover; civilians hit 3 of 4 first votes; both undercover go out; civilians win. */
const won = game(
	'en',
	[U, U, C, C, C, C],
	(ev) => {
		speak(ev, 1, [1, 2, 3, 4, 5, 6], 'it has stripes');
		vote(ev, 1, [
			[1, 3],
			[2, 3],
			[3, 1],
			[4, 1],
			[5, 2],
			[6, 3]
		]);
		ev('seat.eliminated', { round: 1, seat: 1 });
		speak(ev, 2, [2, 3, 4, 5, 6], 'very tall');
		vote(ev, 2, [
			[2, 3],
			[3, 2],
			[4, 2],
			[5, 2],
			[6, 2]
		]);
		ev('seat.eliminated', { round: 2, seat: 2 });
		ev('game.ended', { winner: 'civilians' });
	},
	1
);

/** Seats 3 and 5 undercover; civilians hit 1 of 4 first votes (the revote does not count); a civilian goes first. */
const lost = game(
	'en',
	[C, C, U, C, U, C],
	(ev) => {
		speak(ev, 1, [1, 2, 3, 4, 5, 6], 'it has stripes');
		vote(ev, 1, [
			[1, 2],
			[2, 1],
			[3, 1],
			[4, 2],
			[5, 1],
			[6, 3]
		]);
		ev('vote.cast', { seat: 4, round: 1, stage: 'revote', target: 3 });
		ev('seat.eliminated', { round: 1, seat: 1 });
		speak(ev, 2, [2, 3, 4, 5, 6], 'very tall');
		vote(ev, 2, [
			[2, 4],
			[3, 4],
			[4, 2],
			[5, 4],
			[6, 4]
		]);
		ev('seat.eliminated', { round: 2, seat: 4 });
		ev('game.ended', { winner: 'undercover' });
	},
	3
);

/** Halted in round 1 before any vote: a draw, no one out. Its statements are Chinese: no word count. */
const halted = game(
	'zh',
	[C, U, C, C, U, C],
	(ev) => {
		speak(ev, 1, [1, 2, 3, 4, 5, 6], '它有条纹');
		ev('run.halted', { reason: 'budget' });
	},
	1
);

const unfinished = game('en', [C, U, C, C, U, C], (ev) => speak(ev, 1, [1, 2, 3], 'it has stripes'));

describe('CK-Arena’s figures on hand-built logs', () => {
	const f = ckArenaFigures([won, lost, halted, unfinished]);

	it('counts finished games only, and a draw as a game the civilians did not win', () => {
		expect(f.games).toBe(3);
		expect(f.civiliansWin).toMatchObject({ x: 1, n: 3 });
		// Wilson's interval for 1/3 at 95%.
		expect(f.civiliansWin.lower).toBeCloseTo(0.0615, 4);
		expect(f.civiliansWin.upper).toBeCloseTo(0.7923, 4);
	});

	it('reads the first seat out over games where someone went out', () => {
		expect(f.firstOutUndercover).toMatchObject({ x: 1, n: 2, p: 0.5 });
	});

	it('scores civilians’ first-round votes only, not undercover votes nor a revote', () => {
		expect(f.firstRoundCivilianHits).toMatchObject({ x: 4, n: 8, p: 0.5 });
	});

	it('gives the games’ shape: rounds, statements, and words per English statement', () => {
		expect(f.roundsPerGame).toBeCloseTo(5 / 3, 10);
		expect(f.statementsPerGame).toBeCloseTo(28 / 3, 10);
		expect(f.wordsPerStatement).toBeCloseTo(56 / 22, 10);
	});

	it('has nothing to say about no games, and names its source', () => {
		const none = ckArenaFigures([]);
		expect(none).toMatchObject({ games: 0, roundsPerGame: null, wordsPerStatement: null });
		expect(none.civiliansWin).toMatchObject({ p: null, lower: 0, upper: 1 });
		expect(CK_ARENA_PUBLISHED.source).toContain('2505.17512');
	});
});

describe('the reproduction table', () => {
	const tag = (model: string) => ({ set: 'ck-arena', model });
	const rows = ckArenaRows([
		{ log: won, eval: tag('openai:m') },
		{ log: lost, eval: tag('openai:m') },
		{ log: halted, eval: tag('openai:m') },
		{ log: won, eval: { set: 'smoke', model: 'openai:m' } },
		{ log: won }
	]);

	it('has one row per model and language, over the CK-Arena set’s games only', () => {
		expect(rows.map((r) => [r.model, r.lang, r.figures.games])).toEqual([
			['openai:m', 'en', 2],
			['openai:m', 'zh', 1]
		]);
	});

	it('writes the published figures first, then each row with x/n and its interval', () => {
		const [head, published, en] = ckArenaCsv(rows)
			.trim()
			.split('\r\n')
			.map((l) => l.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '')));
		const at = (line: string[], name: string) => line[head!.indexOf(name)];
		expect(at(published!, 'source')).toContain('frontier models');
		expect(at(published!, 'civiliansWin_rate')).toBe('0.667');
		expect(at(published!, 'firstOutUndercover_rate')).toBe('0.597');
		expect(at(published!, 'firstRoundCivilianHits_rate')).toBe('0.678');
		expect([at(en!, 'civiliansWin_x'), at(en!, 'civiliansWin_n')]).toEqual(['1', '2']);
		expect(Number(at(en!, 'civiliansWin_lower'))).toBeCloseTo(rows[0]!.figures.civiliansWin.lower, 4);
	});
});

describe('CK-Arena by word-pair difficulty', () => {
	const tag = (model: string) => ({ set: 'ck-arena', model });
	const noGrade = game('en', [U, U, C, C, C, C], (ev) => ev('game.ended', { winner: 'civilians' }));
	const games = [
		{ log: won, eval: tag('openai:m') },
		{ log: lost, eval: tag('openai:m') },
		{ log: halted, eval: tag('openai:m') },
		{ log: noGrade, eval: tag('openai:m') },
		{ log: won, eval: tag('scripted (no LLM)') },
		{ log: lost, eval: tag('scripted fair (no LLM)') }
	];
	const all = ckArenaRows(games);
	const graded = ckArenaRows(games, 0.95, true);

	it('reads the grade from the deal, and splits each model and language by it', () => {
		expect([won, lost, halted, noGrade].map(dealtDifficulty)).toEqual([1, 3, 1, null]);
		expect(graded.map((r) => [r.model, r.lang, r.difficulty, r.figures.games])).toEqual([
			['openai:m', 'en', 1, 1],
			['openai:m', 'en', 3, 1],
			['scripted (no LLM)', 'en', 1, 1],
			['scripted fair (no LLM)', 'en', 3, 1],
			['openai:m', 'zh', 1, 1]
		]);
		// The won game at level 1, the lost one at level 3; the ungraded game only in the overall row.
		const at = (d: number) =>
			graded.find((r) => r.model === 'openai:m' && r.lang === 'en' && r.difficulty === d)!;
		expect(at(1).figures.civiliansWin).toMatchObject({ x: 1, n: 1 });
		expect(at(3).figures.civiliansWin).toMatchObject({ x: 0, n: 1 });
		expect(at(1).figures.firstRoundCivilianHits).toMatchObject({ x: 3, n: 4 });
		expect(at(3).figures.firstRoundCivilianHits).toMatchObject({ x: 1, n: 4 });
		expect(all.find((r) => r.model === 'openai:m' && r.lang === 'en')).toMatchObject({
			difficulty: null,
			figures: { games: 3 }
		});
	});

	it('writes the overall lines as difficulty "all", then the graded ones, each baseline by its kind', () => {
		const lines = ckArenaCsv(all, graded).trim().split('\r\n');
		const head = lines[0]!.split(',');
		expect(head.slice(0, 6)).toEqual(['source', 'model', 'kind', 'lang', 'difficulty', 'games']);
		const cut = (l: string) => l.split(',').slice(0, 6).join(',');
		expect(lines.slice(2).map(cut)).toEqual([
			'this browser,openai:m,model,en,all,3',
			'this browser,scripted (no LLM),oracle,en,all,1',
			'this browser,scripted fair (no LLM),fair,en,all,1',
			'this browser,openai:m,model,zh,all,1',
			'this browser,openai:m,model,en,1,1',
			'this browser,openai:m,model,en,3,1',
			'this browser,scripted (no LLM),oracle,en,1,1',
			'this browser,scripted fair (no LLM),fair,en,3,1',
			'this browser,openai:m,model,zh,1,1'
		]);
	});
});

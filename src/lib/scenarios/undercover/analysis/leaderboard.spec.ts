import { describe, expect, it } from 'vitest';
import type { LogHeader } from '../../../core';
import { SCRIPTED_LABEL } from '../policies/scripted/undercover';
import { FAIR_LABEL } from '../../../core/policy';
import type { Role } from '../state';
import { handEvents, type Ev } from './hand-log';
import { gameFacts, leaderboard, modelKey, seatOutcome, unfinishedGames, type GameLog } from './leaderboard';

/** A hand-built log of four seats (`handEvents`). */
function game(seats: Record<string, unknown> | undefined, build: (ev: Ev) => void): GameLog {
	const events = handEvents(build);
	const header: LogHeader = {
		format: 1,
		scenario: 'undercover',
		seed: 1,
		config: { seats: 4 },
		engines: { 1: SCRIPTED_LABEL },
		...(seats ? { seats } : {})
	};
	return { header, events };
}

const persona = (id: string) => ({ id, name: id, temperament: 'XXXX', style: '' });
const dealt = (roles: Role[], ids: string[]) => ({
	category: 'x',
	difficulty: 2,
	civilianWord: 'a',
	undercoverWord: 'b',
	firstSeat: 1,
	seats: roles.map((role, i) => ({
		id: i + 1,
		role,
		word: role === 'blank' ? null : role === 'civilian' ? 'a' : 'b',
		persona: persona(ids[i] as string),
		alive: true
	}))
});
const speeches = (ev: (k: string, d: Record<string, unknown>) => void, round: number, seats: number[]) => {
	for (const seat of seats) ev('speech.given', { seat, round, text: 'it is a thing' });
};
const votes = (
	ev: (k: string, d: Record<string, unknown>) => void,
	round: number,
	stage: string,
	pairs: number[][]
) => {
	for (const [seat, target] of pairs) ev('vote.cast', { seat, round, stage, target });
};

const openaiA = { engine: 'openai', model: 'a', baseUrl: 'https://example.test/v1' };
const transformersB = { engine: 'transformers', model: 'org/b' };

/** Seats 1, 2 (openai:a) and 4 (transformers) are civilians; 3 (transformers) is undercover, out after a tie. */
const game1 = game({ 1: openaiA, 2: openaiA, 3: transformersB, 4: transformersB }, (ev) => {
	ev(
		'game.dealt',
		dealt(['civilian', 'civilian', 'undercover', 'civilian'], ['vera', 'theo', 'rhea', 'felix'])
	);
	ev('round.started', { round: 1, order: [1, 2, 3, 4] });
	ev(
		'model.called',
		{ seat: 1, ask: 'r1:speak:1', promptTokens: 100, completionTokens: 20 },
		{ totalMs: 1500 }
	);
	ev(
		'model.called',
		{ seat: 3, ask: 'r1:speak:3', promptTokens: 50, completionTokens: 10 },
		{ totalMs: 500 }
	);
	speeches(ev, 1, [1, 2, 3, 4]);
	ev('action.rejected', { seat: 4, ask: 'r1:vote:vote:4', action: 'vote', error: 'no', attempt: 0 });
	votes(ev, 1, 'vote', [
		[1, 3],
		[2, 3],
		[3, 1],
		[4, 1]
	]);
	ev('votes.tallied', { round: 1, stage: 'vote', counts: { 1: 2, 2: 0, 3: 2, 4: 0 }, top: [1, 3] });
	ev('tie.declared', { round: 1, seats: [1, 3] });
	ev('defence.given', { seat: 1, round: 1, text: 'not me' });
	ev('defence.given', { seat: 3, round: 1, text: 'not me either' });
	votes(ev, 1, 'revote', [
		[2, 3],
		[4, 3]
	]);
	ev('votes.tallied', { round: 1, stage: 'revote', counts: { 1: 0, 3: 2 }, top: [3] });
	ev('seat.eliminated', { round: 1, seat: 3 });
	ev('round.ended', { round: 1, eliminated: 3 });
	ev('game.ended', { winner: 'civilians', reason: 'every undercover seat was voted out' });
});

/** Scripted everywhere; seat 2 is undercover and wins after two civilians go out. */
const game2 = game(undefined, (ev) => {
	ev(
		'game.dealt',
		dealt(['civilian', 'undercover', 'civilian', 'civilian'], ['vera', 'rhea', 'iris', 'theo'])
	);
	ev('round.started', { round: 1, order: [1, 2, 3, 4] });
	speeches(ev, 1, [1, 2, 3, 4]);
	votes(ev, 1, 'vote', [
		[1, 3],
		[2, 3],
		[3, 1],
		[4, 3]
	]);
	ev('votes.tallied', { round: 1, stage: 'vote', counts: { 1: 1, 2: 0, 3: 3, 4: 0 }, top: [3] });
	ev('seat.eliminated', { round: 1, seat: 3 });
	ev('round.ended', { round: 1, eliminated: 3 });
	ev('round.started', { round: 2, order: [2, 4, 1] });
	speeches(ev, 2, [2, 4]);
	ev('action.rejected', { seat: 1, ask: 'r2:speak:1', action: 'speak', error: 'empty', attempt: 0 });
	ev('action.rejected', { seat: 1, ask: 'r2:speak:1', action: 'speak', error: 'empty', attempt: 1 });
	ev('action.forfeited', { seat: 1, ask: 'r2:speak:1', action: 'speak', reason: 'rejected: empty' });
	votes(ev, 2, 'vote', [
		[1, 4],
		[2, 4],
		[4, 1]
	]);
	ev('votes.tallied', { round: 2, stage: 'vote', counts: { 1: 1, 2: 0, 4: 2 }, top: [4] });
	ev('seat.eliminated', { round: 2, seat: 4 });
	ev('round.ended', { round: 2, eliminated: 4 });
	ev('game.ended', { winner: 'undercover', reason: 'the undercover side is as many as the civilians' });
});

const unfinished = game(undefined, (ev) => {
	ev(
		'game.dealt',
		dealt(['civilian', 'undercover', 'civilian', 'civilian'], ['vera', 'rhea', 'iris', 'theo'])
	);
	ev('round.started', { round: 1, order: [1, 2, 3, 4] });
});

const halted = game(undefined, (ev) => {
	ev('game.dealt', dealt(['civilian', 'undercover', 'blank', 'civilian'], ['vera', 'rhea', 'iris', 'theo']));
	ev('run.halted', { reason: 'the action budget is spent' });
});

const p = (x: number, n: number) => ({ x, n, rate: n ? x / n : null });

describe('leaderboard by model', () => {
	const rows = leaderboard([game1, game2, unfinished], 'model');
	const row = (key: string) => rows.find((r) => r.key === key)!;

	it('has one row per model, sorted, with labels; unfinished games are left out', () => {
		expect(rows.map((r) => r.key)).toEqual(['openai:a', SCRIPTED_LABEL, 'transformers:org/b']);
		expect(row('transformers:org/b').label).toBe('transformers · b');
		expect(row(SCRIPTED_LABEL).games).toBe(1);
		expect(unfinishedGames([game1, game2, unfinished])).toBe(1);
	});

	it('computes every figure of a model whose seats were all civilians', () => {
		expect(row('openai:a')).toMatchObject({
			games: 1,
			seatGames: 2,
			civilianWin: p(2, 2),
			undercoverWin: p(0, 0),
			draw: p(0, 2),
			firstRoundOut: p(0, 2),
			voteHit: p(3, 3),
			voteHitAsCivilian: p(3, 3),
			// Round 1's vote was a tie (no plurality); seat 2's revote went with the majority.
			herding: p(1, 1),
			// Seat 1 was tied, defended and survived.
			comeback: p(1, 1),
			invalidReply: p(0, 6),
			forfeit: p(0, 6),
			calls: 1,
			tokens: { total: 120, perGame: 120, values: [120] },
			seconds: { total: 1.5, perGame: 1.5, values: [1.5] }
		});
	});

	it('counts the undercover seat’s loss, its first-round exit and a rejected reply', () => {
		expect(row('transformers:org/b')).toMatchObject({
			seatGames: 2,
			civilianWin: p(1, 1),
			undercoverWin: p(0, 1),
			firstRoundOut: p(1, 2),
			// Seat 3 (undercover) voted a civilian: a hit; seat 4 voted civilian 1 (miss), then 3 (hit).
			voteHit: p(2, 3),
			voteHitAsCivilian: p(1, 2),
			herding: p(1, 1),
			comeback: p(0, 1),
			invalidReply: p(1, 7),
			tokens: { total: 60, perGame: 60, values: [60] }
		});
	});

	it('reads a scripted game: herding, misses, forfeits', () => {
		expect(row(SCRIPTED_LABEL)).toMatchObject({
			seatGames: 4,
			civilianWin: p(0, 3),
			undercoverWin: p(1, 1),
			firstRoundOut: p(1, 4),
			voteHit: p(2, 7),
			voteHitAsCivilian: p(0, 5),
			herding: p(5, 7),
			comeback: p(0, 0),
			invalidReply: p(2, 15),
			forfeit: p(1, 14),
			tokens: { total: 0, perGame: 0, values: [0] }
		});
	});
});

describe('leaderboard by side: each model as civilian and as undercover', () => {
	const rows = leaderboard([game1, game2, unfinished], 'side');
	const row = (key: string) => rows.find((r) => r.key === key)!;

	it('splits every model’s seats by the role dealt', () => {
		expect(rows.map((r) => r.key)).toEqual([
			'openai:a#civilian',
			`${SCRIPTED_LABEL}#civilian`,
			`${SCRIPTED_LABEL}#undercover`,
			'transformers:org/b#civilian',
			'transformers:org/b#undercover'
		]);
		expect(row('transformers:org/b#undercover')).toMatchObject({
			side: 'undercover',
			model: 'transformers:org/b',
			kind: 'model',
			label: 'transformers · b as undercover',
			seatGames: 1,
			undercoverWin: p(0, 1),
			civilianWin: p(0, 0),
			firstRoundOut: p(1, 1),
			voteHit: p(1, 1)
		});
		// Seat 4 voted for a civilian, then for the undercover seat in the revote.
		expect(row('transformers:org/b#civilian')).toMatchObject({ civilianWin: p(1, 1), voteHit: p(1, 2) });
	});

	it('tells the oracle baseline’s two sides apart: it wins as undercover and misses as civilian', () => {
		expect(row(`${SCRIPTED_LABEL}#undercover`)).toMatchObject({
			kind: 'oracle',
			undercoverWin: p(1, 1),
			voteHit: p(2, 2)
		});
		expect(row(`${SCRIPTED_LABEL}#civilian`)).toMatchObject({
			kind: 'oracle',
			civilianWin: p(0, 3),
			voteHit: p(0, 5),
			voteHitAsCivilian: p(0, 5)
		});
	});

	it('keys the two scripted baselines apart everywhere', () => {
		expect(modelKey({ engine: 'scripted', model: 'fair' })).toBe(FAIR_LABEL);
		expect(FAIR_LABEL).not.toBe(SCRIPTED_LABEL);
		const fair = game({ 1: { engine: 'scripted', model: 'fair' }, 2: { engine: 'scripted' } }, (ev) => {
			ev(
				'game.dealt',
				dealt(['civilian', 'undercover', 'civilian', 'civilian'], ['vera', 'rhea', 'iris', 'theo'])
			);
			ev('game.ended', { winner: 'civilians', reason: 'x' });
		});
		const kinds = leaderboard([fair], 'side').map((r) => [r.key, r.kind]);
		expect(kinds).toEqual([
			[`${SCRIPTED_LABEL}#civilian`, 'oracle'],
			[`${SCRIPTED_LABEL}#undercover`, 'oracle'],
			[`${FAIR_LABEL}#civilian`, 'fair']
		]);
	});
});

describe('leaderboard by persona', () => {
	const rows = leaderboard([game1, game2], 'persona');
	const row = (key: string) => rows.find((r) => r.key === key)!;

	it('merges a persona across games and roles', () => {
		expect(rows.map((r) => r.key)).toEqual(['felix', 'iris', 'rhea', 'theo', 'vera']);
		expect(row('vera')).toMatchObject({ games: 2, civilianWin: p(1, 2), label: 'Vera · 蘅 (INTJ)' });
		expect(row('rhea')).toMatchObject({ games: 2, undercoverWin: p(1, 2) });
		expect(row('iris').firstRoundOut).toEqual(p(1, 1));
		expect(row('theo').firstRoundOut).toEqual(p(0, 2));
	});
});

describe('draws and outcomes', () => {
	it('a halted run is a draw: nobody wins, and the blank seat is counted as blank', () => {
		const rows = leaderboard([halted], 'model');
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			civilianWin: p(0, 2),
			undercoverWin: p(0, 1),
			blankWin: p(0, 1),
			draw: p(4, 4),
			firstRoundOut: p(0, 0)
		});
		expect(gameFacts(halted).seats.every((s) => s.won === null)).toBe(true);
	});

	it('gives a seat’s outcome for its lessons', () => {
		expect(seatOutcome(game1, 3)).toEqual({ won: false, role: 'undercover', voteHits: 1, voteTotal: 1 });
		expect(seatOutcome(game2, 2)).toEqual({ won: true, role: 'undercover', voteHits: 2, voteTotal: 2 });
		expect(seatOutcome(game2, 9)).toBeNull();
	});

	it('keys models as the LLM policy labels itself', () => {
		expect(modelKey({ engine: 'scripted' })).toBe(SCRIPTED_LABEL);
		expect(modelKey({ engine: 'webllm', model: 'Qwen2.5-0.5B' })).toBe('webllm:Qwen2.5-0.5B');
		expect(modelKey(undefined)).toBeNull();
	});
});

describe('leaderboard by position, difficulty and option order', () => {
	/** Round 1 opens at seat 3; seat 1 and 2 vote after a call that recorded the order they were shown. */
	const ordered = game({ 1: openaiA, 2: openaiA, 3: openaiA, 4: openaiA }, (ev) => {
		ev('game.dealt', {
			...dealt(['civilian', 'civilian', 'undercover', 'civilian'], ['vera', 'theo', 'rhea', 'felix']),
			difficulty: 3
		});
		ev('round.started', { round: 1, order: [3, 4, 1, 2] });
		speeches(ev, 1, [3, 4, 1, 2]);
		ev('model.called', {
			seat: 1,
			purpose: 'vote',
			optionOrder: [3, 2, 4],
			promptTokens: 1,
			completionTokens: 1
		});
		ev('model.called', {
			seat: 2,
			purpose: 'vote',
			optionOrder: [1, 3, 4],
			promptTokens: 1,
			completionTokens: 1
		});
		votes(ev, 1, 'vote', [
			[1, 3],
			[2, 3],
			[3, 1],
			[4, 3]
		]);
		ev('seat.eliminated', { seat: 3, round: 1 });
		ev('round.ended', { round: 1 });
		ev('game.ended', { winner: 'civilians' });
	});

	it('keys seats by their place in round 1’s speaking order', () => {
		const rows = leaderboard([ordered], 'position');
		expect(rows.map((r) => [r.key, r.label])).toEqual([
			['position:1', 'speaks 1st in round 1'],
			['position:2', 'speaks 2nd in round 1'],
			['position:3', 'speaks 3rd in round 1'],
			['position:4', 'speaks 4th in round 1']
		]);
		// Seat 3 spoke first, was the undercover, and went out in round 1.
		expect(rows[0]!.firstRoundOut).toMatchObject({ x: 1, n: 1 });
		expect(rows[0]!.undercoverWin).toMatchObject({ x: 0, n: 1 });
	});

	it('keys games by their pair’s difficulty', () => {
		const rows = leaderboard([ordered, game1], 'difficulty');
		expect(rows.map((r) => [r.key, r.label, r.games])).toEqual([
			['difficulty:2', 'difficulty 2 (related)', 1],
			['difficulty:3', 'difficulty 3 (close)', 1]
		]);
	});

	it('counts votes for the first option a model was shown', () => {
		const [row] = leaderboard([ordered], 'model');
		// Seat 1 was shown [3, 2, 4] and voted 3 (first); seat 2 was shown [1, 3, 4] and voted 3 (not first).
		// Seats 3 and 4 had no recorded order: they are not counted.
		expect(row!.firstOption).toMatchObject({ x: 1, n: 2 });
	});
});

import { describe, expect, it } from 'vitest';
import type { LogEvent, LogHeader } from '../../../core';
import type { Role } from '../state';
import { headToHead, ratingsCsv, sideRatings } from './ratings';
import type { GameLog } from './leaderboard';

const A = { engine: 'openai', model: 'a', baseUrl: 'http://localhost:1/v1' };
const B = { engine: 'openai', model: 'b', baseUrl: 'http://localhost:1/v1' };

/** Four seats; `models` by seat; one civilian vote by seat 1 for `vote1`; `winner` ends it. */
function game(roles: Role[], models: object[], vote1: number, winner: string): GameLog {
	const events: LogEvent[] = [];
	const ev = (kind: string, data: Record<string, unknown>) =>
		events.push({ seq: events.length, tick: events.length, kind, data, prev: '', hash: '' });
	const persona = { id: 'p', name: 'p', temperament: 'XXXX', style: '' };
	ev('game.dealt', {
		difficulty: 2,
		seats: roles.map((role, i) => ({ id: i + 1, role, persona, alive: true }))
	});
	ev('vote.cast', { seat: 1, round: 1, stage: 'vote', target: vote1 });
	ev('game.ended', { winner });
	const header: LogHeader = {
		format: 1,
		scenario: 'undercover',
		seed: 1,
		config: { seats: 4 },
		engines: {},
		seats: Object.fromEntries(models.map((m, i) => [i + 1, m]))
	};
	return { header, events };
}

describe('ratings by side and head to head, on hand-built games', () => {
	// Game 1: A's undercover seat 4 beats civilians of A and B; seat 1 (A) voted for a civilian.
	// Game 2: B's undercover seat 4 is caught by civilians of A; seat 1 (A) voted for it.
	const logs = [
		game(['civilian', 'civilian', 'civilian', 'undercover'], [A, B, B, A], 2, 'undercover'),
		game(['civilian', 'civilian', 'civilian', 'undercover'], [A, A, A, B], 4, 'civilians')
	];

	it('rates each model as deceiver and as detector, with Wilson intervals', () => {
		const [a, b] = sideRatings(logs);
		expect(a).toMatchObject({ model: 'openai:a', deception: { x: 1, n: 1 }, detection: { x: 1, n: 2 } });
		expect(b).toMatchObject({
			model: 'openai:b',
			deception: { x: 0, n: 1 },
			detection: { x: 0, n: 0, p: null }
		});
		expect(a!.detection.lower).toBeCloseTo(0.0945, 4); // Wilson 1/2
	});

	it('counts who beat whom where models met', () => {
		expect(headToHead(logs).map((c) => [c.deceiver, c.detector, c.x, c.n])).toEqual([
			['openai:a', 'openai:a', 1, 1],
			['openai:a', 'openai:b', 1, 1],
			['openai:b', 'openai:a', 0, 1]
		]);
	});

	it('exports both tables', () => {
		const lines = ratingsCsv(sideRatings(logs), headToHead(logs)).trim().split('\r\n');
		expect(lines[0]).toBe('table,model,kind,opponent,opponent_kind,figure,games,x,n,rate,lower,upper');
		expect(lines).toContain('head-to-head,openai:b,model,openai:a,model,deceiver wins,1,0,1,0,0,0.7935');
		expect(lines.filter((l) => l.startsWith('side,'))).toHaveLength(4);
	});
});

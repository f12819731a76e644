import { describe, expect, it } from 'vitest';
import { seatId } from '../core';
import { noteText, notesFrom, ownCallsFromLog, type OwnCall } from './notes';

const self = seatId(2);
const vote = (ask: string, reply: string, purpose = 'vote'): OwnCall => ({
	ask,
	purpose,
	reply,
	optionOrder: [1, 3, 4]
});

describe('notes', () => {
	it('reads each vote’s target and reason, in round order, ignoring speeches and unreadable replies', () => {
		const notes = notesFrom(
			[
				{ ask: 'r1:speak:2', purpose: 'speak', reply: '{"speech": "It is round."}' },
				vote('r2:vote:vote:2', '{"target": 4, "reason": "Seat 4 was vague."}'),
				vote('r1:vote:vote:2', '{"target": 3, "reason": "Seat 3 said it is sour"}'),
				vote('r3:vote:vote:2', 'I am not sure'),
				vote('r3:vote:tiebreak:2', '{"target": 1}')
			],
			{ self, word: 'apple', lang: 'en' }
		);
		expect(notes).toEqual([
			{ round: 1, suspect: 3, why: 'Seat 3 said it is sour' },
			{ round: 2, suspect: 4, why: 'Seat 4 was vague.' },
			{ round: 3, suspect: 1, why: '' }
		]);
		expect(noteText(notes[0]!, 'en')).toBe('Round 1: I voted for seat 3 because Seat 3 said it is sour.');
		expect(noteText(notes[2]!, 'zh')).toBe('第3轮：我投了1号');
	});

	it('keeps the latest call of an ask: a repair replaces what it repaired, a retried turn its first try', () => {
		const notes = notesFrom(
			[
				vote('r1:vote:vote:2', '{"target": 2, "reason": "me"}'),
				vote('r1:vote:vote:2', '{"target": 4, "reason": "fixed"}', 'repair vote')
			],
			{ self, word: 'apple', lang: 'en' }
		);
		expect(notes).toEqual([{ round: 1, suspect: 4, why: 'fixed' }]);
	});

	it('drops a reason that says the seat’s own word, as the public parser does', () => {
		const [n] = notesFrom([vote('r1:vote:vote:2', '{"target": 3, "reason": "not an apple"}')], {
			self,
			word: 'apple',
			lang: 'en'
		});
		expect(n?.suspect).toBe(3);
		expect(n?.why).not.toContain('apple');
	});

	it('takes a seat’s own calls from a log and nobody else’s', () => {
		const events = [
			{ kind: 'model.called', data: { seat: 2, ask: 'a', purpose: 'vote', reply: 'x' } },
			{ kind: 'model.called', data: { seat: 3, ask: 'b', purpose: 'vote', reply: 'y' } },
			{ kind: 'vote.cast', data: { seat: 2, target: 3 } }
		];
		expect(ownCallsFromLog(events, 2).map((c) => c.ask)).toEqual(['a']);
	});
});

import { describe, expect, it } from 'vitest';
import type { LogEvent, LogHeader } from '../../../core';
import { handEvents } from './hand-log';
import { leakRows, leaksCsv, verbosityShift } from './leaks';

const model = { engine: 'openai', model: 'a', baseUrl: 'http://localhost:1/v1' };

/** Seats 1 and 4 civilians ("cat"), 2 and 3 undercover ("dog"), every seat openai:a. */
function log(): { header: LogHeader; events: LogEvent[] } {
	const events = handEvents((ev) => {
		const role = (id: number) => (id === 2 || id === 3 ? 'undercover' : 'civilian');
		ev('game.dealt', {
			seats: [1, 2, 3, 4].map((id) => ({ id, role: role(id), word: role(id) === 'civilian' ? 'cat' : 'dog' }))
		});
		const call = (seat: number, purpose: string, reply: string) =>
			ev('model.called', { seat, purpose, reply, promptTokens: 90, completionTokens: 10 }, { totalMs: 500 });
		call(1, 'speak', 'I love my cat'); // says its word: rejected by the rules, but a leak
		call(1, 'repair speak', 'it purrs softly');
		call(2, 'speak', 'it barks loudly at night');
		call(3, 'speak', 'it is loyal');
		call(4, 'speak', 'it sleeps a lot');
		ev('speech.given', { seat: 1, round: 1, text: 'it purrs softly' });
		ev('speech.given', { seat: 2, round: 1, text: 'it barks loudly at night' });
		ev('speech.given', { seat: 3, round: 1, text: 'it is loyal' });
		ev('speech.given', { seat: 4, round: 1, text: 'it sleeps a lot' });
		call(1, 'vote', '{"target":2,"reason":"cats purr, this one does not"}');
		call(2, 'vote', '{"target":3,"reason":"a dog person"}');
		call(3, 'vote', '{"target":1,"reason":"vague"}');
		ev('model.called', { seat: 4, purpose: 'vote', reply: '', transportError: 'down' });
		ev('vote.cast', { seat: 1, round: 1, stage: 'vote', target: 2 });
		ev('vote.cast', { seat: 2, round: 1, stage: 'vote', target: 3 });
		ev('vote.cast', { seat: 3, round: 1, stage: 'vote', target: 1 });
		ev('vote.cast', { seat: 4, round: 1, stage: 'vote', target: 2 });
		ev('game.ended', { winner: 'civilians' });
	});
	const header: LogHeader = {
		format: 1,
		scenario: 'undercover',
		seed: 1,
		config: { seats: 4, lang: 'en' },
		engines: {},
		seats: { 1: model, 2: model, 3: model, 4: model }
	};
	return { header, events };
}

describe('leaks and cost on a hand-built log', () => {
	const rows = leakRows([log()]);
	const [civ, under] = rows;

	it('has a row per model and side', () => {
		expect(rows.map((r) => [r.model, r.side, r.kind, r.games])).toEqual([
			['openai:a', 'civilian', 'model', 1],
			['openai:a', 'undercover', 'model', 1]
		]);
	});

	it('counts own-word leaks in speech replies and in vote reasons (the private notes)', () => {
		expect(civ!.speechLeaks).toMatchObject({ x: 1, n: 3 });
		expect(civ!.noteLeaks).toMatchObject({ x: 1, n: 1 });
		expect(under!.speechLeaks).toMatchObject({ x: 0, n: 2 });
		expect(under!.noteLeaks).toMatchObject({ x: 1, n: 2 });
	});

	it('counts the undercover side voting for its own: the bus rate', () => {
		expect(under!.bus).toMatchObject({ x: 1, n: 2, p: 0.5 });
		expect(civ!.bus).toMatchObject({ x: 0, n: 0, p: null });
	});

	it('measures words per speech, the verbosity shift, tokens and seconds per game', () => {
		expect(civ!.wordsPerSpeech).toBe(3.5);
		expect(under!.wordsPerSpeech).toBe(4);
		expect(verbosityShift(rows).get('openai:a')!.diff).toBeCloseTo(0.5, 10);
		// Four civilian calls and four undercover ones; the failed call counts for nothing.
		expect(civ!.tokensPerGame).toBe(400);
		expect(civ!.secondsPerGame).toBe(2);
		expect(under!.tokensPerGame).toBe(400);
	});

	it('writes the same figures to CSV', () => {
		const [head, ...lines] = leaksCsv(rows)
			.trim()
			.split('\r\n')
			.map((l) => l.split(','));
		const at = (line: string[], name: string) => line[head!.indexOf(name)];
		expect(at(lines[1]!, 'bus_rate')).toBe('0.5');
		expect(at(lines[1]!, 'verbosity_shift')).toBe('0.5');
		expect(at(lines[0]!, 'verbosity_shift')).toBe('');
		expect(at(lines[0]!, 'speechLeaks_x')).toBe('1');
	});
});

import { describe, expect, it } from 'vitest';
import { IllegalSessionTransition, SESSION_TRANSITIONS, transition, type Status } from './session-status';

const ALL: Status[] = ['ready', 'loading', 'playing', 'paused', 'finished', 'failed'];

describe('the run session’s statuses', () => {
	it('lists every status, and only known statuses as targets', () => {
		expect(Object.keys(SESSION_TRANSITIONS).sort()).toEqual([...ALL].sort());
		for (const targets of Object.values(SESSION_TRANSITIONS))
			for (const to of targets) expect(ALL).toContain(to);
	});

	for (const from of ALL)
		for (const to of ALL) {
			const allowed = from === to || SESSION_TRANSITIONS[from].includes(to);
			it(`${allowed ? 'allows' : 'refuses'} ${from} -> ${to}`, () => {
				if (allowed) expect(transition(from, to)).toBe(to);
				else {
					expect(() => transition(from, to)).toThrow(IllegalSessionTransition);
					expect(() => transition(from, to)).toThrow(`illegal session transition: ${from} -> ${to}`);
				}
			});
		}

	it('keeps what the page relies on: a finished or failed run stays where it is', () => {
		for (const end of ['finished', 'failed'] as const)
			for (const to of ALL.filter((s) => s !== end)) expect(() => transition(end, to)).toThrow();
	});

	it('lets loading return to where it started when a model cannot load, and play when it can', () => {
		expect(transition('loading', 'ready')).toBe('ready');
		expect(transition('loading', 'paused')).toBe('paused');
		expect(transition('loading', 'playing')).toBe('playing');
		expect(() => transition('loading', 'finished')).toThrow(IllegalSessionTransition);
	});

	it('pauses a playing run only between turns: playing never goes back to ready or loading', () => {
		expect(() => transition('playing', 'ready')).toThrow();
		expect(() => transition('playing', 'loading')).toThrow();
		expect(transition('playing', 'paused')).toBe('paused');
	});
});

import { describe, expect, it } from 'vitest';
import {
	allows,
	IllegalSessionTransition,
	MODE_TRANSITIONS,
	modeTransition,
	refusal,
	SESSION_ACTIONS,
	SESSION_TRANSITIONS,
	transition,
	type Action,
	type Mode,
	type Status
} from './session-status';

const ALL: Status[] = ['ready', 'loading', 'playing', 'paused', 'finished', 'failed'];
const MODES: Mode[] = ['live', 'replay', 'following', 'unheld', 'closed'];
const ACTIONS: Action[] = ['play', 'step', 'pause', 'changeModel', 'takeOver', 'cancelLoading', 'catchUp'];

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

describe('the run session’s modes', () => {
	it('lists every mode, and only known modes as targets', () => {
		expect(Object.keys(MODE_TRANSITIONS).sort()).toEqual([...MODES].sort());
		for (const targets of Object.values(MODE_TRANSITIONS))
			for (const to of targets) expect(MODES).toContain(to);
	});

	for (const from of MODES)
		for (const to of MODES) {
			const allowed = from === to || MODE_TRANSITIONS[from].includes(to);
			it(`${allowed ? 'allows' : 'refuses'} ${from} -> ${to}`, () => {
				if (allowed) expect(modeTransition(from, to)).toBe(to);
				else expect(() => modeTransition(from, to)).toThrow(`illegal session transition: ${from} -> ${to}`);
			});
		}

	it('keeps what the page relies on: a replay never becomes a live run, a follower does only by taking over', () => {
		expect(() => modeTransition('replay', 'live')).toThrow(IllegalSessionTransition);
		expect(() => modeTransition('following', 'live')).toThrow(IllegalSessionTransition);
		expect(modeTransition(modeTransition('following', 'unheld'), 'live')).toBe('live');
		expect(() => modeTransition('live', 'following')).toThrow(IllegalSessionTransition);
		for (const to of MODES.filter((m) => m !== 'closed'))
			expect(() => modeTransition('closed', to)).toThrow();
	});
});

describe('what a session allows, by mode and status', () => {
	it('has a rule for every action, over known modes and statuses only', () => {
		expect(Object.keys(SESSION_ACTIONS).sort()).toEqual([...ACTIONS].sort());
		for (const rule of Object.values(SESSION_ACTIONS)) {
			for (const m of rule.modes) expect(MODES).toContain(m);
			for (const s of rule.from) expect(ALL).toContain(s);
		}
	});

	// Every cell of the table: allowed, or refused with the reason (the mode is checked first).
	for (const action of ACTIONS)
		for (const mode of MODES)
			for (const status of ALL) {
				const rule = SESSION_ACTIONS[action];
				const expected = !rule.modes.includes(mode)
					? { by: 'mode', mode }
					: !rule.from.includes(status)
						? { by: 'status', status }
						: null;
				it(`${expected ? 'refuses' : 'allows'} ${action} in ${mode}, ${status}`, () => {
					expect(refusal(action, status, mode)).toEqual(expected);
					expect(allows(action, status, mode)).toBe(expected === null);
				});
			}

	it('refuses what the page relies on being refused', () => {
		// A follower cannot step or play: another tab writes the run.
		for (const s of ALL) {
			expect(refusal('step', s, 'following')).toEqual({ by: 'mode', mode: 'following' });
			expect(refusal('play', s, 'unheld')).toEqual({ by: 'mode', mode: 'unheld' });
		}
		// A replay cannot take a model change: its models are its log's.
		expect(refusal('changeModel', 'paused', 'replay')).toEqual({ by: 'mode', mode: 'replay' });
		expect(allows('changeModel', 'paused', 'live')).toBe(true);
		expect(refusal('changeModel', 'playing', 'live')).toEqual({ by: 'status', status: 'playing' });
		// Taking over waits for the writer to let go.
		expect(refusal('takeOver', 'paused', 'following')).toEqual({ by: 'mode', mode: 'following' });
		expect(allows('takeOver', 'paused', 'unheld')).toBe(true);
		// A run that is over, or a page that was left, takes no control.
		for (const a of ['play', 'step', 'pause'] as const) {
			expect(allows(a, 'finished', 'live')).toBe(false);
			expect(allows(a, 'failed', 'replay')).toBe(false);
			for (const s of ALL) expect(allows(a, s, 'closed')).toBe(false);
		}
		// Play waits while loading; loading can be cancelled, nothing else can be.
		expect(refusal('play', 'loading', 'live')).toEqual({ by: 'status', status: 'loading' });
		expect(allows('cancelLoading', 'loading', 'live')).toBe(true);
		expect(allows('cancelLoading', 'playing', 'live')).toBe(false);
	});
});

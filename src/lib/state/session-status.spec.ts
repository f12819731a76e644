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
	TURN_TRANSITIONS,
	turnTransition,
	type Action,
	type Consent,
	type Mode,
	type SessionState,
	type Status,
	type Turn
} from './session-status';

const ALL: Status[] = ['ready', 'loading', 'playing', 'paused', 'finished', 'failed'];
const MODES: Mode[] = ['live', 'replay', 'following', 'unheld', 'closed'];
const TURNS: Turn[] = ['idle', 'turn', 'staging'];
const CONSENTS: Consent[] = ['given', 'asked'];
const ACTIONS: Action[] = [
	'play',
	'step',
	'pause',
	'changeModel',
	'takeOver',
	'cancelLoading',
	'catchUp',
	'turn',
	'stage'
];
/** A session between turns with nothing to consent to, in this status and mode. */
const at = (status: Status, mode: Mode, more: Partial<SessionState> = {}): SessionState => ({
	status,
	mode,
	turn: 'idle',
	consent: 'given',
	...more
});

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

describe('the run session’s turn', () => {
	it('lists every turn state, and only known turn states as targets', () => {
		expect(Object.keys(TURN_TRANSITIONS).sort()).toEqual([...TURNS].sort());
		for (const targets of Object.values(TURN_TRANSITIONS))
			for (const to of targets) expect(TURNS).toContain(to);
	});

	// No staying put here: every pair is allowed only where the table lists it.
	for (const from of TURNS)
		for (const to of TURNS) {
			const allowed = TURN_TRANSITIONS[from].includes(to);
			it(`${allowed ? 'allows' : 'refuses'} ${from} -> ${to}`, () => {
				if (allowed) expect(turnTransition(from, to)).toBe(to);
				else expect(() => turnTransition(from, to)).toThrow(`illegal session transition: ${from} -> ${to}`);
			});
		}

	it('keeps what the runner relies on: no second turn beside one in flight, each ends idle', () => {
		expect(() => turnTransition('turn', 'turn')).toThrow(IllegalSessionTransition);
		expect(() => turnTransition('staging', 'turn')).toThrow(IllegalSessionTransition);
		expect(() => turnTransition('turn', 'staging')).toThrow(IllegalSessionTransition);
		expect(() => turnTransition('idle', 'idle')).toThrow(IllegalSessionTransition);
		expect(turnTransition(turnTransition('idle', 'turn'), 'idle')).toBe('idle');
		expect(turnTransition(turnTransition('idle', 'staging'), 'idle')).toBe('idle');
	});
});

describe('what a session allows, by mode, status, turn and consent', () => {
	it('has a rule for every action, over known modes and statuses only', () => {
		expect(Object.keys(SESSION_ACTIONS).sort()).toEqual([...ACTIONS].sort());
		for (const rule of Object.values(SESSION_ACTIONS)) {
			for (const m of rule.modes) expect(MODES).toContain(m);
			for (const s of rule.from) expect(ALL).toContain(s);
			for (const t of rule.turns) expect(TURNS).toContain(t);
			for (const c of rule.consent) expect(CONSENTS).toContain(c);
		}
	});

	// Every cell of the table: allowed, or refused with the reason (mode, status, turn, consent: in order).
	for (const action of ACTIONS)
		for (const mode of MODES)
			for (const status of ALL)
				for (const turn of TURNS)
					for (const consent of CONSENTS) {
						const rule = SESSION_ACTIONS[action];
						const expected = !rule.modes.includes(mode)
							? { by: 'mode', mode }
							: !rule.from.includes(status)
								? { by: 'status', status }
								: !rule.turns.includes(turn)
									? { by: 'turn', turn }
									: !rule.consent.includes(consent)
										? { by: 'consent', consent }
										: null;
						it(`${expected ? 'refuses' : 'allows'} ${action} in ${mode}, ${status}, ${turn}, ${consent}`, () => {
							const where = { status, mode, turn, consent };
							expect(refusal(action, where)).toEqual(expected);
							expect(allows(action, where)).toBe(expected === null);
						});
					}

	it('refuses what the page relies on being refused', () => {
		// A follower cannot step or play: another tab writes the run.
		for (const s of ALL) {
			expect(refusal('step', at(s, 'following'))).toEqual({ by: 'mode', mode: 'following' });
			expect(refusal('play', at(s, 'unheld'))).toEqual({ by: 'mode', mode: 'unheld' });
		}
		// A replay cannot take a model change: its models are its log's.
		expect(refusal('changeModel', at('paused', 'replay'))).toEqual({ by: 'mode', mode: 'replay' });
		expect(allows('changeModel', at('paused', 'live'))).toBe(true);
		expect(refusal('changeModel', at('playing', 'live'))).toEqual({ by: 'status', status: 'playing' });
		// Taking over waits for the writer to let go.
		expect(refusal('takeOver', at('paused', 'following'))).toEqual({ by: 'mode', mode: 'following' });
		expect(allows('takeOver', at('paused', 'unheld'))).toBe(true);
		// A run that is over, or a page that was left, takes no control.
		for (const a of ['play', 'step', 'pause'] as const) {
			expect(allows(a, at('finished', 'live'))).toBe(false);
			expect(allows(a, at('failed', 'replay'))).toBe(false);
			for (const s of ALL) expect(allows(a, at(s, 'closed'))).toBe(false);
		}
		// Play waits while loading; loading can be cancelled, nothing else can be.
		expect(refusal('play', at('loading', 'live'))).toEqual({ by: 'status', status: 'loading' });
		expect(allows('cancelLoading', at('loading', 'live'))).toBe(true);
		expect(allows('cancelLoading', at('playing', 'live'))).toBe(false);
	});

	it('refuses what a turn in flight, or a link waiting for the person, must refuse', () => {
		const inFlight = { turn: 'turn' } as const;
		// No second turn beside one in flight, and no stage set beside it.
		expect(refusal('turn', at('playing', 'live', inFlight))).toEqual({ by: 'turn', turn: 'turn' });
		expect(refusal('turn', at('ready', 'live', { turn: 'staging' }))).toEqual({
			by: 'turn',
			turn: 'staging'
		});
		expect(refusal('stage', at('loading', 'live', inFlight))).toEqual({ by: 'turn', turn: 'turn' });
		// Paused mid-turn: the model stays until that turn is over; play and step stay open.
		expect(refusal('changeModel', at('paused', 'live', inFlight))).toEqual({ by: 'turn', turn: 'turn' });
		expect(allows('play', at('paused', 'live', inFlight))).toBe(true);
		expect(allows('step', at('paused', 'live', inFlight))).toBe(true);
		// A turn in flight can always be paused.
		for (const turn of TURNS) expect(allows('pause', at('playing', 'replay', { turn }))).toBe(true);
		// While the stage is set, play is already under way.
		expect(refusal('play', at('ready', 'live', { turn: 'staging' }))).toEqual({
			by: 'turn',
			turn: 'staging'
		});
		// A link's endpoints or downloads wait for the person: nothing starts, in any status.
		for (const a of ['play', 'step', 'turn', 'stage'] as const)
			expect(refusal(a, at('ready', 'live', { consent: 'asked' }))).toEqual({
				by: 'consent',
				consent: 'asked'
			});
		// The turn and the stage are a live run's (and a replay's turn); a follower has neither.
		expect(refusal('stage', at('ready', 'replay'))).toEqual({ by: 'mode', mode: 'replay' });
		expect(allows('turn', at('ready', 'replay'))).toBe(true);
		for (const s of ALL) expect(allows('turn', at(s, 'following'))).toBe(false);
		expect(refusal('turn', at('finished', 'live'))).toEqual({ by: 'status', status: 'finished' });
	});
});

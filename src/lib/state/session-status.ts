/**
 * The run session's states as tables of allowed transitions, as the kernel keeps its phases
 * (`core/phase.ts`): its status, its mode and its turn (whether one is in flight), each a table where a
 * transition it does not list is a bug in the session, and throws at once rather than leaving a page in
 * a state no control can leave; and one table of actions, which says from those (and a link's pending
 * consent) whether each action is allowed. Hand-written rather than xstate: a few states and one event
 * each (the session's own methods), where a statechart library would add a dependency and an
 * interpreter for what one lookup does.
 */
export type Status = 'ready' | 'loading' | 'playing' | 'paused' | 'finished' | 'failed';

/**
 * From each status, where the session may go (staying put is always allowed):
 * - ready: a fresh run, or a replay before its first step;
 * - loading: the seats' workers and models starting (back to where it was if that fails);
 * - playing: paced turns running; paused: stopped between turns, saved;
 * - finished: the log reached its end (a follower may fold it again); failed: stopped for good.
 */
export const SESSION_TRANSITIONS: Readonly<Record<Status, readonly Status[]>> = {
	// A replay plays without loading; resuming a saved run opens it paused; a step may end or fail it.
	ready: ['loading', 'playing', 'paused', 'finished', 'failed'],
	// Loading ends by playing, or returns to the status it started from when a model cannot load.
	loading: ['playing', 'ready', 'paused'],
	playing: ['paused', 'finished', 'failed'],
	paused: ['loading', 'playing', 'finished', 'failed'],
	finished: [],
	failed: []
};

export class IllegalSessionTransition extends Error {
	constructor(
		readonly from: Status | Mode | Turn,
		readonly to: Status | Mode | Turn
	) {
		super(`illegal session transition: ${from} -> ${to}`);
		this.name = 'IllegalSessionTransition';
	}
}

/** The status after moving from `from` to `to`; throws when the table does not allow it. */
export function transition(from: Status, to: Status): Status {
	if (from === to || SESSION_TRANSITIONS[from].includes(to)) return to;
	throw new IllegalSessionTransition(from, to);
}

/**
 * What kind of session this is, which decides what a person may do in it (beside its status):
 * - live: this tab plays and writes the run;
 * - replay: a recorded run re-executed from its recording, asking no agent and writing nothing;
 * - following: another tab writes the run; this one shows it read-only and re-reads it on its news;
 * - unheld: still following, but the writer's tab has let go of the run: this one may take it over;
 * - closed: the page was left (`dispose`); nothing more happens.
 */
export type Mode = 'live' | 'replay' | 'following' | 'unheld' | 'closed';

/** From each mode, where the session may go (staying put is always allowed). */
export const MODE_TRANSITIONS: Readonly<Record<Mode, readonly Mode[]>> = {
	live: ['closed'],
	replay: ['closed'],
	// The writer's tab let go (closed or crashed): the lock is this tab's to take.
	following: ['unheld', 'closed'],
	// Taking over makes this tab the writer.
	unheld: ['live', 'closed'],
	closed: []
};

/** The mode after moving from `from` to `to`; throws when the table does not allow it. */
export function modeTransition(from: Mode, to: Mode): Mode {
	if (from === to || MODE_TRANSITIONS[from].includes(to)) return to;
	throw new IllegalSessionTransition(from, to);
}

/**
 * Whether the runner is between turns, which decides what may start beside it (a runner plays one
 * tick at a time: a second beside one in flight would interleave two turns' events):
 * - idle: between turns;
 * - turn: one turn in flight (its seats' agents thinking, a person's form open), from Step or the
 *   pacing timer; the run may be paused meanwhile, and the turn still ends and is saved;
 * - staging: a fresh run's opening ticks that only set the stage (the deal), played while its agents
 *   start, before anything is saved.
 */
export type Turn = 'idle' | 'turn' | 'staging';

/**
 * From each turn state, where the runner may go. Unlike the other two tables, staying put is not
 * allowed: `turn -> turn` is a second turn started beside the one in flight.
 */
export const TURN_TRANSITIONS: Readonly<Record<Turn, readonly Turn[]>> = {
	idle: ['turn', 'staging'],
	turn: ['idle'],
	staging: ['idle']
};

/** The turn state after moving from `from` to `to`; throws when the table does not allow it. */
export function turnTransition(from: Turn, to: Turn): Turn {
	if (TURN_TRANSITIONS[from].includes(to)) return to;
	throw new IllegalSessionTransition(from, to);
}

/**
 * Whether a link's setup waits for the person's word (its endpoints, or WebLLM downloads unplayably
 * slow on this device): `asked` until they answer, and nothing may start meanwhile; `given` otherwise.
 */
export type Consent = 'given' | 'asked';

/** Where a session stands in each of its tables: what an action's allowed-ness is read from. */
export interface SessionState {
	status: Status;
	mode: Mode;
	turn: Turn;
	consent: Consent;
}

/**
 * What a person (or the page) may ask of a session, and the two steps the session takes on its own:
 * `turn`, one tick of the runner (Step's, or the pacing timer's), and `stage`, a fresh run's opening
 * ticks played while its agents start.
 */
export type Action =
	'play' | 'step' | 'pause' | 'changeModel' | 'takeOver' | 'cancelLoading' | 'catchUp' | 'turn' | 'stage';

/** Where one action is allowed: a mode, a status, a turn state and a consent of these lists, all four. */
export interface ActionRule {
	modes: readonly Mode[];
	from: readonly Status[];
	turns: readonly Turn[];
	consent: readonly Consent[];
}

const ANY_TURN: readonly Turn[] = ['idle', 'turn', 'staging'];
const ANY_CONSENT: readonly Consent[] = ['given', 'asked'];

/**
 * Each action: the modes, statuses, turn states and consents it is allowed in. Anything else is
 * refused, and the session does nothing (the page's controls are disabled by the same table, through
 * `refusal`).
 */
export const SESSION_ACTIONS: Readonly<Record<Action, ActionRule>> = {
	// Play from where the run stands; a replay plays the same way, without loading agents. A run paused
	// mid-turn may play again (the timer waits for that turn); while its stage is set, play is under way.
	play: { modes: ['live', 'replay'], from: ['ready', 'paused'], turns: ['idle', 'turn'], consent: ['given'] },
	// One turn: a playing run is paused first; a follower never steps (another tab writes the run).
	step: {
		modes: ['live', 'replay'],
		from: ['ready', 'paused', 'playing'],
		turns: ['idle', 'turn'],
		consent: ['given']
	},
	pause: { modes: ['live', 'replay'], from: ['playing'], turns: ANY_TURN, consent: ANY_CONSENT },
	// A seat's model changes only in this tab's own run, between turns (not while a turn paused in
	// flight still waits for the old model); a replay's models are its log's.
	changeModel: { modes: ['live'], from: ['paused'], turns: ['idle'], consent: ANY_CONSENT },
	// Only once the writer has let go; a follower's status is the log's: paused or finished.
	takeOver: { modes: ['unheld'], from: ['paused', 'finished'], turns: ['idle'], consent: ANY_CONSENT },
	// The stage is set while the agents load: cancelling stops the loading either way.
	cancelLoading: { modes: ['live'], from: ['loading'], turns: ANY_TURN, consent: ANY_CONSENT },
	// A follower re-reading the log on the writer's news (and once more when taking over).
	catchUp: {
		modes: ['following', 'unheld'],
		from: ['paused', 'finished'],
		turns: ['idle'],
		consent: ANY_CONSENT
	},
	// One tick of the runner: never beside another, never once the run is over.
	turn: {
		modes: ['live', 'replay'],
		from: ['ready', 'paused', 'playing'],
		turns: ['idle'],
		consent: ['given']
	},
	// A fresh live run's deal, played while its agents start (status ready, or loading once they do).
	stage: { modes: ['live'], from: ['ready', 'loading'], turns: ['idle'], consent: ['given'] }
};

/** Why an action is refused: the session's mode, its status, its turn state, or a link's pending word. */
export type Refusal =
	| { by: 'mode'; mode: Mode }
	| { by: 'status'; status: Status }
	| { by: 'turn'; turn: Turn }
	| { by: 'consent'; consent: Consent };

/** Null when `action` is allowed where the session stands, else why it is not (checked in that order). */
export function refusal(action: Action, at: SessionState): Refusal | null {
	const rule = SESSION_ACTIONS[action];
	if (!rule.modes.includes(at.mode)) return { by: 'mode', mode: at.mode };
	if (!rule.from.includes(at.status)) return { by: 'status', status: at.status };
	if (!rule.turns.includes(at.turn)) return { by: 'turn', turn: at.turn };
	if (!rule.consent.includes(at.consent)) return { by: 'consent', consent: at.consent };
	return null;
}

/** Whether `action` is allowed where the session stands. */
export function allows(action: Action, at: SessionState): boolean {
	return refusal(action, at) === null;
}

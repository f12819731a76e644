/**
 * The run session's statuses as a table of allowed transitions, as the kernel keeps its phases
 * (`core/phase.ts`): a transition the table does not list is a bug in the session, and throws at once
 * rather than leaving a page in a state no control can leave. Hand-written rather than xstate: six
 * states and one event each (the session's own methods), where a statechart library would add a
 * dependency and an interpreter for what one lookup does.
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
		readonly from: Status | Mode,
		readonly to: Status | Mode
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

/** What a person (or the page) may ask of a session. */
export type Action = 'play' | 'step' | 'pause' | 'changeModel' | 'takeOver' | 'cancelLoading' | 'catchUp';

/**
 * Each action: the modes and the statuses it is allowed in. Anything else is refused, and the session
 * does nothing (the page's controls are disabled by the same table, through `refusal`).
 */
export const SESSION_ACTIONS: Readonly<Record<Action, { modes: readonly Mode[]; from: readonly Status[] }>> =
	{
		// Play from where the run stands; a replay plays the same way, without loading agents.
		play: { modes: ['live', 'replay'], from: ['ready', 'paused'] },
		// One turn: a playing run is paused first; a follower never steps (another tab writes the run).
		step: { modes: ['live', 'replay'], from: ['ready', 'paused', 'playing'] },
		pause: { modes: ['live', 'replay'], from: ['playing'] },
		// A seat's model changes only in this tab's own run, between turns; a replay's models are its log's.
		changeModel: { modes: ['live'], from: ['paused'] },
		// Only once the writer has let go; a follower's status is the log's: paused or finished.
		takeOver: { modes: ['unheld'], from: ['paused', 'finished'] },
		cancelLoading: { modes: ['live'], from: ['loading'] },
		// A follower re-reading the log on the writer's news (and once more when taking over).
		catchUp: { modes: ['following', 'unheld'], from: ['paused', 'finished'] }
	};

/** Why an action is refused: the session's mode, or its status. */
export type Refusal = { by: 'mode'; mode: Mode } | { by: 'status'; status: Status };

/** Null when `action` is allowed in this mode and status, else why it is not. */
export function refusal(action: Action, status: Status, mode: Mode): Refusal | null {
	const rule = SESSION_ACTIONS[action];
	if (!rule.modes.includes(mode)) return { by: 'mode', mode };
	if (!rule.from.includes(status)) return { by: 'status', status };
	return null;
}

/** Whether `action` is allowed in this mode and status. */
export function allows(action: Action, status: Status, mode: Mode): boolean {
	return refusal(action, status, mode) === null;
}

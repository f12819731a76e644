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
		readonly from: Status,
		readonly to: Status
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

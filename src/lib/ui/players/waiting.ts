/**
 * What a live run waits for, in a few words for the table: the players starting, the models loading,
 * or which seats are deciding the turn in flight. A run's first speech can take seconds (workers
 * starting, a model generating); without this the table looks idle in that time.
 */
import { m } from '$lib/paraglide/messages';
import type { Status } from '$lib/state/session-status';
import type { ModelChoice } from '$lib/engines/types';
import { needsEngine } from '$lib/engines/spec';

export function waitingText(status: Status, asking: readonly number[], loadsModels: boolean): string | null {
	if (status === 'loading') return loadsModels ? m.play_wait_models() : m.play_wait_agents();
	if (status !== 'playing' || asking.length === 0) return null;
	return asking.length === 1
		? m.play_wait_seat({ seat: asking[0]! })
		: m.play_wait_seats({ n: asking.length });
}

/** The same for a run on the page (the play page's table and the presenter's). */
export function sessionWaiting(session: {
	status: Status;
	asking: readonly number[];
	choices: Record<number, ModelChoice>;
}): string | null {
	return waitingText(session.status, session.asking, Object.values(session.choices).some(needsEngine));
}

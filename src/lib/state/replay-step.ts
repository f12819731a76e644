/**
 * One step of a re-executed replay, and its end: a replay is verified only by ending exactly on the
 * recorded log hash. A miss (a call the recording lacks) or a divergence (an event not the recorded
 * one) stops it where it left the recording; it never asks a model.
 */
import type { Replay } from '$lib/run/replay';

export type ReplayStep =
	| { kind: 'more' }
	/** Ended on the recorded hash. */
	| { kind: 'verified' }
	/** Left the recording, or ended elsewhere: the sentence says where. */
	| { kind: 'stopped'; text: string; err: unknown };

export async function replayStep(replay: Pick<Replay, 'step' | 'verify'>): Promise<ReplayStep> {
	try {
		if (await replay.step()) return { kind: 'more' };
		// Throws on a final hash that is not the recorded one: the replay fails, never `finished`.
		replay.verify();
		return { kind: 'verified' };
	} catch (err) {
		return {
			kind: 'stopped',
			text: `This replay stopped: ${err instanceof Error ? err.message : String(err)}`,
			err
		};
	}
}

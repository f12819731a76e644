/**
 * What the Runs page says of a saved run's state. The stored status is the writer's last word; a run
 * stored as running that no tab is writing any more was interrupted (its tab closed or crashed
 * mid-run), and the page says so instead of claiming it still runs.
 */
import type { RunRecord } from '$lib/storage/runs';
import type { Problem } from '$lib/problem';

export interface RunStatusText {
	/** One or two words: finished, paused, failed, running, interrupted. */
	label: 'finished' | 'paused' | 'failed' | 'running' | 'interrupted';
	/** Why, in a sentence, where the page knows. */
	detail?: string;
	/** The same as a problem, where the run saved one: the page says it in its own language. */
	problem?: Problem;
}

/** `writing`: the runs some tab holds the lock of now; null where the browser cannot say. */
export function runStatusText(
	run: Pick<RunRecord, 'id' | 'status' | 'stoppedBecause' | 'stoppedProblem'>,
	writing: ReadonlySet<string> | null
): RunStatusText {
	const because = run.stoppedBecause
		? { detail: run.stoppedBecause, ...(run.stoppedProblem ? { problem: run.stoppedProblem } : {}) }
		: {};
	switch (run.status) {
		case 'finished':
			return { label: 'finished' };
		case 'paused':
			return { label: 'paused', ...because };
		case 'failed':
			return { label: 'failed', ...because };
		case 'running':
			if (writing === null || writing.has(run.id)) return { label: 'running' };
			return {
				label: 'interrupted',
				detail: 'Its page was closed or crashed while it ran; it is saved up to the last event written.'
			};
	}
}

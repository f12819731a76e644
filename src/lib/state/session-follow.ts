/**
 * Following a run another tab is writing: this tab shows it read-only, reads the log again from
 * IndexedDB each time the writer announces a commit, and queues for the run's lock, so that once the
 * writer's tab lets go (closed, crashed, left the run) it may take the run over.
 */
import { verifyChain, type LogEvent, type LogHeader } from '$lib/core';
import type { RunRecord } from '$lib/storage/runs';
import type { SessionChannel, SessionLock } from './session-deps';

export interface Following {
	/** Whether a commit of `saved` events is news to this tab now (more than it has, and it may catch up). */
	behind(saved: number): boolean;
	/** Reads the saved log again and shows it. */
	catchUp(): Promise<void>;
	/** The writer let go and this tab got the lock; false when the tab has left the run meanwhile. */
	unheld(): boolean;
	/** A catch-up failed: the tab cannot go on following. */
	failed(err: unknown): void;
}

/** Listens on the run's channel and queues for its lock, on the follower's behalf. */
export function follow(
	run: { channel: SessionChannel | null; lock: SessionLock | null },
	to: Following
): void {
	const catchUp = () => to.catchUp().catch((err: unknown) => to.failed(err));
	run.channel?.onNews((news) => {
		if (to.behind(news.saved)) void catchUp();
	});
	run.lock?.waitForTurn(() => {
		if (to.unheld()) void catchUp();
	});
}

/**
 * The saved log, its chain checked, unless it is gone or holds fewer than `atLeast` events (a read
 * that raced a write this tab already saw). Throws on a damaged chain.
 */
export async function savedLog(
	load: () => Promise<{ run: RunRecord; events: LogEvent[] } | null>,
	atLeast: number
): Promise<{ header: LogHeader; events: LogEvent[] } | null> {
	const saved = await load();
	if (!saved || saved.events.length < atLeast) return null;
	verifyChain(saved.run.header, saved.events);
	return { header: saved.run.header, events: saved.events };
}

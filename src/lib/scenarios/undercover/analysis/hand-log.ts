/**
 * For the analysis specs: a log's events written by hand, one `ev` call each. Hashes are left blank:
 * the leaderboard and the leak figures read events, never their chain.
 */
import type { LogEvent } from '../../../core';

export type Ev = (kind: string, data: Record<string, unknown>, meta?: Record<string, number>) => void;

export function handEvents(build: (ev: Ev) => void): LogEvent[] {
	const events: LogEvent[] = [];
	build((kind, data, meta) => {
		events.push({
			seq: events.length,
			tick: events.length,
			kind,
			data,
			prev: '',
			hash: '',
			...(meta ? { meta } : {})
		});
	});
	return events;
}

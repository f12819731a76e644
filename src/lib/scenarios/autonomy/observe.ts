/** What the Sentinel seat sees: the file a spent token is about, its triggers, one question. */
import type { SeatId } from '../../core';
import { questionFor } from './prompts';
import { readRepoFile } from './repository';
import { triggersFor } from './triggers';
import type { AutonomyObservation, AutonomyState, Door, Trigger } from './state';

export function observationOf(
	s: AutonomyState,
	path: string,
	door: Door,
	minute: number,
	spend = s.spends.length + 1,
	triggers: readonly Trigger[] = triggersFor(s, path, minute)
): AutonomyObservation {
	return {
		minute,
		spend,
		door,
		path,
		content: readRepoFile(s, path),
		triggers: triggers.map((t) => ({ type: t.type, text: t.text, source: t.source })),
		question: questionFor(path, s.config.lang),
		lang: s.config.lang
	};
}

/** The open spend's question; outside a spend the seat sees nothing to decide. */
export function observe(s: AutonomyState, _seat: SeatId): AutonomyObservation | null {
	if (s.pending === null) return null;
	const spend = s.spends[s.pending - 1]!;
	return observationOf(s, spend.target, spend.door, spend.minute, spend.id, spend.triggers);
}

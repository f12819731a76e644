/**
 * The scripted Sentinel: answers a spent token's question from the file and its triggers alone, the
 * way a careful model would, so the seed's anomalies play out without a model. IMPROVE when the file
 * has a FIXME, or when a trigger is something to fix (a runtime error, an open opportunity, an
 * unresolved rollback); SKIP otherwise. The eternal reasons' files have neither, so their question
 * gets the same SKIP every day, as in the seed.
 */
import type { Policy } from '../../../../core';
import { hasFixme, textsFor, type AutonomyObservation, type TriggerType } from '../..';
import { SCRIPTED_LABEL } from '../../../../core/policy';

const FIXABLE: readonly TriggerType[] = ['runtime-error', 'open-opportunity', 'unresolved-rollback'];

export const scriptedSentinel: Policy<AutonomyObservation | null> = {
	label: SCRIPTED_LABEL,
	act(obs, ask) {
		if (ask.kind !== 'decide' || !obs) return { action: null, error: 'nothing to decide' };
		// The reason is written in the run's language: it goes into the log.
		const words = textsFor(obs.lang);
		const fixable = obs.triggers.find((t) => FIXABLE.includes(t.type));
		if (hasFixme(obs.content)) return { action: { decision: 'IMPROVE', reason: words.hasFixme(obs.path) } };
		if (fixable) return { action: { decision: 'IMPROVE', reason: words.worthFix(fixable.text) } };
		const why = obs.triggers.length
			? words.nothingToChange(obs.triggers.map((t) => t.text).join(words.listSeparator))
			: words.noTriggerNothing;
		return { action: { decision: 'SKIP', reason: why } };
	}
};

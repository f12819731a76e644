/**
 * Triggers: the provable reasons to spend a token on a file. Each is derived from a recorded event,
 * never stored as a flag, and each type has a staleness horizon. The two the seed found eternal are
 * here too: "N siblings have a rollback penalty" (penalties of locked sibling modules, which every
 * other check skips) and "N security failures in the system" (a counter that only goes up). With the
 * `noStaleness` switch on they keep their legacy behaviour: no horizon, and the counter counts in full.
 */
import { fnv1a32 } from '../../core';
import { SECURITY_OWNER } from './repository';
import { NO_FINGERPRINT, type AutonomyState, type Trigger, type TriggerType } from './state';
import { textsFor } from './texts';

const DAY = 1440;

/** How long each trigger type stays a reason after its source event, in simulated minutes. */
export const HORIZON: Readonly<Record<TriggerType, number>> = {
	'runtime-error': 2 * DAY,
	'unresolved-rollback': 5 * DAY,
	'governance-drift': 3 * DAY,
	'open-opportunity': 7 * DAY,
	'repo-changed': 1 * DAY,
	'sibling-rollback-penalty': 3 * DAY,
	'security-counter': 3 * DAY
};

/** The types the seed's bug left without a horizon. */
const ETERNAL_TYPES: readonly TriggerType[] = ['sibling-rollback-penalty', 'security-counter'];

type TriggerView = Pick<
	AutonomyState,
	'config' | 'evidence' | 'penalties' | 'files' | 'securityCount' | 'securitySince' | 'consumed'
>;

function fresh(s: TriggerView, type: TriggerType, since: number, now: number): boolean {
	if (s.config.noStaleness && ETERNAL_TYPES.includes(type)) return true;
	return now - since <= HORIZON[type];
}

/** The triggers standing for `path` at `now`. Locked files have none (they are out of every check). */
export function triggersFor(s: TriggerView, path: string, now: number): Trigger[] {
	const file = s.files.find((f) => f.path === path);
	if (!file || file.locked) return [];
	const out: Trigger[] = [];
	const t = textsFor(s.config.lang);
	for (const e of s.evidence)
		if (e.path === path && !e.resolved && e.since <= now && fresh(s, e.type, e.since, now))
			out.push({ type: e.type, path, source: e.source, since: e.since, text: e.text });
	// Penalties of locked siblings: the locked modules are skipped everywhere else, but not here.
	const siblings = s.files.filter(
		(f) => f.module === file.module && f.locked && s.penalties[f.path] !== undefined
	);
	const penalised = siblings.filter((f) => fresh(s, 'sibling-rollback-penalty', s.penalties[f.path]!, now));
	if (penalised.length)
		out.push({
			type: 'sibling-rollback-penalty',
			path,
			source: t.siblingSource(penalised.map((f) => f.path).join(', ')),
			since: Math.max(...penalised.map((f) => s.penalties[f.path]!)),
			value: penalised.length,
			text: t.siblingText(penalised.length)
		});
	if (path === SECURITY_OWNER && s.securityCount > 0) {
		// Fixed: a counter counts only as its change since a decided grant last consumed it.
		const value = s.config.noStaleness ? s.securityCount : s.securityCount - (s.consumed[path] ?? 0);
		if (value > 0 && fresh(s, 'security-counter', s.securitySince, now))
			out.push({
				type: 'security-counter',
				path,
				source: t.securitySource(s.securitySince),
				since: s.securitySince,
				value,
				text: t.securityText(value)
			});
	}
	return out;
}

/**
 * The trigger set summarised at grant time (the seed's `AutonomyTrigger.summarize()`): type, source
 * and value of each, order-free. The same fingerprint as a grant that ended in SKIP is no new reason.
 */
export function fingerprint(triggers: readonly Trigger[]): string {
	if (!triggers.length) return NO_FINGERPRINT;
	const parts = triggers.map((t) => `${t.type}|${t.path}|${t.source}|${t.value ?? ''}`).sort();
	return fnv1a32(parts.join('\n')).toString(16).padStart(8, '0');
}

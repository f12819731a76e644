/**
 * The audit-side rates of the seed's analyser.
 * - Audit penetration: the share of vetoes whose reason cites a specific rule id and version
 *   (e.g. R3-v2) that was in force when the veto was made. It measures how far the rule book reaches into the Auditor's judgements: a veto
 *   that says only "per policy" cannot be traced, appealed against a version, or rolled back.
 * - Appeal conversion: the share of ruled appeals after which the Assigner changed the task.
 */

export interface RuleCitation {
	id: string;
	version: number;
}

export interface VetoLike {
	/** null or absent: the veto cites no rule, or cites one without a version. */
	rule?: Partial<RuleCitation> | null;
	/** false: the cited version was no longer in force when the veto was made (not traced). */
	inForce?: boolean;
}

export const citesRule = (v: VetoLike): boolean =>
	v.inForce !== false &&
	typeof v.rule?.id === 'string' &&
	v.rule.id.length > 0 &&
	typeof v.rule.version === 'number' &&
	Number.isInteger(v.rule.version) &&
	v.rule.version >= 1;

/** Share of vetoes citing a rule id and version; null when there were no vetoes. */
export function auditPenetration(vetoes: readonly VetoLike[]): number | null {
	if (vetoes.length === 0) return null;
	return vetoes.filter(citesRule).length / vetoes.length;
}

export interface AppealLike {
	/** True when the Assigner changed the task after the appeal. Unruled appeals are not counted. */
	changed: boolean | null;
}

/** Share of ruled appeals that changed the task; null when none has been ruled. */
export function appealConversion(appeals: readonly AppealLike[]): number | null {
	const ruled = appeals.filter((a) => a.changed !== null);
	if (ruled.length === 0) return null;
	return ruled.filter((a) => a.changed).length / ruled.length;
}

/** The one validation point for the Sentinel seat's answer to a spent token's question. */
import type { Ask, Validation } from '../../core';
import { runTool } from '../../tools';
import { patchPath } from './repository';
import { askId } from './rules';
import type { AutonomyEvent, AutonomyState } from './state';
import { DECISION_ERRORS, PATCH_REFUSED } from './errors';
import { textsFor } from './texts';

/**
 * Valid answers: `{ decision: "IMPROVE" | "SKIP", reason?: string }`, or `{ transport: "<error>" }`
 * from a model policy whose provider failed (a transport failure is recorded, not a decision).
 * IMPROVE writes a patch proposal through the Tool Agent (under /workspace/output/patches).
 */
export function validate(s: AutonomyState, ask: Ask, action: unknown): Validation {
	const spend = s.pending !== null ? s.spends[s.pending - 1] : undefined;
	if (!spend || ask.kind !== 'decide' || ask.id !== askId(spend.id))
		return { ok: false, error: DECISION_ERRORS.noSpend };
	if (typeof action !== 'object' || action === null || Array.isArray(action))
		return { ok: false, error: DECISION_ERRORS.answer };
	const a = action as Record<string, unknown>;
	if (typeof a.transport === 'string') {
		const event: AutonomyEvent = {
			kind: 'spend.failed',
			data: { spend: spend.id, error: a.transport.slice(0, 300) }
		};
		return { ok: true, event };
	}
	const decision = typeof a.decision === 'string' ? a.decision.trim().toUpperCase() : '';
	if (decision !== 'IMPROVE' && decision !== 'SKIP') return { ok: false, error: DECISION_ERRORS.decision };
	if (a.reason !== undefined && typeof a.reason !== 'string')
		return { ok: false, error: DECISION_ERRORS.reason };
	const reason = ((a.reason as string | undefined) ?? '').trim().slice(0, 300);
	if (decision === 'SKIP')
		return { ok: true, event: { kind: 'spend.decided', data: { spend: spend.id, decision, reason } } };
	const t = textsFor(s.config.lang);
	const patch = t.patch(spend.target, reason, spend.triggers.map((tr) => tr.text).join(t.listSeparator));
	const { outcome, record } = runTool(
		s.fs,
		{ tool: 'write_file', args: { path: patchPath(spend.target), content: patch } },
		Math.max(0, spend.minute)
	);
	if (!outcome.ok) return { ok: false, error: `${PATCH_REFUSED}${outcome.message}` };
	return { ok: true, event: { kind: 'spend.decided', data: { spend: spend.id, decision, reason, record } } };
}

/**
 * The scripted Auditor: reviews against the rule book in force and cites rule and version, with a
 * zealous streak; requires a redo of an output missing a line a rule requires and appeals to the
 * Assigner on a repeated fault (`auditorDemand`); never co-signs an amendment that lowers what a rule
 * asks. See `governance.ts`.
 */
import type { Ask, Stream } from '../../../../core';
import { breaches, loosens, ruleLabel, type AuditorObservation, type RuleRef } from '../..';
import { SLIPS } from './habits';
import { DEMAND_LINES, DEMAND_LINES_ZH, VETO_REASONS, VETO_REASONS_ZH } from './phrasebook';

/**
 * Rules whose breach is something missing from the output (R3 a Sources line, R5 a chart title):
 * nothing in them to contest, so the Auditor requires a redo and the Executor may only resubmit.
 */
const REDO_RULES: ReadonlySet<string> = new Set(['R3', 'R5']);

/** The scripted Auditor's vetoes in a row on one rule that make it appeal to the Assigner. */
const REPEATED_FAULT = 3;

/**
 * What the scripted Auditor asks for beside refusing (the seed's Auditor "may veto, require a redo,
 * or appeal to the Assigner"), from the output and the task's record alone, no draw of its own:
 * - `escalate` on a repeated fault the Executor is not mending, which the Assigner must redefine or
 *   withdraw: the task's previous submission, since it was last (re)defined, was vetoed on the same
 *   rule; or a rule it sees broken a third time (`REPEATED_FAULT`: two of its vetoes in the reviews
 *   it sees, any task, cited that rule already) that the Executor does not contest. A rule the
 *   Executor has appealed a veto on, or proposed to amend, is in question itself (the T155 story):
 *   that goes by appeal and amendment, not to the Assigner;
 * - `redo` when every breach is something missing (`REDO_RULES`);
 * - a plain `veto` otherwise, leaving the Executor its answer (resubmit, appeal, amend, abandon).
 */
export function auditorDemand(
	obs: Pick<AuditorObservation, 'reviews' | 'proposals' | 'tasks'>,
	taskId: string,
	n: number,
	vetoStreak: number,
	first: RuleRef,
	found: readonly RuleRef[]
): 'veto' | 'redo' | 'escalate' {
	const prev = obs.reviews.findLast((r) => r.task_id === taskId && r.n === n - 1);
	if (vetoStreak > 0 && prev?.verdict === 'veto' && prev.rule?.id === first.id) return 'escalate';
	const earlier = obs.reviews.filter((r) => r.verdict === 'veto' && r.rule?.id === first.id);
	const contested =
		obs.proposals.some((p) => p.rule_id === first.id) ||
		earlier.some((r) => obs.tasks.find((t) => t.id === r.task_id)?.appealed);
	if (!contested && earlier.length >= REPEATED_FAULT - 1) return 'escalate';
	return found.every((r) => REDO_RULES.has(r.id)) ? 'redo' : 'veto';
}

export function auditor(obs: AuditorObservation, ask: Ask, rng: Stream): unknown {
	const f = obs.focus;
	if (f?.kind === 'review') {
		const out = obs.outputs.findLast((o) => o.task_id === f.task_id && o.n === f.n);
		if (!out) throw new Error(`no output ${f.task_id}#${f.n} to review`);
		const found = breaches(out, out.asked, out.toolCalls, obs.rules);
		const first = found[0];
		if (first && rng.next() >= SLIPS.lenient) {
			const zh = obs.lang === 'zh';
			const reason =
				(zh ? VETO_REASONS_ZH : VETO_REASONS)[first.id] ??
				(zh ? `违反 ${ruleLabel(first)}` : `breaks ${ruleLabel(first)}`);
			const task = obs.tasks.find((t) => t.id === f.task_id);
			const verdict = auditorDemand(obs, f.task_id, f.n, task?.vetoStreak ?? 0, first, found);
			const said = verdict === 'veto' ? '' : (zh ? DEMAND_LINES_ZH : DEMAND_LINES)[verdict];
			return { task_id: f.task_id, n: f.n, verdict, reason: reason + said, rule: first };
		}
		const inference = ['infer_business_rule', 'identify_fraud_risk', 'analyse_compliance'].includes(
			out.asked.action
		);
		if (!first && inference && rng.next() < SLIPS.zealous)
			return {
				task_id: f.task_id,
				n: f.n,
				verdict: 'veto',
				reason: obs.lang === 'zh' ? '推断依据不足。' : 'Inference basis insufficient.',
				rule: null
			};
		return {
			task_id: f.task_id,
			n: f.n,
			verdict: 'approve',
			reason: obs.lang === 'zh' ? '符合现行规则。' : 'Complies with the rules in force.'
		};
	}
	if (f?.kind === 'cosign') {
		const p = obs.proposals.find((x) => x.id === f.proposal_id);
		const prev = obs.rules.find((r) => r.id === p?.rule_id && r.version === p?.base_version);
		if (!p || !prev) throw new Error(`no proposal ${f.proposal_id}`);
		// Its score rewards rejected appeals: a looser rule turns today's correct vetoes into mistakes.
		if (loosens(p.rule_id, prev.params, p.params))
			return {
				proposal_id: p.id,
				cosign: false,
				reason:
					obs.lang === 'zh'
						? `它降低了 ${p.rule_id} 的要求；合规率上升只是因为门槛降低了。`
						: `It lowers what ${p.rule_id} asks; compliance rises only because the bar is lower.`
			};
		return {
			proposal_id: p.id,
			cosign: true,
			reason:
				obs.lang === 'zh' ? `它没有降低 ${p.rule_id} 的要求。` : `It does not lower what ${p.rule_id} asks.`
		};
	}
	throw new Error(`the Auditor has nothing to answer for "${ask.kind}"`);
}

/**
 * The scripted Auditor: reviews against the rule book in force and cites rule and version, with a
 * zealous streak; never co-signs an amendment that lowers what a rule asks. See `governance.ts`.
 */
import type { Ask, Stream } from '../../../../core';
import { breaches, loosens, ruleLabel, type AuditorObservation } from '../..';
import { SLIPS } from './habits';
import { VETO_REASONS, VETO_REASONS_ZH } from './phrasebook';

export function auditor(obs: AuditorObservation, ask: Ask, rng: Stream): unknown {
	const f = obs.focus;
	if (f?.kind === 'review') {
		const out = obs.outputs.findLast((o) => o.task_id === f.task_id && o.n === f.n);
		if (!out) throw new Error(`no output ${f.task_id}#${f.n} to review`);
		const found = breaches(out, out.asked, out.toolCalls, obs.rules);
		const first = found[0];
		if (first && rng.next() >= SLIPS.lenient)
			return {
				task_id: f.task_id,
				n: f.n,
				verdict: 'veto',
				reason:
					(obs.lang === 'zh' ? VETO_REASONS_ZH : VETO_REASONS)[first.id] ??
					(obs.lang === 'zh' ? `违反 ${ruleLabel(first)}` : `breaks ${ruleLabel(first)}`),
				rule: first
			};
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

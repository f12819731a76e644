/**
 * The ledger's counts, computed the same way whatever the switches (a repeated fingerprint is counted
 * even when the gate ignores fingerprints), so a run with a bug on compares with one with it off; and
 * each spend's chain, wake -> gate -> door -> checks -> model call -> outcome, for the page.
 */
import { clockOf } from './repository';
import type { AutonomyState, AutonomySummary, Spend } from './state';

/** Granted by a door (whatever happened after). */
export const isSpend = (sp: Spend) => sp.outcome !== 'refused';
export const withoutTrigger = (sp: Spend) => isSpend(sp) && sp.triggers.length === 0;
export const isRepeat = (sp: Spend) => isSpend(sp) && sp.repeated;
export const isTransportFailure = (sp: Spend) =>
	sp.outcome === 'transport-failure' || sp.outcome === 'deferred';
export const chargedFailure = (sp: Spend) => sp.outcome === 'deferred';

/** An anomaly of the seed, or null: the chart highlights these. */
export function anomalyOf(sp: Spend): 'no-trigger' | 'repeated-fingerprint' | 'charged-failure' | null {
	if (withoutTrigger(sp)) return 'no-trigger';
	if (chargedFailure(sp)) return 'charged-failure';
	if (isRepeat(sp)) return 'repeated-fingerprint';
	return null;
}

export const costOf = (tokens: number, pricePer1k: number) => Math.round(tokens * pricePer1k * 1e4) / 1e7;

export function summarize(
	s: Pick<AutonomyState, 'spends' | 'config' | 'daysCompleted'>,
	pricePer1k = s.config.pricePer1k
): AutonomySummary {
	const spends = s.spends.filter(isSpend);
	const tokensUsed = spends.reduce((n, sp) => n + sp.tokens, 0);
	const wasted = spends.filter((sp) => anomalyOf(sp) !== null).reduce((n, sp) => n + sp.tokens, 0);
	return {
		days: s.daysCompleted,
		spends: spends.length,
		spendsWithoutTrigger: spends.filter(withoutTrigger).length,
		repeatedFingerprints: spends.filter(isRepeat).length,
		transportFailures: spends.filter(isTransportFailure).length,
		transportFailuresCharged: spends.filter(chargedFailure).length,
		tokensUsed,
		cost: costOf(tokensUsed, pricePer1k),
		refusals: s.spends.length - spends.length,
		costWithoutDecision: costOf(wasted, pricePer1k)
	};
}

/** How the pipeline came to this file: the local analysis that led to consider(), or admit()'s claim. */
function pipelineStep(s: Pick<AutonomyState, 'analyses'>, sp: Spend): ChainStep[] {
	const a = s.analyses.find((x) => x.spend === sp.id);
	if (!a)
		return sp.door === 'admit'
			? [{ step: 'pipeline', text: 'admit() picked this one target before the pipeline ran' }]
			: [];
	const text =
		sp.door === 'admit'
			? `the pipeline claimed the token parked for ${a.path}`
			: `local analysis of ${a.path}: ${a.local}, confidence ${a.confidence} (${a.confident ? 'sure' : 'not sure'}), so consider() was asked`;
	return [{ step: 'pipeline', text }];
}

export interface ChainStep {
	step: 'wake' | 'gate' | 'pipeline' | 'door' | 'checks' | 'model call' | 'outcome';
	text: string;
}

/** Why a spend happened (or did not), step by step, in words. */
export function chainOf(s: Pick<AutonomyState, 'wakes' | 'analyses' | 'config'>, sp: Spend): ChainStep[] {
	const wake = s.wakes.find((w) => w.id === sp.wake);
	const triggers = sp.triggers.length ? sp.triggers.map((t) => `${t.text} [${t.source}]`).join('; ') : 'none';
	const steps: ChainStep[] = [
		{ step: 'wake', text: wake ? `${wake.cause} wake, ${clockOf(wake.minute)}` : `wake #${sp.wake}` },
		{
			step: 'gate',
			text: `wake gate: ${sp.wakeReason}${wake ? ` (${wake.note})` : ''}${wake && sp.wakeReason !== 'repo-changed' ? `; repository at ${wake.head}` : ''}`
		},
		...pipelineStep(s, sp),
		{
			step: 'door',
			text: `${sp.door}() on ${sp.target}; triggers: ${triggers}; fingerprint ${sp.fingerprint}${sp.repeated ? ' (same as a grant that ended in SKIP)' : ''}`
		},
		{
			step: 'checks',
			text: `passed: ${sp.checksPassed.join(', ') || 'none'}; never checked: ${sp.checksSkipped.join(', ') || 'none'}${sp.refusal ? `; refused by ${sp.refusal.check}: ${sp.refusal.reason}` : ''}`
		}
	];
	if (sp.outcome !== 'refused')
		steps.push({
			step: 'model call',
			text: sp.call
				? `${sp.call.engine}:${sp.call.model}, ${sp.call.promptTokens} + ${sp.call.completionTokens} tokens`
				: sp.error
					? `failed: ${sp.error}`
					: `${sp.tokens} tokens (estimated: the seat is not a model)`
		});
	const outcome: Record<Spend['outcome'], string> = {
		pending: 'waiting for the answer',
		refused: `refused (${sp.refusal?.budget ?? ''}): nothing spent`,
		IMPROVE: `IMPROVE: ${sp.reason ?? ''}`,
		SKIP: `SKIP: ${sp.reason ?? ''}`,
		'transport-failure': `transport failure, not a decision: the token went back (budget ${sp.before} -> ${sp.after})`,
		deferred: `"deferred": the provider failed, and the token and ${sp.tokens} tokens were charged for no decision`,
		forfeited: `no decision: ${sp.error ?? ''}`
	};
	steps.push({ step: 'outcome', text: outcome[sp.outcome] });
	return steps;
}

/**
 * The ledger's counts, computed the same way whatever the switches (a repeated fingerprint is counted
 * even when the gate ignores fingerprints), so a run with a bug on compares with one with it off; and
 * each spend's chain, wake -> gate -> door -> checks -> model call -> outcome, for the page.
 */
import { clockOf } from './clock';
import {
	NO_FINGERPRINT,
	type AutonomyState,
	type AutonomySummary,
	type Spend,
	type WakeReason
} from './state';

/** Granted by a door (whatever happened after). */
const isSpend = (sp: Spend) => sp.outcome !== 'refused';
const withoutTrigger = (sp: Spend) => isSpend(sp) && sp.triggers.length === 0;
const isRepeat = (sp: Spend) => isSpend(sp) && sp.repeated;
const isTransportFailure = (sp: Spend) => sp.outcome === 'transport-failure' || sp.outcome === 'deferred';
const chargedFailure = (sp: Spend) => sp.outcome === 'deferred';

/** An anomaly of the seed, or null: the chart highlights these. */
export function anomalyOf(sp: Spend): 'no-trigger' | 'repeated-fingerprint' | 'charged-failure' | null {
	if (withoutTrigger(sp)) return 'no-trigger';
	if (chargedFailure(sp)) return 'charged-failure';
	if (isRepeat(sp)) return 'repeated-fingerprint';
	return null;
}

const costOf = (tokens: number, pricePer1k: number) => Math.round(tokens * pricePer1k * 1e4) / 1e7;

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

export interface ChainStep {
	step: 'wake' | 'gate' | 'pipeline' | 'door' | 'checks' | 'model call' | 'outcome';
	text: string;
}

type WakeCause = AutonomyState['wakes'][number]['cause'];

/**
 * The words of a chain, so the page can tell it in the interface's language. The chain reads the
 * run's own texts (wake notes, triggers, refusals, reasons) as they are in the log; these words are
 * only what joins them, and the names of identifiers (wake reasons, causes, checks).
 */
export interface ChainWords {
	cause: (c: WakeCause) => string;
	reason: (r: WakeReason) => string;
	check: (name: string) => string;
	none: string;
	/** A moment of the run (simulated minutes since day 1, 00:00). */
	clock: (minute: number) => string;
	list: (items: readonly string[]) => string;
	wake: (cause: string, clock: string) => string;
	wakeById: (id: number) => string;
	gate: (reason: string, note: string | null, head: string | null) => string;
	admitFirst: string;
	claimed: (path: string) => string;
	analysis: (path: string, local: string, confidence: number, sure: boolean) => string;
	door: (door: string, target: string, triggers: string, fp: string, repeated: boolean) => string;
	trigger: (text: string, source: string) => string;
	checks: (passed: string, skipped: string, refusal: { check: string; reason: string } | null) => string;
	call: (engine: string, model: string, prompt: number, completion: number) => string;
	callFailed: (error: string) => string;
	estimated: (tokens: number) => string;
	outcome: { [K in Spend['outcome']]: (sp: Spend) => string };
}

/** The chain in English: the words the page had before it had two languages. */
const ENGLISH_CHAIN: ChainWords = {
	cause: (c) => c,
	reason: (r) => r,
	check: (name) => name,
	none: 'none',
	clock: (minute) => clockOf(minute),
	list: (items) => items.join(', '),
	wake: (cause, clock) => `${cause} wake, ${clock}`,
	wakeById: (id) => `wake #${id}`,
	gate: (reason, note, head) =>
		`wake gate: ${reason}${note !== null ? ` (${note})` : ''}${head !== null ? `; repository at ${head}` : ''}`,
	admitFirst: 'admit() picked this one target before the pipeline ran',
	claimed: (path) => `the pipeline claimed the token parked for ${path}`,
	analysis: (path, local, confidence, sure) =>
		`local analysis of ${path}: ${local}, confidence ${confidence} (${sure ? 'sure' : 'not sure'}), so consider() was asked`,
	door: (door, target, triggers, fp, repeated) =>
		`${door}() on ${target}; triggers: ${triggers}; fingerprint ${fp}${repeated ? ' (same as a grant that ended in SKIP)' : ''}`,
	trigger: (text, source) => `${text} [${source}]`,
	checks: (passed, skipped, refusal) =>
		`passed: ${passed}; never checked: ${skipped}${refusal ? `; refused by ${refusal.check}: ${refusal.reason}` : ''}`,
	call: (engine, model, prompt, completion) => `${engine}:${model}, ${prompt} + ${completion} tokens`,
	callFailed: (error) => `failed: ${error}`,
	estimated: (tokens) => `${tokens} tokens (estimated: the seat is not a model)`,
	outcome: {
		pending: () => 'waiting for the answer',
		refused: (sp) => `refused (${sp.refusal?.budget ?? ''}): nothing spent`,
		IMPROVE: (sp) => `IMPROVE: ${sp.reason ?? ''}`,
		SKIP: (sp) => `SKIP: ${sp.reason ?? ''}`,
		'transport-failure': (sp) =>
			`transport failure, not a decision: the token went back (budget ${sp.before} -> ${sp.after})`,
		deferred: (sp) =>
			`"deferred": the provider failed, and the token and ${sp.tokens} tokens were charged for no decision`,
		forfeited: (sp) => `no decision: ${sp.error ?? ''}`
	}
};

/** How the pipeline came to this file: the local analysis that led to consider(), or admit()'s claim. */
function pipelineStep(s: Pick<AutonomyState, 'analyses'>, sp: Spend, w: ChainWords): ChainStep[] {
	const a = s.analyses.find((x) => x.spend === sp.id);
	if (!a) return sp.door === 'admit' ? [{ step: 'pipeline', text: w.admitFirst }] : [];
	const text =
		sp.door === 'admit' ? w.claimed(a.path) : w.analysis(a.path, a.local, a.confidence, a.confident);
	return [{ step: 'pipeline', text }];
}

/** Why a spend happened (or did not), step by step, in words. */
export function chainOf(
	s: Pick<AutonomyState, 'wakes' | 'analyses' | 'config'>,
	sp: Spend,
	w: ChainWords = ENGLISH_CHAIN
): ChainStep[] {
	const wake = s.wakes.find((x) => x.id === sp.wake);
	const triggers = sp.triggers.length
		? sp.triggers.map((t) => w.trigger(t.text, t.source)).join('; ')
		: w.none;
	const listed = (names: readonly string[]) => (names.length ? w.list(names.map(w.check)) : w.none);
	const refusal = sp.refusal ? { check: w.check(sp.refusal.check), reason: sp.refusal.reason } : null;
	const steps: ChainStep[] = [
		{ step: 'wake', text: wake ? w.wake(w.cause(wake.cause), w.clock(wake.minute)) : w.wakeById(sp.wake) },
		{
			step: 'gate',
			text: w.gate(
				w.reason(sp.wakeReason),
				wake ? wake.note : null,
				wake && sp.wakeReason !== 'repo-changed' ? wake.head : null
			)
		},
		...pipelineStep(s, sp, w),
		{
			step: 'door',
			text: w.door(
				sp.door,
				sp.target,
				triggers,
				sp.fingerprint === NO_FINGERPRINT ? w.none : sp.fingerprint,
				sp.repeated
			)
		},
		{ step: 'checks', text: w.checks(listed(sp.checksPassed), listed(sp.checksSkipped), refusal) }
	];
	if (sp.outcome !== 'refused')
		steps.push({
			step: 'model call',
			text: sp.call
				? w.call(sp.call.engine, sp.call.model, sp.call.promptTokens, sp.call.completionTokens)
				: sp.error
					? w.callFailed(sp.error)
					: w.estimated(sp.tokens)
		});
	steps.push({ step: 'outcome', text: w.outcome[sp.outcome](sp) });
	return steps;
}

/**
 * What the autonomy views show, computed from the state alone (so the page and a replay agree), in
 * the interface's language. The run's own texts (triggers, wake notes, refusals, reasons) are shown as
 * the log has them, in the run's language; the words around them, and the names of identifiers (wake
 * reasons, checks, outcomes), are messages. Each function reads the language when it is called, so a
 * view that calls it in a template follows the language switch.
 */
import type { LedgerMark, SpendLedgerData, SpendLedgerLabels } from '$lib/charts/spend-ledger';
import { m } from '$lib/paraglide/messages';
import {
	anomalyOf,
	chainOf,
	RUNTIME_ERRORS,
	summarize,
	type AutonomyState,
	type ChainWords,
	type LegacySwitches,
	type Spend,
	type WakeReason
} from '$lib/scenarios/autonomy';

type Words = () => string;

/** Each legacy switch's name, then two sentences: what it does, and what to look for on the chart. */
const SWITCH_TEXTS: Record<keyof LegacySwitches, [title: Words, does: Words, look: Words]> = {
	legacyConsider: [
		m.auto_switch_legacyConsider_title,
		m.auto_switch_legacyConsider_does,
		m.auto_switch_legacyConsider_look
	],
	ignoreFingerprint: [
		m.auto_switch_ignoreFingerprint_title,
		m.auto_switch_ignoreFingerprint_does,
		m.auto_switch_ignoreFingerprint_look
	],
	noStaleness: [
		m.auto_switch_noStaleness_title,
		m.auto_switch_noStaleness_does,
		m.auto_switch_noStaleness_look
	],
	chargeTransportErrors: [
		m.auto_switch_chargeTransportErrors_title,
		m.auto_switch_chargeTransportErrors_does,
		m.auto_switch_chargeTransportErrors_look
	]
};

export function switchText(key: keyof LegacySwitches): { title: string; does: string; look: string } {
	const [title, does, look] = SWITCH_TEXTS[key];
	return { title: title(), does: does(), look: look() };
}

const REASON_NAMES: Record<WakeReason, () => string> = {
	'repo-changed': m.auto_reason_repo_changed,
	evidence: m.auto_reason_evidence,
	'scheduled-review': m.auto_reason_scheduled_review,
	'autonomy-due': m.auto_reason_autonomy_due,
	none: m.auto_reason_none
};

/** The wake gate's reason (`WakeReason`); an unknown one is shown as it is. */
export const reasonName = (r: string): string => REASON_NAMES[r as WakeReason]?.() ?? r;

/** A check's name (doors.ts CHECK_NAMES); an unknown one is shown as it is. */
function checkName(name: string): string {
	const names: Record<string, () => string> = {
		trigger: m.auto_check_trigger,
		fingerprint: m.auto_check_fingerprint,
		'daily budget': m.auto_check_daily_budget,
		'per-file cooldown': m.auto_check_cooldown,
		'spacing window': m.auto_check_spacing,
		'module lock': m.auto_check_module_lock,
		'cycle ownership': m.auto_check_cycle,
		'provider failures': m.auto_check_provider_failures
	};
	return names[name]?.() ?? name;
}

/** A refusal's budget (the `budget` of core's Check). */
function budgetName(budget: string): string {
	const names: Record<string, () => string> = {
		reason: m.auto_budget_reason,
		'daily tokens': m.auto_budget_daily_tokens,
		'per-file cooldown': m.auto_budget_cooldown,
		'spacing window': m.auto_budget_spacing,
		'module lock': m.auto_budget_module_lock,
		cycle: m.auto_budget_cycle,
		'transport failures': m.auto_budget_transport
	};
	return names[budget]?.() ?? budget;
}

/** A spend's outcome in a word or two (IMPROVE and SKIP are the decision words, in every language). */
export function outcomeName(sp: Spend): string {
	switch (sp.outcome) {
		case 'refused':
			return m.auto_refused_by({ check: checkName(sp.refusal?.check ?? '') });
		case 'IMPROVE':
		case 'SKIP':
			return sp.outcome;
		case 'pending':
			return m.auto_outcome_pending();
		case 'transport-failure':
			return m.auto_outcome_transport_failure();
		case 'deferred':
			return m.auto_outcome_deferred();
		case 'forfeited':
			return m.auto_outcome_forfeited();
		default: {
			const never: never = sp.outcome;
			throw new Error(`unknown outcome ${String(never)}`);
		}
	}
}

const STEP_NAMES: Record<string, () => string> = {
	wake: m.auto_step_wake,
	gate: m.auto_step_gate,
	pipeline: m.auto_step_pipeline,
	door: m.auto_step_door,
	checks: m.auto_step_checks,
	'model call': m.auto_step_model_call,
	outcome: m.auto_step_outcome
};
export const stepName = (step: string) => STEP_NAMES[step]?.() ?? step;

/** The words that join a chain's parts, in the interface's language. */
function chainWords(): ChainWords {
	const cause: Record<string, () => string> = {
		merge: m.auto_cause_merge,
		error: m.auto_cause_error,
		review: m.auto_cause_review,
		autonomy: m.auto_cause_autonomy
	};
	return {
		cause: (c) => cause[c]?.() ?? c,
		reason: reasonName,
		check: checkName,
		none: m.auto_none(),
		clock: clockText,
		list: (items) => items.join(m.list_sep()),
		wake: (c, clock) => m.auto_chain_wake({ cause: c, clock }),
		wakeById: (id) => m.auto_chain_wake_id({ id }),
		gate: (reason, note, head) =>
			m.auto_chain_gate({ reason }) +
			(note !== null ? m.auto_chain_gate_note({ note }) : '') +
			(head !== null ? m.auto_chain_gate_head({ head }) : ''),
		admitFirst: m.auto_chain_admit_first(),
		claimed: (path) => m.auto_chain_claimed({ path }),
		analysis: (path, local, confidence, sure) =>
			m.auto_chain_analysis({
				path,
				local,
				confidence,
				sure: sure ? m.auto_chain_sure() : m.auto_chain_not_sure()
			}),
		door: (door, target, triggers, fp, repeated) =>
			m.auto_chain_door({ door, target, triggers, fp }) + (repeated ? m.auto_chain_door_repeated() : ''),
		trigger: (text, source) => `${text} [${source}]`,
		checks: (passed, skipped, refusal) =>
			m.auto_chain_checks({ passed, skipped }) + (refusal ? m.auto_chain_refused(refusal) : ''),
		call: (engine, model, prompt, completion) => m.auto_chain_call({ engine, model, prompt, completion }),
		callFailed: (error) => m.auto_chain_call_failed({ error }),
		estimated: (tokens) => m.auto_chain_estimated({ tokens }),
		outcome: {
			pending: () => m.auto_chain_pending(),
			refused: (sp) => m.auto_chain_refused_outcome({ budget: budgetName(sp.refusal?.budget ?? '') }),
			IMPROVE: (sp) => `IMPROVE: ${sp.reason ?? ''}`,
			SKIP: (sp) => `SKIP: ${sp.reason ?? ''}`,
			'transport-failure': (sp) => m.auto_chain_transport({ before: sp.before, after: sp.after }),
			deferred: (sp) => m.auto_chain_deferred({ tokens: sp.tokens }),
			forfeited: (sp) => m.auto_chain_forfeited({ error: sp.error ?? '' })
		}
	};
}

/** One piece of a run's text: words, or program output (a runtime error's message) to show as code. */
export interface RunTextPart {
	text: string;
	code: boolean;
}

/**
 * A run's text cut where it quotes a runtime error: the error is the program's words (English in a
 * run of any language, as JavaScript wrote it), so the page shows it as code, which no one translates.
 */
export function runTextParts(text: string): RunTextPart[] {
	const parts: RunTextPart[] = [];
	let rest = text;
	while (rest) {
		const hits = RUNTIME_ERRORS.map((e) => ({ e, at: rest.indexOf(e) })).filter((h) => h.at >= 0);
		if (!hits.length) break;
		const first = hits.reduce((a, b) => (b.at < a.at ? b : a));
		if (first.at > 0) parts.push({ text: rest.slice(0, first.at), code: false });
		parts.push({ text: first.e, code: true });
		rest = rest.slice(first.at + first.e.length);
	}
	if (rest) parts.push({ text: rest, code: false });
	return parts;
}

/** A spend's chain in the interface's language. */
export const chainFor = (s: AutonomyState, sp: Spend) => chainOf(s, sp, chainWords());

/** A spend in one line: the chart's mark name and tooltip, and what the live region announces. */
function what(sp: Spend): string {
	return sp.outcome === 'refused'
		? m.auto_refused_by_mark({ check: checkName(sp.refusal?.check ?? '') })
		: outcomeName(sp);
}

function markOf(sp: Spend): LedgerMark {
	const anomaly = sp.outcome === 'refused' ? null : anomalyOf(sp);
	return {
		id: sp.id,
		minute: sp.minute,
		door: sp.door,
		refused: sp.outcome === 'refused',
		reason: sp.wakeReason,
		anomaly,
		// A screen reader hears the anomaly the chart rings and names, not only the spend.
		label:
			m.auto_mark({
				id: sp.id,
				clock: clockText(sp.minute),
				door: sp.door,
				target: sp.target,
				what: what(sp),
				reason: reasonName(sp.wakeReason)
			}) + (anomaly ? m.auto_mark_anomaly({ anomaly: ANOMALY_NAME[anomaly]() }) : '')
	};
}

const ANOMALY_NAME = {
	'no-trigger': m.auto_anomaly_no_trigger,
	'repeated-fingerprint': m.auto_anomaly_repeated,
	'charged-failure': m.auto_anomaly_charged
} as const;

/** What the live region says when a spend is decided (or refused, or fails in transport). */
export const announcement = (sp: Spend) =>
	m.auto_announce({
		id: sp.id,
		clock: clockText(sp.minute),
		door: sp.door,
		target: sp.target,
		what: what(sp)
	});

/** The latest spend that is decided: the one the live region announces. */
export function lastDecided(s: AutonomyState): Spend | undefined {
	for (let i = s.spends.length - 1; i >= 0; i--) if (s.spends[i]!.outcome !== 'pending') return s.spends[i];
	return undefined;
}

/**
 * A moment of the run in the interface's language ("day 2, 15:01", "第 2 天 15:01"); the run's own
 * `clockOf` stays English, as the agents' prompts and the log say it.
 */
export function clockText(minute: number): string {
	const day = Math.floor(minute / 1440) + 1;
	const m_ = ((minute % 1440) + 1440) % 1440;
	const time = `${String(Math.floor(m_ / 60)).padStart(2, '0')}:${String(m_ % 60).padStart(2, '0')}`;
	return m.auto_clock({ day, time });
}

function ledgerLabels(): SpendLedgerLabels {
	return {
		reasons: Object.fromEntries(
			(['repo-changed', 'evidence', 'scheduled-review', 'autonomy-due'] as const).map((r) => [
				r,
				reasonName(r)
			])
		),
		anomalies: {
			'no-trigger': m.auto_anomaly_no_trigger(),
			'repeated-fingerprint': m.auto_anomaly_repeated(),
			'charged-failure': m.auto_anomaly_charged()
		},
		anomalyLegend: m.auto_chart_anomaly(),
		refusedLane: m.auto_chart_refused(),
		summary: (days, spends, refusals, anomalies) =>
			m.auto_chart_summary({ days, spends, refusals, anomalies }),
		dailyBudget: (tokens) => m.auto_chart_daily_budget({ tokens }),
		tokensPerDay: m.auto_chart_tokens_per_day(),
		day: (n) => m.auto_chart_day({ n })
	};
}

export function ledgerData(s: AutonomyState, selected: number | null): SpendLedgerData {
	const charged = Array.from({ length: s.config.days }, () => 0);
	for (const sp of s.spends)
		if (sp.charged && sp.outcome !== 'refused') {
			const day = Math.floor(sp.minute / 1440);
			if (day >= 0 && day < charged.length) charged[day]! += 1;
		}
	return {
		days: s.config.days,
		dailyTokens: s.config.dailyTokens,
		marks: s.spends.map(markOf),
		charged,
		selected,
		labels: ledgerLabels()
	};
}

export { summarize };

export const money = (dollars: number) => `$${dollars.toFixed(2)}`;

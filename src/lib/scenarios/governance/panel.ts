/**
 * The Auditor as a panel of two models that must agree (the seed: "Auditor用两者混合", Phi3 for rule
 * following beside Qwen2.5 for long reasoning). The seed says nothing of a split, so this is the rule,
 * stated once here and in ARCHITECTURE.md:
 *
 * - A review is approved only when both members approve.
 * - Both refuse with the same verdict (veto, redo or escalate): that verdict.
 * - Both refuse with different verdicts: a plain veto, the refusal both made; a demand only one made
 *   (a redo, an appeal to the Assigner) is dropped.
 * - One approves and one refuses: a redo, citing no rule. The output is neither accepted (the panel did
 *   not agree to) nor condemned under a rule (it did not agree on one); the Executor works it again.
 *   As any redo it counts as a veto, uncited, so a split panel lowers audit penetration, which is what
 *   the seed's warning table reads a falling penetration as: vetoes that stop citing rules.
 * - A refusal cites the first member's rule, or the second's where the first cited none.
 * - An amendment is co-signed only when both co-sign.
 *
 * The reason says who said what, so the audit trail shows a split. Both members' model calls go into
 * the log (the first's, then the second's), so a replay answers each from the recording.
 */
import type { GovernanceLang } from './config';
import { MAX_TEXT_CHARS } from './tasks';

type Verdict = 'approve' | 'veto' | 'redo' | 'escalate';
type RuleRef = { id: string; version: number } | null;

interface ReviewAction {
	task_id: string;
	n: number;
	verdict: Verdict;
	reason: string;
	rule?: RuleRef;
}

interface CosignAction {
	proposal_id: string;
	cosign: boolean;
	reason: string;
}

const VERDICTS: readonly string[] = ['approve', 'veto', 'redo', 'escalate'];
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

const isReview = (a: unknown): a is ReviewAction =>
	isObj(a) && typeof a.verdict === 'string' && VERDICTS.includes(a.verdict) && typeof a.reason === 'string';
const isCosign = (a: unknown): a is CosignAction =>
	isObj(a) && typeof a.cosign === 'boolean' && typeof a.reason === 'string';

interface Words {
	split: string;
	splitCosign: string;
	both: string;
	said: (who: string, what: string, why: string) => string;
}

const WORDS: Record<GovernanceLang, Words> = {
	en: {
		split: 'the panel split, so the output goes back for a redo',
		splitCosign: 'the panel split, so it does not co-sign',
		both: 'the panel agreed',
		said: (who, what, why) => `${who}: ${what} (${why})`
	},
	zh: {
		split: '审计组意见不一，输出退回重做',
		splitCosign: '审计组意见不一，不予联署',
		both: '审计组一致',
		said: (who, what, why) => `${who}：${what}（${why}）`
	}
};

const MEMBER = ['A', 'B'] as const;

/** Both members' words in one reason, cut so the whole stays within a reason's length. */
function joinReasons(lang: GovernanceLang, lead: string, parts: [string, string][]): string {
	const w = WORDS[lang];
	const room = Math.floor((MAX_TEXT_CHARS - lead.length - 8) / parts.length) - 20;
	const said = parts.map(([what, why], i) =>
		w.said(MEMBER[i]!, what, why.length > room ? `${why.slice(0, Math.max(0, room - 1))}…` : why)
	);
	return `${lead}: ${said.join('; ')}`.slice(0, MAX_TEXT_CHARS);
}

/**
 * The panel's answer to one of the Auditor's asks from its members' two answers, or null where either
 * answer is not one the rule can read (the caller hands that member's answer to the runner, which
 * refuses it and asks again).
 */
export function panelAction(
	kind: string,
	first: unknown,
	second: unknown,
	lang: GovernanceLang = 'en'
): unknown | null {
	const w = WORDS[lang];
	if (kind === 'review') {
		if (!isReview(first) || !isReview(second)) return null;
		const parts: [string, string][] = [
			[first.verdict, first.reason],
			[second.verdict, second.reason]
		];
		const base = { task_id: first.task_id, n: first.n };
		if (first.verdict === 'approve' && second.verdict === 'approve')
			return { ...base, verdict: 'approve', reason: joinReasons(lang, w.both, parts) };
		if (first.verdict === 'approve' || second.verdict === 'approve')
			return { ...base, verdict: 'redo', reason: joinReasons(lang, w.split, parts), rule: null };
		const verdict = first.verdict === second.verdict ? first.verdict : 'veto';
		const rule = first.rule ?? second.rule ?? null;
		return { ...base, verdict, reason: joinReasons(lang, w.both, parts), rule };
	}
	if (kind === 'cosign') {
		if (!isCosign(first) || !isCosign(second)) return null;
		const parts: [string, string][] = [
			[String(first.cosign), first.reason],
			[String(second.cosign), second.reason]
		];
		return {
			proposal_id: first.proposal_id,
			cosign: first.cosign && second.cosign,
			reason: joinReasons(lang, first.cosign === second.cosign ? w.both : w.splitCosign, parts)
		};
	}
	return null;
}

/** The asks a panel answers together; any other ask of the seat is the first member's alone. */
export const PANEL_ASKS: readonly string[] = ['review', 'cosign'];

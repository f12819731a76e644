/**
 * Why Sentinel's reply or answer was refused, in the run's language. The parser (`parseDecision`) and
 * the validator say it in English: that sentence is what the log records, the same in every run. A
 * Chinese run quotes it to the model in its retry prompt in Chinese, from these tables; a sentence
 * that has no entry (a tool's own message, a kernel's) is quoted as it is.
 */
import { textsFor, type AutonomyLang } from './texts';

/** The fixed sentences the parser and the validator give. */
export const DECISION_ERRORS = {
	reply: 'the reply must be {"decision": "IMPROVE" or "SKIP", "reason": "..."}',
	answer: 'the answer must be {"decision": "IMPROVE" or "SKIP", "reason": "..."}',
	decision: 'the decision must be IMPROVE or SKIP',
	reason: 'the reason must be text',
	noSpend: 'there is no open spend to decide',
	nothingToDecide: 'nothing to decide'
} as const;

/** The prefix of a patch the Tool Agent refused to write; the tool's own message follows it. */
export const PATCH_REFUSED = 'the patch could not be written: ';

/** What `withLengthHint` (policies/llm/chat-client.ts) adds when a reply hit the length limit. */
const LENGTH_HINT = ' (the reply hit the length limit: answer in fewer words)';

const ZH_FIXED: Record<string, string> = {
	[DECISION_ERRORS.reply]: '回复必须是 {"decision": "IMPROVE" 或 "SKIP", "reason": "……"}',
	[DECISION_ERRORS.answer]: '回答必须是 {"decision": "IMPROVE" 或 "SKIP", "reason": "……"}',
	[DECISION_ERRORS.decision]: '决定必须是 IMPROVE 或 SKIP',
	[DECISION_ERRORS.reason]: '理由必须是文字',
	[DECISION_ERRORS.noSpend]: '没有待决定的开销',
	[DECISION_ERRORS.nothingToDecide]: '没有要决定的事'
};

function zh(error: string): string {
	if (error.endsWith(LENGTH_HINT))
		return `${zh(error.slice(0, -LENGTH_HINT.length))}（回复达到了长度上限：请用更少的字回答）`;
	const fixed = ZH_FIXED[error];
	if (fixed) return fixed;
	if (error.startsWith(PATCH_REFUSED)) return `补丁无法写入：${error.slice(PATCH_REFUSED.length)}`;
	return error;
}

/** `error` in `lang`: English as it is; Chinese from the tables above, else the sentence unchanged. */
export function decisionErrorIn(lang: AutonomyLang, error: string): string {
	return lang === 'en' ? error : zh(error);
}

/** The retry line a model is sent after a refused reply: the refusal quoted in the run's language. */
export function retryLine(lang: AutonomyLang, error: string): string {
	return textsFor(lang).retry(decisionErrorIn(lang, error));
}

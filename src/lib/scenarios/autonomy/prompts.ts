/**
 * The one question a spent token buys: "improve this file, or SKIP?". The page, the scripted agent's
 * token estimate and the LLM policy all use these messages, so a spend costs the same tokens
 * whoever answers.
 */
import { estimateMessages } from '../../core/tokens';
import type { PromptMessage } from '../shared/prompt';
import type { AutonomyObservation } from './state';
import { DECISION_ERRORS } from './errors';
import { textsFor, type AutonomyLang } from './texts';

/** The reply's cap: a decision and one sentence. */
export const MAX_REPLY_TOKENS = 64;

/** What the question reads: the observation, in its run's language. */
type QuestionView = Pick<AutonomyObservation, 'path' | 'content' | 'triggers' | 'question' | 'lang'>;

export function questionMessages(obs: QuestionView): PromptMessage[] {
	const t = textsFor(obs.lang);
	const triggers = obs.triggers.length
		? obs.triggers.map((tr) => `- ${tr.text} (${tr.source})`).join('\n')
		: `- ${t.noTriggers}`;
	// A colon after each label: the ASCII one in English, the full-width one in Chinese.
	const colon = obs.lang === 'zh' ? '：' : ':';
	return [
		{ role: 'system', content: t.systemPrompt },
		{
			role: 'user',
			content: `${t.fileLabel}${colon} ${obs.path}\n${t.triggersLabel}${colon}\n${triggers}\n\n${obs.content}\n\n${obs.question}`
		}
	];
}

export const questionFor = (path: string, lang: AutonomyLang = 'en') => textsFor(lang).question(path);

/** The worst case a spend holds: the prompt, estimated conservatively, plus the reply's cap. */
export function reserveFor(obs: QuestionView): number {
	return estimateMessages(questionMessages(obs)) + MAX_REPLY_TOKENS;
}

/**
 * JSON schema for constrained decoders. No `maxLength` on the reason: XGrammar compiles a length limit
 * into a state per character (13 s over a 150k-token vocabulary, 0.25 s without); `parseDecision` and
 * `validate` cut the reason to 300 characters after decoding instead.
 */
export const DECIDE_SCHEMA = {
	type: 'object',
	properties: {
		decision: { type: 'string', enum: ['IMPROVE', 'SKIP'] },
		reason: { type: 'string' }
	},
	required: ['decision']
} as const;

/** Reads a decision from a reply: JSON first, then a bare IMPROVE or SKIP word. */
export function parseDecision(
	text: string
): { decision: 'IMPROVE' | 'SKIP'; reason: string } | { error: string } {
	const trimmed = text.trim();
	const json = /\{[\s\S]*\}/.exec(trimmed)?.[0];
	if (json) {
		try {
			const v = JSON.parse(json) as { decision?: unknown; reason?: unknown };
			const d = typeof v.decision === 'string' ? v.decision.trim().toUpperCase() : '';
			if (d === 'IMPROVE' || d === 'SKIP')
				return { decision: d, reason: typeof v.reason === 'string' ? v.reason.slice(0, 300) : '' };
		} catch {
			/* fall through to the bare word */
		}
	}
	const words = trimmed.toUpperCase().match(/\b(IMPROVE|SKIP)\b/g) ?? [];
	const distinct = [...new Set(words)];
	if (distinct.length === 1)
		return { decision: distinct[0] as 'IMPROVE' | 'SKIP', reason: trimmed.slice(0, 300) };
	return { error: DECISION_ERRORS.reply };
}

/**
 * The question cut to fit a model's window: the file is shortened (its head kept, a note where it was
 * cut) until prompt plus reply fit. The triggers and the question always stay.
 */
export function fittedQuestion(obs: QuestionView, contextWindow: number): PromptMessage[] {
	const room = contextWindow - MAX_REPLY_TOKENS;
	let content = obs.content;
	let messages = questionMessages({ ...obs, content });
	while (estimateMessages(messages) > room && content.length > 0) {
		content = content.slice(0, Math.floor(content.length * 0.8));
		messages = questionMessages({ ...obs, content: `${content}\n${textsFor(obs.lang).fileCut}` });
	}
	return messages;
}

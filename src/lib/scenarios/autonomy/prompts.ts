/**
 * The one question a spent token buys: "improve this file, or SKIP?". The page, the scripted agent's
 * token estimate and the LLM policy all use these messages, so a spend costs the same tokens
 * whoever answers.
 */
import { estimateMessages } from '../../core/tokens';
import type { PromptMessage } from '../shared/prompt';
import type { AutonomyObservation } from './state';

/** The reply's cap: a decision and one sentence. */
export const MAX_REPLY_TOKENS = 64;

export const SYSTEM_PROMPT =
	'You are Sentinel, an autonomous coding agent with a small daily budget. You are shown one file of your ' +
	'repository and the triggers that made you look at it. Decide whether the file is worth improving now. ' +
	'Answer with JSON only: {"decision": "IMPROVE" or "SKIP", "reason": "one short sentence"}.';

export function questionMessages(
	obs: Pick<AutonomyObservation, 'path' | 'content' | 'triggers' | 'question'>
): PromptMessage[] {
	const triggers = obs.triggers.length
		? obs.triggers.map((t) => `- ${t.text} (${t.source})`).join('\n')
		: '- none';
	return [
		{ role: 'system', content: SYSTEM_PROMPT },
		{
			role: 'user',
			content: `File: ${obs.path}\nTriggers:\n${triggers}\n\n${obs.content}\n\n${obs.question}`
		}
	];
}

export const questionFor = (path: string) => `Improve ${path} now, or SKIP?`;

/** The worst case a spend holds: the prompt, estimated conservatively, plus the reply's cap. */
export function reserveFor(
	obs: Pick<AutonomyObservation, 'path' | 'content' | 'triggers' | 'question'>
): number {
	return estimateMessages(questionMessages(obs)) + MAX_REPLY_TOKENS;
}

/** JSON schema for constrained decoders. */
export const DECIDE_SCHEMA = {
	type: 'object',
	properties: {
		decision: { type: 'string', enum: ['IMPROVE', 'SKIP'] },
		reason: { type: 'string', maxLength: 300 }
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
	return { error: 'the reply must be {"decision": "IMPROVE" or "SKIP", "reason": "..."}' };
}

/**
 * The question cut to fit a model's window: the file is shortened (its head kept, a note where it was
 * cut) until prompt plus reply fit. The triggers and the question always stay.
 */
export function fittedQuestion(
	obs: Pick<AutonomyObservation, 'path' | 'content' | 'triggers' | 'question'>,
	contextWindow: number
): PromptMessage[] {
	const room = contextWindow - MAX_REPLY_TOKENS;
	let content = obs.content;
	let messages = questionMessages({ ...obs, content });
	while (estimateMessages(messages) > room && content.length > 0) {
		content = content.slice(0, Math.floor(content.length * 0.8));
		messages = questionMessages({ ...obs, content: `${content}\n// … (file cut to fit the model's window)` });
	}
	return messages;
}

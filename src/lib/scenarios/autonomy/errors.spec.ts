import { describe, expect, it } from 'vitest';
import { createStream, seatId, type Ask } from '../../core';
import { withLengthHint } from '../../policies/llm/chat-client';
import { createLlmAutonomyPolicy } from './policies/llm/autonomy';
import type { ChatRequest } from '../../engines/types';
import { DECISION_ERRORS, decisionErrorIn, parseDecision, retryLine, type AutonomyObservation } from '.';

const HAN = /\p{Script=Han}/u;
/** Two English words in a row: what a Chinese retry line must not carry outside quoted JSON. */
const ENGLISH_RUN = /[A-Za-z]{2,}\s+[A-Za-z]{2,}/;

describe('a refused decision, in the run’s language', () => {
	it('quotes every fixed refusal in Chinese in a zh run, with no English sentence left', () => {
		for (const error of Object.values(DECISION_ERRORS)) {
			const zh = decisionErrorIn('zh', error);
			expect(zh).not.toBe(error);
			expect(zh).toMatch(HAN);
			// Only the JSON's own keys and values (decision, IMPROVE, SKIP, reason) stay Latin.
			expect(zh.replace(/"[A-Za-z]+"|IMPROVE|SKIP/g, '')).not.toMatch(ENGLISH_RUN);
		}
	});

	it('leaves English untouched, byte for byte', () => {
		for (const error of Object.values(DECISION_ERRORS)) expect(decisionErrorIn('en', error)).toBe(error);
		expect(retryLine('en', DECISION_ERRORS.reply)).toBe(
			`Your previous reply was rejected: ${DECISION_ERRORS.reply}. Reply again.`
		);
	});

	it('says the parser’s own refusal and the length hint in Chinese, and keeps a tool’s message as it is', () => {
		const parsed = parseDecision('IMPROVE or SKIP?');
		expect(parsed).toEqual({ error: DECISION_ERRORS.reply });
		const hinted = withLengthHint(DECISION_ERRORS.reply, {
			text: '',
			finishReason: 'length',
			usage: { promptTokens: 1, completionTokens: 1, ttftMs: 1, totalMs: 1, decodeTokensPerSecond: 1 }
		});
		expect(decisionErrorIn('zh', hinted)).toBe(
			'回复必须是 {"decision": "IMPROVE" 或 "SKIP", "reason": "……"}（回复达到了长度上限：请用更少的字回答）'
		);
		expect(decisionErrorIn('zh', 'the patch could not be written: EACCES /workspace/output')).toBe(
			'补丁无法写入：EACCES /workspace/output'
		);
		expect(decisionErrorIn('zh', 'some sentence nobody wrote here')).toBe('some sentence nobody wrote here');
	});

	it('sends a Chinese run’s model the retry line in Chinese, and an English run’s in English', async () => {
		const obs = (lang: 'en' | 'zh'): AutonomyObservation => ({
			minute: 9 * 60,
			spend: 1,
			door: 'admit',
			path: 'a.js',
			content: 'x\n',
			triggers: [],
			question: 'q',
			lang
		});
		const ask: Ask = {
			id: 'decide:1',
			seat: seatId(1),
			kind: 'decide',
			attempt: 1,
			error: DECISION_ERRORS.reply
		};
		const sent = async (lang: 'en' | 'zh') => {
			const requests: ChatRequest[] = [];
			const policy = createLlmAutonomyPolicy({
				engine: 'fake',
				model: 'm',
				contextWindow: 4096,
				async chat(req) {
					requests.push(req);
					return {
						text: '{"decision":"SKIP"}',
						finishReason: 'stop',
						usage: { promptTokens: 1, completionTokens: 1, ttftMs: 1, totalMs: 1, decodeTokensPerSecond: 1 }
					};
				}
			});
			await policy.act(obs(lang), ask, { rng: createStream(1, 'x'), seed: 1, streamName: 's', tick: 1 });
			return requests[0]!.messages.at(-1)!.content;
		};
		expect(await sent('zh')).toBe(
			'你上一次的回复被拒绝了：回复必须是 {"decision": "IMPROVE" 或 "SKIP", "reason": "……"}。请重新回复。'
		);
		expect(await sent('en')).toBe(`Your previous reply was rejected: ${DECISION_ERRORS.reply}. Reply again.`);
	});
});

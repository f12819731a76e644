import { describe, expect, it } from 'vitest';
import { SALVAGE_ERRORS } from '../../salvage';
import { errorIn } from './errors';
import { parseReply, REPLY_ERRORS } from './parse';
import { speakPrompt } from './prompts';

describe('errorIn', () => {
	it('leaves English as the parser and the rules say it', () => {
		expect(errorIn('en', REPLY_ERRORS.ownWord)).toBe(REPLY_ERRORS.ownWord);
	});

	it('has Chinese for every fixed sentence of the parser', () => {
		for (const e of [...Object.values(REPLY_ERRORS), ...Object.values(SALVAGE_ERRORS)])
			expect(errorIn('zh', e), e).toMatch(/[\u4e00-\u9fff]/);
	});

	it('puts the values of a sentence into its Chinese', () => {
		const ctx = { self: 2, alive: [1, 2, 3], word: '保安', lang: 'zh' as const };
		const cases: [string, string][] = [
			['{"target": 2}', '你不能投给自己（2号）'],
			['{"target": 7}', '7号已经不在场上；请从1号、3号中投一个'],
			['3号或1号', '回复有歧义：它说了不止一个座位（1号、3号）；请只投一个']
		];
		for (const [reply, zh] of cases) {
			const r = parseReply('vote', reply, ctx);
			expect(r.ok).toBe(false);
			if (!r.ok) expect(errorIn('zh', r.error)).toBe(zh);
		}
	});

	it('translates what the rules refuse', () => {
		expect(errorIn('zh', 'seat 9 cannot be voted for now (choose one of 2, 3)')).toBe(
			'现在不能投9号（请从2号、3号中选一个）'
		);
		expect(errorIn('zh', 'the speech says the secret word itself')).toBe('发言说出了秘密词本身');
		expect(errorIn('zh', 'the speech is over 400 characters')).toBe('发言超过了 400 个字符');
	});

	it('quotes a sentence it does not know as it is', () => {
		expect(errorIn('zh', 'something new')).toBe('something new');
	});

	it('is what a Chinese retry prompt quotes', () => {
		const obs = {
			seat: 1,
			lang: 'zh',
			seats: [1, 2, 3, 4],
			persona: { name: '蘅', temperament: 'INTJ', style: '话少。' },
			word: '保安',
			round: 1,
			phase: 'SPEAK',
			alive: [1, 2, 3, 4],
			eliminated: [],
			speeches: [],
			votes: [],
			tied: [],
			memory: { mySpeeches: [] }
		} as unknown as Parameters<typeof speakPrompt>[0];
		const text = speakPrompt(obs, { previousError: REPLY_ERRORS.ownWord })
			.messages.map((p) => p.content)
			.join('\n');
		expect(text).toContain(
			'你上一次的回复被拒绝了：发言里说出了你自己的秘密词；请描述它，但不要说出它。请重新回复。'
		);
		expect(text).not.toMatch(/[A-Za-z]{3,} [a-z]{3,}/);
	});
});

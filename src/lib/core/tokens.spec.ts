import { describe, expect, it } from 'vitest';
import { estimateMessages, estimateTokens } from './tokens';

describe('the one token estimate', () => {
	it('counts a token per CJK character and per three other characters, rounded up', () => {
		expect(estimateTokens('')).toBe(0);
		expect(estimateTokens('abcdefgh')).toBe(3);
		expect(estimateTokens('苹果很甜')).toBe(4);
		expect(estimateTokens('苹果 red')).toBe(2 + 2);
	});

	it('adds the chat template’s tokens per message and for the reply header', () => {
		expect(estimateMessages([])).toBe(3);
		expect(estimateMessages([{ content: 'abc' }, { content: '苹' }])).toBe(3 + (4 + 1) + (4 + 1));
	});
});

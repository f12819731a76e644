/**
 * The one rule the client cuts by and a replay checks a recorded cut against: its edges. The real
 * client and real runs meet it in scripts/mock-openai.spec.ts ("the client's cut is evidence").
 */
import { describe, expect, it } from 'vitest';
import { cutProblem, MAX_REPLY_CHARS, reachesBudget, replyCharCap } from './reply-cut';

const call = (reply: string, more: Record<string, unknown> = {}) => ({
	engine: 'openai',
	reply,
	finishReason: 'stop',
	completionTokens: 9,
	...more
});

describe('where a reply is cut, and what a recorded cut must show', () => {
	it('counts a reply as at its budget past the budget in deltas, or at the character cap exactly', () => {
		expect(replyCharCap(10)).toBe(160);
		expect(replyCharCap(100_000)).toBe(MAX_REPLY_CHARS);
		expect(replyCharCap(undefined)).toBe(MAX_REPLY_CHARS);
		expect(reachesBudget(10, 159, 10)).toBe(false);
		expect(reachesBudget(11, 0, 10)).toBe(true);
		expect(reachesBudget(1, 160, 10)).toBe(true);
	});

	it('an uncut endpoint reply must be shorter than the cap; another engine is not cut by the client', () => {
		expect(cutProblem(call('x'.repeat(159)), 10)).toBeNull();
		expect(cutProblem(call('x'.repeat(160)), 10)).toBe(
			"records a reply of 160 characters, as long as its budget of 10 tokens allows, without the client's cut"
		);
		expect(cutProblem(call('x'.repeat(500), { engine: 'webllm' }), 10)).toBeNull();
	});

	it('a cut reply ends for length, spent its whole budget, and is no longer than the cap', () => {
		const cut = { cutByClient: true, finishReason: 'length', completionTokens: 10 };
		expect(cutProblem(call('x'.repeat(160), cut), 10)).toBeNull();
		// Cut by deltas: the text can be short (each delta may carry a single character).
		expect(cutProblem(call('x'.repeat(11), cut), 10)).toBeNull();
		expect(cutProblem(call('x', { ...cut, completionTokens: 9 }), 10)).toBe(
			'is marked as cut at its budget of 10 tokens but records 9 completion tokens'
		);
		expect(cutProblem(call('x', { ...cut, finishReason: 'stop' }), 10)).toBe(
			'is marked as cut at its budget but does not end for length'
		);
		expect(cutProblem(call('x'.repeat(161), cut), 10)).toMatch(/runs past the 160 the cut leaves$/);
		expect(cutProblem(call('x', { ...cut, engine: 'webllm' }), 10)).toMatch(/only an endpoint's replies/);
		expect(cutProblem(call('x', { ...cut, cutByClient: 'yes' }), 10)).toBe('has an unreadable cut mark');
	});
});

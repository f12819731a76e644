import { describe, expect, it } from 'vitest';
import { pointOf, type PredictionPoint } from '$lib/classroom/predictions';
import { overwriteGetLocale } from '$lib/paraglide/runtime';
import type { Ask } from '$lib/core';
import { outcomeText, questionText } from './predict-text';

const ask = (id: string, kind: string, options?: number[]): Ask =>
	({ id, seat: 1, kind, attempt: 0, ...(options ? { options } : {}) }) as unknown as Ask;

/** One point of each kind the class can predict, as predictions.ts writes it into the class's log. */
const POINTS: PredictionPoint[] = [
	pointOf('undercover', [ask('r1:vote:vote:1', 'vote', [2, 3]), ask('r1:vote:vote:2', 'vote', [1, 3])])!,
	pointOf('undercover', [ask('r2:vote:revote:1', 'vote', [2, 3])])!,
	pointOf('governance', [ask('t1:review', 'review')])!,
	pointOf('autonomy', [ask('d1:decide', 'decide')])!
];

describe('a prediction point in the interface language', () => {
	it('says in English exactly the words the class’s log recorded', () => {
		expect(POINTS.every(Boolean)).toBe(true);
		for (const p of POINTS) {
			expect(questionText(p)).toBe(p.question);
			for (const o of p.options) expect(outcomeText(p, o.value)).toBe(o.label);
		}
	});

	it('says every question and outcome in Chinese', () => {
		overwriteGetLocale(() => 'zh');
		try {
			for (const p of POINTS) {
				expect(questionText(p)).not.toBe(p.question);
				expect(questionText(p)).toMatch(/[\u4e00-\u9fff]/);
				for (const o of p.options) expect(outcomeText(p, o.value)).toMatch(/[\u4e00-\u9fff]/);
			}
			expect(outcomeText(POINTS[0]!, null)).toBe('没有唯一选择（全班意见持平）');
		} finally {
			overwriteGetLocale(() => 'en');
		}
	});
});

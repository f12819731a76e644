import { describe, expect, it } from 'vitest';
import type { UndercoverState } from '$lib/scenarios/undercover';
import { getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { newsOf, newsText, reasonText, seenOf } from './words';

const base = getLocale;

/** Just the parts of a state the live region reads. */
const state = (patch: Record<string, unknown>): UndercoverState =>
	({ votes: [], eliminations: [], tied: [], outcome: null, ...patch }) as unknown as UndercoverState;

describe('the live region', () => {
	it('tells each new vote, then a tie, an elimination and the end, once', () => {
		const before = state({ votes: [{ round: 1, stage: 'vote', voter: 1, target: 2 }] });
		const after = state({
			votes: [
				{ round: 1, stage: 'vote', voter: 1, target: 2 },
				{ round: 1, stage: 'vote', voter: 2, target: 3 },
				{ round: 1, stage: 'vote', voter: 3, target: null }
			],
			eliminations: [{ round: 1, seat: 3 }],
			outcome: {
				winner: 'civilians',
				reason: 'every undercover seat was voted out',
				rounds: 1,
				eliminated: [3]
			}
		});
		const news = newsOf(seenOf(before), after);
		expect(news.map(newsText)).toEqual([
			'Seat 2 voted for seat 3.',
			'Seat 3 did not vote.',
			'Seat 3 is voted out.',
			'Game over. The civilians win.'
		]);
		expect(newsOf(seenOf(after), after)).toEqual([]);
	});

	it('tells a seat put out by lot after a revote that tied again, in English and Chinese', () => {
		const after = state({ eliminations: [{ round: 2, seat: 4, lot: true }] });
		const news = newsOf(seenOf(state({})), after);
		expect(news).toEqual([{ kind: 'out', seat: 4, lot: true }]);
		expect(news.map(newsText)).toEqual(['The revote tied again: seat 4 is out by lot.']);
		overwriteGetLocale(() => 'zh');
		try {
			expect(news.map(newsText)).toEqual(['重新投票再次平票：4号抽签出局。']);
		} finally {
			overwriteGetLocale(base);
		}
	});

	it('tells a tie when one is declared', () => {
		const news = newsOf(seenOf(state({})), state({ tied: [2, 4] }));
		expect(news.map(newsText)).toEqual(['The vote is tied between seats 2, 4.']);
	});
});

describe('reasonText', () => {
	it('shows the log’s English reason as it is in English', () => {
		const outcome = { winner: 'draw' as const, reason: 'round cap of 6 reached', rounds: 6, eliminated: [] };
		expect(reasonText(outcome)).toBe('round cap of 6 reached');
	});

	it('says a run halted for its log size in Chinese with the sizes the log gives', () => {
		const reason = 'log size limit: the run file has reached 20 MB, and a run file holds at most 50 MB';
		const outcome = { winner: 'draw' as const, reason, rounds: 2, eliminated: [] };
		overwriteGetLocale(() => 'zh');
		try {
			expect(reasonText(outcome)).toBe('运行文件已达到 20 MB，而一个运行文件最多只能有 50 MB');
		} finally {
			overwriteGetLocale(base);
		}
		expect(reasonText(outcome)).toBe(reason);
	});
});

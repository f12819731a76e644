// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	createSpendLedger,
	ENGLISH_LABELS,
	type SpendLedgerLabels,
	type SpendLedgerData
} from './spend-ledger';
import { textEm } from './style';
import { FONT_AXIS } from './text';

// Three days: a legitimate admit on day 1, the backdoor (consider with no trigger) on day 2 at 9:55,
// a refused consider, a charged 500 and the same fingerprint again on day 3.
const data: SpendLedgerData = {
	days: 3,
	dailyTokens: 4,
	marks: [
		{
			id: 1,
			minute: 901,
			door: 'admit',
			refused: false,
			reason: 'autonomy-due',
			anomaly: null,
			label: 'spend 1'
		},
		{
			id: 2,
			minute: 1440 + 595,
			door: 'consider',
			refused: false,
			reason: 'repo-changed',
			anomaly: 'no-trigger',
			label: 'spend 2'
		},
		{
			id: 3,
			minute: 1440 + 595,
			door: 'consider',
			refused: false,
			reason: 'repo-changed',
			anomaly: 'no-trigger',
			label: 'spend 3'
		},
		{
			id: 4,
			minute: 2880 + 600,
			door: 'consider',
			refused: true,
			reason: 'evidence',
			anomaly: null,
			label: 'refused 4'
		},
		{
			id: 5,
			minute: 2880 + 901,
			door: 'admit',
			refused: false,
			reason: 'autonomy-due',
			anomaly: 'charged-failure',
			label: 'spend 5'
		},
		{
			id: 6,
			minute: 2880 + 917,
			door: 'admit',
			refused: false,
			reason: 'autonomy-due',
			anomaly: 'repeated-fingerprint',
			label: 'spend 6'
		}
	],
	charged: [1, 2, 2]
};

describe('createSpendLedger', () => {
	let el: HTMLElement;
	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());

	it('puts each spend on its door’s lane and refusals on their own, in time order', () => {
		createSpendLedger(el).update(data);
		const lane = (door: string) =>
			[...el.querySelectorAll(`.mark[data-door="${door}"][data-refused="false"]`)].map((m) =>
				m.getAttribute('data-id')
			);
		expect(lane('admit')).toEqual(['1', '5', '6']);
		expect(lane('consider')).toEqual(['2', '3']);
		expect(
			[...el.querySelectorAll('.mark[data-refused="true"]')].map((m) => m.getAttribute('data-id'))
		).toEqual(['4']);
		const xs = [...el.querySelectorAll('.mark[data-door="admit"]')].map((m) =>
			Number(/translate\(([\d.]+)/.exec(m.getAttribute('transform')!)![1])
		);
		expect(xs).toEqual([...xs].sort((a, b) => a - b));
	});

	it('sets two spends at the same moment side by side, so neither hides the other', () => {
		createSpendLedger(el).update(data);
		const at = (id: number) =>
			/translate\(([\d.]+)[ ,]([\d.]+)/.exec(
				el.querySelector(`.mark[data-id="${id}"]`)!.getAttribute('transform')!
			)!;
		const [x2, y2] = [Number(at(2)[1]), Number(at(2)[2])];
		const [x3, y3] = [Number(at(3)[1]), Number(at(3)[2])];
		const r = Number(el.querySelector('.mark[data-id="2"] circle')!.getAttribute('r'));
		expect(Math.hypot(x3 - x2, y3 - y2)).toBeGreaterThanOrEqual(2 * r);
	});

	it('rings every anomaly and names them where the names do not run into each other', () => {
		createSpendLedger(el).update(data);
		expect([...el.querySelectorAll('.mark[data-anomaly="no-trigger"]')]).toHaveLength(2);
		const tags = [...el.querySelectorAll('.anomaly-label')].map((t) => t.textContent).filter(Boolean);
		// 15:01 and 15:17 on one lane are a few pixels apart: only the first of the two is named.
		expect(tags).toEqual(['no trigger', 'charged 500']);
		expect(el.querySelector('.mark[data-anomaly="repeated-fingerprint"]')?.getAttribute('aria-label')).toBe(
			'spend 6'
		);
		expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe(
			'Spend ledger over 3 days: 5 spends, 1 refusals, 4 anomalies'
		);
	});

	it('draws only the words it is given, and redraws in another language', () => {
		const chart = createSpendLedger(el);
		chart.update(data);
		const labels: SpendLedgerLabels = {
			reasons: {
				'repo-changed': '代码库变化',
				evidence: '证据',
				'scheduled-review': '定期 review',
				'autonomy-due': 'autonomy 到期'
			},
			anomalies: {
				'no-trigger': '无触发条件',
				'repeated-fingerprint': '相同指纹',
				'charged-failure': '500 仍扣费'
			},
			anomalyLegend: '异常',
			refusedLane: '已拒绝',
			summary: (days, spends, refusals, anomalies) =>
				`${days} 天：${spends} 次开销，${refusals} 次拒绝，${anomalies} 个异常`,
			dailyBudget: (n) => `每日预算：${n}`,
			tokensPerDay: '代币/天',
			day: (n) => `第 ${n} 天`
		};
		chart.update({ ...data, labels });
		const texts = [...el.querySelectorAll('text')].map((t) => t.textContent).filter(Boolean);
		expect(texts).toContain('已拒绝');
		expect(texts).toContain('每日预算：4');
		expect(texts).toContain('第 2 天');
		expect(texts).toContain('无触发条件');
		expect(texts).toContain('代码库变化');
		expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe('3 天：5 次开销，1 次拒绝，4 个异常');
		// Nothing English is left but the doors' names, which are code.
		expect(texts.filter((t) => /[a-z]{3,} [a-z]{3,}/.test(t!))).toEqual([]);
	});

	it('draws the tokens charged per day against the daily budget line', () => {
		createSpendLedger(el).update(data);
		expect(el.querySelectorAll('.day-bar')).toHaveLength(3);
		expect([...el.querySelectorAll('.x-ticks text')].map((t) => t.textContent)).toEqual([
			'day 1',
			'day 2',
			'day 3'
		]);
		expect(el.querySelector('.budget-label')?.textContent).toBe('daily budget: 4');
		const line = Number(el.querySelector('.budget-line')?.getAttribute('y1'));
		const bar = el.querySelector('.day-bar[data-day="1"]')!;
		// One token of four: the bar's top is below the budget line.
		expect(Number(bar.getAttribute('y'))).toBeGreaterThan(line);
	});

	it('tells the page which mark was clicked or chosen with the keyboard', () => {
		const chosen: number[] = [];
		createSpendLedger(el, { onSelect: (id) => chosen.push(id) }).update(data);
		el.querySelector<SVGGElement>('.mark[data-id="2"]')!.dispatchEvent(
			new MouseEvent('click', { bubbles: true })
		);
		el.querySelector<SVGGElement>('.mark[data-id="5"]')!.dispatchEvent(
			new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })
		);
		expect(chosen).toEqual([2, 5]);
	});

	it('keeps its marks across updates (keyed by id) and is gone after destroy', () => {
		const chart = createSpendLedger(el);
		chart.update({ ...data, marks: data.marks.slice(0, 2) });
		const first = el.querySelector('.mark[data-id="1"]');
		chart.update(data);
		expect(el.querySelector('.mark[data-id="1"]')).toBe(first);
		chart.destroy();
		expect(el.querySelector('svg')).toBeNull();
	});

	it('labels a month of days without crowding: day 1 only where the first step leaves room', () => {
		createSpendLedger(el).update({ ...data, days: 30, charged: Array(30).fill(1) });
		const ticks = [...el.querySelectorAll('.x-ticks text')].map((t) => t.textContent);
		expect(ticks[0]).not.toBe('day 1');
		expect(ticks.at(-1)).toBe('day 30');
	});

	it('re-lays for a phone: day labels a label’s width apart and inside the chart, the legend in rows', () => {
		// A 360 px phone's column; jsdom lays nothing out, so the chart is told the width it measures.
		Object.defineProperty(el, 'clientWidth', { value: 330 });
		const zhDay = (n: number) => `第 ${n} 天`;
		for (const days of [5, 12, 30]) {
			el.replaceChildren();
			const labels = { ...ENGLISH_LABELS, day: zhDay };
			createSpendLedger(el).update({ ...data, days, charged: Array(days).fill(1), labels });
			expect(el.querySelector('svg')?.getAttribute('viewBox')).toMatch(/^0 0 330 /);
			const ticks = [...el.querySelectorAll('.x-ticks text')].map((t) => ({
				x: Number(t.getAttribute('x')),
				half: (textEm(t.textContent ?? '') * FONT_AXIS) / 2
			}));
			expect(ticks.length).toBeGreaterThan(1);
			for (const [i, t] of ticks.entries()) {
				expect(t.x + t.half, `day label ${i} of ${days} days`).toBeLessThanOrEqual(330);
				const next = ticks[i + 1];
				if (next) expect(next.x - next.half - (t.x + t.half), `gap after label ${i}`).toBeGreaterThan(0);
			}
		}
		const items = [...el.querySelectorAll('.legend .item')].map((g) => {
			const [, x, y] = /translate\(([\d.]+),([\d.]+)\)/.exec(g.getAttribute('transform') ?? '') ?? [];
			return {
				x: Number(x),
				y: Number(y),
				w: 12 + textEm(g.querySelector('text')?.textContent ?? '') * FONT_AXIS
			};
		});
		expect(items).toHaveLength(5);
		for (const item of items) expect(item.x + item.w).toBeLessThanOrEqual(330);
		expect(new Set(items.map((i) => i.y)).size).toBeGreaterThan(1);
		// The lanes move down below the legend's rows, so no lane's name sits on a legend item.
		const admitY = Number(el.querySelector('.lane text')?.getAttribute('y'));
		expect(admitY).toBeGreaterThan(Math.max(...items.map((i) => i.y)) + 20);
	});

	it('renders the same SVG for the same data', () => {
		createSpendLedger(el).update({ ...data, selected: 2 });
		expect(el.innerHTML).toMatchSnapshot();
	});
});

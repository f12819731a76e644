// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupedBars, type GroupedBarsData } from './grouped-bars';

const data: GroupedBarsData = {
	groups: [
		{ key: 'civilianWin', label: 'win as civilian' },
		{ key: 'voteHit', label: 'vote hits' },
		{ key: 'comeback', label: 'comebacks' }
	],
	series: [
		{ key: 'scripted (no LLM)', label: 'scripted (no LLM)' },
		{ key: 'transformers:/test-models/tiny-chat', label: 'transformers · tiny-chat' }
	],
	values: [
		{ group: 'civilianWin', series: 'scripted (no LLM)', value: 0.8, detail: '8/10' },
		{ group: 'civilianWin', series: 'transformers:/test-models/tiny-chat', value: 0.4, detail: '2/5' },
		{ group: 'voteHit', series: 'scripted (no LLM)', value: 0.5, detail: '10/20' },
		{ group: 'voteHit', series: 'transformers:/test-models/tiny-chat', value: 0, detail: '0/12' },
		{ group: 'comeback', series: 'scripted (no LLM)', value: 1, detail: '1/1' },
		{ group: 'comeback', series: 'transformers:/test-models/tiny-chat', value: null, detail: '0/0' }
	]
};

describe('createGroupedBars', () => {
	let el: HTMLElement;

	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());

	const bar = (key: string) => el.querySelector(`g.bar[data-key="${key}"] rect`) as SVGRectElement;
	const h = (key: string) => Number(bar(key).getAttribute('height'));

	it('draws one bar per value, grouped by measure, heights in proportion to the rate', () => {
		createGroupedBars(el, { label: 'Rates per model' }).update(data);
		expect(el.querySelectorAll('g.bar')).toHaveLength(6);
		expect(
			h('civilianWin|transformers:/test-models/tiny-chat') / h('civilianWin|scripted (no LLM)')
		).toBeCloseTo(0.5, 5);
		expect(h('voteHit|transformers:/test-models/tiny-chat')).toBe(0);
		// Bars of one measure sit side by side, in legend order.
		const x = (k: string) => Number(bar(k).getAttribute('x'));
		expect(x('voteHit|scripted (no LLM)')).toBeLessThan(x('voteHit|transformers:/test-models/tiny-chat'));
		expect(x('civilianWin|transformers:/test-models/tiny-chat')).toBeLessThan(x('voteHit|scripted (no LLM)'));
		expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe(
			'Rates per model: 2 series over 3 measures'
		);
	});

	it('marks a rate with nothing observed as n/a rather than a zero bar', () => {
		createGroupedBars(el).update(data);
		const na = el.querySelector('g.bar[data-key="comeback|transformers:/test-models/tiny-chat"]');
		expect(na?.getAttribute('data-value')).toBe('null');
		expect(na?.querySelector('text.na')?.textContent).toBe('n/a');
		expect(na?.querySelector('title')?.textContent).toBe('transformers · tiny-chat · comebacks: n/a (0/0)');
		expect(el.querySelector('g.bar[data-key="civilianWin|scripted (no LLM)"] title')?.textContent).toBe(
			'scripted (no LLM) · win as civilian: 80% (8/10)'
		);
	});

	it('has a legend entry per series and every text at 14px or more', () => {
		createGroupedBars(el).update(data);
		expect([...el.querySelectorAll('g.legend text')].map((t) => t.textContent)).toEqual([
			'1 scripted (no LLM)',
			'2 transformers · tiny-chat'
		]);
		const sizes = [...el.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
		expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
	});

	it('never tells series apart by colour alone: every bar carries its legend number, and is outlined', () => {
		createGroupedBars(el).update(data);
		const marks = (series: string) =>
			[...el.querySelectorAll(`g.bar[data-key$="|${series}"] text.mark`)].map((t) => t.textContent);
		expect(marks('scripted (no LLM)')).toEqual(['1', '1', '1']);
		expect(marks('transformers:/test-models/tiny-chat')).toEqual(['2', '2', '2']);
		for (const rect of el.querySelectorAll('g.bar rect')) expect(rect.getAttribute('stroke')).toBeTruthy();
	});

	it('says what it shows in the words it is given (any language)', () => {
		createGroupedBars(el, {
			describe: (series, groups) => `各模型的比率：${series} 行，${groups} 项指标`,
			missing: '无'
		}).update(data);
		expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe('各模型的比率：2 行，3 项指标');
		const na = el.querySelector('g.bar[data-key="comeback|transformers:/test-models/tiny-chat"]');
		expect(na?.querySelector('text.na')?.textContent).toBe('无');
		expect(na?.querySelector('title')?.textContent).toBe('transformers · tiny-chat · comebacks: 无 (0/0)');
	});

	it('keeps bar elements across updates and shows a message when empty', () => {
		const chart = createGroupedBars(el, { empty: 'No finished games yet' });
		chart.update({ groups: data.groups, series: [], values: [] });
		expect(el.querySelector('text.empty')?.textContent).toBe('No finished games yet');
		chart.update(data);
		const kept = el.querySelector('g.bar[data-key="voteHit|scripted (no LLM)"]');
		chart.update({
			...data,
			values: data.values.map((v) => ({ ...v, value: v.value === null ? null : v.value / 2 }))
		});
		expect(el.querySelector('text.empty')).toBeNull();
		expect(el.querySelector('g.bar[data-key="voteHit|scripted (no LLM)"]')).toBe(kept);
	});

	it('empties the element on destroy', () => {
		const chart = createGroupedBars(el);
		chart.update(data);
		chart.destroy();
		expect(el.innerHTML).toBe('');
	});

	it('renders stable markup', () => {
		createGroupedBars(el, { label: 'Rates per model' }).update(data);
		expect(el.innerHTML).toMatchSnapshot();
	});
});

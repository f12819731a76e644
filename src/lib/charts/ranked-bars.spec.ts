// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRankedBars, type RankedBar } from './ranked-bars';

const reasons: RankedBar[] = [
	{
		key: 'R1-v1',
		label: 'R1-v1 · VIP discount',
		value: 5,
		detail: 'Order S1042 has a 12% discount; R1 asks 15%.'
	},
	{ key: 'R5-v1', label: 'R5-v1 · Chart titles', value: 3, detail: 'The chart has no title.' },
	{ key: 'none', label: 'no rule cited', value: 1 }
];

describe('createRankedBars', () => {
	let el: HTMLElement;

	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());

	it('draws one bar per entry, in the order given, with lengths in proportion', () => {
		const chart = createRankedBars(el, { label: 'Veto reasons' });
		chart.update(reasons);
		const bars = [...el.querySelectorAll('rect.bar')];
		expect(bars.map((b) => b.getAttribute('data-key'))).toEqual(['R1-v1', 'R5-v1', 'none']);
		const w = bars.map((b) => Number(b.getAttribute('width')));
		expect(w[1]! / w[0]!).toBeCloseTo(3 / 5, 5);
		expect([...el.querySelectorAll('.bar-value')].map((t) => t.textContent)).toEqual(['5', '3', '1']);
		expect(el.querySelector('.bar-detail')?.textContent).toContain('12%');
		expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe('Veto reasons: 3 entries');
	});

	it('uses a fixed scale and a format when given', () => {
		const chart = createRankedBars(el, { max: 1, format: (v) => v.toFixed(2) });
		chart.update([{ key: 'T104#1', label: 'T104', value: 0.5 }]);
		const track = Number(el.querySelector('rect.track')?.getAttribute('width'));
		expect(Number(el.querySelector('rect.bar')?.getAttribute('width'))).toBeCloseTo(track / 2, 5);
		expect(el.querySelector('.bar-value')?.textContent).toBe('0.50');
	});

	it('reports a click or Enter on a row', () => {
		const onSelect = vi.fn();
		const chart = createRankedBars(el, { onSelect });
		chart.update(reasons);
		el.querySelector('g.bar-row[data-key="R5-v1"]')?.dispatchEvent(new MouseEvent('click'));
		el.querySelector('g.bar-row[data-key="none"]')?.dispatchEvent(
			new KeyboardEvent('keydown', { key: 'Enter' })
		);
		expect(onSelect.mock.calls).toEqual([['R5-v1'], ['none']]);
	});

	it('shows a message when empty and keeps rows by key', () => {
		const chart = createRankedBars(el, { empty: 'No vetoes yet' });
		chart.update([]);
		expect(el.querySelector('text.empty')?.textContent).toBe('No vetoes yet');
		chart.update(reasons.slice(0, 1));
		const kept = el.querySelector('rect.bar');
		chart.update(reasons);
		expect(el.querySelector('text.empty')).toBeNull();
		expect(el.querySelector('rect.bar[data-key="R1-v1"]')).toBe(kept);
	});

	it('draws every text at 14px or more', () => {
		const chart = createRankedBars(el);
		chart.update(reasons);
		const sizes = [...el.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
		expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
	});

	it('empties the element on destroy', () => {
		const chart = createRankedBars(el);
		chart.update(reasons);
		chart.destroy();
		expect(el.innerHTML).toBe('');
	});

	it('renders stable markup', () => {
		const chart = createRankedBars(el, { label: 'Veto reasons' });
		chart.update(reasons);
		expect(el.innerHTML).toMatchSnapshot();
	});
});

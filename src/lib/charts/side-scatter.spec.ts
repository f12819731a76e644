// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSideScatter, type ScatterPoint } from './side-scatter';

const rate = (x: number, n: number, lower: number, upper: number) => ({
	p: n ? x / n : null,
	x,
	n,
	lower,
	upper
});
const data: ScatterPoint[] = [
	{
		key: 'openai:a',
		label: 'openai · a',
		shape: 'circle',
		x: rate(3, 4, 0.3, 0.95),
		y: rate(1, 2, 0.09, 0.91)
	},
	{
		key: 'scripted (no LLM)',
		label: 'oracle',
		shape: 'square',
		x: rate(1, 4, 0.05, 0.7),
		y: rate(2, 2, 0.34, 1)
	},
	{ key: 'openai:b', label: 'openai · b', shape: 'circle', x: rate(0, 0, 0, 1), y: rate(0, 1, 0, 0.79) }
];

describe('createSideScatter', () => {
	let el: HTMLElement;
	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());

	const point = (key: string) => el.querySelector(`g.point[data-key="${key}"]`);
	const at = (key: string) =>
		/translate\(([\d.]+),([\d.]+)\)/
			.exec(point(key)?.getAttribute('transform') ?? '')!
			.slice(1)
			.map(Number);

	it('puts detection across and deception up, and leaves out a point with a rate never observed', () => {
		createSideScatter(el).update(data);
		expect(el.querySelectorAll('g.point')).toHaveLength(2);
		expect(point('openai:b')).toBeNull();
		const [ax, ay] = at('openai:a');
		const [ox, oy] = at('scripted (no LLM)');
		expect(ax!).toBeGreaterThan(ox!); // detects more (75% against 25%)
		expect(ay!).toBeGreaterThan(oy!); // deceives less: lower on the page (50% against 100%)
		expect(point('openai:a')?.getAttribute('data-x')).toBe('0.75');
		expect(point('openai:a')?.getAttribute('data-y')).toBe('0.5');
		expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe(
			'Deceiver against detector: 2 of 3 drawn'
		);
	});

	it('draws each interval as whiskers around its point, and says the figures in the tooltip', () => {
		createSideScatter(el).update(data);
		const w = el.querySelectorAll('g.whisker')[0]!;
		const [cx, cy] = at('openai:a');
		const num = (sel: string, a: string) => Number(w.querySelector(sel)!.getAttribute(a));
		expect(num('line.ci-x', 'x1')).toBeLessThan(cx!);
		expect(num('line.ci-x', 'x2')).toBeGreaterThan(cx!);
		expect(num('line.ci-y', 'y1')).toBeGreaterThan(cy!); // the lower bound is further down
		expect(num('line.ci-y', 'y2')).toBeLessThan(cy!);
		expect(point('openai:a')?.querySelector('title')?.textContent).toBe(
			'1. openai · a: 75% [30%, 95%] (3/4); 50% [9%, 91%] (1/2)'
		);
	});

	it('names every point in the legend by its number, a baseline by its shape, and one not drawn as such', () => {
		createSideScatter(el, { missing: '(not drawn)' }).update(data);
		const items = [...el.querySelectorAll('g.item')];
		expect(items.map((i) => i.querySelector('text')?.textContent)).toEqual([
			'1. openai · a',
			'2. oracle',
			'3. openai · b (not drawn)'
		]);
		expect(items.map((i) => i.getAttribute('data-drawn'))).toEqual(['yes', 'yes', 'no']);
		// The oracle's square and a model's circle are different outlines, in the legend and on the plot.
		const d = (key: string) => point(key)?.querySelector('path')?.getAttribute('d');
		expect(d('scripted (no LLM)')).toMatch(/^M[-\d.]+,[-\d.]+h/);
		expect(d('openai:a')).toMatch(/a9,9/);
		expect(point('openai:a')?.querySelector('text.mark')?.textContent).toBe('1');
	});

	it('stays legible at 360 px: text at 14px, drawn no wider than the screen', () => {
		Object.defineProperty(el, 'clientWidth', { value: 360, configurable: true });
		createSideScatter(el).update(data);
		expect(el.querySelector('svg')?.getAttribute('viewBox')).toMatch(/^0 0 360 /);
		const sizes = [...el.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
		expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
	});

	it('says so when there is nothing, and leaves its element empty when destroyed', () => {
		const chart = createSideScatter(el, { empty: 'No games' });
		chart.update([]);
		expect(el.querySelector('text.empty')?.textContent).toBe('No games');
		chart.destroy();
		expect(el.innerHTML).toBe('');
	});
});

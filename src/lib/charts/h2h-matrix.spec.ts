// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createH2hMatrix, type H2hMatrixData } from './h2h-matrix';

const data: H2hMatrixData = {
	models: [
		{ key: 'openai:a', label: 'openai · a' },
		{ key: 'openai:b', label: 'openai · b' },
		{ key: 'scripted (no LLM)', label: 'scripted oracle (no LLM)' }
	],
	cells: [
		{ row: 'openai:a', col: 'openai:b', p: 0.75, x: 3, n: 4, lower: 0.3, upper: 0.95 },
		{ row: 'openai:b', col: 'openai:a', p: 0, x: 0, n: 2, lower: 0, upper: 0.66 },
		{ row: 'scripted (no LLM)', col: 'openai:a', p: 1, x: 1, n: 1, lower: 0.21, upper: 1 }
	]
};

describe('createH2hMatrix', () => {
	let el: HTMLElement;
	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());
	const cell = (a: string, b: string) =>
		el.querySelector(`g.cell[data-deceiver="${a}"][data-detector="${b}"]`) as SVGGElement;

	it('draws every pair of models, each met pair with its rate and count, the others empty', () => {
		createH2hMatrix(el).update(data);
		expect(el.querySelectorAll('g.cell')).toHaveLength(9);
		const ab = cell('openai:a', 'openai:b');
		expect(ab.getAttribute('data-rate')).toBe('0.75');
		expect(ab.querySelector('text.rate')?.textContent).toBe('75%');
		expect(ab.querySelector('text.count')?.textContent).toBe('3/4');
		expect(ab.querySelector('title')?.textContent).toBe(
			'openai · a deceiving openai · b: 75% [30%, 95%] (3/4)'
		);
		const aa = cell('openai:a', 'openai:a');
		expect(aa.getAttribute('data-rate')).toBe('null');
		expect(aa.querySelector('text.rate')?.textContent).toBe('–');
		expect(aa.querySelector('title')?.textContent).toBe('openai · a deceiving openai · a: did not meet');
	});

	it('shades a higher rate darker, keeps a met pair at 0% apart from one that never met', () => {
		createH2hMatrix(el).update(data);
		const fill = (a: string, b: string) => cell(a, b).querySelector('rect')?.getAttribute('fill');
		const g = (c: string | null | undefined) => Number(/rgb\(\d+, (\d+)/.exec(c ?? '')?.[1]);
		expect(g(fill('scripted (no LLM)', 'openai:a'))).toBeLessThan(g(fill('openai:a', 'openai:b')));
		expect(g(fill('openai:a', 'openai:b'))).toBeLessThan(g(fill('openai:b', 'openai:a')));
		expect(fill('openai:b', 'openai:a')).not.toBe(fill('openai:a', 'openai:a'));
	});

	it('numbers the columns as the rows, so a 360 px screen needs no column names', () => {
		Object.defineProperty(el, 'clientWidth', { value: 360, configurable: true });
		createH2hMatrix(el, { rowTitle: 'deceiver', colTitle: 'detector' }).update(data);
		expect(el.querySelector('svg')?.getAttribute('viewBox')).toMatch(/^0 0 360 /);
		expect([...el.querySelectorAll('text.col-head')].map((t) => t.textContent)).toEqual(['1', '2', '3']);
		expect([...el.querySelectorAll('g.row text')].map((t) => t.textContent)).toEqual(['1', '2', '3']);
		expect([...el.querySelectorAll('g.item text')].map((t) => t.textContent)).toEqual([
			'1. openai · a',
			'2. openai · b',
			'3. scripted oracle (no LLM)'
		]);
		expect(el.querySelector('text.axis-title')?.textContent).toBe('deceiver ↓ · detector →');
		// Every cell fits inside the drawing.
		const right = Math.max(
			...[...el.querySelectorAll('g.cell')].map(
				(c) =>
					Number(/translate\(([\d.]+)/.exec(c.getAttribute('transform') ?? '')![1]) +
					Number(c.querySelector('rect')!.getAttribute('width'))
			)
		);
		expect(right).toBeLessThanOrEqual(360);
		const sizes = [...el.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
		expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
	});

	it('with more models than a narrow screen holds, draws wider and scales down rather than cut columns off', () => {
		Object.defineProperty(el, 'clientWidth', { value: 300, configurable: true });
		const many = Array.from({ length: 8 }, (_, i) => ({ key: `m${i}`, label: `model ${i}` }));
		createH2hMatrix(el).update({ models: many, cells: [] });
		const width = Number(el.querySelector('svg')?.getAttribute('viewBox')?.split(' ')[2]);
		const last = el.querySelector('g.cell[data-deceiver="m0"][data-detector="m7"]')!;
		const right =
			Number(/translate\(([\d.]+)/.exec(last.getAttribute('transform') ?? '')![1]) +
			Number(last.querySelector('rect')!.getAttribute('width'));
		expect(width).toBeGreaterThan(300);
		expect(right).toBeLessThanOrEqual(width);
	});

	it('says so when there is nothing', () => {
		createH2hMatrix(el, { empty: 'No games' }).update({ models: [], cells: [] });
		expect(el.querySelector('text.empty')?.textContent).toBe('No games');
		expect(el.querySelectorAll('g.cell')).toHaveLength(0);
	});
});

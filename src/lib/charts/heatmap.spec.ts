// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHeatmap, type HeatmapData } from './heatmap';
import { textEm } from './style';
import { watchMutations } from './watch-mutations';

const rows = [
	{ key: 'assigner', label: 'Assigner' },
	{ key: 'executor', label: 'Executor' },
	{ key: 'auditor', label: 'Auditor' }
];

// Six rounds: the Executor is the busiest (tool calls), the Auditor silent in round 1.
const data: HeatmapData = {
	rows,
	rounds: 6,
	counts: [
		[1, 1, 2, 1, 0, 1],
		[3, 5, 4, 8, 2, 0],
		[0, 1, 1, 2, 1, 1]
	]
};

const cells = (el: HTMLElement) =>
	[...el.querySelectorAll('rect.cell')].map(
		(c) => `${c.getAttribute('data-agent')}:${c.getAttribute('data-round')}=${c.getAttribute('data-count')}`
	);

describe('createHeatmap', () => {
	let el: HTMLElement;

	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());

	it('draws one cell per agent per round with its count', () => {
		const chart = createHeatmap(el);
		chart.update(data);
		expect(el.querySelector('svg[data-testid="heatmap"]')?.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+/);
		expect(el.querySelectorAll('rect.cell')).toHaveLength(18);
		expect(cells(el).slice(6, 12)).toEqual([
			'executor:1=3',
			'executor:2=5',
			'executor:3=4',
			'executor:4=8',
			'executor:5=2',
			'executor:6=0'
		]);
		expect(el.querySelector('rect.cell[data-agent="executor"][data-round="4"] title')?.textContent).toBe(
			'Executor, round 4: 8 messages'
		);
	});

	it('shades busier cells darker and leaves empty cells neutral', () => {
		const chart = createHeatmap(el);
		chart.update(data);
		const fill = (agent: string, round: number) =>
			el.querySelector(`rect.cell[data-agent="${agent}"][data-round="${round}"]`)?.getAttribute('fill');
		const lightness = (rgb: string | null | undefined) => (/\d+, (\d+), \d+/.exec(rgb ?? '') ?? [])[1] ?? '';
		expect(Number(lightness(fill('executor', 4)))).toBeLessThan(Number(lightness(fill('executor', 1))));
		expect(fill('auditor', 1)).toBe(fill('executor', 6));
	});

	it('keeps cells as rounds are added', () => {
		const chart = createHeatmap(el);
		chart.update({ ...data, counts: data.counts.map((r) => r.slice(0, 2)) });
		const kept = el.querySelector('rect.cell[data-agent="assigner"][data-round="1"]');
		chart.update(data);
		expect(el.querySelector('rect.cell[data-agent="assigner"][data-round="1"]')).toBe(kept);
		chart.update({ ...data, rows: rows.slice(0, 1) });
		expect(el.querySelectorAll('rect.cell')).toHaveLength(6);
	});

	it('touches only the new round when a round is played: earlier cells, ticks and labels stay as they are', () => {
		const chart = createHeatmap(el);
		const upTo = (played: number) => ({
			...data,
			rounds: 10,
			played,
			counts: data.counts.map((r) => r.slice(0, played))
		});
		chart.update(upTo(5));
		const seen = watchMutations(el);
		chart.update(upTo(6));
		const touched = seen
			.takeRecords()
			.map((r) => (r.target instanceof Element ? r.target : r.target.parentElement));
		seen.disconnect();
		const roundOf = (e: Element | null) =>
			e?.closest('g.cell-g')?.querySelector('rect.cell')?.getAttribute('data-round');
		expect(touched.filter((e) => e?.closest('g.cell-g')).map(roundOf)).toContain('6');
		expect(touched.some((e) => e?.closest('g.cell-g') && roundOf(e) !== '6')).toBe(false);
		expect(touched.some((e) => e?.matches('text.tick, text.row-label, text.axis-title'))).toBe(false);
		expect(el.querySelectorAll('rect.cell')).toHaveLength(18);
	});

	it('puts several rounds in a column once a round would be narrower than a few pixels', () => {
		const chart = createHeatmap(el);
		const rounds = 3000;
		chart.update({ rows: rows.slice(0, 1), rounds, counts: [Array.from({ length: rounds }, () => 1)] });
		const cols = [...el.querySelectorAll('rect.cell')];
		expect(cols.length).toBeLessThanOrEqual(300);
		expect(cols.length).toBeGreaterThan(100);
		// Every message is still counted, once: the columns add up to the run.
		expect(cols.reduce((a, c) => a + Number(c.getAttribute('data-count')), 0)).toBe(rounds);
		expect(cols[1]?.querySelector('title')?.textContent).toMatch(/^Assigner, rounds \d+–\d+: \d+ messages$/);
	});

	it('grows its axis without drawing its cells anew: a step sets their place, and the picture is the one drawn at once', () => {
		const counts = rows.map((_, i) => Array.from({ length: 600 }, (_, r) => (r * (i + 2)) % 5));
		const upTo = (rounds: number, played: number): HeatmapData => ({
			rows,
			rounds,
			played,
			counts: counts.map((r) => r.slice(0, played))
		});
		const chart = createHeatmap(el);
		chart.update(upTo(100, 95));
		const kept = el.querySelector('rect.cell[data-agent="executor"][data-round="7"]');
		// The svg itself: an axis step is drawn with it out of the document (`drawAside`).
		const seen = watchMutations(el.querySelector('svg')!);
		// The same rounds on an axis twice as long: every cell moves, and only its place is set.
		chart.update(upTo(200, 95));
		const changes = seen.takeRecords();
		const onCells = changes.filter((r) => (r.target as Element).closest?.('g.cell-g'));
		expect(new Set(onCells.map((r) => r.attributeName))).toEqual(new Set(['x', 'width']));
		expect(el.querySelector('rect.cell[data-agent="executor"][data-round="7"]')).toBe(kept);
		// Past 237 columns a column holds several rounds: the cells are relabelled, not replaced.
		chart.update(upTo(500, 480));
		chart.update(upTo(1000, 600));
		seen.disconnect();
		expect(el.querySelector('rect.cell[data-agent="executor"]')).toBe(
			kept?.closest('g.cells')?.querySelector('rect.cell')
		);
		const once = document.createElement('div');
		document.body.append(once);
		createHeatmap(once).update(upTo(1000, 600));
		// The cells and legend as drawn at once (the axis's new ticks land after its title, as before).
		const drawn = (at: HTMLElement) =>
			`${at.querySelector('g.rows')?.outerHTML}${at.querySelector('g.legend')?.outerHTML}`;
		expect(drawn(el) === drawn(once)).toBe(true);
		once.remove();
	});

	it('draws every text at 14px or more', () => {
		const chart = createHeatmap(el);
		chart.update(data);
		const sizes = [...el.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
		expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
	});

	it('writes its axis title and tooltips in the words it is given (a Chinese page gives Chinese)', () => {
		const chart = createHeatmap(el, {
			round: '轮次',
			cell: (who, round, count) => `${who}，第 ${round} 轮：${count} 条消息`
		});
		chart.update(data);
		expect(el.querySelector('text.axis-title')?.textContent).toBe('轮次 →');
		expect(el.querySelector('rect.cell[data-agent="executor"][data-round="4"] title')?.textContent).toBe(
			'Executor，第 4 轮：8 条消息'
		);
	});

	it('fits its legend on a phone: the swatches wrap into rows inside the chart, at their 14px', () => {
		// A 360 px phone's column; jsdom lays nothing out, so the chart is told the width it measures.
		Object.defineProperty(el, 'clientWidth', { value: 330 });
		createHeatmap(el, { busiest: (max) => `${max}（最多的格子）`, unit: '条消息' }).update(data);
		expect(el.querySelector('svg')?.getAttribute('viewBox')).toMatch(/^0 0 330 /);
		const swatches = [...el.querySelectorAll('.legend .swatch')].map((g) => {
			const [, x, y] = /translate\(([\d.]+),([\d.]+)\)/.exec(g.getAttribute('transform') ?? '') ?? [];
			return { x: Number(x), y: Number(y), end: Number(x) + 30 + textEm(g.textContent ?? '') * 14 };
		});
		expect(swatches).toHaveLength(3);
		for (const s of swatches) expect(s.end).toBeLessThanOrEqual(330);
		expect(new Set(swatches.map((s) => s.y)).size).toBeGreaterThan(1);
		const [, , , height] = el.querySelector('svg')!.getAttribute('viewBox')!.split(' ').map(Number);
		expect(Math.max(...swatches.map((s) => s.y)) + 22).toBeLessThanOrEqual(height!);
	});

	it('empties the element on destroy', () => {
		const chart = createHeatmap(el);
		chart.update(data);
		chart.destroy();
		expect(el.innerHTML).toBe('');
	});

	it('renders stable markup', () => {
		const chart = createHeatmap(el);
		chart.update(data);
		expect(el.innerHTML).toMatchSnapshot();
	});
});

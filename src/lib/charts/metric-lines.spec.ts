// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMetricLines, type MetricLinesData, type MetricSeries } from './metric-lines';
import { watchMutations } from './watch-mutations';

const series = (key: string, label: string, threshold: number, values: (number | null)[]): MetricSeries => ({
	key,
	label,
	threshold,
	direction: 'above',
	points: values.map((value, i) => ({ round: i + 1, value, past: value !== null && value > threshold }))
});

// Eight rounds of a twelve-round run; nothing to measure for conversion until round 3; the fuse
// tripped in round 6 and a person resumed the run in round 7.
const data: MetricLinesData = {
	rounds: 12,
	series: [
		series('drift', 'Drift', 0.7, [0, 0.5, 0.75, 0.8, 0.8, 0.9, 0.4, 0.3]),
		series('penetration', 'Audit penetration', 0.4, [null, 1, 0.5, 0.6, 0.8, 0.8, 0.75, 0.7]),
		series('conversion', 'Appeal conversion', 0.6, [null, null, 1, 1, 0.67, 0.75, 0.5, 0.5])
	],
	fuse: { tripped: [{ round: 6, mode: 'soft' }], resumed: [7] }
};

describe('createMetricLines', () => {
	let el: HTMLElement;

	beforeEach(() => {
		el = document.createElement('div');
		document.body.append(el);
	});
	afterEach(() => el.remove());

	it('draws a panel per metric with its line, its threshold and a point per measured round', () => {
		const chart = createMetricLines(el);
		chart.update(data);
		expect([...el.querySelectorAll('.metric-panel')].map((p) => p.getAttribute('data-metric'))).toEqual([
			'drift',
			'penetration',
			'conversion'
		]);
		expect(el.querySelectorAll('.point[data-metric="drift"]')).toHaveLength(8);
		expect(el.querySelectorAll('.point[data-metric="conversion"]')).toHaveLength(6);
		expect(el.querySelector('.metric-line[data-metric="drift"]')?.getAttribute('d')).toMatch(/^M/);
		expect(el.querySelector('.metric-panel[data-metric="drift"] .threshold-label')?.textContent).toBe(
			'threshold 0.70'
		);
		expect(el.querySelector('.metric-panel[data-metric="drift"] .panel-title')?.textContent).toBe(
			'Drift: 0.30'
		);
	});

	it('marks the rounds past the threshold', () => {
		const chart = createMetricLines(el);
		chart.update(data);
		const past = [...el.querySelectorAll('.point[data-metric="drift"][data-past="true"]')].map((p) =>
			p.getAttribute('data-round')
		);
		expect(past).toEqual(['3', '4', '5', '6']);
		// Higher values sit higher: smaller y.
		const cy = (r: number) =>
			Number(el.querySelector(`.point[data-metric="drift"][data-round="${r}"]`)?.getAttribute('cy'));
		expect(cy(6)).toBeLessThan(cy(1));
	});

	it('draws the fuse and the resumption across every panel', () => {
		const chart = createMetricLines(el);
		chart.update(data);
		expect(el.querySelectorAll('.fuse-mark[data-round="6"]')).toHaveLength(3);
		expect(el.querySelectorAll('.resume-mark[data-round="7"]')).toHaveLength(3);
		expect(el.querySelector('.fuse-mark text')?.textContent).toBe('fuse (soft)');
		chart.update({ ...data, fuse: { tripped: [], resumed: [] } });
		expect(el.querySelectorAll('.fuse-mark, .resume-mark')).toHaveLength(0);
	});

	it('shows the measured rate beside a forced one', () => {
		const chart = createMetricLines(el);
		const forced: MetricLinesData = {
			...data,
			series: [
				{
					...series('drift', 'Drift', 0.7, [1, 1]),
					points: [
						{ round: 1, value: 1, measured: 0.2, past: true },
						{ round: 2, value: 1, measured: 0.1, past: true }
					]
				}
			]
		};
		chart.update(forced);
		expect(el.querySelector('.measured-line')?.getAttribute('d')).toMatch(/^M/);
		expect(el.querySelector('.threshold-label')?.textContent).toBe('threshold 0.70 · forced');
	});

	it('keeps points across redraws', () => {
		const chart = createMetricLines(el);
		const partial = { ...data, series: data.series.map((s) => ({ ...s, points: s.points.slice(0, 4) })) };
		chart.update(partial);
		const kept = el.querySelector('.point[data-metric="drift"][data-round="2"]');
		chart.update(data);
		expect(el.querySelector('.point[data-metric="drift"][data-round="2"]')).toBe(kept);
	});

	it('past 300 rounds draws a point per bucket of rounds, the one that reads worst, however long the run', () => {
		const chart = createMetricLines(el);
		// 3,000 rounds of drift at 0.3, past the threshold only in round 1,234 (0.9) and round 2,001 (0.8).
		const values = Array.from({ length: 3000 }, (_, i) =>
			i + 1 === 1234 ? 0.9 : i + 1 === 2001 ? 0.8 : 0.3
		);
		const long = (n: number): MetricLinesData => ({
			rounds: 3000,
			series: [
				{
					...series('drift', 'Drift', 0.7, values),
					points: series('drift', 'Drift', 0.7, values).points.slice(0, n)
				}
			],
			fuse: { tripped: [], resumed: [] }
		});
		chart.update(long(3000));
		const points = el.querySelectorAll('.point[data-metric="drift"]');
		expect(points).toHaveLength(300);
		// A crossing is never averaged away: the two past rounds are drawn as themselves.
		const past = [...el.querySelectorAll('.point[data-past="true"]')].map((p) => [
			p.getAttribute('data-round'),
			p.getAttribute('data-value')
		]);
		expect(past).toEqual([
			['1234', '0.9'],
			['2001', '0.8']
		]);
		// The line runs through the drawn points only: one segment a point.
		expect(el.querySelector('.metric-line')?.getAttribute('d')?.split('L')).toHaveLength(300);
		// A new round touches its own bucket's point alone: the others are the same elements, unmoved.
		chart.update(long(2992));
		const before = [...el.querySelectorAll('.point')];
		const cx = before.map((p) => p.getAttribute('cx'));
		chart.update(long(2993));
		const after = [...el.querySelectorAll('.point')];
		expect(after.every((p, i) => p === before[i])).toBe(true);
		expect(after.slice(0, -1).map((p) => p.getAttribute('cx'))).toEqual(cx.slice(0, -1));
		expect(after.at(-1)?.getAttribute('data-round')).toBe('2993');
	});

	it('grows its axis without drawing its points anew: a step sets their place, and the picture is the one drawn at once', () => {
		const long = (rounds: number, played: number): MetricLinesData => ({
			rounds,
			series: [
				series(
					'drift',
					'Drift',
					0.7,
					Array.from({ length: played }, (_, r) => ((r * 7) % 10) / 10)
				),
				series(
					'penetration',
					'Audit penetration',
					0.4,
					Array.from({ length: played }, (_, r) => ((r * 3) % 10) / 10)
				)
			],
			fuse: { tripped: [{ round: 40, mode: 'soft' }], resumed: [41] }
		});
		const chart = createMetricLines(el);
		chart.update(long(100, 90));
		const kept = el.querySelector('.point[data-metric="drift"][data-round="5"]');
		// The svg itself: an axis step is drawn with it out of the document (`drawAside`).
		const seen = watchMutations(el.querySelector('svg')!);
		// The same rounds on an axis twice as long: each point is moved, by its cx alone.
		chart.update(long(200, 90));
		const onPoints = seen.takeRecords().filter((r) => (r.target as Element).matches?.('circle.point'));
		expect(new Set(onPoints.map((r) => r.attributeName))).toEqual(new Set(['cx']));
		expect(el.querySelector('.point[data-metric="drift"][data-round="5"]')).toBe(kept);
		// Past 300 rounds a point stands for a bucket: the points are moved and relabelled, not replaced.
		chart.update(long(500, 420));
		chart.update(long(1000, 700));
		seen.disconnect();
		expect(el.querySelector('.point[data-metric="drift"]')).toBe(
			kept?.parentElement?.querySelector('.point')
		);
		const once = document.createElement('div');
		document.body.append(once);
		createMetricLines(once).update(long(1000, 700));
		expect(el.innerHTML).toBe(once.innerHTML);
		once.remove();
	});

	it('draws every text at 14px or more', () => {
		const chart = createMetricLines(el);
		chart.update(data);
		const sizes = [...el.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
		expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14);
	});

	it('empties the element on destroy', () => {
		const chart = createMetricLines(el);
		chart.update(data);
		chart.destroy();
		expect(el.innerHTML).toBe('');
	});

	it('renders stable markup', () => {
		const chart = createMetricLines(el);
		chart.update(data);
		expect(el.innerHTML).toMatchSnapshot();
	});
});

describe('createMetricLines without thresholds', () => {
	it('draws plain series (role scores) with no threshold and its own test id', () => {
		const el = document.createElement('div');
		document.body.append(el);
		const chart = createMetricLines(el, { testid: 'score-lines', label: 'Role scores' });
		chart.update({
			rounds: 4,
			series: [
				{
					key: 'assigner',
					label: 'Assigner',
					threshold: null,
					direction: 'above',
					points: [
						{ round: 1, value: null, past: false },
						{ round: 2, value: 0.5, past: false },
						{ round: 3, value: 0.75, past: false }
					]
				}
			],
			fuse: { tripped: [], resumed: [] }
		});
		expect(el.querySelector('svg')?.getAttribute('data-testid')).toBe('score-lines');
		expect(el.querySelector('svg')?.getAttribute('aria-label')).toBe('Role scores');
		expect(el.querySelector('.threshold-label')?.textContent).toBe('');
		expect(el.querySelector('line.threshold')?.getAttribute('stroke')).toBe('none');
		expect(el.querySelector('.past-band')?.getAttribute('height')).toBe('0');
		expect(el.querySelectorAll('.point')).toHaveLength(2);
		el.remove();
	});
});

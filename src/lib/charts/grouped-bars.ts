/**
 * Grouped bars: one cluster per metric (win rate as civilian, vote hit rate, ...), one bar per series
 * (a model, or a persona) in each, with a legend. Made for the leaderboard's rates, so the scale is
 * 0 to 1 by default; a rate with no observations (n = 0) gets no bar but an "n/a" mark, because a
 * missing figure is not a zero.
 *
 * Colour never carries the meaning alone: each series is numbered in the legend and every bar carries
 * its series' number above it, and bars are outlined so the lighter palette colours keep a 3:1 edge
 * against the page. Every bar carries its x/n in its title, the same figures the tables show. The
 * caller passes every word (label, description, "n/a") in its language. Bars are joined by
 * `group|series`, so an update that only changes values keeps their elements. Text is 14px or more.
 */
import { scaleBand } from 'd3';
import { appendChartSvg, byWidth, type Chart, chartLifecycle, layers } from './frame';
import { dataAttrs, keyedElements, keyedGroups, legendItems, tooltip } from './joins';
import { emptyNote, ENGLISH_PUNCTUATION, FONT_AXIS as FONT, styleText, type ChartPunctuation } from './text';
import { INK, MUTED } from './style';

export interface GroupedBarsData {
	/** The clusters, left to right (e.g. metrics). */
	groups: { key: string; label: string }[];
	/** The bars in each cluster, in legend order (e.g. models). */
	series: { key: string; label: string }[];
	/** One value per (group, series); null: nothing observed. */
	values: { group: string; series: string; value: number | null; detail?: string }[];
}

export interface GroupedBarsOptions {
	/** Between a bar's names and its value, and around its detail; English when left out. */
	punctuation?: ChartPunctuation;
	/** The value of a full-height bar (default 1: rates). */
	max?: number;
	format?: (value: number) => string;
	/** What the chart shows, for screen readers. */
	label?: string;
	/** Shown when there is nothing to draw. */
	empty?: string;
	/** One colour per series, cycled. */
	colors?: readonly string[];
	/** The screen-reader description (default: "<label>: <n> series over <m> measures"). */
	describe?: (series: number, groups: number) => string;
	/** The mark of a figure with nothing observed (default "n/a"). */
	missing?: string;
}

const DEFAULT_W = 800;
const MIN_W = 480;
const H = 320;
const MARGIN = { top: 16, right: 12, bottom: 56, left: 52 };
const LEGEND_ROW = 24;
const GRID = '#e6e1d6';
/** Distinguishable in colour-blind palettes (Okabe-Ito, without the yellow that fails on white). */
const COLORS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#56b4e9', '#e69f00', '#000000'];

interface BarModel {
	key: string;
	/** The series' number in the legend, from 1. */
	mark: number;
	group: string;
	series: string;
	x: number;
	y: number;
	w: number;
	h: number;
	value: number | null;
	color: string;
	title: string;
}

export function createGroupedBars(el: HTMLElement, options: GroupedBarsOptions = {}): Chart<GroupedBarsData> {
	const max = options.max ?? 1;
	const p = options.punctuation ?? ENGLISH_PUNCTUATION;
	const format = options.format ?? ((v: number) => `${Math.round(v * 100)}%`);
	const colors = options.colors ?? COLORS;
	const missing = options.missing ?? 'n/a';
	const describe =
		options.describe ??
		((series: number, groups: number) =>
			`${options.label ?? 'Grouped bars'}: ${series} series over ${groups} measures`);
	const svg = appendChartSvg(el, { className: 'grouped-bars', role: 'img' });
	const [grid, axis, bars, legend] = layers(svg, ['grid', 'x-axis', 'bars', 'legend']);

	function render(data: GroupedBarsData, width: number): void {
		const colorOf = new Map(data.series.map((s, i) => [s.key, colors[i % colors.length] as string]));
		const legendRows = Math.ceil(data.series.length / Math.max(1, Math.floor((width - 24) / 200)));
		const legendH = data.series.length ? legendRows * LEGEND_ROW + 8 : 0;
		const height = H + legendH;
		const plotH = H - MARGIN.top - MARGIN.bottom;
		const y = (v: number) => MARGIN.top + plotH * (1 - Math.min(1, Math.max(0, v / max)));
		const outer = scaleBand<string>()
			.domain(data.groups.map((g) => g.key))
			.range([MARGIN.left, width - MARGIN.right])
			.paddingInner(0.2)
			.paddingOuter(0.1);
		const inner = scaleBand<string>()
			.domain(data.series.map((s) => s.key))
			.range([0, outer.bandwidth()])
			.padding(0.08);
		const seriesLabel = new Map(data.series.map((s) => [s.key, s.label]));
		const seriesMark = new Map(data.series.map((s, i) => [s.key, i + 1]));
		const groupLabel = new Map(data.groups.map((g) => [g.key, g.label]));
		const drawn = data.series.length > 0 && data.groups.length > 0;

		svg
			.attr('viewBox', `0 0 ${width} ${height}`)
			.attr('aria-label', describe(data.series.length, data.groups.length));

		emptyNote(svg, drawn ? null : (options.empty ?? 'Nothing to show yet'), {
			x: MARGIN.left,
			y: MARGIN.top + plotH / 2,
			size: FONT
		});

		const ticks = drawn ? [0, 0.25, 0.5, 0.75, 1].map((f) => f * max) : [];
		const tick = keyedGroups(grid, 'tick', ticks, ['line', 'text']);
		tick
			.select('line')
			.attr('x1', MARGIN.left)
			.attr('x2', width - MARGIN.right)
			.attr('y1', (d) => y(d))
			.attr('y2', (d) => y(d))
			.attr('stroke', GRID);
		styleText(tick.select('text'), {
			x: MARGIN.left - 6,
			y: (d) => y(d),
			middle: true,
			anchor: 'end',
			size: FONT,
			fill: MUTED,
			text: (d) => format(d)
		});

		const groupLabels = keyedElements(axis, 'text.group-label', drawn ? data.groups : []);
		styleText(groupLabels, {
			x: (d) => (outer(d.key) ?? 0) + outer.bandwidth() / 2,
			y: MARGIN.top + plotH + 22,
			anchor: 'middle',
			size: FONT,
			fill: INK,
			text: (d) => d.label
		});

		const models: BarModel[] = drawn
			? data.values
					.filter((v) => outer(v.group) !== undefined && inner(v.series) !== undefined)
					.map((v) => {
						const x = (outer(v.group) as number) + (inner(v.series) as number);
						const top = v.value === null ? y(0) : y(v.value);
						const text = v.value === null ? missing : format(v.value);
						return {
							key: `${v.group}|${v.series}`,
							mark: seriesMark.get(v.series) ?? 0,
							group: v.group,
							series: v.series,
							x,
							y: top,
							w: inner.bandwidth(),
							h: y(0) - top,
							value: v.value,
							color: colorOf.get(v.series) ?? INK,
							title: `${seriesLabel.get(v.series) ?? v.series} · ${groupLabel.get(v.group) ?? v.group}${p.label}${text}${v.detail ? `${p.open}${v.detail}${p.close}` : ''}`
						};
					})
			: [];
		const bar = keyedGroups(bars, 'bar', models, ['rect', 'text.na', 'text.mark']).each(
			dataAttrs((d) => ({ key: d.key, value: d.value === null ? 'null' : d.value }))
		);
		tooltip(bar, (d) => d.title, { first: true });
		bar
			.select('rect')
			.attr('x', (d) => d.x)
			.attr('y', (d) => d.y)
			.attr('width', (d) => Math.max(0, d.w))
			.attr('height', (d) => Math.max(0, d.h))
			.attr('fill', (d) => d.color)
			.attr('stroke', INK)
			.attr('stroke-width', 1)
			.attr('rx', 2);
		styleText(bar.select('text.na'), {
			x: (d) => d.x + d.w / 2,
			y: y(0) - 6,
			anchor: 'middle',
			size: FONT,
			fill: MUTED,
			text: (d) => (d.value === null ? missing : '')
		});
		styleText(bar.select('text.mark'), {
			x: (d) => d.x + d.w / 2,
			y: (d) => (d.value === null ? y(0) - 6 - FONT - 2 : d.y - 4),
			anchor: 'middle',
			size: FONT,
			fill: INK,
			text: (d) => String(d.mark)
		});

		const perRow = Math.max(1, Math.floor((width - 24) / 200));
		const item = legendItems(legend, data.series, {
			className: 'item',
			key: (d) => d.key,
			shape: 'rect',
			at: (_d, i) =>
				`translate(${MARGIN.left + (i % perRow) * 200},${H + Math.floor(i / perRow) * LEGEND_ROW})`
		});
		item
			.select('rect')
			.attr('width', 14)
			.attr('height', 14)
			.attr('rx', 2)
			.attr('fill', (d) => colorOf.get(d.key) ?? INK);
		styleText(item.select('text'), {
			x: 20,
			y: 7,
			middle: true,
			size: FONT,
			fill: INK,
			text: (d) =>
				`${seriesMark.get(d.key) ?? ''} ${d.label.length > 26 ? `${d.label.slice(0, 25)}…` : d.label}`
		});
	}

	return chartLifecycle(el, svg, { measure: byWidth(MIN_W, DEFAULT_W), render });
}

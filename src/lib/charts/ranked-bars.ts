/**
 * Ranked bars: a short list of labelled values as horizontal bars, in the order given (the caller
 * ranks them), each with its value written at the bar's end and an optional line of detail under it.
 * Used for the veto reasons (a readable stand-in for a word cloud: the same ranking, but every
 * label legible from the back of a room) and for the most drifted tasks.
 *
 * Made for a classroom projector: the viewBox is as wide as the container, so text is drawn at 14px
 * or more. Rows are joined by key, so a bar that only grew keeps its element.
 */
import type { BaseType, Selection } from 'd3';
import { appendChartSvg, byWidth, type Chart, chartLifecycle } from './frame';
import { clickable, dataAttrs, keyedGroups, tooltip } from './joins';
import { emptyNote, ENGLISH_PUNCTUATION, styleText, type ChartPunctuation } from './text';
import { ACCENT, fit, INK, MUTED, textEm, TRACK } from './style';

export interface RankedBar {
	key: string;
	label: string;
	value: number;
	/** A line under the bar (an example reason, what was asked); empty for none. */
	detail?: string;
}

export interface RankedBarsOptions {
	/** Between a bar's name and its value, and before its detail; English when left out. */
	punctuation?: ChartPunctuation;
	/** The value's text at the bar's end. */
	format?: (value: number) => string;
	/** The value of a full-length bar; by default the largest value shown. */
	max?: number;
	color?: string;
	/** What the chart shows, for screen readers. */
	label?: string;
	/** Shown when there are no bars. */
	empty?: string;
	/** Makes each row a button (click, Enter or Space). */
	onSelect?: (key: string) => void;
	/** How many rows there are, for screen readers, in the page's language (default English). */
	count?: (n: number) => string;
	/** The language the rows' own texts are in, when it is not the page's (a run's task names). */
	rowsLang?: string;
}

const englishCount = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

const DEFAULT_W = 800;
const MIN_W = 420;
const MARGIN = 12;
const VALUE_W = 84;
const BAR_H = 26;
const ROW_H = 44;
const DETAIL_H = 22;
/** The detail line runs under the whole row, indented a little under its label. */
const DETAIL_X = 10;

/** A row's label and its value, one line of text in one size. */
const FONT_LABEL = 16;
const FONT_DETAIL = 14;

interface RowModel {
	key: string;
	y: number;
	label: string;
	full: string;
	value: number;
	valueText: string;
	barW: number;
	detail: string;
}

type RowSel = Selection<BaseType, RowModel, SVGSVGElement, unknown>;

export function createRankedBars(el: HTMLElement, options: RankedBarsOptions = {}): Chart<RankedBar[]> {
	const format = options.format ?? ((v: number) => String(v));
	const color = options.color ?? ACCENT;
	const p = options.punctuation ?? ENGLISH_PUNCTUATION;
	const svg = appendChartSvg(el, { className: 'ranked-bars', role: options.onSelect ? 'group' : 'img' });

	function render(data: RankedBar[], width: number): void {
		// Labels get the room their longest needs, up to 55% of the width ("R4-v1 · Quantified confidence").
		const longest = Math.max(0, ...data.map((d) => textEm(d.label) * FONT_LABEL));
		const labelW = Math.round(Math.min(Math.max(120, longest + 16), width * 0.55));
		const x0 = MARGIN + labelW;
		const trackW = width - x0 - VALUE_W - MARGIN;
		const max = options.max ?? Math.max(0, ...data.map((d) => d.value));
		let y = MARGIN;
		const rows = data.map((d): RowModel => {
			const detail = d.detail ? fit(d.detail, width - 2 * MARGIN - DETAIL_X, FONT_DETAIL) : '';
			const row: RowModel = {
				key: d.key,
				y,
				label: fit(d.label, labelW - 12, FONT_LABEL),
				full: d.label,
				value: d.value,
				valueText: format(d.value),
				barW: max > 0 ? Math.max(2, (Math.max(0, d.value) / max) * trackW) : 2,
				detail
			};
			y += ROW_H + (detail ? DETAIL_H : 0);
			return row;
		});
		const height = Math.max(y, MARGIN + ROW_H) + MARGIN / 2;
		svg
			.attr('viewBox', `0 0 ${width} ${height}`)
			.attr(
				'aria-label',
				`${options.label ?? 'Ranked values'}${p.label}${(options.count ?? englishCount)(data.length)}`
			);

		emptyNote(svg, data.length === 0 ? (options.empty ?? 'Nothing yet') : null, {
			x: MARGIN,
			y: MARGIN + ROW_H / 2,
			middle: true,
			size: FONT_LABEL
		});

		const groups = keyedGroups(svg, 'bar-row', rows, [
			'text.bar-label',
			'rect.track',
			'rect.bar',
			'text.bar-value',
			'text.bar-detail'
		])
			.each(dataAttrs((d) => ({ key: d.key })))
			.attr('lang', options.rowsLang ?? null)
			.attr('transform', (d) => `translate(0,${d.y})`);
		const pick = options.onSelect;
		if (pick)
			clickable(
				groups,
				(d) => pick(d.key),
				(d) => `${d.full}${p.label}${d.valueText}`
			);
		tooltip(
			groups,
			(d) =>
				d.detail
					? `${d.full}${p.label}${d.valueText}${p.sentence}${d.detail}`
					: `${d.full}${p.label}${d.valueText}`,
			{
				first: true
			}
		);
		// The label and the value share the row's middle line; the bar lies on its track, both one shape.
		const lineText = (
			sel: RowSel,
			x: number | ((d: RowModel) => number),
			weight: number,
			text: (d: RowModel) => string
		) => styleText(sel, { x, y: ROW_H / 2, middle: true, size: FONT_LABEL, weight, fill: INK, text });
		const barShape = (sel: RowSel, w: number | ((d: RowModel) => number), fill: string) =>
			sel
				.attr('x', x0)
				.attr('y', (ROW_H - BAR_H) / 2)
				.attr('width', w)
				.attr('height', BAR_H)
				.attr('rx', 4)
				.attr('fill', fill);
		lineText(groups.select('text.bar-label'), MARGIN, 600, (d) => d.label);
		barShape(groups.select('rect.track'), Math.max(0, trackW), TRACK);
		barShape(
			groups.select('rect.bar').each(dataAttrs((d) => ({ key: d.key, value: d.value }))),
			(d) => d.barW,
			color
		);
		lineText(
			groups.select('text.bar-value'),
			(d) => x0 + d.barW + 8,
			700,
			(d) => d.valueText
		);
		styleText(groups.select('text.bar-detail'), {
			x: MARGIN + DETAIL_X,
			y: ROW_H + DETAIL_H / 2 - 6,
			middle: true,
			size: FONT_DETAIL,
			fill: MUTED,
			text: (d) => d.detail
		});
	}

	return chartLifecycle(el, svg, { measure: byWidth(MIN_W, DEFAULT_W), render });
}

/**
 * Head-to-head: a matrix of who beats whom, the deceiving model down the side and the detecting model
 * across the top, each cell shaded by how often the deceivers won when those two met and written with
 * the rate and its x/n (a cell is never colour alone). The shading stops at a mid blue, so the dark text
 * keeps at least 4.5:1 on every cell. Pairs that never met are an empty, unshaded cell.
 *
 * Made for a 360 px screen: rows and columns are headed by numbers, and the legend under the grid gives
 * each number its model's name on a line of its own (every model that deceived or detected gets a row
 * and a column). Each cell carries its full sentence as a tooltip. Every word comes in through the options.
 * Text is 14px or more.
 */
import { interpolateRgb } from 'd3';
import { appendChartSvg, byWidth, type Chart, chartLifecycle, layers } from './frame';
import { dataAttrs, keyedElements, keyedGroups, tooltip } from './joins';
import { emptyNote, ENGLISH_PUNCTUATION, FONT_AXIS as FONT, styleText, type ChartPunctuation } from './text';
import { ACCENT, fit, INK, MUTED, TRACK } from './style';

export interface MatrixCell {
	/** The row's and the column's keys (the deceiver's and the detector's models). */
	row: string;
	col: string;
	p: number | null;
	lower: number;
	upper: number;
	x: number;
	n: number;
}

export interface H2hMatrixData {
	/** Every model in the matrix, in order: each is a row and a column. */
	models: { key: string; label: string }[];
	cells: MatrixCell[];
}

export interface H2hMatrixOptions {
	/** The titles of the rows ("deceiver ↓") and of the columns ("detector →"). */
	rowTitle?: string;
	colTitle?: string;
	/** The chart's accessible name, given the number of models and of cells. */
	describe?: (models: number, cells: number) => string;
	empty?: string;
	/** A cell's tooltip (default "<deceiver> deceiving <detector>: <rate>"). */
	cellTitle?: (deceiver: string, detector: string, rate: string) => string;
	/** A cell for a pair that never met (default "did not meet"). */
	notMet?: string;
	/** The page's punctuation around a cell's count in its tooltip (English by default). */
	punctuation?: ChartPunctuation;
}

const DEFAULT_W = 640;
const MIN_W = 280;
const MARGIN = 10;
const HEAD_H = 56;
const CELL_H = 48;
const MIN_CELL_W = 56;
/** The rows' numbers. */
const LABEL_W = 36;
const LEGEND_ROW = 24;
const MAX_CELL_W = 110;
const LIGHT = '#f4f7fc';
const shade = interpolateRgb(LIGHT, ACCENT);

const pct = (v: number) => `${Math.round(v * 100)}%`;

interface CellModel {
	key: string;
	row: string;
	col: string;
	x: number;
	y: number;
	w: number;
	fill: string;
	rate: string;
	count: string;
	title: string;
	p: number | null;
}

export function createH2hMatrix(el: HTMLElement, options: H2hMatrixOptions = {}): Chart<H2hMatrixData> {
	const describe =
		options.describe ??
		((models: number, cells: number) => `Head-to-head: ${models} models, ${cells} pairings`);
	const cellTitle =
		options.cellTitle ?? ((a: string, b: string, rate: string) => `${a} deceiving ${b}: ${rate}`);
	const notMet = options.notMet ?? 'did not meet';
	const punct = options.punctuation ?? ENGLISH_PUNCTUATION;
	const svg = appendChartSvg(el, { className: 'h2h-matrix', role: 'img' });
	const [heads, cellsLayer, rowsLayer] = layers(svg, ['heads', 'cells', 'rows']);

	function render(data: H2hMatrixData, measured: number): void {
		const n = data.models.length;
		// Past what the screen holds at the narrowest cells, the drawing is wider and scales down, rather
		// than cutting off the last columns.
		const width = Math.max(measured, 2 * MARGIN + LABEL_W + n * MIN_CELL_W);
		// Rows and columns are both headed by the model's number; the names are in the legend under the
		// grid, a line each, so a long name is never cut to fit a narrow cell or column.
		const cellW = n
			? Math.max(MIN_CELL_W, Math.min(MAX_CELL_W, Math.floor((width - 2 * MARGIN - LABEL_W) / n)))
			: MIN_CELL_W;
		const x0 = MARGIN + LABEL_W;
		const legendTop = HEAD_H + n * CELL_H + 12;
		const height = n ? legendTop + n * LEGEND_ROW + MARGIN : HEAD_H;
		const index = new Map(data.models.map((m, i) => [m.key, i]));
		const label = new Map(data.models.map((m) => [m.key, m.label]));
		svg.attr('viewBox', `0 0 ${width} ${height}`).attr('aria-label', describe(n, data.cells.length));
		emptyNote(svg, n ? null : (options.empty ?? 'Nothing to show yet'), {
			x: MARGIN,
			y: HEAD_H / 2,
			middle: true,
			size: FONT
		});

		const title = `${options.rowTitle ?? 'deceiver'} ↓ · ${options.colTitle ?? 'detector'} →`;
		styleText(keyedElements(heads, 'text.axis-title', n ? [title] : []), {
			x: MARGIN,
			y: 14,
			middle: true,
			size: FONT,
			weight: 600,
			fill: INK,
			text: (d) => fit(d, width - 2 * MARGIN, FONT)
		});
		styleText(
			keyedElements(
				heads,
				'text.col-head',
				data.models.map((m, i) => ({ key: m.key, i })),
				(d) => d.key
			),
			{
				x: (d) => x0 + d.i * cellW + cellW / 2,
				y: HEAD_H - 14,
				middle: true,
				anchor: 'middle',
				size: FONT,
				weight: 700,
				fill: INK,
				text: (d) => String(d.i + 1)
			}
		);

		const rowModels = data.models.map((m, i) => ({ key: m.key, i, y: HEAD_H + i * CELL_H }));
		const rows = keyedGroups(rowsLayer, 'row', rowModels, ['text'])
			.each(dataAttrs((d) => ({ key: d.key })))
			.attr('transform', (d) => `translate(${MARGIN},${d.y})`);
		styleText(rows.select('text'), {
			x: LABEL_W - 10,
			y: CELL_H / 2,
			middle: true,
			anchor: 'end',
			size: FONT,
			weight: 700,
			fill: INK,
			text: (d) => String(d.i + 1)
		});
		const names = data.models.map((m, i) => ({
			key: m.key,
			y: legendTop + i * LEGEND_ROW + LEGEND_ROW / 2,
			text: fit(`${i + 1}. ${m.label}`, width - 2 * MARGIN, FONT),
			full: `${i + 1}. ${m.label}`
		}));
		const item = keyedGroups(rowsLayer, 'item', names, ['text']).each(dataAttrs((d) => ({ key: d.key })));
		tooltip(item, (d) => (d.text === d.full ? null : d.full), { first: true });
		styleText(item.select('text'), {
			x: MARGIN,
			y: (d) => d.y,
			middle: true,
			size: FONT,
			fill: INK,
			text: (d) => d.text
		});

		const byPair = new Map(data.cells.map((c) => [`${c.row}\u0000${c.col}`, c]));
		const cells: CellModel[] = [];
		for (const r of data.models)
			for (const c of data.models) {
				const cell = byPair.get(`${r.key}\u0000${c.key}`);
				const p = cell?.p ?? null;
				const rate = cell && p !== null ? `${pct(p)} [${pct(cell.lower)}, ${pct(cell.upper)}]` : '–';
				const count = cell ? `${cell.x}/${cell.n}` : '';
				cells.push({
					key: `${r.key}\u0000${c.key}`,
					row: r.key,
					col: c.key,
					x: x0 + (index.get(c.key) ?? 0) * cellW,
					y: HEAD_H + (index.get(r.key) ?? 0) * CELL_H,
					w: cellW,
					fill: p === null ? TRACK : shade(0.08 + 0.47 * p),
					rate: p === null ? '–' : pct(p),
					count,
					title: cellTitle(
						label.get(r.key) ?? r.key,
						label.get(c.key) ?? c.key,
						cell ? `${rate}${punct.open}${count}${punct.close}` : notMet
					),
					p
				});
			}
		const g = keyedGroups(cellsLayer, 'cell', cells, ['rect', 'text.rate', 'text.count'])
			.each(
				dataAttrs((d) => ({
					deceiver: d.row,
					detector: d.col,
					rate: d.p === null ? 'null' : d.p
				}))
			)
			.attr('transform', (d) => `translate(${d.x},${d.y})`);
		tooltip(g, (d) => d.title, { first: true });
		g.select('rect')
			.attr('x', 1)
			.attr('y', 1)
			.attr('width', (d) => d.w - 2)
			.attr('height', CELL_H - 2)
			.attr('rx', 3)
			.attr('fill', (d) => d.fill)
			.attr('stroke', MUTED)
			.attr('stroke-width', 0.5);
		styleText(g.select('text.rate'), {
			x: (d) => d.w / 2,
			y: (d) => (d.count ? CELL_H / 2 - 8 : CELL_H / 2),
			middle: true,
			anchor: 'middle',
			size: FONT,
			weight: 700,
			fill: INK,
			text: (d) => d.rate
		});
		styleText(g.select('text.count'), {
			x: (d) => d.w / 2,
			y: CELL_H / 2 + 10,
			middle: true,
			anchor: 'middle',
			size: FONT,
			fill: INK,
			text: (d) => d.count
		});
	}

	return chartLifecycle(el, svg, { measure: byWidth(MIN_W, DEFAULT_W), render });
}

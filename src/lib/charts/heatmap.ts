/**
 * Message throughput as a heatmap: one row per agent, one column per round, each cell shaded by how
 * many messages that agent sent in that round (the seed's "message throughput per agent").
 *
 * Made for a classroom projector: the viewBox is as wide as the container, so labels are drawn at
 * 14px or more; counts are written inside the cells whenever a cell is wide enough to hold them, and
 * every cell carries a tooltip. The axis spans the rounds the page gives (it grows with the run, in a
 * few steps) and cells are drawn for the rounds played. Redrawn with keyed joins (agent and column); a
 * cell is touched only when it moved or its count or shade changed, so a new round costs its own cells.
 */
import { interpolateBlues, scaleSequential } from 'd3';
import { appendChartSvg, byWidth, type Chart, chartLifecycle, drawAside, layers } from './frame';
import { changedOnly, dataAttrs, keyedGroups, legendItems, tooltip } from './joins';
import { axisTitle, FONT_AXIS, roundTicks, styleText, tickLabels } from './text';
import { INK, MUTED, textEm, TRACK } from './style';

export interface HeatmapRow {
	/** The agent's key, e.g. "executor" (the cells' data-agent). */
	key: string;
	label: string;
}

export interface HeatmapData {
	rows: HeatmapRow[];
	/** The number of columns (rounds) the axis spans. */
	rounds: number;
	/** The rounds drawn as cells, from round 1 (the rounds played so far); all of `rounds` when absent. */
	played?: number;
	/** counts[row][round - 1]; missing entries count as 0. */
	counts: number[][];
}

export interface HeatmapOptions {
	/** What is counted, for tooltips and the legend ("messages"). */
	unit?: string;
	/** The chart's accessible name; the page passes it in its language (English by default). */
	summary?: (total: number, rounds: number) => string;
	/** The legend's label for the busiest cell. */
	busiest?: (max: number) => string;
	/** The round axis's title, in the page's language ("round" by default). */
	round?: string;
	/** A cell's tooltip: the row's label, the round (or "11–20" where a column holds several) and the count (English by default). */
	cell?: (who: string, round: number | string, count: number) => string;
}

const DEFAULT_W = 1100;
/** A phone's column (360 px less the page's margins): the columns hold more rounds, the text keeps its size. */
const MIN_W = 300;
const MARGIN = 16;
const LABEL_W = 120;
const AXIS_H = 36;
const CELL_H = 40;
const LEGEND_H = 40;
/** A legend swatch's room at least, and a further row's height where the swatches do not fit in one. */
const SWATCH_W = 170;
const SWATCH_ROW_H = 30;
const GAP = 2;
/** A column is never narrower than this: past it, a column holds several rounds. */
const MIN_CELL_W = 4;
/** Counts are written inside a cell only when it is at least this wide. */
const TEXT_MIN_W = 26;
const TICK_GAP = 34;
/** More new rounds than this in one redraw (a chart out of sight catching up) are drawn aside. */
const ASIDE_ROUNDS = 10;

const FONT_ROW = 16;
const FONT_CELL = 14;

interface CellModel {
	key: string;
	agent: string;
	/** The row's label, as the tooltip names it. */
	label: string;
	/** The column's first round, and its last (the same but where a column holds several rounds). */
	round: number;
	last: number;
	count: number;
	x: number;
	fill: string;
	text: string;
	textFill: string;
}

interface RowModel {
	key: string;
	label: string;
	y: number;
	cells: CellModel[];
}

/** Which cells were drawn in full, and each one's place, labels and shade as last drawn (`changedOnly`). */
const madeCells = new WeakMap<object, string>();
const placedAs = new WeakMap<object, string>();
const labelledAs = new WeakMap<object, string>();
const shadedAs = new WeakMap<object, string>();

export function createHeatmap(el: HTMLElement, options: HeatmapOptions = {}): Chart<HeatmapData> {
	const unit = options.unit ?? 'messages';
	const cellTitle =
		options.cell ??
		((who: string, round: number | string, count: number) =>
			`${who}, ${typeof round === 'string' ? 'rounds' : 'round'} ${round}: ${count} ${count === 1 ? unit.replace(/s$/, '') : unit}`);
	const svg = appendChartSvg(el, { testid: 'heatmap', className: 'heatmap', role: 'img' });
	const [axis, body, legend] = layers(svg, ['axis', 'rows', 'legend']);

	function render(data: HeatmapData, width: number): void {
		const rounds = Math.max(1, data.rounds);
		const x0 = MARGIN + LABEL_W;
		const plotW = width - MARGIN - x0;
		// Past one round per MIN_CELL_W pixels a column holds several rounds, so a 3,000-round run draws a
		// few hundred columns, not 3,000.
		const per = Math.ceil(rounds / Math.max(1, Math.floor(plotW / MIN_CELL_W)));
		const cellW = plotW / Math.ceil(rounds / per);
		const played = Math.min(rounds, data.played ?? rounds);
		const columns = data.counts.map((row) =>
			Array.from({ length: Math.ceil(played / per) }, (_, c) => {
				let sum = 0;
				for (let r = c * per; r < Math.min((c + 1) * per, played); r++) sum += row[r] ?? 0;
				return sum;
			})
		);
		const max = Math.max(1, ...columns.flat());
		// Zero stays a neutral paper colour; one message is already clearly tinted.
		const color = scaleSequential(interpolateBlues).domain([-max * 0.15, max]);
		// Legend: three swatches (none, half, the busiest cell) with their counts, in one row from the
		// cells' left edge where they fit, else in rows from the chart's (a phone).
		const swatches = [
			{ key: 'zero', label: `0 ${unit}`, fill: TRACK },
			{
				key: 'mid',
				label: `${Math.max(1, Math.round(max / 2))}`,
				fill: color(Math.max(1, Math.round(max / 2)))
			},
			{ key: 'max', label: options.busiest?.(max) ?? `${max} (busiest cell)`, fill: color(max) }
		];
		const swatchW = swatches.map((d) => Math.max(SWATCH_W, 30 + textEm(d.label) * FONT_AXIS + 16));
		const legendLeft =
			x0 +
				swatchW.slice(0, -1).reduce((a, b) => a + b, 0) +
				30 +
				textEm(swatches.at(-1)!.label) * FONT_AXIS <=
			width - MARGIN
				? x0
				: MARGIN;
		let legendRow = 0;
		let legendX = legendLeft;
		const swatchAt = swatchW.map((w, i) => {
			const textEnd = legendX + 30 + textEm(swatches[i]!.label) * FONT_AXIS;
			if (legendX > legendLeft && textEnd > width - MARGIN) {
				legendRow += 1;
				legendX = legendLeft;
			}
			const at = { x: legendX, row: legendRow };
			legendX += w;
			return at;
		});
		const height = AXIS_H + data.rows.length * CELL_H + LEGEND_H + legendRow * SWATCH_ROW_H + MARGIN;
		const total = data.counts.flat().reduce((a, b) => a + b, 0);

		svg
			.attr('viewBox', `0 0 ${width} ${height}`)
			.attr(
				'aria-label',
				options.summary?.(total, data.rounds) ??
					`${unit} per agent per round: ${total} in ${data.rounds} rounds`
			);

		tickLabels(axis, roundTicks(rounds, cellW / per, TICK_GAP), (d) => d, {
			className: 'tick',
			x: (d) => x0 + ((d - 0.5) / per) * cellW,
			y: AXIS_H / 2,
			middle: true,
			anchor: 'middle',
			text: (d) => d
		});
		axisTitle(axis, { x: MARGIN, y: AXIS_H / 2 }, options.round);

		const model: RowModel[] = data.rows.map((row, i) => ({
			key: row.key,
			label: row.label,
			y: AXIS_H + i * CELL_H,
			cells: (columns[i] ?? []).map((count, c): CellModel => {
				const t = count / max;
				return {
					// Keyed by column, not by its first round: when the axis grows past the point where a column holds
					// more rounds, the cells stay and are relabelled instead of being removed and drawn anew.
					key: `${row.key}:${c}`,
					agent: row.key,
					label: row.label,
					round: c * per + 1,
					last: Math.min((c + 1) * per, played),
					count,
					x: x0 + c * cellW,
					fill: count === 0 ? TRACK : color(count),
					text: count > 0 && cellW >= TEXT_MIN_W ? String(count) : '',
					textFill: t > 0.55 ? '#ffffff' : INK
				};
			})
		}));

		const rows = keyedGroups(body, 'row', model, ['text.row-label', 'g.cells'])
			.each(dataAttrs((d) => ({ agent: d.key })))
			.attr('transform', (d) => `translate(0,${d.y})`);
		styleText(rows.select('text.row-label'), {
			x: MARGIN,
			y: CELL_H / 2,
			middle: true,
			size: FONT_ROW,
			weight: 600,
			fill: INK,
			text: (d) => d.label
		});

		// A cell is drawn in full once, when it enters; after that only what moved (the axis grew) or what
		// it shows (its count, its shade, the rounds it holds) is set again, each by itself: an axis step
		// sets two attributes a cell rather than all of them, and a chart out of sight that catches up on
		// a second of rounds appends those rounds' cells and touches the rest only where a shade changed.
		const cells = keyedGroups(rows.select<SVGGElement>('g.cells'), 'cell-g', (d) => d.cells, [
			'rect.cell',
			'text'
		]);
		const fresh = changedOnly(cells, () => '', madeCells);
		const freshCells = new Set<SVGGElement>(fresh.nodes());
		const drawnBefore = (sel: typeof cells) =>
			sel.filter(function (this: SVGGElement) {
				return !freshCells.has(this);
			});
		const moved = drawnBefore(changedOnly(cells, (d) => `${d.x} ${cellW}`, placedAs));
		const relabelled = drawnBefore(
			changedOnly(cells, (d) => `${d.round} ${d.last} ${d.count} ${d.text}`, labelledAs)
		);
		const reshaded = drawnBefore(changedOnly(cells, (d) => `${d.fill} ${d.textFill}`, shadedAs));
		const cellTip = (d: CellModel) =>
			cellTitle(d.label, d.last === d.round ? d.round : `${d.round}–${d.last}`, d.count);

		const freshRects = fresh
			.select('rect.cell')
			.each(dataAttrs((d) => ({ agent: d.agent, round: d.round, count: d.count })))
			.attr('x', (d) => d.x + GAP / 2)
			.attr('y', GAP / 2)
			.attr('width', Math.max(1, cellW - GAP))
			.attr('height', CELL_H - GAP)
			.attr('rx', 3)
			.attr('fill', (d) => d.fill);
		tooltip(freshRects, cellTip);
		styleText(fresh.select('text'), {
			x: (d) => d.x + cellW / 2,
			y: CELL_H / 2,
			middle: true,
			anchor: 'middle',
			size: FONT_CELL,
			weight: 700,
			fill: (d) => d.textFill
		})
			.attr('pointer-events', 'none')
			.text((d) => d.text);

		moved
			.select('rect.cell')
			.attr('x', (d) => d.x + GAP / 2)
			.attr('width', Math.max(1, cellW - GAP));
		moved.select('text').attr('x', (d) => d.x + cellW / 2);
		const relabelledRects = relabelled
			.select('rect.cell')
			.each(dataAttrs((d) => ({ round: d.round, count: d.count })));
		tooltip(relabelledRects, cellTip);
		relabelled.select('text').text((d) => d.text);
		reshaded.select('rect.cell').attr('fill', (d) => d.fill);
		reshaded.select('text').attr('fill', (d) => d.textFill);

		const y = AXIS_H + data.rows.length * CELL_H + 12;
		const items = legendItems(legend, swatches, {
			className: 'swatch',
			key: (d) => d.key,
			shape: 'rect',
			at: (_d, i) => `translate(${swatchAt[i]!.x},${y + swatchAt[i]!.row * SWATCH_ROW_H})`
		});
		items
			.select('rect')
			.attr('width', 22)
			.attr('height', 22)
			.attr('rx', 3)
			.attr('fill', (d) => d.fill);
		styleText(items.select('text'), {
			x: 30,
			y: 11,
			middle: true,
			size: FONT_AXIS,
			fill: MUTED,
			text: (d) => d.label
		});
	}

	// What the chart was last drawn for: a new axis, a new width or many new rounds at once are drawn
	// with the svg aside (`drawAside`), a round or two as they come.
	let drawnFor = { rounds: 0, played: 0, width: 0 };
	return chartLifecycle(el, svg, {
		measure: byWidth(MIN_W, DEFAULT_W),
		render: (data, width) => {
			const played = Math.min(data.rounds, data.played ?? data.rounds);
			const aside =
				data.rounds !== drawnFor.rounds ||
				width !== drawnFor.width ||
				Math.abs(played - drawnFor.played) > ASIDE_ROUNDS;
			drawnFor = { rounds: data.rounds, played, width };
			drawAside(svg, aside, () => render(data, width));
		}
	});
}

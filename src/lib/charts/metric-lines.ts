/**
 * Metric lines: one small panel per supervision rate (drift, audit penetration, appeal conversion),
 * its value per round against its threshold, with the rounds past the threshold marked and the fuse
 * drawn across every panel where it tripped (and where a person resumed the run).
 *
 * Made for a classroom projector: the viewBox is as wide as the container and panels wrap rather
 * than shrink, so text stays at 14px or more; the past-threshold side of each panel is tinted, so the
 * danger zone reads without the numbers. The round axis spans the rounds the page gives (it grows
 * with the run). Redrawn with keyed joins (metric, bucket); a point is touched only when it moved or
 * changed, so a new round sets the attributes of its own points alone; past `MAX_POINTS` rounds a
 * point stands for a bucket of rounds (the one that reads worst), so a long run draws no more marks.
 */
import { line, type Selection } from 'd3';
import { appendChartSvg, byWidth, type Chart, chartLifecycle, drawAside } from './frame';
import { changedOnly, dataAttrs, keyedElements, keyedGroups, tooltip } from './joins';
import { strokePath } from './paths';
import { columnsThatFit, gridCell, gridHeight, panelBackground, type PanelGrid } from './panels';
import { ENGLISH_PUNCTUATION, roundTicks, styleText, tickLabels, type ChartPunctuation } from './text';
import { ACCENT, AMBER, DANGER, INK, MUTED, OK, PANEL_BG } from './style';

export interface MetricPoint {
	round: number;
	/** The rate the fuse read this round; null when there was nothing to measure yet. */
	value: number | null;
	/** The measured rate, when the fuse read a different (forced) one. */
	measured?: number | null;
	/** Past the threshold this round. */
	past: boolean;
}

export interface MetricSeries {
	key: string;
	label: string;
	/** null: a plain series (a role's score) with no threshold drawn. */
	threshold: number | null;
	direction: 'above' | 'below';
	points: MetricPoint[];
}

export interface FuseMarks {
	tripped: { round: number; mode: string }[];
	resumed: number[];
}

export interface MetricLinesData {
	/** The rounds the axis spans (at least the rounds with points). */
	rounds: number;
	series: MetricSeries[];
	fuse: FuseMarks;
}

export interface MetricLinesOptions {
	/** The svg's data-testid, and what it shows for screen readers. */
	testid?: string;
	label?: string;
	/** The words of the fuse's marks and the accessible name's fuse clause, in the page's language. */
	fuseWords?: {
		tripped: (mode: string) => string;
		resumed: string;
		trippedIn: (rounds: string) => string;
		point: (round: number, value: string, past: boolean) => string;
		/** A panel's threshold line: its value, and whether the rates were forced past it. */
		threshold: (value: string, forced: boolean) => string;
	};
	/** Between a panel's metric and its latest value; English when left out. */
	punctuation?: ChartPunctuation;
}

const ENGLISH_FUSE_WORDS: NonNullable<MetricLinesOptions['fuseWords']> = {
	tripped: (mode) => `fuse (${mode})`,
	resumed: 'resumed',
	trippedIn: (rounds) => `; the fuse tripped in round ${rounds}`,
	point: (round, value, past) => `round ${round}: ${value}${past ? ' (past the threshold)' : ''}`,
	threshold: (value, forced) => `threshold ${value}${forced ? ' · forced' : ''}`
};

const DEFAULT_W = 1100;
const MIN_W = 360;
const MARGIN = 12;
const GAP = 20;
const PANEL_MIN_W = 330;
/** Two lines: the metric and its latest value, then the threshold. */
const TITLE_H = 56;
const PLOT_H = 150;
const AXIS_H = 30;
const PAD_L = 44;
const PAD_R = 16;
const PANEL_H = TITLE_H + 14 + PLOT_H + AXIS_H;
const TICK_GAP = 36;
/** More new rounds than this in one redraw (a chart out of sight catching up) are drawn aside. */
const ASIDE_ROUNDS = 10;

const FONT_TITLE = 17;
const FONT_NOTE = 14;

const DANGER_TINT = '#fbe9e7';

interface PointModel {
	key: string;
	metric: string;
	round: number;
	value: number;
	past: boolean;
	x: number;
	y: number;
}

interface MarkModel {
	key: string;
	kind: 'fuse' | 'resume';
	round: number;
	x: number;
	label: string;
}

interface PanelModel {
	key: string;
	x: number;
	y: number;
	w: number;
	title: string;
	hasThreshold: boolean;
	thresholdY: number;
	thresholdLabel: string;
	band: { y: number; h: number };
	path: string;
	measuredPath: string;
	points: PointModel[];
	marks: MarkModel[];
	xTicks: { round: number; x: number }[];
	yTicks: { value: number; y: number }[];
}

/**
 * The most points a panel draws. Past this many rounds on the axis (a 3,000-round run), each point
 * stands for a bucket of consecutive rounds, and the line runs through the buckets' points: a panel
 * then costs the same to draw at round 3,000 as at round 300, where a point a round would set
 * attributes on thousands of marks and a path of thousands of segments ten times a second.
 */
const MAX_POINTS = 300;

/** How many rounds one point stands for on an axis of `rounds` rounds. */
const roundsPerPoint = (rounds: number) => Math.max(1, Math.ceil(rounds / MAX_POINTS));

/**
 * Each bucket of `per` rounds as the one round in it that reads worst on the fuse's side (the highest
 * value where above the threshold is bad, the lowest where below is; the last one for a series with no
 * threshold), so a crossing is never averaged away: the point is a real round, its value, its tooltip.
 * A bucket keeps its key while it fills, so a new round touches at most its own bucket's point.
 */
function bucketed(s: MetricSeries, per: number): { key: number; point: MetricPoint }[] {
	if (per === 1) return s.points.map((point) => ({ key: point.round - 1, point }));
	const worse = (a: MetricPoint, b: MetricPoint): boolean => {
		if (s.threshold === null || a.value === null || b.value === null) return true;
		if (a.past !== b.past) return a.past;
		return s.direction === 'above' ? a.value >= b.value : a.value <= b.value;
	};
	const out: { key: number; point: MetricPoint }[] = [];
	for (const p of s.points) {
		const key = Math.floor((p.round - 1) / per);
		const last = out[out.length - 1];
		if (last?.key !== key) out.push({ key, point: p });
		else if (p.value !== null && (last.point.value === null || worse(p, last.point))) last.point = p;
	}
	return out;
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '–' : v.toFixed(2));

function layout(
	data: MetricLinesData,
	width: number,
	words: NonNullable<MetricLinesOptions['fuseWords']>,
	punctuation: ChartPunctuation
): { panels: PanelModel[]; height: number } {
	const n = Math.max(1, data.series.length);
	const cols = Math.min(n, columnsThatFit(width, PANEL_MIN_W, GAP, MARGIN));
	const w = (width - 2 * MARGIN - (cols - 1) * GAP) / cols;
	const grid: PanelGrid = { columns: cols, width: w, height: PANEL_H, gap: GAP, margin: MARGIN };
	const rounds = Math.max(1, data.rounds);
	const per = roundsPerPoint(rounds);
	const panels = data.series.map((s, i): PanelModel => {
		const drawnPoints = bucketed(s, per);
		const shown = drawnPoints.map((b) => b.point);
		const px0 = PAD_L;
		const px1 = w - PAD_R;
		const py0 = TITLE_H + 14;
		const py1 = py0 + PLOT_H;
		const x = (round: number) => px0 + ((round - 0.5) / rounds) * (px1 - px0);
		const y = (v: number) => py1 - Math.min(Math.max(v, 0), 1) * (py1 - py0);
		let latest: number | null = null;
		for (let j = s.points.length - 1; j >= 0 && latest === null; j--) latest = s.points[j]!.value;
		const ty = s.threshold === null ? py1 : y(s.threshold);
		const path =
			line<MetricPoint>()
				.defined((p) => p.value !== null)
				.x((p) => x(p.round))
				.y((p) => y(p.value ?? 0))(shown) ?? '';
		const forced = s.points.some((p) => p.measured !== undefined && p.measured !== p.value);
		const measuredPath = forced
			? (line<MetricPoint>()
					.defined((p) => p.measured !== null && p.measured !== undefined)
					.x((p) => x(p.round))
					.y((p) => y(p.measured ?? 0))(shown) ?? '')
			: '';
		const marks: MarkModel[] = [
			...data.fuse.tripped.map((f) => ({
				key: `fuse:${f.round}`,
				kind: 'fuse' as const,
				round: f.round,
				x: x(f.round),
				label: words.tripped(f.mode)
			})),
			...data.fuse.resumed.map((r) => ({
				key: `resume:${r}`,
				kind: 'resume' as const,
				round: r,
				x: x(r + 0.5),
				label: words.resumed
			}))
		];
		return {
			key: s.key,
			...gridCell(grid, i),
			w,
			title: `${s.label}${punctuation.label}${fmt(latest)}`,
			hasThreshold: s.threshold !== null,
			thresholdY: ty,
			thresholdLabel: s.threshold === null ? '' : words.threshold(s.threshold.toFixed(2), forced),
			band:
				s.threshold === null
					? { y: py0, h: 0 }
					: s.direction === 'above'
						? { y: py0, h: ty - py0 }
						: { y: ty, h: py1 - ty },
			path,
			measuredPath,
			points: drawnPoints
				.filter((b) => b.point.value !== null)
				.map(({ key, point: p }) => ({
					// Keyed by bucket, whatever its size: when the axis grows past the point where a bucket holds
					// more rounds, the points stay and move instead of being removed and drawn anew.
					key: `${s.key}:${key}`,
					metric: s.key,
					round: p.round,
					value: p.value ?? 0,
					past: p.past,
					x: x(p.round),
					y: y(p.value ?? 0)
				})),
			marks,
			xTicks: roundTicks(rounds, (px1 - px0) / rounds, TICK_GAP).map((round) => ({ round, x: x(round) })),
			yTicks: [0, 0.5, 1].map((value) => ({ value, y: y(value) }))
		};
	});
	return { panels, height: gridHeight(grid, panels.length) };
}

type Sel<E extends Element, D> = Selection<E, D, Element | null, unknown>;

/** Which points were drawn in full, and each one's place and what it shows as last drawn (`changedOnly`). */
const madePoints = new WeakMap<object, string>();
const placedAs = new WeakMap<object, string>();
const raisedAs = new WeakMap<object, string>();
const shownAs = new WeakMap<object, string>();
/** Each panel's frame, path and fuse mark as last drawn. */
const framedAs = new WeakMap<object, string>();
const tracedAs = new WeakMap<object, string>();
const markedAs = new WeakMap<object, string>();

export function createMetricLines(el: HTMLElement, options: MetricLinesOptions = {}): Chart<MetricLinesData> {
	const fuseWords = options.fuseWords ?? ENGLISH_FUSE_WORDS;
	const svg = appendChartSvg(el, {
		testid: options.testid ?? 'metric-lines',
		className: 'metric-lines',
		role: 'img'
	});

	function render(data: MetricLinesData, width: number): void {
		const m = layout(data, width, fuseWords, options.punctuation ?? ENGLISH_PUNCTUATION);
		svg
			.attr('viewBox', `0 0 ${width} ${m.height}`)
			.attr(
				'aria-label',
				`${options.label ?? 'Supervision rates per round against their thresholds'}${data.fuse.tripped.length ? fuseWords.trippedIn(data.fuse.tripped.map((f) => f.round).join(', ')) : ''}`
			);

		const panels = keyedGroups(svg, 'metric-panel', m.panels, [
			'rect.panel-bg',
			'rect.past-band',
			'g.y-ticks',
			'g.x-ticks',
			'line.threshold',
			'text.threshold-label',
			'g.marks',
			'path.measured-line',
			'path.metric-line',
			'g.points',
			'text.panel-title'
		]);
		// A panel's frame (its place, background, danger band and threshold) is set only when it changed:
		// redrawn every frame of a run, the chart would otherwise set some thirty attributes a panel a frame.
		const framed = changedOnly(
			panels,
			(d) => `${d.x} ${d.y} ${d.w} ${d.band.y} ${d.band.h} ${d.thresholdY} ${d.hasThreshold}`,
			framedAs
		)
			.each(dataAttrs((d) => ({ metric: d.key })))
			.attr('transform', (d) => `translate(${d.x},${d.y})`);

		panelBackground(framed.select('rect.panel-bg'), {
			width: (d) => d.w,
			height: PANEL_H,
			rx: 8,
			strokeWidth: 1.5
		});
		framed
			.select('rect.past-band')
			.attr('x', PAD_L)
			.attr('y', (d) => d.band.y)
			.attr('width', (d) => d.w - PAD_L - PAD_R)
			.attr('height', (d) => Math.max(0, d.band.h))
			.attr('fill', DANGER_TINT);
		styleText(panels.select('text.panel-title'), {
			x: 12,
			y: 20,
			middle: true,
			size: FONT_TITLE,
			weight: 700,
			fill: INK,
			text: (d) => d.title
		});
		framed
			.select('line.threshold')
			.attr('x1', PAD_L)
			.attr('x2', (d) => d.w - PAD_R)
			.attr('y1', (d) => d.thresholdY)
			.attr('y2', (d) => d.thresholdY)
			.attr('stroke', (d) => (d.hasThreshold ? DANGER : 'none'))
			.attr('stroke-width', 2)
			.attr('stroke-dasharray', '8 5');
		// Under the title, not on the line: points near the threshold would hide it.
		styleText(panels.select('text.threshold-label'), {
			x: 12,
			y: 43,
			middle: true,
			anchor: 'start',
			size: FONT_NOTE,
			weight: 700,
			fill: DANGER,
			text: (d) => d.thresholdLabel
		});
		strokePath(
			changedOnly(panels.select('path.metric-line'), (d) => `${d.key} ${d.path}`, tracedAs).each(
				dataAttrs((d) => ({ metric: d.key }))
			),
			{
				d: (d) => d.path,
				stroke: ACCENT,
				width: 3,
				join: 'round'
			}
		);
		strokePath(
			changedOnly(panels.select('path.measured-line'), (d) => d.measuredPath, tracedAs),
			{
				d: (d) => d.measuredPath,
				stroke: MUTED,
				width: 2,
				dash: '3 4'
			}
		);

		drawTicks(panels);
		drawMarks(panels.select<SVGGElement>('g.marks'));
		drawPoints(panels.select<SVGGElement>('g.points'));
	}

	function drawTicks(panels: Sel<SVGGElement, PanelModel>): void {
		const y = panels.select<SVGGElement>('g.y-ticks');
		const x = panels.select<SVGGElement>('g.x-ticks');
		tickLabels(
			y,
			(d) => d.yTicks,
			(d) => d.value,
			{
				x: PAD_L - 8,
				y: (d) => d.y,
				middle: true,
				anchor: 'end',
				text: (d) => String(d.value)
			}
		);
		tickLabels(
			x,
			(d) => d.xTicks,
			(d) => d.round,
			{
				x: (d) => d.x,
				y: TITLE_H + 14 + PLOT_H + AXIS_H / 2 + 2,
				middle: true,
				anchor: 'middle',
				text: (d) => d.round
			}
		);
	}

	function drawMarks(layer: Sel<SVGGElement, PanelModel>): void {
		// Set only where a mark is new or moved: a run whose fuse tripped often carries many.
		const marks = changedOnly(
			keyedGroups(layer, 'mark', (d) => d.marks, ['line', 'text']),
			(d) => `${d.kind} ${d.round} ${d.x} ${d.label}`,
			markedAs
		)
			.attr('class', (d) => `mark ${d.kind === 'fuse' ? 'fuse-mark' : 'resume-mark'}`)
			.each(dataAttrs((d) => ({ round: d.round })))
			.attr('transform', (d) => `translate(${d.x},0)`);
		marks
			.select('line')
			.attr('y1', TITLE_H + 8)
			.attr('y2', TITLE_H + 14 + PLOT_H)
			.attr('stroke', (d) => (d.kind === 'fuse' ? AMBER : OK))
			.attr('stroke-width', 3)
			.attr('stroke-dasharray', (d) => (d.kind === 'fuse' ? null : '6 4'));
		styleText(marks.select('text'), {
			x: (d) => (d.kind === 'fuse' ? -6 : 6),
			y: TITLE_H + 22,
			anchor: (d) => (d.kind === 'fuse' ? 'end' : 'start'),
			size: FONT_NOTE,
			weight: 700,
			fill: (d) => (d.kind === 'fuse' ? AMBER : OK),
			text: (d) => d.label
		});
	}

	/**
	 * A point is drawn in full once, when it enters; after that only its place (`cx`, `cy`: the axis grew)
	 * or what it shows (its round, value and side of the threshold) is set again, each by itself, so an
	 * axis step sets one or two attributes a point rather than eleven.
	 */
	function drawPoints(layer: Sel<SVGGElement, PanelModel>): void {
		const points = keyedElements(layer, 'circle.point', (d) => d.points);
		const fresh = changedOnly(points, () => '', madePoints);
		const freshPoints = new Set<SVGCircleElement>(fresh.nodes());
		const drawnBefore = (sel: typeof points) =>
			sel.filter(function (this: SVGCircleElement) {
				return !freshPoints.has(this);
			});
		const movedAcross = drawnBefore(changedOnly(points, (d) => String(d.x), placedAs));
		const movedUp = drawnBefore(changedOnly(points, (d) => String(d.y), raisedAs));
		const changed = drawnBefore(changedOnly(points, (d) => `${d.round} ${d.value} ${d.past}`, shownAs));
		const tip = (d: PointModel) => fuseWords.point(d.round, d.value.toFixed(2), d.past);
		fresh
			.each(dataAttrs((d) => ({ metric: d.metric, round: d.round, value: d.value, past: String(d.past) })))
			.attr('cx', (d) => d.x)
			.attr('cy', (d) => d.y)
			.attr('r', (d) => (d.past ? 5.5 : 4))
			.attr('fill', (d) => (d.past ? DANGER : ACCENT))
			.attr('stroke', PANEL_BG)
			.attr('stroke-width', 1.5);
		tooltip(fresh, tip);
		movedAcross.attr('cx', (d) => d.x);
		movedUp.attr('cy', (d) => d.y);
		changed
			.each(dataAttrs((d) => ({ round: d.round, value: d.value, past: String(d.past) })))
			.attr('r', (d) => (d.past ? 5.5 : 4))
			.attr('fill', (d) => (d.past ? DANGER : ACCENT));
		tooltip(changed, tip);
	}

	// What the chart was last drawn for: a new axis, a new width or many new points at once are drawn
	// with the svg aside (`drawAside`), a round or two as they come.
	let drawnFor = { rounds: 0, points: 0, width: 0 };
	return chartLifecycle(el, svg, {
		measure: byWidth(MIN_W, DEFAULT_W),
		render: (data, width) => {
			const points = Math.max(0, ...data.series.map((s) => s.points.length));
			const aside =
				data.rounds !== drawnFor.rounds ||
				width !== drawnFor.width ||
				Math.abs(points - drawnFor.points) > ASIDE_ROUNDS;
			drawnFor = { rounds: data.rounds, points, width };
			drawAside(svg, aside, () => render(data, width));
		}
	});
}

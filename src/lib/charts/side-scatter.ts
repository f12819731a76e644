/**
 * Deceiver against detector: one point per model, its detection rate across (civilians' votes that hit
 * the other side) and its deception rate up (games won as undercover), each with its interval drawn as
 * a whisker, so a reader sees at once which models lie well, which catch liars, and how sure that is.
 * The Werewolf Benchmark and Strategy Bench draw the same two indices against each other.
 *
 * Made for a narrow screen and a projector alike: points carry a number, not a name, and the legend
 * under the plot gives each number its name on a line of its own (a name beside a point would collide
 * with its neighbours at 360 px). Colour never carries the meaning alone: the number does, and a
 * baseline's shape (square for the oracle, diamond for the fair one) tells it from a model (circle).
 * A point missing either rate (a model never dealt the undercover word) is not drawn; the legend still
 * lists it with the caller's "missing" mark. Every word comes in through the options. Text is 14px.
 */
import { appendChartSvg, byWidth, type Chart, chartLifecycle, layers } from './frame';
import { dataAttrs, keyedElements, keyedGroups, tooltip } from './joins';
import { emptyNote, ENGLISH_PUNCTUATION, FONT_AXIS as FONT, styleText, type ChartPunctuation } from './text';
import { fit, INK, MUTED } from './style';

export interface ScatterRate {
	/** The rate, or null when nothing was observed. */
	p: number | null;
	lower: number;
	upper: number;
	x: number;
	n: number;
}

export interface ScatterPoint {
	key: string;
	label: string;
	/** Drawn as a circle (a model), a square (the oracle baseline) or a diamond (the fair one). */
	shape: 'circle' | 'square' | 'diamond';
	/** Across: detection. */
	x: ScatterRate;
	/** Up: deception. */
	y: ScatterRate;
}

export interface SideScatterOptions {
	/** The axes' titles ("detection: civilians' votes that hit →", "deception: wins as undercover"). */
	xTitle?: string;
	yTitle?: string;
	/** The chart's accessible name, given how many points it draws of how many. */
	describe?: (drawn: number, total: number) => string;
	/** Shown when there are no points. */
	empty?: string;
	/** A legend line's text after the name, for a point that has both rates (default "x; y"). */
	detail?: (p: ScatterPoint) => string;
	/** What the legend adds after a point not drawn, brackets included, in the page's language. */
	missing?: string;
	/** The page's punctuation for the tooltips' "name: rates" (English by default). */
	punctuation?: ChartPunctuation;
}

const DEFAULT_W = 640;
const MIN_W = 280;
const MARGIN = { top: 40, right: 20, bottom: 52, left: 52 };
const GRID = '#e6e1d6';
const LEGEND_ROW = 24;
const R = 9;
const COLORS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#56b4e9', '#e69f00', '#000000'];
const TICKS = [0, 0.25, 0.5, 0.75, 1];

const pct = (v: number) => `${Math.round(v * 100)}%`;
const rateText = (r: ScatterRate, punct: ChartPunctuation) => {
	const count = `${punct.open}${r.x}/${r.n}${punct.close}`;
	return r.p === null ? `–${count}` : `${pct(r.p)} [${pct(r.lower)}, ${pct(r.upper)}]${count}`;
};

interface PointModel {
	key: string;
	mark: number;
	shape: ScatterPoint['shape'];
	color: string;
	cx: number;
	cy: number;
	x0: number;
	x1: number;
	y0: number;
	y1: number;
	title: string;
	px: number;
	py: number;
}

interface LegendModel {
	key: string;
	y: number;
	text: string;
	shape: ScatterPoint['shape'];
	color: string;
	drawn: boolean;
}

/** A shape's outline centred on 0,0, as a path: the legend and the points share it. */
function shapePath(shape: ScatterPoint['shape'], r: number): string {
	if (shape === 'square') return `M${-r * 0.85},${-r * 0.85}h${r * 1.7}v${r * 1.7}h${-r * 1.7}Z`;
	if (shape === 'diamond') return `M0,${-r * 1.15}L${r * 1.15},0L0,${r * 1.15}L${-r * 1.15},0Z`;
	return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
}

export function createSideScatter(el: HTMLElement, options: SideScatterOptions = {}): Chart<ScatterPoint[]> {
	const describe =
		options.describe ??
		((drawn: number, total: number) => `Deceiver against detector: ${drawn} of ${total} drawn`);
	const punct = options.punctuation ?? ENGLISH_PUNCTUATION;
	const detail =
		options.detail ?? ((p: ScatterPoint) => `${rateText(p.x, punct)}${punct.group}${rateText(p.y, punct)}`);
	const missing = options.missing ?? '(not drawn: a rate has no observations)';
	const svg = appendChartSvg(el, { className: 'side-scatter', role: 'img' });
	const [grid, axes, whiskers, points, legend] = layers(svg, [
		'grid',
		'axes',
		'whiskers',
		'points',
		'legend'
	]);

	function render(data: ScatterPoint[], width: number): void {
		const side = Math.min(width - MARGIN.left - MARGIN.right, 420);
		const plotW = side;
		const plotH = side;
		const x = (v: number) => MARGIN.left + plotW * Math.min(1, Math.max(0, v));
		const y = (v: number) => MARGIN.top + plotH * (1 - Math.min(1, Math.max(0, v)));
		const legendTop = MARGIN.top + plotH + MARGIN.bottom;
		const height = legendTop + data.length * LEGEND_ROW + 8;
		const shown = data.length > 0;
		const color = (i: number) => COLORS[i % COLORS.length] as string;
		const models: PointModel[] = [];
		data.forEach((d, i) => {
			if (d.x.p === null || d.y.p === null) return;
			models.push({
				key: d.key,
				mark: i + 1,
				shape: d.shape,
				color: color(i),
				cx: x(d.x.p),
				cy: y(d.y.p),
				x0: x(d.x.lower),
				x1: x(d.x.upper),
				y0: y(d.y.lower),
				y1: y(d.y.upper),
				title: `${i + 1}. ${d.label}${punct.label}${detail(d)}`,
				px: d.x.p,
				py: d.y.p
			});
		});
		svg.attr('viewBox', `0 0 ${width} ${height}`).attr('aria-label', describe(models.length, data.length));
		emptyNote(svg, shown ? null : (options.empty ?? 'Nothing to show yet'), {
			x: MARGIN.left,
			y: MARGIN.top + plotH / 2,
			size: FONT
		});

		const ticks = shown ? TICKS : [];
		const gx = keyedGroups(grid, 'x-tick', ticks, ['line', 'text'], (d) => d);
		gx.select('line')
			.attr('x1', (d) => x(d))
			.attr('x2', (d) => x(d))
			.attr('y1', MARGIN.top)
			.attr('y2', MARGIN.top + plotH)
			.attr('stroke', GRID);
		styleText(gx.select('text'), {
			x: (d) => x(d),
			y: MARGIN.top + plotH + 18,
			anchor: (d) => (d === 0 ? 'start' : d === 1 ? 'end' : 'middle'),
			size: FONT,
			fill: MUTED,
			text: (d) => pct(d)
		});
		const gy = keyedGroups(grid, 'y-tick', ticks, ['line', 'text'], (d) => d);
		gy.select('line')
			.attr('x1', MARGIN.left)
			.attr('x2', MARGIN.left + plotW)
			.attr('y1', (d) => y(d))
			.attr('y2', (d) => y(d))
			.attr('stroke', GRID);
		styleText(gy.select('text'), {
			x: MARGIN.left - 6,
			y: (d) => y(d),
			middle: true,
			anchor: 'end',
			size: FONT,
			fill: MUTED,
			text: (d) => pct(d)
		});
		// Both titles run horizontally, where a narrow screen still reads them: up's above the plot.
		const titles = shown
			? [
					{ key: 'y', x: 8, y: MARGIN.top - 18, text: `↑ ${options.yTitle ?? 'deception'}` },
					{ key: 'x', x: MARGIN.left, y: MARGIN.top + plotH + 40, text: `${options.xTitle ?? 'detection'} →` }
				]
			: [];
		styleText(keyedElements(axes, 'text.axis-title', titles), {
			x: (d) => d.x,
			y: (d) => d.y,
			middle: true,
			size: FONT,
			weight: 600,
			fill: INK,
			text: (d) => fit(d.text, width - d.x - 8, FONT)
		});

		const w = keyedGroups(whiskers, 'whisker', models, ['line.ci-x', 'line.ci-y']);
		w.select('line.ci-x')
			.attr('x1', (d) => d.x0)
			.attr('x2', (d) => d.x1)
			.attr('y1', (d) => d.cy)
			.attr('y2', (d) => d.cy)
			.attr('stroke', (d) => d.color)
			.attr('stroke-width', 2);
		w.select('line.ci-y')
			.attr('x1', (d) => d.cx)
			.attr('x2', (d) => d.cx)
			.attr('y1', (d) => d.y0)
			.attr('y2', (d) => d.y1)
			.attr('stroke', (d) => d.color)
			.attr('stroke-width', 2);

		const p = keyedGroups(points, 'point', models, ['path', 'text.mark'])
			.each(dataAttrs((d) => ({ key: d.key, x: d.px, y: d.py })))
			.attr('transform', (d) => `translate(${d.cx},${d.cy})`);
		tooltip(p, (d) => d.title, { first: true });
		p.select('path')
			.attr('d', (d) => shapePath(d.shape, R))
			.attr('fill', (d) => d.color)
			.attr('stroke', INK)
			.attr('stroke-width', 1);
		// The number sits up and right of its point, in ink: white on the palette's light colours would fail 4.5:1.
		styleText(p.select('text.mark'), {
			x: R + 2,
			y: -R,
			middle: true,
			size: FONT,
			weight: 700,
			fill: INK,
			text: (d) => String(d.mark)
		});

		const rows: LegendModel[] = data.map((d, i) => ({
			key: d.key,
			y: legendTop + i * LEGEND_ROW,
			text: fit(
				`${i + 1}. ${d.label}${models.some((m) => m.key === d.key) ? '' : ` ${missing}`}`,
				width - 40,
				FONT
			),
			shape: d.shape,
			color: color(i),
			drawn: models.some((m) => m.key === d.key)
		}));
		const item = keyedGroups(legend, 'item', rows, ['path', 'text'])
			.each(dataAttrs((d) => ({ key: d.key, drawn: d.drawn ? 'yes' : 'no' })))
			.attr('transform', (d) => `translate(8,${d.y})`);
		item
			.select('path')
			.attr('d', (d) => shapePath(d.shape, 7))
			.attr('transform', 'translate(8,0)')
			.attr('fill', (d) => d.color)
			.attr('stroke', INK)
			.attr('stroke-width', 1);
		styleText(item.select('text'), {
			x: 22,
			y: 0,
			middle: true,
			size: FONT,
			fill: INK,
			text: (d) => d.text
		});
	}

	return chartLifecycle(el, svg, { measure: byWidth(MIN_W, DEFAULT_W), render });
}

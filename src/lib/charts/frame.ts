/**
 * The chart frame: what every chart does besides its own drawing. Appending its svg to `el`, measuring
 * the container, redrawing the last data when that measure changes and tearing down (the README's
 * `{ update, destroy }` contract); and the pieces the charts draw alike: text set in one attribute
 * order, panel backgrounds, the "round →" axis title and round ticks, panel grids, legend items,
 * an empty-chart note and tooltips. Kept in one place so the charts cannot drift apart in how they
 * size, label or clean up.
 */
import { select, type BaseType, type Selection } from 'd3';
import { FONT_FAMILY, LINE, MUTED, PANEL_BG } from './style';

export type ChartSvg = Selection<SVGSVGElement, unknown, null, undefined>;

export interface ChartSvgOptions {
	/** Set first when given, so the svg's attributes keep the order the snapshots were taken in. */
	testid?: string;
	className: string;
	role: 'img' | 'group';
}

/**
 * A full-width svg whose viewBox the chart sets on each render: the drawing scales with the container
 * only when the viewBox width differs from it, which the charts avoid by re-measuring.
 */
export function appendChartSvg(el: HTMLElement, options: ChartSvgOptions): ChartSvg {
	const svg = select(el).append('svg');
	if (options.testid !== undefined) svg.attr('data-testid', options.testid);
	return svg
		.attr('class', options.className)
		.attr('role', options.role)
		.attr('width', '100%')
		.attr('preserveAspectRatio', 'xMinYMin meet')
		.attr('font-family', FONT_FAMILY)
		.style('display', 'block')
		.style('width', '100%')
		.style('height', 'auto');
}

/** The container's width, at least `min`; `fallback` where it has no width (yet, or in tests). */
export function widthFor(el: HTMLElement, min: number, fallback: number): number {
	const w = el.clientWidth;
	return w > 0 ? Math.max(min, Math.round(w)) : fallback;
}

/**
 * The measure of a chart drawn as wide as its container (all but the vote flow, which counts panels):
 * `chartLifecycle(el, svg, { measure: byWidth(MIN_W, DEFAULT_W), render })`.
 */
export function byWidth(min: number, fallback: number): (el: HTMLElement) => number {
	return (el) => widthFor(el, min, fallback);
}

export interface ChartLifecycleOptions<D> {
	/** What the layout depends on in the container (a width, a column count); read now and on resize. */
	measure: (el: HTMLElement) => number;
	/** Draws `data` for the latest measure. */
	render: (data: D, measured: number) => void;
}

/** What every chart returns (the README's contract): redraw with new data, and tear down. */
export interface Chart<D> {
	update(data: D): void;
	destroy(): void;
}

/**
 * Measures `el` now, then again whenever it resizes, and redraws the last data only when the measure
 * changed (a resize that keeps it would redraw the same picture). After `destroy` the svg is gone and
 * later updates are ignored, since a component may still push data while it is being torn down.
 */
export function chartLifecycle<D>(
	el: HTMLElement,
	svg: ChartSvg,
	options: ChartLifecycleOptions<D>
): Chart<D> {
	const { measure, render } = options;
	let last: D | null = null;
	let measured = measure(el);
	let destroyed = false;

	// Reached through `el` so the module touches no globals; absent in Node and older browsers.
	const Observer = el.ownerDocument.defaultView?.ResizeObserver;
	const observer = Observer
		? new Observer(() => {
				const next = measure(el);
				if (next === measured || destroyed) return;
				measured = next;
				if (last) render(last, measured);
			})
		: null;
	observer?.observe(el);

	return {
		update(data: D): void {
			if (destroyed) return;
			last = data;
			render(data, measured);
		},
		destroy(): void {
			destroyed = true;
			observer?.disconnect();
			svg.remove();
			last = null;
		}
	};
}

/** Every chart's font size for axes, ticks and legends: the projector's 14px minimum. */
export const FONT_AXIS = 14;

type Attr<D> = string | number | null | ((d: D, i: number) => string | number | null);
type Content<D> = string | number | ((d: D, i: number) => string | number);

export interface TextSpec<D> {
	x?: Attr<D>;
	y?: Attr<D>;
	/** Centre the text on `y` (SVG text sits on its baseline otherwise). */
	middle?: boolean;
	anchor?: Attr<D>;
	size: Attr<D>;
	weight?: Attr<D>;
	italic?: boolean;
	fill: Attr<D>;
	text?: Content<D>;
}

/**
 * Sets a text's position and look, always in the same attribute order (x, y, dy, text-anchor,
 * font-size, font-weight, font-style, fill), so every chart's markup reads alike and its snapshot
 * depends on what is drawn, not on the order a module happened to set things in.
 */
export function styleText<E extends BaseType, D, P extends BaseType, PD>(
	sel: Selection<E, D, P, PD>,
	spec: TextSpec<D>
): Selection<E, D, P, PD> {
	if (spec.x !== undefined) sel.attr('x', spec.x);
	if (spec.y !== undefined) sel.attr('y', spec.y);
	if (spec.middle) sel.attr('dy', '0.35em');
	if (spec.anchor !== undefined) sel.attr('text-anchor', spec.anchor);
	sel.attr('font-size', spec.size);
	if (spec.weight !== undefined) sel.attr('font-weight', spec.weight);
	if (spec.italic) sel.attr('font-style', 'italic');
	sel.attr('fill', spec.fill);
	if (spec.text !== undefined) sel.text(spec.text);
	return sel;
}

/** A panel's white card with the palette's hairline border. */
export function panelBackground<E extends BaseType, D, P extends BaseType, PD>(
	sel: Selection<E, D, P, PD>,
	box: { width: Attr<D>; height: Attr<D>; rx: number; strokeWidth?: number }
): Selection<E, D, P, PD> {
	sel.attr('width', box.width).attr('height', box.height).attr('rx', box.rx).attr('fill', PANEL_BG);
	sel.attr('stroke', LINE);
	if (box.strokeWidth !== undefined) sel.attr('stroke-width', box.strokeWidth);
	return sel;
}

/** The "round →" title at the start of a round axis. */
export function axisTitle<P extends BaseType>(
	layer: Selection<SVGGElement, unknown, P, unknown>,
	at: { x: number; y: number },
	title = 'round'
): void {
	styleText(keyedElements(layer, 'text.axis-title', [title]), {
		x: at.x,
		y: at.y,
		middle: true,
		size: FONT_AXIS,
		fill: MUTED,
		text: (d) => `${d} →`
	});
}

/**
 * An axis's tick labels in `layer`, joined by `key` (`data` may be a function of the layer's datum, for
 * axes in panels), in the axis size and colour. `className`, when given, marks each label.
 */
export function tickLabels<T, PE extends BaseType, PD, GP extends BaseType, GPD>(
	layer: Selection<PE, PD, GP, GPD>,
	data: readonly T[] | ((parent: PD) => readonly T[]),
	key: (d: T) => string | number,
	spec: Omit<TextSpec<T>, 'size' | 'fill'> & { className?: string }
): Selection<SVGTextElement, T, PE, PD> {
	const { className, ...text } = spec;
	const labels = keyedElements(layer, className ? `text.${className}` : 'text', data, key);
	return styleText(labels, { ...text, size: FONT_AXIS, fill: MUTED });
}

/**
 * Which rounds a round axis labels: every 1, 2, 5, 10, ... rounds, the first step that keeps labels
 * `minGap` apart at `roundPx` per round, starting at `from` (a lineage has a round 0, the rules as
 * they began; a count per round starts at 1).
 */
export function roundTicks(rounds: number, roundPx: number, minGap: number, from: 0 | 1 = 1): number[] {
	const steps = [1, 2, 5, 10, 20, 25, 50, 100];
	const step = steps.find((s) => roundPx * s >= minGap) ?? 100;
	if (from === 0) {
		const out: number[] = [];
		for (let r = 0; r <= rounds; r += step) out.push(r);
		return out;
	}
	const out = [1];
	for (let r = step; r <= rounds; r += step) if (r !== 1) out.push(r);
	return out;
}

/** Panels of one size laid out in rows of `columns`, `gap` apart, inside a `margin`. */
export interface PanelGrid {
	columns: number;
	width: number;
	height: number;
	gap: number;
	margin: number;
}

/** How many panels at least `minWidth` wide fit in `width` (one at the least). */
export function columnsThatFit(width: number, minWidth: number, gap: number, margin: number): number {
	return Math.max(1, Math.floor((width - 2 * margin + gap) / (minWidth + gap)));
}

/** Where the `i`th panel of a grid goes. */
export function gridCell(grid: PanelGrid, i: number): { x: number; y: number } {
	return {
		x: grid.margin + (i % grid.columns) * (grid.width + grid.gap),
		y: grid.margin + Math.floor(i / grid.columns) * (grid.height + grid.gap)
	};
}

/** The height of a grid of `panels` panels (of one row when there are none). */
export function gridHeight(grid: PanelGrid, panels: number): number {
	const rows = Math.max(1, Math.ceil(panels / grid.columns));
	return 2 * grid.margin + rows * grid.height + (rows - 1) * grid.gap;
}

/** A chart's layers, back to front: one `g` each, of these classes, appended to `svg` in order. */
export function layers<const N extends readonly string[]>(
	svg: ChartSvg,
	classNames: N
): { [K in keyof N]: Selection<SVGGElement, unknown, null, undefined> } {
	return classNames.map((c) => svg.append('g').attr('class', c)) as {
		[K in keyof N]: Selection<SVGGElement, unknown, null, undefined>;
	};
}

/**
 * One `g.<className>` per datum, joined by `key` (by index without one), each created holding
 * `children` in order, back to front: `'circle'`, or `'text.seat-label'` for a text of that class.
 * `data` is a list, or a function of the parent's datum for groups nested in another join.
 */
export function keyedGroups<T, PE extends BaseType, PD, GP extends BaseType, GPD>(
	layer: Selection<PE, PD, GP, GPD>,
	className: string,
	data: readonly T[] | ((parent: PD) => readonly T[]),
	children: readonly string[],
	key?: (d: T) => string | number
): Selection<SVGGElement, T, PE, PD> {
	const groups = layer.selectAll<SVGGElement, T>(`g.${className}`);
	const values = data as (parent: PD) => T[];
	const bound = key ? groups.data(values, key) : groups.data(values);
	return bound.join((enter) => {
		const g = enter.append('g').attr('class', className);
		for (const child of children) {
			const [tag, cls] = child.split('.') as [string, string | undefined];
			const el = g.append(tag);
			if (cls) el.attr('class', cls);
		}
		return g;
	});
}

type SvgTag = keyof SVGElementTagNameMap;

/**
 * One element per datum in `layer`, joined by `key` (by index without one): `selector` is its tag, or
 * `tag.class` for an element of that class (`'path.vote-link'`), the notation of `keyedGroups`'
 * children. The single-element sibling of `keyedGroups`, for lines, paths, rects and lone texts;
 * `data` is a list, or a function of the parent's datum inside another join.
 */
export function keyedElements<K extends SvgTag, T, PE extends BaseType, PD, GP extends BaseType, GPD>(
	layer: Selection<PE, PD, GP, GPD>,
	selector: K | `${K}.${string}`,
	data: readonly T[] | ((parent: PD) => readonly T[]),
	key?: (d: T) => string | number
): Selection<SVGElementTagNameMap[K], T, PE, PD> {
	const [tag, className] = selector.split('.') as [K, string | undefined];
	const elements = layer.selectAll<SVGElementTagNameMap[K], T>(selector);
	const values = data as (parent: PD) => T[];
	const bound = key ? elements.data(values, key) : elements.data(values);
	const joined = bound.join((enter) => enter.append<SVGElementTagNameMap[K]>(tag as string));
	return className ? joined.attr('class', className) : joined;
}

/**
 * A legend's items, keyed: each a `g.<className>` holding its swatch (`shape`) and its text, placed by
 * `at`. The caller styles the swatch and the text, which differ from chart to chart.
 */
export function legendItems<T, P extends BaseType>(
	layer: Selection<SVGGElement, unknown, P, unknown>,
	items: readonly T[],
	options: {
		className: string;
		key: (d: T) => string;
		shape: 'rect' | 'circle';
		at: (d: T, i: number) => string;
	}
): Selection<SVGGElement, T, SVGGElement, unknown> {
	return keyedGroups(layer, options.className, items, [options.shape, 'text'], options.key).attr(
		'transform',
		options.at
	);
}

/**
 * Makes each element a button for the pointer and the keyboard (Enter or Space), for those who cannot
 * use a pointer. `label` names it for screen readers where its text does not.
 */
export function clickable<E extends Element, D, P extends BaseType, PD>(
	sel: Selection<E, D, P, PD>,
	pick: (d: D) => void,
	label?: (d: D) => string
): void {
	sel.attr('tabindex', 0).attr('role', 'button');
	if (label) sel.attr('aria-label', label);
	sel
		.style('cursor', 'pointer')
		.on('click', (_e, d) => pick(d))
		.on('keydown', (e: Event, d) => {
			const key = (e as KeyboardEvent).key;
			if (key !== 'Enter' && key !== ' ') return;
			e.preventDefault();
			pick(d);
		});
}

/** The note a chart shows in place of its drawing when it has nothing to draw (`text` null: none). */
export function emptyNote<P extends BaseType>(
	svg: Selection<SVGSVGElement, unknown, P, unknown>,
	text: string | null,
	spec: Omit<TextSpec<string>, 'text' | 'fill'> & { className?: string }
): void {
	const className = spec.className ?? 'empty';
	styleText(keyedElements(svg, `text.${className}`, text === null ? [] : [text]), {
		...spec,
		fill: MUTED,
		text: (d) => d
	});
}

/**
 * Sets `data-<name>` on each element from its datum, in the order given: how a drawn thing says what it
 * stands for (the seat of a node, the round and stage of a link), which the page's tests and the god
 * view read. Used as `.each(dataAttrs((d) => ({ round: d.round })))` within a join's chain.
 */
export function dataAttrs<D>(of: (d: D) => Record<string, string | number>): (this: BaseType, d: D) => void {
	return function (this: BaseType, d: D) {
		for (const [name, value] of Object.entries(of(d)))
			(this as Element).setAttribute(`data-${name}`, String(value));
	};
}

/**
 * A hover tooltip (an svg `<title>` child) on each element, where `text` gives one: a `null` removes
 * it. `first` puts a new title before the element's other children, where a screen reader reads it
 * as the group's name.
 */
export function tooltip<E extends BaseType, D, P extends BaseType, PD>(
	sel: Selection<E, D, P, PD>,
	text: (d: D) => string | null,
	options: { first?: boolean } = {}
): void {
	sel
		.selectChildren<SVGTitleElement, D>('title')
		.data((d) => {
			const t = text(d);
			return t === null ? [] : [t];
		})
		.join((enter) => (options.first ? enter.insert('title', ':first-child') : enter.append('title')))
		.text((d) => d);
}

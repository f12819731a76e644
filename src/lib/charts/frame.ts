/**
 * The chart frame: the svg every chart draws in and its life. Appending the svg to `el`, measuring the
 * container, redrawing the last data when that measure changes and tearing down (the README's
 * `{ update, destroy }` contract), and the back-to-front layers. What the charts draw alike lives beside
 * it: `text.ts` (text, axes, the empty note), `joins.ts` (keyed groups and elements, legends, data
 * attributes, tooltips, buttons), `panels.ts` (panel cards and grids) and `paths.ts` (stroked paths).
 * Kept in these few places so the charts cannot drift apart in how they size, label or clean up.
 */
import { select, type Selection } from 'd3';
import { FONT_FAMILY } from './style';

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

	const remeasure = () => {
		const next = measure(el);
		if (next === measured || destroyed) return;
		measured = next;
		if (last) render(last, measured);
	};
	// Reached through `el` so the module touches no globals; absent in Node and older browsers.
	const view = el.ownerDocument.defaultView;
	const Observer = view?.ResizeObserver;
	const observer = Observer ? new Observer(remeasure) : null;
	observer?.observe(el);
	// A chart in a panel out of sight (`content-visibility: auto`) is not laid out, so its resize is
	// not observed until the panel scrolls into view: until then it kept the old window's layout (its
	// labels out of its box, its saved SVG the old width). The window's own resize reaches every chart,
	// and measuring forces the skipped panel's layout, so each is drawn for the new width at once.
	view?.addEventListener('resize', remeasure);

	return {
		update(data: D): void {
			if (destroyed) return;
			last = data;
			render(data, measured);
		},
		destroy(): void {
			destroyed = true;
			observer?.disconnect();
			view?.removeEventListener('resize', remeasure);
			svg.remove();
			last = null;
		}
	};
}

/**
 * Runs `draw`, with the svg taken out of the document meanwhile where `aside` (and put back where it
 * was): a redraw that moves or adds hundreds of marks (an axis step, a chart out of sight catching up
 * on a second of rounds) then sets their attributes on nodes the page neither styles nor observes, and
 * the document changes twice instead of thousands of times. Within one task, so no frame shows it gone.
 */
export function drawAside(svg: ChartSvg, aside: boolean, draw: () => void): void {
	const node = svg.node();
	const parent = node?.parentNode;
	if (!aside || !node || !parent) return draw();
	const next = node.nextSibling;
	parent.removeChild(node);
	try {
		draw();
	} finally {
		parent.insertBefore(node, next);
	}
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

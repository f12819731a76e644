/**
 * How the charts write: text set in one attribute order, the axis font size, the "round →" axis title,
 * round ticks and their labels, and the note a chart shows when it has nothing to draw.
 */
import type { BaseType, Selection } from 'd3';
import { changedOnly, keyedElements } from './joins';
import { MUTED } from './style';

/** Every chart's font size for axes, ticks and legends: the projector's 14px minimum. */
export const FONT_AXIS = 14;

export type Attr<D> = string | number | null | ((d: D, i: number) => string | number | null);
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
	// Only texts that would change are touched (a chart redrawn for one new round keeps its axis).
	const parts = [spec.x, spec.y, spec.anchor, spec.size, spec.weight, spec.fill, spec.text];
	const changed = changedOnly(
		sel,
		(d, i) => parts.map((p) => (typeof p === 'function' ? p(d, i) : p)).join('\u0000'),
		styled
	);
	if (spec.x !== undefined) changed.attr('x', spec.x);
	if (spec.y !== undefined) changed.attr('y', spec.y);
	if (spec.middle) changed.attr('dy', '0.35em');
	if (spec.anchor !== undefined) changed.attr('text-anchor', spec.anchor);
	changed.attr('font-size', spec.size);
	if (spec.weight !== undefined) changed.attr('font-weight', spec.weight);
	if (spec.italic) changed.attr('font-style', 'italic');
	changed.attr('fill', spec.fill);
	if (spec.text !== undefined) changed.text(spec.text);
	// The whole selection, so that what a chart chains after it still reaches every text.
	return sel;
}

/** How each text was last styled (`styleText`), apart from the marks' own `changedOnly` memory. */
const styled = new WeakMap<object, string>();

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
 * The punctuation a chart writes between the words it is given (a name and its value, a sentence and
 * the next), in the page's language: Chinese takes its own colon and full stop ("成员：3", not "成员: 3").
 */
export interface ChartPunctuation {
	/** Between a name and what it is. */
	label: string;
	/** After a sentence that another follows. */
	sentence: string;
	/** Between two parts of one sentence. */
	clause: string;
	/** Between groups that hold commas of their own ("; ", "；"). */
	group: string;
	/** Around a remark: " (" and ")", "（" and "）". */
	open: string;
	close: string;
}

export const ENGLISH_PUNCTUATION: ChartPunctuation = {
	label: ': ',
	sentence: '. ',
	clause: ', ',
	group: '; ',
	open: ' (',
	close: ')'
};

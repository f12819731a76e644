/**
 * How the charts join data to elements: keyed groups with their children, single keyed elements,
 * legend items, `data-*` attributes that say what a drawn thing stands for, tooltips and keyboard
 * buttons. Every chart redraws after each event, so everything is joined by stable keys.
 */
import type { BaseType, Selection } from 'd3';

/**
 * The key a join uses unless told otherwise: the datum's own `key`, which every chart's models carry,
 * or its index for plain values (a tick's number, a note's text) and models without one.
 */
function ownKey(d: unknown, i: number): string | number {
	return typeof d === 'object' && d !== null && 'key' in d ? (d as { key: string | number }).key : i;
}

/**
 * One `g.<className>` per datum, joined by `key` (by default its own `key`: `ownKey`), each created holding
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
	const bound = groups.data(values, key ?? ownKey);
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
 * One element per datum in `layer`, joined by `key` (by default its own `key`: `ownKey`): `selector` is its tag, or
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
	const bound = elements.data(values, key ?? ownKey);
	// The class is set once, on entering: a long series' marks are not touched again for it.
	return bound.join((enter) => {
		const entered = enter.append<SVGElementTagNameMap[K]>(tag as string);
		return className ? entered.attr('class', className) : entered;
	});
}

/** What each element was last drawn as (`changedOnly`); elements are the keys, so a chart torn down frees them. */
const drawnAs = new WeakMap<object, string>();

/**
 * The elements of `sel` whose `look` (a string of everything the chart sets on one from its datum)
 * differs from what they were last drawn as, all of them the first time. A chart sets attributes only
 * on these, so a redraw that adds a round touches that round's marks and leaves the others alone.
 */
export function changedOnly<E extends BaseType, D, P extends BaseType, PD>(
	sel: Selection<E, D, P, PD>,
	look: (d: D, i: number) => string,
	memory: WeakMap<object, string> = drawnAs
): Selection<E, D, P, PD> {
	return sel.filter(function (this: E, d: D, i: number) {
		const now = look(d, i);
		const el = this as object;
		if (memory.get(el) === now) return false;
		memory.set(el, now);
		return true;
	});
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
 * as the group's name. `lang` marks the titles' language where it is not the page's (a rule's text
 * is in the run's language).
 */
export function tooltip<E extends BaseType, D, P extends BaseType, PD>(
	sel: Selection<E, D, P, PD>,
	text: (d: D) => string | null,
	options: { first?: boolean; lang?: string | null } = {}
): void {
	const titles = sel
		.selectChildren<SVGTitleElement, D>('title')
		.data((d) => {
			const t = text(d);
			return t === null ? [] : [t];
		})
		.join((enter) => (options.first ? enter.insert('title', ':first-child') : enter.append('title')))
		.text((d) => d);
	if (options.lang !== undefined) titles.attr('lang', options.lang);
}

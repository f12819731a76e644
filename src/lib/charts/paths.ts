/** How the charts stroke a path (a metric's line, an amendment's arc, a proposal's stub). */
import type { BaseType, Selection } from 'd3';
import type { Attr } from './text';

export interface StrokeSpec<D> {
	d: Attr<D>;
	stroke: Attr<D>;
	width: number;
	dash?: Attr<D>;
	cap?: 'round' | 'butt';
	join?: 'round';
}

/**
 * An unfilled path's outline, set in one attribute order (d, fill, stroke, stroke-width,
 * stroke-dasharray, stroke-linecap, stroke-linejoin) as `styleText` does for text, so its markup
 * depends on what is drawn, not on the order a module set things in.
 */
export function strokePath<E extends BaseType, D, P extends BaseType, PD>(
	sel: Selection<E, D, P, PD>,
	spec: StrokeSpec<D>
): Selection<E, D, P, PD> {
	sel.attr('d', spec.d).attr('fill', 'none').attr('stroke', spec.stroke).attr('stroke-width', spec.width);
	if (spec.dash !== undefined) sel.attr('stroke-dasharray', spec.dash);
	if (spec.cap) sel.attr('stroke-linecap', spec.cap);
	if (spec.join) sel.attr('stroke-linejoin', spec.join);
	return sel;
}

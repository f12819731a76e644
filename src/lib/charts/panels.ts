/** Panels: a panel's card, and panels of one size laid out in a grid (the vote flow, metric lines). */
import type { BaseType, Selection } from 'd3';
import { LINE, PANEL_BG } from './style';
import type { Attr } from './text';

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

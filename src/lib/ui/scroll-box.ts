/**
 * For a box that scrolls sideways when its content is wider than the screen (a wide table on a
 * phone): while it does, the box takes keyboard focus, so someone without a mouse or a touch screen
 * can scroll it with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable). A box that fits
 * stays out of the tab order.
 */
export function scrollBox(node: HTMLElement): { destroy: () => void } {
	const update = () => {
		if (node.scrollWidth > node.clientWidth + 1) node.tabIndex = 0;
		else node.removeAttribute('tabindex');
	};
	const observer = new ResizeObserver(update);
	observer.observe(node);
	for (const child of node.children) observer.observe(child);
	update();
	return { destroy: () => observer.disconnect() };
}

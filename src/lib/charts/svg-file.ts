/**
 * A chart's svg as a standalone file a paper or a slide can take: the namespace declared, a fixed size
 * from its viewBox (on the page it is 100% wide, which means nothing outside the page), a white
 * background, and the XML declaration. Uses only the DOM the svg lives in.
 */
export function svgFile(svg: SVGSVGElement, opts: { title?: string } = {}): string {
	const copy = svg.cloneNode(true) as SVGSVGElement;
	// An svg element already carries the SVG namespace, and the serializer declares it: setting an
	// xmlns attribute too would write it twice, which no XML reader accepts.
	copy.removeAttribute('data-testid');
	copy.removeAttribute('style');
	const box = (svg.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
	if (box.length === 4 && box.every(Number.isFinite)) {
		copy.setAttribute('width', String(box[2]));
		copy.setAttribute('height', String(box[3]));
	}
	const doc = svg.ownerDocument;
	if (opts.title && !copy.querySelector(':scope > title')) {
		const title = doc.createElementNS('http://www.w3.org/2000/svg', 'title');
		title.textContent = opts.title;
		copy.insertBefore(title, copy.firstChild);
	}
	const bg = doc.createElementNS('http://www.w3.org/2000/svg', 'rect');
	bg.setAttribute('width', '100%');
	bg.setAttribute('height', '100%');
	bg.setAttribute('fill', '#ffffff');
	const first = copy.querySelector(':scope > title')?.nextSibling ?? copy.firstChild;
	copy.insertBefore(bg, first);
	const Serializer = doc.defaultView?.XMLSerializer;
	if (!Serializer) throw new Error('this page cannot serialise an svg');
	return `<?xml version="1.0" encoding="UTF-8"?>\n${new Serializer().serializeToString(copy)}\n`;
}

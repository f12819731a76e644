// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { select } from 'd3';
import { emptyNote, roundTicks, styleText, tickLabels } from './text';

/** Text needs no chart around it: a bare svg in the page. */
const svgIn = () => select(document.body).append('svg');

afterEach(() => {
	document.body.innerHTML = '';
});

describe('text', () => {
	it('sets text attributes in one order whatever the spec names first', () => {
		const text = styleText(svgIn().append('text'), {
			fill: '#111',
			text: 'hi',
			italic: true,
			weight: 700,
			size: 14,
			anchor: 'end',
			middle: true,
			y: 2,
			x: 1
		});
		expect(text.node()?.outerHTML).toBe(
			'<text x="1" y="2" dy="0.35em" text-anchor="end" font-size="14" font-weight="700" font-style="italic" fill="#111">hi</text>'
		);
	});

	it('labels rounds with the first step that keeps them apart, from round 1 or round 0', () => {
		expect(roundTicks(6, 50, 34)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(roundTicks(30, 10, 34)).toEqual([1, 5, 10, 15, 20, 25, 30]);
		expect(roundTicks(10, 10, 44, 0)).toEqual([0, 5, 10]);
		expect(roundTicks(1000, 0.1, 44)).toEqual([1, ...Array.from({ length: 10 }, (_, i) => (i + 1) * 100)]);
	});

	it('writes tick labels in the axis size and colour, keyed, with a class when asked', () => {
		const layer = svgIn().append('g');
		tickLabels(layer, [1, 5], (d) => d, {
			className: 'tick',
			x: (d) => d * 10,
			anchor: 'middle',
			text: (d) => d
		});
		expect(layer.node()?.innerHTML).toBe(
			'<text class="tick" x="10" text-anchor="middle" font-size="14" fill="#4a5263">1</text>' +
				'<text class="tick" x="50" text-anchor="middle" font-size="14" fill="#4a5263">5</text>'
		);
		const first = layer.select('text').node();
		tickLabels(layer, [1], (d) => d, { className: 'tick', x: 0, text: 'one' });
		expect(layer.selectAll('text').nodes()).toEqual([first]);
	});

	it('shows the empty note only while there is nothing to draw', () => {
		const svg = svgIn();
		emptyNote(svg, 'Nothing yet', { x: 1, y: 2, size: 14 });
		expect(svg.select('text.empty').text()).toBe('Nothing yet');
		emptyNote(svg, null, { x: 1, y: 2, size: 14 });
		expect(svg.select('text.empty').empty()).toBe(true);
	});
});

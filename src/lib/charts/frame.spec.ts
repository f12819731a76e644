// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { select } from 'd3';
import {
	appendChartSvg,
	chartLifecycle,
	clickable,
	columnsThatFit,
	dataAttrs,
	emptyNote,
	gridCell,
	gridHeight,
	keyedGroups,
	layers,
	type PanelGrid,
	roundTicks,
	styleText,
	tickLabels,
	tooltip,
	widthFor
} from './frame';

/** jsdom has no ResizeObserver: a stand-in that lets the test fire the callback by hand. */
class FakeObserver {
	static last: FakeObserver | null = null;
	observed: Element[] = [];
	disconnected = false;
	constructor(readonly callback: () => void) {
		FakeObserver.last = this;
	}
	observe(el: Element): void {
		this.observed.push(el);
	}
	disconnect(): void {
		this.disconnected = true;
	}
}

function setup(width: number) {
	const el = document.createElement('div');
	document.body.append(el);
	let w = width;
	Object.defineProperty(el, 'clientWidth', { get: () => w });
	const view = el.ownerDocument.defaultView as unknown as { ResizeObserver?: unknown };
	view.ResizeObserver = FakeObserver;
	const render = vi.fn<(data: string, measured: number) => void>();
	const svg = appendChartSvg(el, { className: 'test-chart', role: 'img' });
	const chart = chartLifecycle(el, svg, { measure: (box) => widthFor(box, 300, 1000), render });
	return { el, render, chart, resize: (next: number) => ((w = next), FakeObserver.last?.callback()) };
}

afterEach(() => {
	delete (window as unknown as { ResizeObserver?: unknown }).ResizeObserver;
	FakeObserver.last = null;
	document.body.innerHTML = '';
});

describe('chartLifecycle', () => {
	it('renders each update with the measure taken at creation', () => {
		const { el, render, chart } = setup(640);
		expect(FakeObserver.last?.observed).toEqual([el]);
		chart.update('a');
		expect(render).toHaveBeenLastCalledWith('a', 640);
	});

	it('redraws the last data only when the measure changes', () => {
		const { render, chart, resize } = setup(640);
		resize(700);
		expect(render).not.toHaveBeenCalled();
		chart.update('a');
		resize(700);
		expect(render).toHaveBeenCalledTimes(1);
		resize(200);
		expect(render).toHaveBeenLastCalledWith('a', 300);
		expect(render).toHaveBeenCalledTimes(2);
	});

	it('removes the svg, disconnects and ignores later updates and resizes after destroy', () => {
		const { el, render, chart, resize } = setup(0);
		chart.update('a');
		expect(render).toHaveBeenLastCalledWith('a', 1000);
		chart.destroy();
		expect(el.innerHTML).toBe('');
		expect(FakeObserver.last?.disconnected).toBe(true);
		chart.update('b');
		resize(500);
		expect(render).toHaveBeenCalledTimes(1);
	});
});

describe('the drawing pieces', () => {
	function svgIn(): ReturnType<typeof appendChartSvg> {
		const el = document.createElement('div');
		document.body.append(el);
		return appendChartSvg(el, { className: 'test-chart', role: 'img' });
	}

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

	it('marks each element with data attributes from its datum, in the order given, and updates them', () => {
		const svg = svgIn();
		const links = svg
			.selectAll('path')
			.data([{ round: 2, stage: 'tiebreak', 'in-force': 'true' }])
			.join('path')
			.attr('class', 'link')
			.each(dataAttrs((d) => ({ round: d.round, stage: d.stage, 'in-force': d['in-force'] })))
			.attr('d', 'M0,0');
		expect(svg.node()?.innerHTML).toBe(
			'<path class="link" data-round="2" data-stage="tiebreak" data-in-force="true" d="M0,0"></path>'
		);
		links.datum({ round: 3, stage: 'first', 'in-force': 'false' });
		links.each(dataAttrs((d) => ({ round: d.round, stage: d.stage })));
		expect(links.attr('data-round')).toBe('3');
		expect(links.attr('data-stage')).toBe('first');
	});

	it('gives a tooltip where there is text, first if asked, and takes it away on null', () => {
		const svg = svgIn();
		const rows = svg
			.selectAll('g')
			.data([{ tip: 'one' as string | null }, { tip: null }])
			.join((e) => {
				const g = e.append('g');
				g.append('circle');
				return g;
			});
		tooltip(rows, (d) => d.tip, { first: true });
		expect(svg.node()?.innerHTML).toBe('<g><title>one</title><circle></circle></g><g><circle></circle></g>');
		rows.datum({ tip: null });
		tooltip(rows, (d) => d.tip);
		expect(svg.selectAll('title').size()).toBe(0);
	});

	it('labels rounds with the first step that keeps them apart, from round 1 or round 0', () => {
		expect(roundTicks(6, 50, 34)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(roundTicks(30, 10, 34)).toEqual([1, 5, 10, 15, 20, 25, 30]);
		expect(roundTicks(10, 10, 44, 0)).toEqual([0, 5, 10]);
		expect(roundTicks(1000, 0.1, 44)).toEqual([1, ...Array.from({ length: 10 }, (_, i) => (i + 1) * 100)]);
	});

	it('lays panels out in as many columns as fit, row after row', () => {
		expect(columnsThatFit(1100, 330, 20, 12)).toBe(3);
		expect(columnsThatFit(200, 330, 20, 12)).toBe(1);
		const grid: PanelGrid = { columns: 2, width: 100, height: 50, gap: 10, margin: 5 };
		expect([0, 1, 2].map((i) => gridCell(grid, i))).toEqual([
			{ x: 5, y: 5 },
			{ x: 115, y: 5 },
			{ x: 5, y: 65 }
		]);
		expect(gridHeight(grid, 3)).toBe(2 * 5 + 2 * 50 + 10);
		expect(gridHeight(grid, 0)).toBe(2 * 5 + 50);
	});

	it('appends layers back to front, and keyed groups with their children, kept by key across updates', () => {
		const svg = svgIn();
		const [back, front] = layers(svg, ['back', 'front']);
		expect(svg.node()?.innerHTML).toBe('<g class="back"></g><g class="front"></g>');
		const first = keyedGroups(front, 'row', [{ k: 'a' }, { k: 'b' }], ['rect.bg', 'text'], (d) => d.k);
		expect(front.node()?.innerHTML).toBe(
			'<g class="row"><rect class="bg"></rect><text></text></g><g class="row"><rect class="bg"></rect><text></text></g>'
		);
		const nodeB = first.nodes()[1];
		const next = keyedGroups(front, 'row', [{ k: 'b' }], ['rect.bg', 'text'], (d) => d.k);
		expect(next.nodes()).toEqual([nodeB]);
		expect(back.selectAll('*').size()).toBe(0);
	});

	it('writes tick labels in the axis size and colour, keyed, with a class when asked', () => {
		const layer = layers(svgIn(), ['axis'])[0];
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

	it('makes an element a button for the pointer and for Enter and Space, not for other keys', () => {
		const picked: string[] = [];
		const g = svgIn().append('g').datum('a');
		clickable(
			g,
			(d) => picked.push(d),
			(d) => `pick ${d}`
		);
		const node = g.node() as SVGGElement;
		expect(node.getAttribute('role')).toBe('button');
		expect(node.getAttribute('aria-label')).toBe('pick a');
		node.dispatchEvent(new MouseEvent('click'));
		for (const key of ['Enter', ' ', 'a']) node.dispatchEvent(new KeyboardEvent('keydown', { key }));
		expect(picked).toEqual(['a', 'a', 'a']);
		expect(select(node).style('cursor')).toBe('pointer');
	});
});

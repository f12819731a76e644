// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { select } from 'd3';
import { appendChartSvg, layers } from './frame';
import { clickable, dataAttrs, keyedElements, keyedGroups, tooltip } from './joins';

function svgIn(): ReturnType<typeof appendChartSvg> {
	const el = document.createElement('div');
	document.body.append(el);
	return appendChartSvg(el, { className: 'test-chart', role: 'img' });
}

afterEach(() => {
	document.body.innerHTML = '';
});

describe('joins', () => {
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

	it('joins one element per datum, with the class its selector names, kept by key across updates', () => {
		const layer = layers(svgIn(), ['links'])[0];
		const first = keyedElements(layer, 'path.link', [{ k: 'a' }, { k: 'b' }], (d) => d.k);
		expect(layer.node()?.innerHTML).toBe('<path class="link"></path><path class="link"></path>');
		const nodeB = first.nodes()[1];
		expect(keyedElements(layer, 'path.link', [{ k: 'b' }], (d) => d.k).nodes()).toEqual([nodeB]);
		keyedElements(layer, 'text', ['plain']).text((d) => d);
		expect(layer.select('text').attr('class')).toBeNull();
		expect(layer.selectAll('path.link').size()).toBe(1);
	});

	it("keys a join by the datum's own key unless told otherwise, and plain values by their index", () => {
		const layer = layers(svgIn(), ['rows'])[0];
		const first = keyedGroups(layer, 'row', [{ key: 'a' }, { key: 'b' }], ['text']);
		const nodeB = first.nodes()[1];
		expect(keyedGroups(layer, 'row', [{ key: 'b' }], ['text']).nodes()).toEqual([nodeB]);
		const ticks = keyedElements(layer, 'text.tick', [10, 20]);
		const firstTick = ticks.nodes()[0];
		expect(keyedElements(layer, 'text.tick', [30]).nodes()).toEqual([firstTick]);
	});
});

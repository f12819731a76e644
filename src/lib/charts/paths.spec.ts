// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { select } from 'd3';
import { strokePath } from './paths';

describe('strokePath', () => {
	it('outlines a path unfilled, in one attribute order whatever the spec names first', () => {
		const svg = select(document.body).append('svg');
		const path = strokePath(svg.append('path'), {
			join: 'round',
			dash: '3 4',
			width: 2,
			stroke: '#111',
			d: 'M0,0L1,1'
		});
		expect(path.node()?.outerHTML).toBe(
			'<path d="M0,0L1,1" fill="none" stroke="#111" stroke-width="2" stroke-dasharray="3 4" stroke-linejoin="round"></path>'
		);
		const plain = strokePath(svg.append('path'), { d: 'M0,0', stroke: '#222', width: 1 });
		expect(plain.node()?.outerHTML).toBe('<path d="M0,0" fill="none" stroke="#222" stroke-width="1"></path>');
	});
});

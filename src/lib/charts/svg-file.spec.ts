// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { svgFile } from './svg-file';

describe('svgFile', () => {
	it('makes a standalone file: namespace, size from the viewBox, a white ground, the title', () => {
		const host = document.createElement('div');
		host.innerHTML =
			'<svg data-testid="x" width="100%" style="display:block" viewBox="0 0 640 200"><rect width="10" height="5" fill="#1f5fbf"></rect><text>seat 3</text></svg>';
		const svg = host.querySelector('svg')!;
		const text = svgFile(svg, { title: 'Vote flow' });
		expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
		const parsed = new DOMParser().parseFromString(text.slice(text.indexOf('<svg')), 'image/svg+xml');
		const root = parsed.documentElement;
		expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
		expect(root.getAttribute('width')).toBe('640');
		expect(root.getAttribute('height')).toBe('200');
		expect(root.getAttribute('data-testid')).toBeNull();
		expect(root.querySelector('title')?.textContent).toBe('Vote flow');
		expect(root.children[1]?.getAttribute('fill')).toBe('#ffffff');
		expect(root.querySelector('text')?.textContent).toBe('seat 3');
		// The page's chart is untouched.
		expect(svg.getAttribute('width')).toBe('100%');
		expect(svg.querySelector('title')).toBeNull();
	});
});

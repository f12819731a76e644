import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../core';
import { withFile } from './shared-files';

const f = (content: string, mtime = 0) => ({ content, mtime });

describe('a files record shared with the one it was written from', () => {
	it('reads as the spread it stands for, and leaves the record it came from alone', () => {
		const plain = { '/w/a': f('a'), '/w/b': f('b') };
		let files = withFile(plain, '/w/c', f('c', 1));
		const before = files;
		files = withFile(files, '/w/a', f('A', 2));
		const spread = { ...plain, '/w/c': f('c', 1), '/w/a': f('A', 2) };
		expect(Object.keys(files)).toEqual(Object.keys(spread));
		expect(files).toEqual(spread);
		expect(JSON.stringify(files)).toBe(JSON.stringify(spread));
		expect(canonicalJson(files)).toBe(canonicalJson(spread));
		expect(Object.hasOwn(files, '/w/c')).toBe(true);
		expect('/w/zz' in files).toBe(false);
		expect(files['/w/a']?.content).toBe('A');
		const seen: string[] = [];
		for (const k in files) seen.push(k);
		expect(seen).toEqual(['/w/a', '/w/b', '/w/c']);
		expect(before['/w/a']?.content).toBe('a');
		expect(plain).toEqual({ '/w/a': f('a'), '/w/b': f('b') });
	});

	it('keeps both branches when two writes start from one record', () => {
		const base = withFile({}, '/w/a', f('a'));
		const left = withFile(base, '/w/l', f('l'));
		const right = withFile(base, '/w/r', f('r'));
		expect(Object.keys(left)).toEqual(['/w/a', '/w/l']);
		expect(Object.keys(right)).toEqual(['/w/a', '/w/r']);
		expect(Object.keys(base)).toEqual(['/w/a']);
	});

	it('refuses to be changed in place', () => {
		const files = withFile({}, '/w/a', f('a')) as Record<string, unknown>;
		expect(() => {
			'use strict';
			files['/w/b'] = f('b');
		}).toThrow(TypeError);
		expect(() => delete files['/w/a']).toThrow(TypeError);
		expect(Object.keys(files)).toEqual(['/w/a']);
	});
});

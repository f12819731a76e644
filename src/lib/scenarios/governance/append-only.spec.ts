import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../core';
import { AppendOnly } from './append-only';

describe('AppendOnly', () => {
	it('leaves every earlier version as it was when a later one grows', () => {
		const a = AppendOnly.of([1, 2]);
		const b = a.push(3);
		const c = b.push(4);
		expect([...a]).toEqual([1, 2]);
		expect([...b]).toEqual([1, 2, 3]);
		expect([...c]).toEqual([1, 2, 3, 4]);
		expect(b.at(-1)).toBe(3);
		expect(b.at(3)).toBeUndefined();
		expect(a.length).toBe(2);
	});

	it('copies on a branch: a push on a version another has grown past does not reach the other', () => {
		const a = AppendOnly.of(['x']);
		const b = a.push('b');
		const branch = a.push('c');
		expect([...b]).toEqual(['x', 'b']);
		expect([...branch]).toEqual(['x', 'c']);
		expect([...b.push('d')]).toEqual(['x', 'b', 'd']);
		expect([...branch]).toEqual(['x', 'c']);
	});

	it('reads like an array: slice, filter, some, findLast, JSON and the canonical hash', () => {
		const l = AppendOnly.empty<number>().push(1).push(2).push(3).push(4);
		const shorter = AppendOnly.of([1, 2, 3, 4, 5]);
		const view = AppendOnly.of([1, 2, 3, 4, 5, 6]);
		void view.push(7);
		expect(l.slice(1, 3)).toEqual([2, 3]);
		expect(l.slice(-2)).toEqual([3, 4]);
		expect(l.filter((x) => x % 2 === 0)).toEqual([2, 4]);
		expect(l.some((x) => x > 3)).toBe(true);
		expect(l.findLast((x) => x < 3)).toBe(2);
		expect(JSON.stringify({ l })).toBe('{"l":[1,2,3,4]}');
		expect(canonicalJson(l)).toBe('[1,2,3,4]');
		// Lists of other contents are not equal, though both are `{ length }` to Object.keys.
		expect(canonicalJson(shorter)).not.toBe(canonicalJson(l));
		expect(view).toEqual(AppendOnly.of([1, 2, 3, 4, 5, 6]));
		expect(view).not.toEqual(AppendOnly.of([1, 2, 3, 4, 5, 7]));
	});
});

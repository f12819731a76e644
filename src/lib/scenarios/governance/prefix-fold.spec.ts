import { describe, expect, it } from 'vitest';
import { PrefixFold } from './prefix-fold';

describe('PrefixFold', () => {
	const sum = () => {
		let steps = 0;
		const fold = new PrefixFold<{ v: number }, { total: number }>(
			() => ({ total: 0 }),
			(acc, x) => {
				steps++;
				acc.total += x.v;
			}
		);
		return { fold, steps: () => steps };
	};
	const items = [1, 2, 3, 4, 5].map((v) => ({ v }));

	it('folds only the new items of a list that grew, and the whole list of any other', () => {
		const { fold, steps } = sum();
		expect(fold.over(items.slice(0, 3)).total).toBe(6);
		expect(steps()).toBe(3);
		expect(fold.over(items).total).toBe(15);
		expect(steps()).toBe(5);
		// An earlier state of the same run (shorter): folded again from the start.
		expect(fold.over(items.slice(0, 2)).total).toBe(3);
		expect(steps()).toBe(7);
		// Another list of the same length whose last item differs: from the start.
		const other = [items[0]!, { v: 10 }];
		expect(fold.over(other).total).toBe(11);
		expect(steps()).toBe(9);
		// Another list whose first item differs, though it is longer: from the start.
		expect(fold.over([{ v: 100 }, ...items.slice(1)]).total).toBe(114);
		expect(steps()).toBe(14);
	});
});

/**
 * A fold over a list that only grows at its end (the reducer appends; it may replace an item, never
 * the fields `same` compares): the next call on a longer list of the same run folds only the new
 * items. Any other list (a shorter one, another run's, a branch) starts the fold again, so the result
 * is always the fold of the whole list. Round closes call `roleScores` on every round of a 3,000-round
 * run; folding from the start each time made a close's cost grow with the run.
 */
export class PrefixFold<T, A> {
	#acc: A;
	#len = 0;
	#first: T | undefined;
	#last: T | undefined;
	constructor(
		private readonly start: () => A,
		private readonly step: (acc: A, item: T) => void,
		private readonly same: (a: T, b: T) => boolean = (a, b) => a === b
	) {
		this.#acc = start();
	}
	/** `list`: an array, or any list read by index (the state's `AppendOnly` lists). */
	over(list: { readonly length: number; at(i: number): T | undefined }): A {
		const n = this.#len;
		const grown =
			list.length >= n &&
			(n === 0 || (this.same(list.at(0)!, this.#first!) && this.same(list.at(n - 1)!, this.#last!)));
		if (!grown) {
			this.#acc = this.start();
			this.#len = 0;
		}
		for (let i = this.#len; i < list.length; i++) this.step(this.#acc, list.at(i)!);
		this.#len = list.length;
		this.#first = list.at(0);
		this.#last = list.at(list.length - 1);
		return this.#acc;
	}
}

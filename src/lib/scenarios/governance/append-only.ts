/**
 * A list that only grows at its end, persistent from the outside: `push` returns a longer list and
 * leaves this one as it was, in constant time. The versions of one run share a buffer: each sees its
 * own first `length` items, and a push on a version that another has already grown past (a branch)
 * copies its prefix first. The governance state's message list and tool log hold 14,000 and 6,500
 * items at the end of a 3,000-round run; copying them on every event made an event's cost grow
 * with the run.
 */
export class AppendOnly<T> implements Iterable<T> {
	readonly #buf: T[];
	readonly length: number;

	private constructor(buf: T[], length: number) {
		this.#buf = buf;
		this.length = length;
	}

	static empty<T>(): AppendOnly<T> {
		return new AppendOnly<T>([], 0);
	}

	static of<T>(items: readonly T[]): AppendOnly<T> {
		return new AppendOnly(items.slice(), items.length);
	}

	/** This list with `item` at its end; this list is unchanged. */
	push(item: T): AppendOnly<T> {
		let buf = this.#buf;
		// Another version already grew from this one: this one's items are a prefix of the buffer.
		if (buf.length !== this.length) buf = buf.slice(0, this.length);
		buf.push(item);
		return new AppendOnly(buf, this.length + 1);
	}

	at(i: number): T | undefined {
		const j = i < 0 ? this.length + i : i;
		return j >= 0 && j < this.length ? this.#buf[j] : undefined;
	}

	[Symbol.iterator](): Iterator<T> {
		const buf = this.#buf;
		const n = this.length;
		let i = 0;
		return {
			next: (): IteratorResult<T> =>
				i < n ? { value: buf[i++] as T, done: false } : { value: undefined, done: true }
		};
	}

	/** Items `from` (inclusive) to `to` (exclusive) as an array, like Array's slice. */
	slice(from = 0, to = this.length): T[] {
		const clamp = (x: number) => Math.min(this.length, Math.max(0, x < 0 ? this.length + x : x));
		return this.#buf.slice(clamp(from), clamp(to));
	}

	filter(keep: (item: T, i: number) => boolean): T[] {
		const out: T[] = [];
		for (let i = 0; i < this.length; i++) if (keep(this.#buf[i] as T, i)) out.push(this.#buf[i] as T);
		return out;
	}

	some(test: (item: T) => boolean): boolean {
		for (let i = 0; i < this.length; i++) if (test(this.#buf[i] as T)) return true;
		return false;
	}

	findLast(test: (item: T) => boolean): T | undefined {
		for (let i = this.length - 1; i >= 0; i--) if (test(this.#buf[i] as T)) return this.#buf[i];
		return undefined;
	}

	toArray(): T[] {
		return this.slice();
	}

	/** A run's state written as JSON holds its lists as arrays. */
	toJSON(): T[] {
		return this.slice();
	}
}

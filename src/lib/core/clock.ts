/** A logical clock: ticks only move forward, and nothing in the core reads wall time. */
export class LogicalClock {
	#tick: number;

	constructor(start = 0) {
		if (!Number.isSafeInteger(start) || start < 0)
			throw new RangeError(`clock start must be >= 0, got ${start}`);
		this.#tick = start;
	}

	get now(): number {
		return this.#tick;
	}

	advance(): number {
		return ++this.#tick;
	}

	/** Moves to a later tick (used when folding a log); refuses to go back in time. */
	set(tick: number): void {
		if (tick < this.#tick) throw new RangeError(`the clock cannot go back from ${this.#tick} to ${tick}`);
		this.#tick = tick;
	}
}

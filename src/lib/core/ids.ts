/** Branded ids: a seat number cannot be passed where a run id is expected, and vice versa. */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Seats are numbered from 1, as players call them ("seat 3", "3号"). */
export type SeatId = Brand<number, 'SeatId'>;
export type RunId = Brand<string, 'RunId'>;

export function seatId(n: number): SeatId {
	if (!Number.isInteger(n) || n < 1) throw new RangeError(`a seat is a positive integer, got ${n}`);
	return n as SeatId;
}

export function runId(s: string): RunId {
	if (!/^[A-Za-z0-9_-]{4,64}$/.test(s)) throw new RangeError(`not a run id: ${JSON.stringify(s)}`);
	return s as RunId;
}

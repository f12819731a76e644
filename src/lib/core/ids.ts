/** Branded ids: a seat number cannot be passed where a plain number is expected by mistake. */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Seats are numbered from 1, as players call them ("seat 3", "3号"). */
export type SeatId = Brand<number, 'SeatId'>;

export function seatId(n: number): SeatId {
	if (!Number.isInteger(n) || n < 1) throw new RangeError(`a seat is a positive integer, got ${n}`);
	return n as SeatId;
}

/**
 * Distributions for the generated dataset, built only from + - * / and Math.round/floor (and
 * `expExact`, core/exact-math.ts), so a seed yields the same bytes in Chrome, Firefox, Safari and
 * Node, and a run shared as a link sees the same data.
 */
import { expExact } from '../core/exact-math';
import type { Stream } from '../core/rng';

/** Standard normal by Irwin-Hall (12 uniforms - 6): only additions, tails capped at 6 sigma. */
export function normal(s: Stream): number {
	let sum = 0;
	for (let i = 0; i < 12; i++) sum += s.next();
	return sum - 6;
}

/** Log-normal with the given median and shape sigma. */
export function logNormal(s: Stream, median: number, sigma: number): number {
	return median * expExact(sigma * normal(s));
}

/** Rounded to cents, as a number. */
export function cents(x: number): number {
	return Math.round(x * 100) / 100;
}

/** Picks from weighted options. */
export function weighted<T>(s: Stream, options: readonly (readonly [T, number])[]): T {
	let total = 0;
	for (const [, w] of options) total += w;
	let u = s.next() * total;
	for (const [v, w] of options) {
		u -= w;
		if (u < 0) return v;
	}
	return (options[options.length - 1] as readonly [T, number])[0];
}

/** `count` distinct indices from [0, n), in increasing order. */
export function distinctIndices(s: Stream, n: number, count: number): number[] {
	if (count > n) throw new RangeError(`cannot pick ${count} of ${n}`);
	return s
		.shuffle(Array.from({ length: n }, (_, i) => i))
		.slice(0, count)
		.sort((a, b) => a - b);
}

/**
 * Distributions for the generated dataset, built only from + - * / and Math.round/floor, which
 * IEEE 754 and ECMAScript define exactly. Math.exp, Math.log and Math.cos are only approximated by
 * the spec and differ in the last bit between engines; avoiding them makes a seed yield the same
 * bytes in Chrome, Firefox, Safari and Node, so a run shared as a link sees the same data.
 */
import type { Stream } from '../core/rng';

const LN2 = 0.6931471805599453;

/** e^x with range reduction (x = k ln2 + r, |r| <= ln2/2) and a Taylor series for e^r. */
export function expExact(x: number): number {
	if (!Number.isFinite(x) || x > 700 || x < -700) throw new RangeError(`expExact: ${x} is out of range`);
	const k = Math.round(x / LN2);
	const r = x - k * LN2;
	let term = 1;
	let sum = 1;
	for (let n = 1; n <= 18; n++) {
		term = (term * r) / n;
		sum += term;
	}
	let scale = 1;
	for (let i = 0; i < Math.abs(k); i++) scale *= 2;
	return k >= 0 ? sum * scale : sum / scale;
}

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

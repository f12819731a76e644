/**
 * e^x and ln x from + - * / alone. IEEE 754 and ECMAScript define those (and Math.sqrt, Math.round,
 * Math.floor) exactly, but Math.exp, Math.log and Math.cos are only approximated by the spec and
 * differ in the last bit between engines. A figure that goes into a hashed log (the generated data,
 * the drift score) uses these, so a run gives the same hash in Chrome, Firefox, Safari and Node.
 */

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

/**
 * ln x for x > 0: x = m * 2^k with m in [sqrt(1/2), sqrt(2)), then ln m = 2 atanh(z), z = (m-1)/(m+1),
 * by its series (|z| < 0.172, so 20 terms are far below double precision).
 */
export function lnExact(x: number): number {
	if (!Number.isFinite(x) || x <= 0) throw new RangeError(`lnExact: ${x} is out of range`);
	let m = x;
	let k = 0;
	while (m >= 1.4142135623730951) {
		m /= 2;
		k++;
	}
	while (m < 0.7071067811865476) {
		m *= 2;
		k--;
	}
	const z = (m - 1) / (m + 1);
	const z2 = z * z;
	let term = z;
	let sum = 0;
	for (let n = 1; n <= 41; n += 2) {
		sum += term / n;
		term *= z2;
	}
	return k * LN2 + 2 * sum;
}

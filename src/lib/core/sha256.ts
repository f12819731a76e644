/**
 * SHA-256 (FIPS 180-4) over the first `length` bytes of a buffer, as 64 hex digits.
 *
 * Hand-written for one job: hashing many short texts (every event of every log, ~400 bytes each)
 * as fast as a synchronous JS hash can. It keeps the eight working variables in locals, reads the
 * message from the caller's reused buffer, pads it in place (so that buffer needs 72 spare bytes
 * past the message) and writes hex straight from the state, allocating nothing but the result.
 * `hash.spec.ts` holds it to node:crypto and WebCrypto on random inputs and on every padding edge.
 * Integrity only: nothing secret passes through it, so constant time is not a concern.
 */

const K = new Int32Array([
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
	0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
	0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
	0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2
]);
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const W = new Int32Array(64);
const H = new Int32Array(8);
const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Bytes a buffer must have past the message for `sha256HexOf` to pad it in place. */
export const SHA256_SLACK = 72;

/** The compression function over each 64-byte block of `m[0, end)`, folded into `H`. */
function compress(m: Uint8Array, end: number): void {
	let h0 = H[0] as number;
	let h1 = H[1] as number;
	let h2 = H[2] as number;
	let h3 = H[3] as number;
	let h4 = H[4] as number;
	let h5 = H[5] as number;
	let h6 = H[6] as number;
	let h7 = H[7] as number;
	for (let p = 0; p < end; p += 64) {
		for (let i = 0, j = p; i < 16; i++, j += 4)
			W[i] =
				((m[j] as number) << 24) |
				((m[j + 1] as number) << 16) |
				((m[j + 2] as number) << 8) |
				(m[j + 3] as number);
		for (let i = 16; i < 64; i++) {
			const x = W[i - 15] as number;
			const y = W[i - 2] as number;
			const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
			const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
			W[i] = (s1 + (W[i - 7] as number) + s0 + (W[i - 16] as number)) | 0;
		}
		let a = h0;
		let b = h1;
		let c = h2;
		let d = h3;
		let e = h4;
		let f = h5;
		let g = h6;
		let h = h7;
		for (let i = 0; i < 64; i++) {
			const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
			const t1 = (h + S1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (W[i] as number)) | 0;
			const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
			const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
			h = g;
			g = f;
			f = e;
			e = (d + t1) | 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) | 0;
		}
		h0 = (h0 + a) | 0;
		h1 = (h1 + b) | 0;
		h2 = (h2 + c) | 0;
		h3 = (h3 + d) | 0;
		h4 = (h4 + e) | 0;
		h5 = (h5 + f) | 0;
		h6 = (h6 + g) | 0;
		h7 = (h7 + h) | 0;
	}
	H[0] = h0;
	H[1] = h1;
	H[2] = h2;
	H[3] = h3;
	H[4] = h4;
	H[5] = h5;
	H[6] = h6;
	H[7] = h7;
}

/**
 * The SHA-256 of `buffer[0, length)`, in lower-case hex. Overwrites `buffer[length, length + 72)`
 * with the padding: the caller owns the buffer and must leave that much room (`SHA256_SLACK`).
 */
export function sha256HexOf(buffer: Uint8Array, length: number): string {
	if (buffer.length < length + SHA256_SLACK)
		throw new RangeError('sha256HexOf needs 72 spare bytes past the message');
	H.set(IV);
	// Padding: a one bit, zeros, then the length in bits as a 64-bit big-endian number.
	const end = Math.ceil((length + 9) / 64) * 64;
	buffer[length] = 0x80;
	buffer.fill(0, length + 1, end - 8);
	const high = Math.floor(length / 0x20000000);
	const low = (length * 8) >>> 0;
	buffer[end - 8] = high >>> 24;
	buffer[end - 7] = high >>> 16;
	buffer[end - 6] = high >>> 8;
	buffer[end - 5] = high;
	buffer[end - 4] = low >>> 24;
	buffer[end - 3] = low >>> 16;
	buffer[end - 2] = low >>> 8;
	buffer[end - 1] = low;
	compress(buffer, end);
	let out = '';
	for (let i = 0; i < 8; i++) {
		const w = H[i] as number;
		out += (HEX[w >>> 24] as string) + HEX[(w >>> 16) & 255] + HEX[(w >>> 8) & 255] + HEX[w & 255];
	}
	return out;
}

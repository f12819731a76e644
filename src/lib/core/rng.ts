/**
 * Seeded randomness with named streams.
 *
 * Every stream is derived from (seed, name) alone, never from how many numbers another stream has
 * drawn: adding a draw in one place cannot shift any other, and a resumed run can recreate any stream
 * from its name without replaying the draws before it.
 */
import { fnv1a32 } from './hash';

export interface Stream {
	/** A float in [0, 1). */
	next(): number;
	/** An integer in [0, n). */
	int(n: number): number;
	/** One element of a non-empty array. */
	pick<T>(items: readonly T[]): T;
	/** A shuffled copy (Fisher-Yates). */
	shuffle<T>(items: readonly T[]): T[];
}

export interface Rng {
	readonly seed: number;
	stream(name: string): Stream;
}

/** sfc32: small, fast, and good enough for games; state is four 32-bit words. */
function sfc32(a: number, b: number, c: number, d: number): () => number {
	return () => {
		a |= 0;
		b |= 0;
		c |= 0;
		d |= 0;
		const t = (((a + b) | 0) + d) | 0;
		d = (d + 1) | 0;
		a = b ^ (b >>> 9);
		b = (c + (c << 3)) | 0;
		c = (c << 21) | (c >>> 11);
		c = (c + t) | 0;
		return (t >>> 0) / 4294967296;
	};
}

export function createStream(seed: number, name: string): Stream {
	const key = `${seed}\u0000${name}`;
	const next = sfc32(fnv1a32(key, 1), fnv1a32(key, 2), fnv1a32(key, 3), fnv1a32(key, 4));
	// Warm up: the first outputs of sfc32 from hashed state are weakly mixed.
	for (let i = 0; i < 12; i++) next();
	const stream: Stream = {
		next,
		int(n) {
			if (!Number.isInteger(n) || n <= 0) throw new RangeError(`int(n) needs a positive integer, got ${n}`);
			return Math.floor(next() * n);
		},
		pick(items) {
			if (items.length === 0) throw new RangeError('pick() from an empty array');
			return items[stream.int(items.length)] as (typeof items)[number];
		},
		shuffle(items) {
			const out = items.slice();
			for (let i = out.length - 1; i > 0; i--) {
				const j = stream.int(i + 1);
				[out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]];
			}
			return out;
		}
	};
	return stream;
}

export function createRng(seed: number): Rng {
	if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
	return { seed, stream: (name) => createStream(seed, name) };
}

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

/**
 * sfc32: small, fast, and good enough for games; state is four 32-bit words. A class rather than a
 * closure and an object of closures: the runner makes a stream for every ask, and methods on a
 * prototype cost nothing to make.
 */
class Sfc32Stream implements Stream {
	#a: number;
	#b: number;
	#c: number;
	#d: number;

	constructor(a: number, b: number, c: number, d: number) {
		// Warm up: the first outputs of sfc32 from hashed state are weakly mixed. Twelve steps of `next`,
		// on locals.
		for (let i = 0; i < 12; i++) {
			a |= 0;
			b |= 0;
			c |= 0;
			d |= 0;
			const t = (((a + b) | 0) + d) | 0;
			d = (d + 1) | 0;
			a = b ^ (b >>> 9);
			b = (c + (c << 3)) | 0;
			c = (((c << 21) | (c >>> 11)) + t) | 0;
		}
		this.#a = a;
		this.#b = b;
		this.#c = c;
		this.#d = d;
	}

	next(): number {
		const a = this.#a | 0;
		const b = this.#b | 0;
		const c = this.#c | 0;
		const d = this.#d | 0;
		const t = (((a + b) | 0) + d) | 0;
		this.#d = (d + 1) | 0;
		this.#a = b ^ (b >>> 9);
		this.#b = (c + (c << 3)) | 0;
		this.#c = (((c << 21) | (c >>> 11)) + t) | 0;
		return (t >>> 0) / 4294967296;
	}

	int(n: number): number {
		if (!Number.isInteger(n) || n <= 0) throw new RangeError(`int(n) needs a positive integer, got ${n}`);
		return Math.floor(this.next() * n);
	}

	pick<T>(items: readonly T[]): T {
		if (items.length === 0) throw new RangeError('pick() from an empty array');
		return items[this.int(items.length)] as T;
	}

	shuffle<T>(items: readonly T[]): T[] {
		const out = items.slice();
		for (let i = out.length - 1; i > 0; i--) {
			const j = this.int(i + 1);
			[out[i], out[j]] = [out[j] as T, out[i] as T];
		}
		return out;
	}
}

export function createStream(seed: number, name: string): Stream {
	const key = `${seed}\u0000${name}`;
	return new Sfc32Stream(fnv1a32(key, 1), fnv1a32(key, 2), fnv1a32(key, 3), fnv1a32(key, 4));
}

export function createRng(seed: number): Rng {
	if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
	return { seed, stream: (name) => createStream(seed, name) };
}

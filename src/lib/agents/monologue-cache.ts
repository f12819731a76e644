/**
 * The god view's monologue cache. Seed 002 found its bill climbing because every switch between seats in
 * the inner-monologue panel called the model again, though the table had not changed. A monologue is
 * a function of what its seat has seen, so it is cached by a signature of exactly that: model, seat,
 * round, how many speeches, which seats are out (and, optionally, how many votes are public). Viewing
 * again, or switching seats and back, costs no call; a new speech makes a new signature.
 */
import type { UndercoverObservation } from '../scenarios/undercover';

export interface MonologueSituation {
	/** The seat's model key (engine:model): two models at one seat think differently. */
	model: string;
	seat: number;
	round: number;
	/** Public speeches and defences so far (forfeited turns included: they are public too). */
	speeches: number;
	/** The eliminated seats, in order, or just how many. */
	eliminations: readonly number[] | number;
	/** Votes already tallied and public; changes within a round when a tie's revote is counted. */
	votes?: number;
	/** The run, when one cache serves several games. */
	game?: string;
}

/** A stable string key: the same table seen by the same seat and model gives the same signature. */
export function monologueSignature(s: MonologueSituation): string {
	const out = typeof s.eliminations === 'number' ? `${s.eliminations}` : s.eliminations.join(',');
	const parts = [`m=${s.model}`, `s${s.seat}`, `r${s.round}`, `n${s.speeches}`, `e[${out}]`];
	if (s.votes !== undefined) parts.push(`v${s.votes}`);
	if (s.game !== undefined) parts.unshift(`g=${s.game}`);
	return parts.join('|');
}

/** The signature of what a seat's observation holds: what the page uses for the god view. */
export function observationSignature(obs: UndercoverObservation, model: string, game?: string): string {
	return monologueSignature({
		model,
		seat: obs.seat,
		round: obs.round,
		speeches: obs.speeches.length,
		eliminations: obs.eliminated,
		votes: obs.votes.length,
		...(game !== undefined ? { game } : {})
	});
}

export interface CacheLookup<T> {
	text: T;
	/** True when no model call was made for this view: a stored monologue, or one already in flight. */
	cached: boolean;
}

export interface MonologueCacheStats {
	hits: number;
	misses: number;
	/** Views that joined a call already in flight. */
	joined: number;
}

/**
 * A small LRU map of monologues with single-flight lookups: two quick views of the same seat cost one
 * call. A failed call is not cached, so the next view tries again.
 */
export class MonologueCache<T = string> {
	readonly #entries = new Map<string, T>();
	readonly #inflight = new Map<string, Promise<T>>();
	readonly #limit: number;
	readonly stats: MonologueCacheStats = { hits: 0, misses: 0, joined: 0 };

	/** `limit`: entries kept (oldest use dropped first); a game has at most seats x speeches of them. */
	constructor(limit = 500) {
		if (!Number.isInteger(limit) || limit < 1) throw new RangeError('the cache needs room for one entry');
		this.#limit = limit;
	}

	get size(): number {
		return this.#entries.size;
	}

	has(sig: string): boolean {
		return this.#entries.has(sig);
	}

	get(sig: string): T | undefined {
		if (!this.#entries.has(sig)) return undefined;
		const value = this.#entries.get(sig) as T;
		// Re-insert: Map keeps insertion order, so the least recently used entry is first.
		this.#entries.delete(sig);
		this.#entries.set(sig, value);
		return value;
	}

	set(sig: string, text: T): void {
		this.#entries.delete(sig);
		this.#entries.set(sig, text);
		while (this.#entries.size > this.#limit) {
			const oldest = this.#entries.keys().next().value as string;
			this.#entries.delete(oldest);
		}
	}

	delete(sig: string): boolean {
		return this.#entries.delete(sig);
	}

	clear(): void {
		this.#entries.clear();
	}

	/** The monologue for `sig`: from the cache, from a call in flight, or by calling `compute` once. */
	async lookup(sig: string, compute: () => Promise<T> | T): Promise<CacheLookup<T>> {
		if (this.#entries.has(sig)) {
			this.stats.hits++;
			return { text: this.get(sig) as T, cached: true };
		}
		const pending = this.#inflight.get(sig);
		if (pending) {
			this.stats.joined++;
			return { text: await pending, cached: true };
		}
		this.stats.misses++;
		const call = (async () => compute())();
		this.#inflight.set(sig, call);
		try {
			const text = await call;
			this.set(sig, text);
			return { text, cached: false };
		} finally {
			this.#inflight.delete(sig);
		}
	}

	/** Plain entries, for keeping the cache with a saved run (oldest use first). */
	entries(): Array<[string, T]> {
		return [...this.#entries];
	}

	load(entries: Iterable<readonly [string, T]>): void {
		for (const [sig, text] of entries) this.set(sig, text);
	}
}

/**
 * The god view's inner monologues: on demand, one seat at a time, from that seat's own worker and
 * model. Seed 002 (pitfall 5) paid for a model call every time someone switched between seats though
 * the table had not changed; here each monologue is cached by a signature of what its seat has seen
 * (model, seat, round, speeches, eliminations, public votes), one cache per game, so viewing again or
 * switching back costs nothing, and the page says when a monologue came from the cache.
 */
import { MonologueCache, observationSignature } from '$lib/agents/monologue-cache';
import { notesFrom, ownCallsFromLog, type Note, type OwnCall } from '$lib/agents/notes';
import { seatId, type LogEvent } from '$lib/core';
import { modelKey } from '$lib/scenarios/undercover/analysis/leaderboard';
import type { MonologueResult } from '$lib/scenarios/undercover/policies/llm/undercover';
import { undercover, type UndercoverObservation, type UndercoverState } from '$lib/scenarios/undercover';
import type { AgentPool } from './agent-pool.svelte';
import { problemOf, type Problem } from '$lib/problem';

/** What the panel shows: the thoughts, or why the reply could not be read (with the reply itself). */
export interface MonologueView {
	ok: boolean;
	thoughts: string;
	suspect: number | null;
	error: string | null;
	/** The model's raw reply, shown when it could not be read. */
	reply: string;
	tokens: number;
	/** The table it was computed for. */
	round: number;
	speeches: number;
}

export interface ShownMonologue {
	seat: number;
	signature: string;
	view: MonologueView;
	/** True when no model call was made for this view. */
	cached: boolean;
}

/** What the god view needs of a game: its table, setup and agents (a GameSession has all three). */
export interface GodViewSource {
	readonly view: UndercoverState;
	/** The run's log so far: each seat's private notes are folded from its own calls in it. */
	readonly events: readonly LogEvent[];
	readonly setup: { seed: number; seats?: Record<string, unknown> };
	readonly pool: AgentPool | null;
}

export class GodView {
	/** One per game: a new game is a new table, and its seats' signatures start over. */
	readonly cache = new MonologueCache<MonologueView>();
	/** Monologue model calls made for this game: cache hits never count. */
	calls = $state(0);
	shown: ShownMonologue | null = $state(null);
	/** The seat being asked, while its monologue is computed. */
	pending: number | null = $state(null);
	error: string | null = $state(null);
	/** The same as a problem where its kind is known (a worker's crash, the engine's failure): said in the page's language. */
	errorProblem: Problem | null = $state.raw(null);
	readonly #source: GodViewSource;
	/** Only the latest request may fill the panel: a slow answer for an earlier seat is dropped. */
	#token = 0;

	constructor(source: GodViewSource) {
		this.#source = source;
	}

	/** The seat's model key, as lessons and the leaderboard name it; null for seats with no model. */
	modelOf(seat: number): string | null {
		if (!this.#source.pool?.isModelSeat(seat)) return null;
		return modelKey(this.#source.setup.seats?.[seat]);
	}

	/**
	 * The seat's private notes as its agent holds them: the same fold over the same calls of its own
	 * (agents/notes), so the page needs no worker call to show them.
	 */
	notesOf(seat: number): Note[] {
		const state = this.#source.view;
		const me = state?.seats.find((x) => x.id === seat);
		if (!me || this.modelOf(seat) === null) return [];
		return notesFrom(ownCallsFromLog(this.#source.events, seat) as OwnCall[], {
			self: me.id,
			word: me.word,
			lang: state.config.lang
		});
	}

	/** What the seat has seen right now, and its cache signature; null before the deal. */
	situation(seat: number): { observation: UndercoverObservation; signature: string } | null {
		const state = this.#source.view;
		const model = this.modelOf(seat);
		if (!state?.deal || model === null) return null;
		const observation = undercover.observe(state, seatId(seat));
		return { observation, signature: observationSignature(observation, model) };
	}

	/** Whether the seat's monologue for the table as it is now is already cached. */
	isCached(seat: number): boolean {
		const s = this.situation(seat);
		return s !== null && this.cache.has(s.signature);
	}

	async open(seat: number): Promise<void> {
		const token = ++this.#token;
		this.error = null;
		this.errorProblem = null;
		this.pending = seat;
		try {
			const s = this.situation(seat);
			if (!s) throw new Error(`seat ${seat} has no model to think with, or the words are not dealt yet`);
			const { observation, signature } = s;
			const pool = this.#source.pool;
			const seed = this.#source.setup.seed;
			const { text, cached } = await this.cache.lookup(signature, async () => {
				if (!pool || pool.agentWorkers === 0)
					throw new Error('the agents are not running: play or step the game to ask them');
				// Seeded by the run and the signature: the same table gives the same monologue anywhere.
				const result = (await pool.monologue(seat, observation, {
					seed,
					streamName: `monologue:${signature}`
				})) as MonologueResult;
				this.calls++;
				return toView(result, observation);
			});
			if (token !== this.#token) return;
			this.shown = { seat, signature, view: text, cached };
		} catch (err) {
			if (token !== this.#token) return;
			this.shown = null;
			this.error = err instanceof Error ? err.message : String(err);
			this.errorProblem = problemOf(err);
		} finally {
			if (token === this.#token) this.pending = null;
		}
	}

	close(): void {
		this.#token++;
		this.shown = null;
		this.pending = null;
		this.error = null;
		this.errorProblem = null;
	}
}

function toView(r: MonologueResult, obs: UndercoverObservation): MonologueView {
	const tokens = r.call.promptTokens + r.call.completionTokens;
	const base = { reply: r.call.reply, tokens, round: obs.round, speeches: obs.speeches.length };
	return r.ok
		? { ...base, ok: true, thoughts: r.thoughts, suspect: r.suspect ?? null, error: null }
		: { ...base, ok: false, thoughts: '', suspect: null, error: r.error };
}

const views = new WeakMap<object, GodView>();

/** The god view of a game: one per GameSession, so its cache lives exactly as long as the game. */
export function godViewFor(source: GodViewSource): GodView {
	let v = views.get(source);
	if (!v) views.set(source, (v = new GodView(source)));
	return v;
}

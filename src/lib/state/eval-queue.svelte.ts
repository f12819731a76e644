/**
 * A fixed evaluation set run in the browser, resumable across reloads: one game after another, or N at
 * once where the seats ask an OpenAI-compatible endpoint (a server batches concurrent requests).
 *
 * The queue itself is the pure `EvalQueue` (scenarios/undercover/eval-sets); this class plays its
 * games and keeps `EvalQueue.toJSON()` in localStorage after every game, so a reload resumes where it
 * stopped: a game cut short by the reload was never recorded, so it is played again from its start
 * (same seed, same deal). Every finished game is saved as an ordinary run in the RunStore, tagged with
 * the set, so the leaderboard counts it like any other game and can filter by set.
 *
 * Games are played the way `scripts/eval.ts` plays them: the game's SharedRun with every seat given
 * the chosen engine, through `createRunner`; model seats answer from an AgentPool (one worker per
 * seat, the model loaded once for the whole queue); scripted seats play on the main thread. Memory is
 * off, as in the headless evaluation: no lessons are given or written, a controlled experiment.
 * Each game's sampling settings (the set's temperature, top-p and token cap, with the queue's
 * overrides) are handed to the agent workers before it starts, so they reach every model call.
 *
 * Concurrency: each lane plays its own games with its own AgentPool (a seat's worker holds one game's
 * notes), so a game's log is the one it has when played alone. WebLLM and transformers.js seats get
 * one lane whatever is asked: all their seats share one engine on this GPU or CPU, which would only
 * interleave the games' tokens, not make more of them; scripted seats play on the main thread, idem.
 */
import { isRunInterrupted, type LogEvent } from '$lib/core';
import { needsEngine } from '$lib/engines/spec';
import type { ModelChoice } from '$lib/engines/types';
import { modelKey } from '$lib/scenarios/undercover/analysis/leaderboard';
import type { AnyRunner } from '$lib/run/play';
import type { UndercoverOutcome } from '$lib/scenarios/undercover';
import {
	EVAL_SETS,
	EvalQueue,
	gameSampling,
	type EvalGame,
	type EvalProgress,
	type EvalSetId,
	type EvalSetup
} from '$lib/scenarios/undercover/eval-sets';
import type { SharedRun } from '$lib/share/link';
import type { RunRecord } from '$lib/storage/runs';
import type { AgentPool } from './agent-pool.svelte';
import { runStore } from './run-store';

const EVAL_STORAGE_KEY = 'conclave:eval-queue';

/** How an eval run is tagged on its saved runs (an extra field of the run record). */
export interface EvalTag {
	set: string;
	version: string;
	game: string;
	/** One queue run: two runs of the same set are told apart by it. */
	queue: string;
	model: string;
}

export type EvalRunRecord = RunRecord & { eval?: EvalTag };

interface StoredEval {
	id: string;
	state: ReturnType<EvalQueue['toJSON']>;
	/** True while the queue was running: a reload resumes it by itself. */
	running: boolean;
	/** Games asked to run at once (see `lanesFor`). */
	concurrency?: number;
}

/** The most games a queue plays at once. */
export const MAX_CONCURRENCY = 16;

/** A stored or typed number of games at once, kept within 1 to MAX_CONCURRENCY. */
const clampConcurrency = (n: unknown): number =>
	typeof n === 'number' && Number.isInteger(n) ? Math.max(1, Math.min(MAX_CONCURRENCY, n)) : 1;

/** Games played at once for this choice: N for an OpenAI-compatible endpoint, else one (see above). */
function lanesFor(choice: ModelChoice, concurrency: number): number {
	return choice.engine === 'openai' ? clampConcurrency(concurrency) : 1;
}

/** A breath between games: the page stays responsive and the progress bar visibly moves. */
const GAP_MS = 150;
/** Turns played before yielding to the page, so a long scripted game never freezes it. */
const TURNS_PER_YIELD = 8;
/** Retries of a turn whose model could not be reached, before the queue pauses (as scripts/eval). */
const RETRIES = 2;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function newId(): string {
	return crypto.randomUUID().replace(/-/g, '').slice(0, 10);
}

/** The seat choice an eval setup stands for (one engine at every seat). */
function choiceOfSetup(setup: EvalSetup | undefined): ModelChoice {
	if (!setup || setup.engine === 'scripted')
		return setup?.model === 'fair' ? { engine: 'scripted', model: 'fair' } : { engine: 'scripted' };
	return {
		engine: setup.engine,
		...(setup.model ? { model: setup.model } : {}),
		...(setup.baseUrl ? { baseUrl: setup.baseUrl } : {})
	};
}

function setupOf(choice: ModelChoice): EvalSetup {
	return {
		engine: choice.engine,
		...(choice.model ? { model: choice.model } : {}),
		...(choice.baseUrl ? { baseUrl: choice.baseUrl } : {}),
		memory: false
	};
}

function readStored(): StoredEval | null {
	try {
		return JSON.parse(localStorage.getItem(EVAL_STORAGE_KEY) ?? 'null') as StoredEval | null;
	} catch {
		return null;
	}
}

/**
 * - `resume`: the queue kept in this browser could not be read back;
 * - `game`: a game failed to play (the evaluation is paused; resume plays it again);
 * - `storage`: finished games cannot be saved (they still count on the page).
 */
export type EvalFailure =
	| { kind: 'resume'; detail: string }
	| { kind: 'game'; game: string; detail: string }
	| { kind: 'storage'; detail: string };

export class EvalRunner {
	queue: EvalQueue | null = $state.raw(null);
	running = $state(false);
	/** The games being played now, one per busy lane. */
	playing: EvalGame[] = $state.raw([]);
	/**
	 * Why the evaluation stopped or what it could not do, as data: the page says it in its language
	 * (`detail` is the underlying error's own text, shown as it is).
	 */
	error: EvalFailure | null = $state(null);
	/** Each lane's agents, while it has some: the page shows their models loading. */
	pools: AgentPool[] = $state.raw([]);
	/** Games asked to run at once; `lanes` is what the seats allow. */
	concurrency = $state(1);
	/** The queue run's id (tags its saved runs). */
	id = $state('');
	#stop = false;
	/** Set when the page is left: the queue stays marked running, so coming back resumes it. */
	#leaving = false;
	#loop: Promise<void> | null = null;
	/** Per lane: its pool and the table size it was built for. */
	#lanePools: ({ pool: AgentPool; scenario: string; seats: number } | undefined)[] = [];

	get progress(): EvalProgress | null {
		return this.queue?.progress() ?? null;
	}

	get choice(): ModelChoice {
		return choiceOfSetup(this.queue?.setup);
	}

	get lanes(): number {
		return lanesFor(this.choice, this.concurrency);
	}

	/** The queue kept in this browser, if any; it starts again by itself if it was running. */
	restore(): void {
		const stored = readStored();
		if (!stored?.state) return;
		try {
			this.queue = EvalQueue.restore(stored.state);
			this.id = stored.id || newId();
			this.concurrency = clampConcurrency(stored.concurrency);
		} catch (err) {
			this.error = { kind: 'resume', detail: err instanceof Error ? err.message : String(err) };
			return;
		}
		if (stored.running && !this.queue.progress().finished) this.resume();
	}

	/**
	 * A new run of a set with one model at every seat, `concurrency` games at once where the seats
	 * allow it; replaces any queue kept before.
	 */
	start(set: EvalSetId, choice: ModelChoice, concurrency = 1): void {
		if (this.running) return;
		if (choice.engine === 'human') throw new Error('an evaluation is played by agents, not by a person');
		if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY)
			throw new Error(`games at once must be a whole number from 1 to ${MAX_CONCURRENCY}`);
		this.concurrency = concurrency;
		this.queue = new EvalQueue(EVAL_SETS[set], [], setupOf(choice));
		this.id = newId();
		this.error = null;
		this.#save(false);
		this.resume();
	}

	resume(): void {
		if (this.running || !this.queue || this.queue.progress().finished) return;
		this.#stop = false;
		this.running = true;
		this.error = null;
		this.#save(true);
		this.#loop = this.#run().finally(() => {
			this.running = false;
			this.playing = [];
			this.#save(this.#leaving && !this.queue?.progress().finished);
			this.#disposePool();
		});
	}

	/** Stops after the current turn; the unfinished game is played again on resume. */
	async pause(): Promise<void> {
		this.#stop = true;
		await this.#loop;
	}

	/** Forgets the queue (its finished games stay saved as runs). */
	async discard(): Promise<void> {
		await this.pause();
		this.queue = null;
		this.error = null;
		try {
			localStorage.removeItem(EVAL_STORAGE_KEY);
		} catch {
			// nothing kept
		}
	}

	/** Ends the queue's work when the page is left; what is saved stays, and a reload resumes it. */
	dispose(): void {
		this.#leaving = this.running;
		this.#stop = true;
		this.#disposePool();
	}

	#save(running: boolean): void {
		if (!this.queue) return;
		const stored: StoredEval = {
			id: this.id,
			state: this.queue.toJSON(),
			running,
			concurrency: this.concurrency
		};
		try {
			localStorage.setItem(EVAL_STORAGE_KEY, JSON.stringify(stored));
		} catch {
			// Blocked storage: the queue still runs, it just cannot survive a reload.
		}
	}

	#disposePool(): void {
		for (const lane of this.#lanePools) lane?.pool.dispose();
		this.#lanePools = [];
		this.pools = [];
	}

	/** Plays the pending games in `lanes` lanes, each taking the next game no lane has taken. */
	async #run(): Promise<void> {
		const taken = new Set<string>();
		const next = (): EvalGame | null => {
			const game = this.queue?.pending().find((g) => !taken.has(g.id)) ?? null;
			if (game) taken.add(game.id);
			return game;
		};
		await Promise.all(Array.from({ length: this.lanes }, (_, lane) => this.#lane(lane, next)));
	}

	async #lane(lane: number, next: () => EvalGame | null): Promise<void> {
		const store = runStore();
		for (let game = this.#stop ? null : next(); game; game = this.#stop ? null : next()) {
			this.playing = [...this.playing, game];
			let played: { runner: AnyRunner; run: SharedRun } | null;
			try {
				played = await this.#play(game, lane);
			} catch (err) {
				this.error = {
					kind: 'game',
					game: game.id,
					detail: err instanceof Error ? err.message : String(err)
				};
				this.#stop = true; // the other lanes stop too; their unfinished games are played again on resume
				return;
			} finally {
				this.playing = this.playing.filter((g) => g !== game);
			}
			if (!played) return;
			const { runner } = played;
			// Read now, not when the game started: the other lanes record their games meanwhile.
			const queue = this.queue as EvalQueue;
			const outcome = runner.outcome() as UndercoverOutcome | null;
			const runId = `ev-${this.id}-${game.index}`;
			const now = Date.now();
			const record: EvalRunRecord = {
				id: runId,
				scenario: game.run.scenario,
				seed: game.run.seed,
				header: runner.log.header,
				status: 'finished',
				createdAt: now,
				updatedAt: now,
				events: runner.log.length,
				logHash: runner.hash,
				summary: `eval ${queue.set.id} · ${game.id} · ${outcome?.winner ?? 'draw'}`,
				eval: {
					set: queue.set.id,
					version: queue.set.version,
					game: game.id,
					queue: this.id,
					model: modelKey(this.choice) ?? this.choice.engine
				}
			};
			// Saved before it is recorded: a reload in between replays the game under the same id.
			void store.createRun(record);
			void store.append(runId, runner.log.events as LogEvent[], {});
			await store.flush();
			if (store.problem) this.error = { kind: 'storage', detail: store.problem.message };
			this.queue = (this.queue as EvalQueue).record({
				gameId: game.id,
				seed: game.run.seed,
				logHash: runner.hash,
				winner: outcome?.winner ?? 'draw',
				rounds: outcome?.rounds ?? 0,
				runId
			});
			this.#save(true);
			await sleep(GAP_MS);
		}
	}

	/** Plays one game to its end; null when stopped part-way (nothing of it is kept). */
	async #play(game: EvalGame, lane: number): Promise<{ runner: AnyRunner; run: SharedRun } | null> {
		const choice = this.choice;
		const seatsN = Number(game.run.config.seats);
		const seats: Record<string, ModelChoice> = {};
		for (let s = 1; s <= seatsN; s++) seats[s] = choice;
		const run: SharedRun = { ...game.run, seats };
		const pool = needsEngine(choice) ? await this.#poolFor(lane, game.run.scenario, seats) : null;
		await pool?.configure(gameSampling(game, this.queue?.setup));
		if (this.#stop) return null;
		// The runner and the agent pool load when a game is played, not with the leaderboard's first view.
		// With the descriptor createRunner looks up, this game's scenario's (the registry registers none by itself).
		const [{ createRunner }] = await Promise.all([
			import('$lib/run/play'),
			import('$lib/scenarios/registry').then((r) => r.loadScenario(run.scenario))
		]);
		const runner = createRunner(run, { policyFor: pool ? (seat) => pool.policyFor(seat) : undefined });
		let turns = 0;
		let failures = 0;
		for (;;) {
			if (this.#stop) return null;
			try {
				if (!(await runner.step())) break;
				failures = 0;
			} catch (err) {
				// A model that could not be reached made no decision: retry the turn, then give up. A crashed
				// worker is not retried here: resuming starts the queue's workers afresh.
				if (!isRunInterrupted(err) || err.reason === 'crash' || ++failures > RETRIES) throw err;
			}
			if (++turns % TURNS_PER_YIELD === 0) await sleep(0);
		}
		return { runner, run };
	}

	/** One pool per lane for the whole queue: the model loads once; another scenario or table size gets a new one. */
	async #poolFor(lane: number, scenario: string, seats: Record<string, ModelChoice>): Promise<AgentPool> {
		const key = Object.keys(seats).length;
		const kept = this.#lanePools[lane];
		if (kept && kept.scenario === scenario && kept.seats === key) {
			await kept.pool.start({ runId: `eval-${this.id}-${lane}` });
			return kept.pool;
		}
		kept?.pool.dispose();
		const { AgentPool } = await import('./agent-pool.svelte');
		const pool = new AgentPool(scenario, seats);
		this.#lanePools[lane] = { pool, scenario, seats: key };
		this.pools = this.#lanePools.flatMap((l) => (l ? [l.pool] : []));
		await pool.start({ runId: `eval-${this.id}-${lane}` });
		return pool;
	}
}

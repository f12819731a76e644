/**
 * One run on the page: the runner, its pacing (play, pause, step, speed), saving to IndexedDB, and
 * replay of a finished log. The page renders `view` and `events`; only this class drives the runner.
 */
import { verifyChain, LogIntegrityError, type LogEvent, type LogHeader } from '$lib/core';
import { createRunner, type AnyRunner } from '$lib/play';
import { scenarios } from '$lib/scenarios';
import type { SharedRun } from '$lib/share/link';
import { RunStore, type RunRecord, type StorageProblem } from '$lib/storage/runs';

export type Status = 'ready' | 'playing' | 'paused' | 'finished' | 'failed';

export const SPEEDS = { slow: 1800, normal: 700, fast: 120, instant: 0 } as const;
export type Speed = keyof typeof SPEEDS;

let sharedStore: RunStore | null = null;
/** One store per tab: one IndexedDB connection and one write queue. */
export function runStore(): RunStore {
	sharedStore ??= new RunStore();
	return sharedStore;
}

function newRunId(): string {
	return crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}

export class GameSession<S = unknown> {
	readonly setup: SharedRun;
	status: Status = $state('ready');
	speed: Speed = $state('normal');
	/** The scenario state after the last shown event. */
	view: S = $state.raw() as S;
	events: LogEvent[] = $state.raw([]);
	hash = $state('');
	storageProblem: StorageProblem | null = $state(null);
	error: string | null = $state(null);
	/** True when this is a replay of a recorded log rather than a live run. */
	readonly replaying: boolean;
	runId: string | null = $state(null);

	#runner: AnyRunner;
	#store: RunStore;
	#replay: LogEvent[] = [];
	#timer: ReturnType<typeof setTimeout> | null = null;
	#busy = false;

	private constructor(setup: SharedRun, runner: AnyRunner, store: RunStore, replay?: LogEvent[]) {
		this.setup = setup;
		this.#runner = runner;
		this.#store = store;
		this.replaying = replay !== undefined;
		this.#replay = replay ?? [];
		this.storageProblem = store.problem;
		store.onProblem = (p) => (this.storageProblem = p);
		this.#sync();
		if (runner.done && !this.replaying) this.status = 'finished';
	}

	/** A new run from a setup; nothing is saved until it is first played. */
	static fresh(setup: SharedRun): GameSession {
		return new GameSession(setup, createRunner(setup), runStore());
	}

	/** A saved run, folded from its log: paused where it stopped (or finished), or replayed from the start. */
	static async load(id: string, mode: 'resume' | 'replay'): Promise<GameSession> {
		const store = runStore();
		const saved = await store.loadRun(id);
		if (!saved)
			throw new Error(
				'That saved run is not in this browser (it may have been deleted, or saved in another browser).'
			);
		const { run, events } = saved;
		try {
			verifyChain(run.header, events);
		} catch (err) {
			if (err instanceof LogIntegrityError)
				throw new Error(`This saved run is damaged: ${err.message}.`, { cause: err });
			throw err;
		}
		const setup: SharedRun = {
			scenario: run.header.scenario,
			seed: run.header.seed,
			config: run.header.config
		};
		if (mode === 'replay') {
			const session = new GameSession(setup, createRunner(setup), store, events);
			return session;
		}
		const session = new GameSession(
			setup,
			createRunner(setup, { resume: { header: run.header, events } }),
			store
		);
		session.runId = id;
		if (session.status !== 'finished') session.status = 'paused';
		return session;
	}

	get header(): LogHeader {
		return this.#runner.log.header;
	}

	get outcome(): unknown {
		return this.replaying ? scenarios[this.setup.scenario]!.outcome(this.view) : this.#runner.outcome();
	}

	#sync(): void {
		if (this.replaying && this.events.length) return;
		this.view = this.#runner.state as S;
		this.events = this.#runner.log.events.slice();
		this.hash = this.#runner.hash;
	}

	#saveStart(): void {
		if (this.runId || this.replaying) return;
		const id = newRunId();
		this.runId = id;
		const now = Date.now();
		const record: RunRecord = {
			id,
			scenario: this.setup.scenario,
			seed: this.setup.seed,
			header: this.#runner.log.header,
			status: 'running',
			createdAt: now,
			updatedAt: now,
			events: 0,
			logHash: this.#runner.hash
		};
		void this.#store.createRun(record);
		// Events written before this point (none, for a fresh run) are covered by the first append.
		if (this.#runner.log.length) void this.#store.append(id, this.#runner.log.events, {});
	}

	#persist(events: LogEvent[]): void {
		if (!this.runId) return;
		const finished = this.#runner.done;
		void this.#store.append(this.runId, events, {
			events: this.#runner.log.length,
			logHash: this.#runner.hash,
			updatedAt: Date.now(),
			status: finished ? 'finished' : this.status === 'playing' ? 'running' : 'paused',
			summary: finished ? summarize(this.#runner.outcome()) : undefined
		});
	}

	/** Advances one turn. Returns false once the run (or replay) is over. */
	async step(): Promise<boolean> {
		if (this.#busy) return true;
		this.#busy = true;
		try {
			if (this.replaying) return this.#replayStep();
			this.#saveStart();
			const before = this.#runner.log.length;
			const more = await this.#runner.step();
			this.#persist(this.#runner.log.events.slice(before));
			this.#sync();
			if (!more) this.#finish();
			return more;
		} catch (err) {
			this.error = `The run stopped: ${err instanceof Error ? err.message : String(err)}. It is saved up to the last event shown.`;
			this.status = 'failed';
			this.#stopTimer();
			return false;
		} finally {
			this.#busy = false;
		}
	}

	/** Shows the next tick of the recorded log: the same grouping of events the live run had. */
	#replayStep(): boolean {
		const shown = this.events.length;
		const tick = this.#replay[shown]?.tick;
		let end = shown;
		while (end < this.#replay.length && this.#replay[end]!.tick === tick) end++;
		const scenario = scenarios[this.setup.scenario]!;
		let view = this.view;
		for (const e of this.#replay.slice(shown, end)) view = scenario.apply(view, e);
		this.view = view;
		this.events = this.#replay.slice(0, end);
		this.hash = this.events.at(-1)?.hash ?? this.#runner.hash;
		if (end >= this.#replay.length) {
			this.#finish();
			return false;
		}
		return true;
	}

	#finish(): void {
		this.status = 'finished';
		this.#stopTimer();
	}

	play(): void {
		if (this.status === 'finished' || this.status === 'failed' || this.status === 'playing') return;
		this.status = 'playing';
		this.#saveStart();
		if (this.runId) void this.#store.update(this.runId, { status: 'running', updatedAt: Date.now() });
		this.#schedule(0);
	}

	pause(): void {
		if (this.status !== 'playing') return;
		this.status = 'paused';
		this.#stopTimer();
		if (this.runId) void this.#store.update(this.runId, { status: 'paused', updatedAt: Date.now() });
	}

	async stepOnce(): Promise<void> {
		if (this.status === 'playing') this.pause();
		if (this.status === 'finished' || this.status === 'failed') return;
		const more = await this.step();
		if (more && this.status === 'ready') this.status = 'paused';
	}

	#schedule(delay: number): void {
		this.#stopTimer();
		this.#timer = setTimeout(async () => {
			if (this.status !== 'playing') return;
			const more = await this.step();
			if (more && this.status === 'playing') this.#schedule(SPEEDS[this.speed]);
		}, delay);
	}

	#stopTimer(): void {
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
	}

	/** Stops pacing (when the page is left); the log is already saved. */
	dispose(): void {
		this.#stopTimer();
		if (this.status === 'playing') this.pause();
	}
}

function summarize(outcome: unknown): string | undefined {
	const o = outcome as { winner?: string; reason?: string } | null;
	return o?.winner ? `${o.winner}: ${o.reason ?? ''}` : undefined;
}

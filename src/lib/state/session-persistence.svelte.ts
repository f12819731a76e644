/**
 * Saving a live run to IndexedDB, write-behind: the run is created on its first play, each turn's
 * events are appended behind the runner (the store queues them, one transaction per batch), and
 * `saved` moves up only once a write has committed, which is what the page may call saved. Holding
 * the run's lock makes this tab its one writer; each commit is news on the run's channel for the tabs
 * that follow it. Closing lets go of both only after the last write, so a tab taking over reads all.
 */
import type { LogEvent, LogHeader } from '$lib/core';
import type { Problem } from '$lib/problem';
import type { RunRecord, RunStatus, StorageProblem } from '$lib/storage/runs';
import type { SessionChannel, SessionDeps, SessionLock } from './session-deps';

/** The log as it stands after a write: what the run's record says of it. */
export interface LogAt {
	length: number;
	hash: string;
}

export class SessionPersistence {
	/** The id the run is saved under, chosen up front so its workers can be told before it is saved. */
	readonly id: string;
	/** Null until the run is first saved (a fresh run's first play), then `id`. */
	runId: string | null = $state(null);
	/** How many events are committed: it trails the log by the write in flight. */
	saved = $state(0);
	/** What went wrong with IndexedDB (missing, full), while the run goes on in memory. */
	problem: StorageProblem | null = $state(null);
	readonly #deps: Pick<SessionDeps, 'store' | 'clock' | 'locks'>;
	#lock: SessionLock | null = null;
	#channel: SessionChannel | null = null;
	#closed = false;

	constructor(deps: Pick<SessionDeps, 'store' | 'clock' | 'locks' | 'newId'>, id = deps.newId()) {
		this.#deps = deps;
		this.id = id;
		this.problem = deps.store.problem;
		deps.store.onProblem = (p) => (this.problem = p);
	}

	/** A saved run reopened: saved up to `saved`, under the lock this tab holds or queues for. */
	adopt(saved: number, lock: SessionLock): void {
		this.runId = this.id;
		this.saved = saved;
		this.#lock = lock;
		this.#channel = this.#deps.locks.channel(this.id);
	}

	/** The run's lock and channel, for a tab that follows another's writes (`session-follow.ts`). */
	get lock(): SessionLock | null {
		return this.#lock;
	}
	get channel(): SessionChannel | null {
		return this.#channel;
	}

	/** The saved run as IndexedDB has it now. */
	load(): Promise<{ run: RunRecord; events: LogEvent[] } | null> {
		return this.#deps.store.loadRun(this.id);
	}

	/** A catch-up read `saved` events from the store: as many are committed. */
	caughtUp(saved: number): void {
		this.saved = saved;
	}

	/**
	 * Saves the run for the first time: its record, this tab's lock on it, and the events written
	 * before (none for a fresh run; the first append covers them).
	 */
	start(
		run: { scenario: string; seed: number; header: LogHeader; keysAttached?: string[] },
		events: readonly LogEvent[],
		at: LogAt
	): void {
		const id = this.id;
		this.runId = id;
		const now = this.#deps.clock.wallNow();
		const record: RunRecord = {
			id,
			scenario: run.scenario,
			seed: run.seed,
			header: run.header,
			status: 'running',
			createdAt: now,
			updatedAt: now,
			events: 0,
			logHash: at.hash,
			...(run.keysAttached ? { keysAttached: run.keysAttached } : {})
		};
		const store = this.#deps.store;
		void store.createRun(record);
		// A new id: the lock is free; holding it makes a second tab that opens this run a follower.
		void this.#deps.locks.claim(id).then((lock) => {
			if (this.#closed) lock.release();
			else this.#lock = lock;
		});
		this.#channel = this.#deps.locks.channel(id);
		if (events.length) this.#track(store.append(id, events, {}), at.length);
	}

	/** Appends a turn's events, with the record's view of the log after them. Nothing before `start`. */
	append(
		events: readonly LogEvent[],
		at: LogAt & { status: Extract<RunStatus, 'finished' | 'running' | 'paused'>; summary?: string }
	): void {
		if (!this.runId) return;
		const write = this.#deps.store.append(this.runId, events, {
			events: at.length,
			logHash: at.hash,
			updatedAt: this.#deps.clock.wallNow(),
			status: at.status,
			summary: at.summary
		});
		this.#track(write, at.length);
	}

	/**
	 * What the Runs page shows for the run: written after the turn's events (the store keeps order),
	 * with the sentence the page showed and its problem, so that it says it in its own language.
	 */
	storeStatus(status: 'running' | 'paused' | 'failed', because?: string, problem?: Problem | null): void {
		if (!this.runId) return;
		void this.#deps.store.update(this.runId, {
			status,
			stoppedBecause: because ?? '',
			stoppedProblem: problem ?? undefined,
			updatedAt: this.#deps.clock.wallNow()
		});
	}

	/** The endpoints whose saved key goes with requests, once the person attached one more. */
	storeKeys(keysAttached: string[]): void {
		if (this.runId) void this.#deps.store.update(this.runId, { keysAttached });
	}

	/** Lets go of the run's lock and channel once its last write is in. */
	close(): void {
		this.#closed = true;
		const lock = this.#lock;
		const channel = this.#channel;
		void this.#deps.store.flush().then(() => {
			lock?.release();
			channel?.close();
		});
	}

	/** Moves `saved` up to `length` once `write` has committed, and tells the followers. */
	#track(write: Promise<boolean>, length: number): void {
		void write.then((committed) => {
			if (!committed || length <= this.saved) return;
			this.saved = length;
			this.#channel?.postMessage({ saved: length });
		});
	}
}

/**
 * Runs and their events in IndexedDB (database `conclave`), written as they happen.
 *
 * Writes are queued and flushed one transaction per batch, so the runner never waits on the disk
 * (a transaction per event would cost about as much as the whole turn). When IndexedDB is missing,
 * blocked or full, the store switches to memory and says so through `onProblem`: the game goes on,
 * and the page tells the person it is not being saved.
 */
import type { ClassLog } from '$lib/classroom/predictions';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { LogEvent, LogHeader } from '../core';
import { forgetRuns, noteRun } from './run-ledger';
import { ProblemError, type Problem } from '$lib/problem';

export type RunStatus = 'running' | 'paused' | 'finished' | 'failed';

export interface RunRecord {
	id: string;
	scenario: string;
	seed: number;
	header: LogHeader;
	status: RunStatus;
	/** Wall-clock time, for the runs page only: never part of the log. */
	createdAt: number;
	updatedAt: number;
	events: number;
	logHash: string;
	summary?: string;
	/** Why the run stopped on its own (paused after a lost GPU or an endpoint's failure, or failed), as the page said it; '' once it goes on. */
	stoppedBecause?: string;
	/**
	 * The same as a problem (a kind and its values), where its kind was known, for the page to say in
	 * its own language; runs saved before it was written have only the sentence.
	 */
	stoppedProblem?: Problem;
	/** Imported from a file: replayed, never resumed (its header could name any model endpoint). */
	imported?: boolean;
	/**
	 * Where an imported run came from, and how it was verified before it was stored (run/verify.ts):
	 * `reexecuted`, or `checked` where a person played a seat. An imported run without it was stored
	 * by an older version, unverified, and counts in no statistics.
	 */
	origin?: { file: string; importedAt: number; method: 'reexecuted' | 'checked' };
	/** Removed from the statistics by the person (the run itself is kept, and can be counted again). */
	excluded?: boolean;
	/** The class's predictions (predict mode): a chain of their own beside the log, see classroom/predictions. */
	predictions?: ClassLog;
	/**
	 * A run a link set up: the endpoints whose saved key the person attached (any other gets requests
	 * without one), so that resuming it sends no key the person did not. Absent for the person's own setup.
	 */
	keysAttached?: string[];
}

interface ConclaveDB extends DBSchema {
	runs: { key: string; value: RunRecord; indexes: { byUpdated: number } };
	events: { key: [string, number]; value: LogEvent & { runId: string } };
}

const DB_NAME = 'conclave';
const DB_VERSION = 1;

export interface StorageProblem {
	/** `outdated`: another tab upgraded the database; this tab's code is older and must reload. */
	kind: 'unavailable' | 'quota' | 'failed' | 'outdated';
	/** The English sentence (logs, tests); `problem` says the same in the page's language (i18n/errors). */
	message: string;
	problem: Problem;
}

const OUTDATED: StorageProblem = {
	kind: 'outdated',
	message:
		'Conclave was updated in another tab, so this tab stopped saving. Reload this page to go on: the run is saved up to the last event shown as saved.',
	problem: { code: 'storage-outdated' }
};

function describe(err: unknown): StorageProblem {
	const name = (err as { name?: string } | null)?.name ?? '';
	if (name === 'QuotaExceededError')
		return {
			kind: 'quota',
			message:
				'Browser storage is full, so this run is no longer being saved. It goes on in memory; free some space or delete old runs to save again.',
			problem: { code: 'storage-quota' }
		};
	const detail = err instanceof Error ? err.message : String(err);
	return {
		kind: 'failed',
		message: `Saving to browser storage failed (${detail}). The run goes on in memory and is not being saved.`,
		problem: { code: 'storage-failed', values: { detail } }
	};
}

/** Appends waiting to be written in one transaction: per run, its events in order and its merged patch. */
class AppendBatch {
	readonly runs = new Map<string, { events: LogEvent[]; patch: Partial<RunRecord> }>();
	done: Promise<boolean> = Promise.resolve(false);

	add(runId: string, events: readonly LogEvent[], patch: Partial<RunRecord>): void {
		const part = this.runs.get(runId) ?? { events: [], patch: {} };
		part.events.push(...events);
		// Later patches win, field by field, as they would written one after another.
		for (const [k, v] of Object.entries(patch))
			if (v !== undefined) (part.patch as Record<string, unknown>)[k] = v;
		this.runs.set(runId, part);
	}
}

export class RunStore {
	#db: Promise<IDBPDatabase<ConclaveDB> | null>;
	#queue: Promise<unknown> = Promise.resolve();
	#problem: StorageProblem | null = null;
	/** The appends waiting for their turn, written together (see `append`). */
	#batch: AppendBatch | null = null;
	onProblem: (p: StorageProblem) => void = () => {};

	/** `name`: the database, `conclave` unless a benchmark keeps its runs apart from a visitor's. */
	constructor(readonly name: string = DB_NAME) {
		this.#db = this.#open();
	}

	get problem(): StorageProblem | null {
		return this.#problem;
	}

	async #open(): Promise<IDBPDatabase<ConclaveDB> | null> {
		try {
			if (typeof indexedDB === 'undefined' || indexedDB === null) throw new Error('no IndexedDB');
			const db = await openDB<ConclaveDB>(this.name, DB_VERSION, {
				upgrade(db) {
					const runs = db.createObjectStore('runs', { keyPath: 'id' });
					runs.createIndex('byUpdated', 'updatedAt');
					db.createObjectStore('events', { keyPath: ['runId', 'seq'] });
				},
				// Another tab wants a newer schema: let it have the database at once (it would otherwise wait
				// on `blocked` for as long as this tab is open) and tell this tab's person to reload.
				blocking: () => {
					db.close();
					this.#report(OUTDATED);
				},
				// This tab wants a newer schema while an older tab holds the database open.
				blocked: () =>
					this.#report({
						kind: 'failed',
						message:
							'Another tab with an older Conclave keeps the database open, so this tab cannot save yet. Close or reload that tab.',
						problem: { code: 'storage-blocked' }
					})
			});
			return db;
		} catch (err) {
			if ((err as { name?: string } | null)?.name === 'VersionError') {
				this.#report(OUTDATED);
				return null;
			}
			this.#report({
				kind: 'unavailable',
				message:
					'This browser does not allow saving (IndexedDB is unavailable, e.g. in a private window). Runs play in memory and are lost on reload.',
				problem: { code: 'storage-unavailable' }
			});
			return null;
		}
	}

	#report(p: StorageProblem): void {
		if (this.#problem?.kind === p.kind) return;
		this.#problem = p;
		this.onProblem(p);
	}

	/** Whether writes reach IndexedDB (false once storage has failed). */
	async saving(): Promise<boolean> {
		return (await this.#db) !== null && this.#problem === null;
	}

	/**
	 * Queues a write; writes run one after another, in order. Resolves true once the write is committed
	 * (its transaction completed), false when it was not saved (storage missing or failed).
	 */
	#enqueue(work: (db: IDBPDatabase<ConclaveDB>) => Promise<void>): Promise<boolean> {
		const job = this.#queue.then(async () => {
			const db = await this.#db;
			if (!db || this.#problem) return false;
			try {
				await work(db);
				return true;
			} catch (err) {
				this.#report(describe(err));
				return false;
			}
		});
		this.#queue = job;
		return job;
	}

	createRun(record: RunRecord): Promise<boolean> {
		this.#batch = null;
		return this.#enqueue(async (db) => {
			await db.put('runs', record);
			this.#note(record);
		});
	}

	/** The eviction ledger lists the visitor's runs only (the benchmark's own database is not theirs). */
	#note(record: RunRecord): void {
		if (this.name === DB_NAME)
			noteRun({ id: record.id, scenario: record.scenario, seed: record.seed, createdAt: record.createdAt });
	}

	/**
	 * Appends events and updates the run's record in the same transaction; true once committed.
	 *
	 * Group commit: appends queued while an earlier write is still in flight join one batch, written
	 * in a single transaction when its turn comes. A fast run (instant speed, a benchmark) then costs
	 * a transaction per disk round trip instead of one per turn, and nothing is reordered: a batch
	 * only ever takes appends queued after everything before it.
	 */
	append(runId: string, events: readonly LogEvent[], patch: Partial<RunRecord>): Promise<boolean> {
		const open = this.#batch;
		if (open) {
			open.add(runId, events, patch);
			return open.done;
		}
		const batch = new AppendBatch();
		batch.add(runId, events, patch);
		this.#batch = batch;
		batch.done = this.#enqueue(async (db) => {
			// From here on the batch is being written: later appends start the next one.
			if (this.#batch === batch) this.#batch = null;
			const tx = db.transaction(['runs', 'events'], 'readwrite');
			const runs = tx.objectStore('runs');
			const store = tx.objectStore('events');
			for (const [id, part] of batch.runs) {
				for (const e of part.events) void store.put({ ...e, runId: id });
				const run = await runs.get(id);
				if (run) await runs.put({ ...run, ...part.patch });
			}
			await tx.done;
		});
		return batch.done;
	}

	/**
	 * Stores a whole run at once (an import): the record and every event in one transaction, so a
	 * failure (storage full) stores nothing. Unlike the write-behind queue it reports failures to the
	 * caller, and leaves the store saving.
	 */
	async importRun(record: RunRecord, events: readonly LogEvent[]): Promise<void> {
		await this.flush();
		const db = await this.#readable();
		if (!db)
			throw new ProblemError(
				this.#problem?.message ?? 'This browser does not allow saving runs.',
				this.#problem?.problem ?? { code: 'storage-unavailable' }
			);
		try {
			const tx = db.transaction(['runs', 'events'], 'readwrite');
			const store = tx.objectStore('events');
			for (const e of events) void store.put({ ...e, runId: record.id });
			void tx.objectStore('runs').put(record);
			await tx.done;
			this.#note(record);
		} catch (err) {
			const detail = err instanceof Error ? err.message : String(err);
			throw describe(err).kind === 'quota'
				? new ProblemError(
						'Browser storage is full: delete old runs to make room, then import again.',
						{ code: 'file-storage-full' },
						{ cause: err }
					)
				: new ProblemError(
						`Saving the run failed (${detail}).`,
						{ code: 'file-store-failed', values: { detail } },
						{ cause: err }
					);
		}
	}

	update(runId: string, patch: Partial<RunRecord>): Promise<boolean> {
		return this.append(runId, [], patch);
	}

	/** Resolves once every queued write has settled. */
	flush(): Promise<unknown> {
		return this.#queue;
	}

	/** The open database, or null where there is none or another tab has upgraded it (closed here). */
	async #readable(): Promise<IDBPDatabase<ConclaveDB> | null> {
		const db = await this.#db;
		return this.#problem?.kind === 'outdated' ? null : db;
	}

	async listRuns(): Promise<RunRecord[]> {
		const db = await this.#readable();
		if (!db) return [];
		try {
			return (await db.getAllFromIndex('runs', 'byUpdated')).reverse();
		} catch (err) {
			this.#report(describe(err));
			return [];
		}
	}

	async loadRun(id: string): Promise<{ run: RunRecord; events: LogEvent[] } | null> {
		await this.flush();
		const db = await this.#readable();
		if (!db) return null;
		const run = await db.get('runs', id);
		if (!run) return null;
		const rows = await db.getAll('events', IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
		const events = rows.map(({ runId: _runId, ...e }) => e as LogEvent);
		return { run, events };
	}

	/** Closes and deletes this store's whole database (the benchmark's own, never a visitor's). */
	async destroy(): Promise<void> {
		if (this.name === DB_NAME) throw new Error('the runs database of this site is never deleted whole');
		await this.flush();
		(await this.#db)?.close();
		await deleteDB(this.name);
	}

	async deleteRun(id: string): Promise<void> {
		await this.flush();
		const db = await this.#readable();
		if (!db) return;
		const tx = db.transaction(['runs', 'events'], 'readwrite');
		await tx.objectStore('events').delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
		await tx.objectStore('runs').delete(id);
		await tx.done;
		forgetRuns([id]);
	}
}

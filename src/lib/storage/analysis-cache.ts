/**
 * The leaderboard's per-game figures, cached: the `conclave-analysis` database (separate from
 * `conclave`, so its schema never bumps the runs database), one entry per stored run holding the
 * `GameSummary` folded from its log (analysis/game-summary.ts).
 *
 * An entry is read only when it was folded from the same log under the same analysis version: its
 * `logHash` must equal the run's (`RunRecord.logHash`, the final event's hash, which covers the header
 * and every event) and its `version` `ANALYSIS_VERSION`. Anything else is folded again from the log
 * and replaced. Keyed by run id rather than by hash alone: model timings (`meta`) lie outside the
 * hash, so two runs with one hash (the same deal re-run against a deterministic endpoint) can differ in
 * seconds per game. Entries of runs no longer stored are dropped on each load.
 *
 * The cache only saves time: where IndexedDB is missing or fails, every log is folded as before and the
 * page shows the same figures, so a failure here is not reported (the runs database reports its own).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ANALYSIS_VERSION, summarize, type GameSummary } from '../analysis/game-summary';
import type { GameLog } from '../scenarios/undercover/analysis/leaderboard';

const ANALYSIS_DB = 'conclave-analysis';
const ANALYSIS_DB_VERSION = 1;

export interface CachedSummary {
	runId: string;
	logHash: string;
	version: number;
	summary: GameSummary;
}

interface AnalysisDB extends DBSchema {
	games: { key: string; value: CachedSummary };
}

/** Where entries live: IndexedDB on the page, a Map in tests. */
export interface SummaryBackend {
	all(): Promise<CachedSummary[]>;
	put(entries: readonly CachedSummary[]): Promise<void>;
	delete(runIds: readonly string[]): Promise<void>;
}

export function memorySummaries(): SummaryBackend {
	const entries = new Map<string, CachedSummary>();
	return {
		all: async () => [...entries.values()].map((e) => structuredClone(e)),
		put: async (list) => {
			for (const e of list) entries.set(e.runId, structuredClone(e));
		},
		delete: async (ids) => {
			for (const id of ids) entries.delete(id);
		}
	};
}

let shared: Promise<IDBPDatabase<AnalysisDB> | null> | null = null;

/** The page's backend; null where IndexedDB cannot be opened (then nothing is cached). */
export function idbSummaries(): SummaryBackend {
	shared ??= openDB<AnalysisDB>(ANALYSIS_DB, ANALYSIS_DB_VERSION, {
		upgrade(db) {
			db.createObjectStore('games', { keyPath: 'runId' });
		}
	}).catch(() => null);
	const db = shared;
	return {
		all: async () => (await (await db)?.getAll('games')) ?? [],
		put: async (list) => {
			const d = await db;
			if (!d || !list.length) return;
			const tx = d.transaction('games', 'readwrite');
			for (const e of list) void tx.store.put(e);
			await tx.done;
		},
		delete: async (ids) => {
			const d = await db;
			if (!d || !ids.length) return;
			const tx = d.transaction('games', 'readwrite');
			for (const id of ids) void tx.store.delete(id);
			await tx.done;
		}
	};
}

/** A stored run and its game's figures. */
export interface SummarizedRun<R> {
	record: R;
	summary: GameSummary;
}

/**
 * Each run's summary, in the runs' order: from the cache where its entry matches the run's log hash
 * and the analysis version, otherwise folded from the log `loadLog` reads (a run whose log cannot be
 * read is left out, as the page left it out before). Misses are written back; entries of runs not
 * listed are deleted.
 */
export async function loadSummaries<R extends { id: string; logHash: string }>(
	runs: readonly R[],
	loadLog: (run: R) => Promise<GameLog | null>,
	backend: SummaryBackend
): Promise<SummarizedRun<R>[]> {
	const entries = new Map((await safely(() => backend.all(), [])).map((e) => [e.runId, e]));
	const games: SummarizedRun<R>[] = [];
	const fresh: CachedSummary[] = [];
	for (const run of runs) {
		const hit = entries.get(run.id);
		if (hit && hit.logHash === run.logHash && hit.version === ANALYSIS_VERSION) {
			games.push({ record: run, summary: hit.summary });
			continue;
		}
		const log = await loadLog(run);
		if (!log) continue;
		const summary = summarize(log);
		games.push({ record: run, summary });
		fresh.push({ runId: run.id, logHash: run.logHash, version: ANALYSIS_VERSION, summary });
	}
	const listed = new Set(runs.map((r) => r.id));
	await safely(() => backend.put(fresh), undefined);
	await safely(() => backend.delete([...entries.keys()].filter((id) => !listed.has(id))), undefined);
	return games;
}

async function safely<T>(work: () => Promise<T>, fallback: T): Promise<T> {
	try {
		return await work();
	} catch {
		return fallback;
	}
}

/**
 * For `npm run bench` (the hidden /bench/ page): how fast events reach IndexedDB, committed, through
 * the project's store against a raw `idb` put loop, in the same browser and the same run. Both write
 * the same events into the same schema; the raw loop puts them all in one transaction, the upper bound
 * for IndexedDB here; the store gets them as a run on the page hands them over, a few per turn, each
 * turn's write committed before the next turn (a turn waits on its agents longer than a commit takes,
 * so the page's writes do not fold into one transaction as a loop that never waits would).
 */
import { deleteDB, openDB } from 'idb';
import type { LogEvent, LogHeader } from '../core';
import { LOG_FORMAT } from '../core';
import { benchGame } from '../scenarios/undercover/setups';
import { RunStore, type RunRecord } from './runs';

/** The fake events are an undercover game's clues, so the record says that scenario. */
const BENCH_SCENARIO = benchGame(0).scenario;

/**
 * The record a benchmark run is saved under: a header that matches none of its events, which is why
 * the benchmarks write only to databases of their own, deleted after.
 */
export function benchRunRecord(id: string): RunRecord {
	const header: LogHeader = {
		format: LOG_FORMAT,
		scenario: BENCH_SCENARIO,
		seed: 0,
		config: {},
		engines: {}
	};
	return {
		id,
		scenario: BENCH_SCENARIO,
		seed: 0,
		header,
		status: 'running',
		createdAt: 0,
		updatedAt: 0,
		events: 0,
		logHash: ''
	};
}

function fakeEvents(n: number): LogEvent[] {
	return Array.from({ length: n }, (_, seq) => ({
		seq,
		tick: seq >> 1,
		kind: 'speech.given',
		data: { seat: 1 + (seq % 6), round: 1, text: 'It is something you use every day, round and sweet.' },
		prev: 'p'.repeat(64),
		hash: 'h'.repeat(64)
	}));
}

export interface AppendRates {
	storePerSecond: number;
	rawPerSecond: number;
	events: number;
}

export async function appendRates(n: number, perTurn: number, now: () => number): Promise<AppendRates> {
	const events = fakeEvents(n);
	// Raw: a database of the same shape, one transaction, every put, then its commit.
	const raw = await openDB('conclave-bench-raw', 1, {
		upgrade(db) {
			db.createObjectStore('events', { keyPath: ['runId', 'seq'] });
		}
	});
	let t = now();
	const tx = raw.transaction('events', 'readwrite');
	for (const e of events) void tx.store.put({ ...e, runId: 'raw' });
	await tx.done;
	const rawMs = now() - t;
	raw.close();
	await deleteDB('conclave-bench-raw');

	// The store: a run's events a turn at a time, as GameSession hands them over, each turn's committed
	// before the next. Its own database, deleted after: a visitor's saved runs never see the benchmark's.
	const store = new RunStore('conclave-bench-appends');
	await store.createRun(benchRunRecord('bench-appends'));
	t = now();
	for (let i = 0; i < n; i += perTurn) {
		const committed = await store.append('bench-appends', events.slice(i, i + perTurn), {
			events: i + perTurn
		});
		if (!committed) throw new Error(`the store did not commit: ${store.problem?.message ?? 'unknown'}`);
	}
	const storeMs = now() - t;
	await store.destroy();
	return { storePerSecond: n / (storeMs / 1000), rawPerSecond: n / (rawMs / 1000), events: n };
}

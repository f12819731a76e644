/**
 * A short note, in localStorage, of every run saved in this browser: enough to say what is gone when
 * the browser evicts the site's IndexedDB (it may, under disk pressure, for a site whose storage is not
 * persistent) but keeps its localStorage. Where both are cleared, nothing is left to compare, and the
 * Runs page simply starts empty.
 *
 * Like secrets.ts, every function answers and never throws when localStorage is missing or refused.
 */

export const LEDGER_KEY = 'conclave:run-ledger';

export interface LedgerEntry {
	id: string;
	scenario: string;
	seed: number;
	createdAt: number;
}

function storage(): Storage | null {
	try {
		return (globalThis as { localStorage?: Storage }).localStorage ?? null;
	} catch {
		return null;
	}
}

export function readLedger(): LedgerEntry[] {
	try {
		const raw = storage()?.getItem(LEDGER_KEY);
		const parsed: unknown = raw ? JSON.parse(raw) : [];
		if (!Array.isArray(parsed)) return [];
		return parsed.filter(
			(e): e is LedgerEntry =>
				typeof e === 'object' &&
				e !== null &&
				typeof e.id === 'string' &&
				typeof e.scenario === 'string' &&
				typeof e.seed === 'number' &&
				typeof e.createdAt === 'number'
		);
	} catch {
		return [];
	}
}

function write(entries: LedgerEntry[]): void {
	try {
		storage()?.setItem(LEDGER_KEY, JSON.stringify(entries));
	} catch {
		// Full or refused: the ledger is a courtesy; the runs themselves are in IndexedDB.
	}
}

export function noteRun(entry: LedgerEntry): void {
	const entries = readLedger().filter((e) => e.id !== entry.id);
	write([...entries, entry]);
}

export function forgetRuns(ids: readonly string[]): void {
	const drop = new Set(ids);
	write(readLedger().filter((e) => !drop.has(e.id)));
}

export function wasSaved(id: string): boolean {
	return readLedger().some((e) => e.id === id);
}

/** Runs the ledger remembers that storage no longer has, oldest first. */
export function goneRuns(present: readonly { id: string }[]): LedgerEntry[] {
	const have = new Set(present.map((r) => r.id));
	return readLedger()
		.filter((e) => !have.has(e.id))
		.sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * The tab's one run store, apart from the session so that pages that only read stored runs (the
 * leaderboard, the Runs page) load no run or agent code for it.
 */
import { RunStore } from '$lib/storage/runs';

let sharedStore: RunStore | null = null;
/** One store per tab: one IndexedDB connection and one write queue. */
export function runStore(): RunStore {
	sharedStore ??= new RunStore();
	return sharedStore;
}

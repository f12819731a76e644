/**
 * The leaderboard's games: the finished undercover runs saved in this browser, each with the figures
 * folded from its log (`storage/analysis-cache`: folded once and cached, so a load reads only the
 * logs that are new, changed or folded under an older analysis version). The page
 * (`routes/leaderboard/+page.svelte`) draws its tables from `games`; the store and the cache are
 * given, so `saved-games.spec.ts` loads games in Node.
 */
import { ranksRun } from '$lib/scenarios/undercover/analysis/leaderboard';
import { idbSummaries, loadSummaries, type SummaryBackend } from '$lib/storage/analysis-cache';
import type { RunStore } from '$lib/storage/runs';
import type { EvalRunRecord } from '$lib/state/eval-queue.svelte';
import { runStore } from '$lib/state/run-store';
import type { Game } from './leaderboard-view';

/** What the leaderboard reads of the run store, and the one change it makes (a game counted or not). */
export type GamesStore = Pick<RunStore, 'listRuns' | 'loadRun' | 'update' | 'flush' | 'problem'>;

export class SavedGames {
	games = $state.raw<Game[]>([]);
	/** The first load is done (until then the page says nothing about an empty leaderboard). */
	loaded = $state(false);
	/** Why the store could not be read or written, as its English sentence; null when it can. */
	problem = $state<string | null>(null);
	readonly #store: () => GamesStore;
	readonly #cache: () => SummaryBackend;
	#wasRunning = false;

	constructor(store: () => GamesStore = runStore, cache: () => SummaryBackend = idbSummaries) {
		this.#store = store;
		this.#cache = cache;
	}

	/** Reads the saved games again. */
	async refresh(): Promise<void> {
		const store = this.#store();
		const runs = (await store.listRuns()).filter(ranksRun);
		const found = await loadSummaries(
			runs,
			async (run) => {
				const saved = await store.loadRun(run.id);
				return saved && { header: saved.run.header, events: saved.events };
			},
			this.#cache()
		);
		this.games = found.map((g) => ({ record: g.record as EvalRunRecord, log: g.summary }));
		this.problem = store.problem?.message ?? null;
		this.loaded = true;
	}

	/** The person leaves a game out of the statistics, or counts it again (the run itself is kept). */
	async setCounted(id: string, exclude: boolean): Promise<void> {
		const store = this.#store();
		await store.update(id, { excluded: exclude });
		await store.flush();
		await this.refresh();
	}

	/**
	 * New results join the tables once an evaluation queue stops (finished or paused), not after
	 * every game: each refresh reads every saved log again. A reactive caller tells it the queue's state.
	 */
	queueRunning(running: boolean): void {
		if (this.#wasRunning && !running) void this.refresh();
		this.#wasRunning = running;
	}
}

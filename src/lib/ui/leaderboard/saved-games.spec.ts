import { describe, expect, it } from 'vitest';
import type { LogEvent } from '$lib/core';
import { createRunner } from '$lib/run/play';
import { EVAL_SETS } from '$lib/scenarios/undercover/eval-sets';
import { memorySummaries } from '$lib/storage/analysis-cache';
import type { RunRecord } from '$lib/storage/runs';
import { SavedGames, type GamesStore } from './saved-games.svelte';

/** A played smoke-set game as the run store keeps it: its record and its events. */
async function saved(id: string, game: number, over: Partial<RunRecord> = {}) {
	const runner = createRunner(EVAL_SETS.smoke.games[game]!.run);
	await runner.run();
	const { header, events } = runner.log;
	const record: RunRecord = {
		id,
		scenario: 'undercover',
		seed: header.seed,
		header,
		status: 'finished',
		createdAt: 0,
		updatedAt: 0,
		events: events.length,
		logHash: events.at(-1)!.hash,
		...over
	};
	return { record, events: [...events] };
}

/** The run store in memory, counting its writes and how often its logs are read. */
function memoryStore(runs: { record: RunRecord; events: LogEvent[] }[]) {
	const stats = { loads: 0, flushes: 0 };
	const store: GamesStore = {
		problem: null,
		listRuns: async () => runs.map((r) => r.record),
		loadRun: async (id) => {
			stats.loads++;
			const r = runs.find((x) => x.record.id === id);
			return r ? { run: r.record, events: r.events } : null;
		},
		update: async (id, patch) => {
			const r = runs.find((x) => x.record.id === id)!;
			r.record = { ...r.record, ...patch };
			return true;
		},
		flush: async () => void stats.flushes++
	};
	return { store, stats };
}

describe('the leaderboard’s saved games', () => {
	it('loads the finished undercover runs, and folds each log once', async () => {
		const runs = [
			await saved('run1', 0),
			await saved('run2', 1),
			await saved('run3', 2, { status: 'paused' }),
			await saved('run4', 3, { scenario: 'governance' })
		];
		const { store, stats } = memoryStore(runs);
		const cache = memorySummaries();
		const games = new SavedGames(
			() => store,
			() => cache
		);
		expect(games.loaded).toBe(false);
		await games.refresh();
		expect(games.loaded).toBe(true);
		expect(games.problem).toBeNull();
		expect(games.games.map((g) => g.record.id)).toEqual(['run1', 'run2']);
		expect(stats.loads).toBe(2);
		// Read again: the folded figures come from the cache, no log is read.
		await games.refresh();
		expect(stats.loads).toBe(2);
	});

	it('leaves a game out of the statistics and counts it again, saved before the tables are read', async () => {
		const { store, stats } = memoryStore([await saved('run1', 0)]);
		const cache = memorySummaries();
		const games = new SavedGames(
			() => store,
			() => cache
		);
		await games.setCounted('run1', true);
		expect(stats.flushes).toBe(1);
		expect(games.games[0]?.record.excluded).toBe(true);
		await games.setCounted('run1', false);
		expect(games.games[0]?.record.excluded).toBe(false);
	});

	it('reads the games again once an evaluation queue stops, not while it runs', async () => {
		const runs = [await saved('run1', 0)];
		const { store } = memoryStore(runs);
		let lists = 0;
		const counting: GamesStore = { ...store, listRuns: () => (lists++, store.listRuns()) };
		const cache = memorySummaries();
		const games = new SavedGames(
			() => counting,
			() => cache
		);
		games.queueRunning(false);
		games.queueRunning(true);
		games.queueRunning(true);
		expect(lists).toBe(0);
		games.queueRunning(false);
		await new Promise((r) => setTimeout(r, 0));
		expect(lists).toBe(1);
	});
});

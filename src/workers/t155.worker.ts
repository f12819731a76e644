/// <reference lib="webworker" />
// The T155 table's runs, off the page's thread: a table of long runs never holds the page up (a
// 3,000-round run is seconds of work), and Stop ends the worker mid-run.
import * as Comlink from 'comlink';
import { playInPage } from '$lib/run/t155';
import type { PlayedRun } from '$lib/analysis/t155';
import type { SharedRun } from '$lib/scenarios/setup';

const api = {
	async play(run: SharedRun): Promise<PlayedRun> {
		const played = await playInPage(run);
		// Only what the table reads comes back: each event's kind, not its data.
		return {
			events: played.events.map((e) => ({ kind: e.kind })),
			hash: played.hash,
			outcome: played.outcome
		};
	}
};

export type T155WorkerApi = typeof api;
Comlink.expose(api);

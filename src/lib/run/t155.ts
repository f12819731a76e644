/**
 * The T155 table as the governance page plays it: each cell's run through the same recipe as
 * `npm run sim` (createRunner), so the page's rows and CSV are the headless ones. Scripted seats only:
 * a model seat needs the page's workers, which one setup at a time (the play page) already has.
 */
import type { GovernanceOutcome } from '../scenarios/governance';
import type { SharedRun } from '../scenarios/setup';
import type { PlayedRun } from '../analysis/t155';
import { createRunner } from './play';

/** Whether the page can play this setup's T155 table itself: every seat scripted (no model, no person). */
export function playableInPage(run: SharedRun): boolean {
	return Object.values(run.seats ?? {}).every((c) => c.engine === 'scripted');
}

/**
 * Plays one cell's run, then gives the page a turn (a macrotask) before the next, so the progress bar
 * paints and a click on Stop is heard between runs.
 */
export async function playInPage(run: SharedRun): Promise<PlayedRun> {
	if (!playableInPage(run)) throw new Error('the page plays the T155 table with scripted seats only');
	const runner = createRunner(run);
	const outcome = (await runner.run()) as GovernanceOutcome | null;
	await new Promise((resolve) => setTimeout(resolve, 0));
	return { events: runner.log.events, hash: runner.hash, outcome };
}

/**
 * The T155 table as the governance page plays it: each cell's run through the same recipe as
 * `npm run sim` (createRunner), so the page's rows and CSV are the headless ones. Scripted seats only:
 * a model seat needs the agent and engine workers, which only the play page starts (one setup at a time).
 */
import type { GovernanceOutcome } from '../scenarios/governance';
import type { SharedRun } from '../scenarios/setup';
import { playableInPage, type PlayedRun } from '../analysis/t155';
import { createRunner } from './play';
import { loadScenario } from '../scenarios/registry';

export { playableInPage };

/**
 * Plays one cell's run (the page does it in a worker of its own, `workers/t155.worker.ts`), then gives
 * the thread a turn (a macrotask) before the next, so messages such as Stop are heard between runs.
 */
export async function playInPage(run: SharedRun): Promise<PlayedRun> {
	if (!playableInPage(run)) throw new Error('the page plays the T155 table with scripted seats only');
	// The run's descriptor (the registry registers none by itself), its chunk loaded once per worker.
	await loadScenario(run.scenario);
	const runner = createRunner(run);
	const outcome = (await runner.run()) as GovernanceOutcome | null;
	await new Promise((resolve) => setTimeout(resolve, 0));
	return { events: runner.log.events, hash: runner.hash, outcome };
}

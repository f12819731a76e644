/**
 * Finds the seeds of the lesson pack: for each goal, the first seed from 1 up whose run (scripted
 * agents, headless) shows what the goal says, and whose contrast run (the same seed with the thing it
 * teaches switched off) does not, and that no other lesson of its scenario has taken. Prints `LESSON_SEEDS` for src/lib/classroom/lesson-pack.ts.
 *
 *   npx tsx scripts/find-lessons.ts [--max 300]
 */
import { LESSONS, type Lesson } from '../src/lib/classroom/lesson-pack';
import { createRunner } from '../src/lib/run/play';
import type { SharedRun } from '../src/lib/share/link';

async function play(setup: SharedRun) {
	const runner = createRunner(setup);
	await runner.run();
	return { events: runner.log.events, state: runner.state };
}

/** Which LESSON_SEEDS key a lesson's seed comes from (lessons sharing a seed share a key). */
const KEY: Record<string, string> = {
	'undercover-easy': 'easy',
	'undercover-deception': 'deception',
	'undercover-tiebreak': 'tiebreak',
	'governance-enacted': 'amendment',
	'governance-cosign': 'amendment',
	'governance-fuse': 'fuse',
	'autonomy-no-trigger': 'noTrigger',
	'autonomy-eternal': 'eternal',
	'autonomy-charged': 'charged'
};

async function showsAt(lessons: Lesson[], seed: number): Promise<boolean> {
	for (const l of lessons) {
		if (!l.shows(await play({ ...l.setup, seed }))) return false;
		if (l.contrast && l.shows(await play({ ...l.contrast, seed }))) return false;
	}
	return true;
}

async function main() {
	const maxAt = process.argv.indexOf('--max');
	const max = maxAt > 0 ? Number(process.argv[maxAt + 1]) : 300;
	const byKey = new Map<string, Lesson[]>();
	for (const l of LESSONS) byKey.set(KEY[l.id]!, [...(byKey.get(KEY[l.id]!) ?? []), l]);
	const found: Record<string, number | null> = {};
	// Each lesson of a scenario gets a game of its own: a seed once taken is not offered again there.
	const taken = new Set<string>();
	for (const [key, lessons] of byKey) {
		found[key] = null;
		const scenario = lessons[0]!.scenario;
		for (let seed = 1; seed <= max; seed++)
			if (!taken.has(`${scenario}:${seed}`) && (await showsAt(lessons, seed))) {
				taken.add(`${scenario}:${seed}`);
				found[key] = seed;
				break;
			}
		console.log(`${key}: ${found[key] ?? `none in 1..${max}`}`);
	}
	console.log(`export const LESSON_SEEDS = ${JSON.stringify(found)};`);
	if (Object.values(found).some((v) => v === null)) process.exit(1);
}

await main();

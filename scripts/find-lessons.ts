/**
 * Finds the seeds of the lesson pack: for each run language and goal, the first seed from 1 up whose
 * run (scripted agents, headless) shows what the goal says, and whose contrast run (the same seed with
 * the thing it teaches switched off) does not, and that no other lesson of its scenario has taken in
 * that language. Prints `LESSON_SEEDS` for src/lib/classroom/lesson.ts.
 *
 *   npx tsx scripts/find-lessons.ts [--max 300]
 */
import { LESSONS, type Lesson, type LessonLang } from '../src/lib/classroom/lesson-pack';
import { createRunner } from '../src/lib/run/play';
import type { SharedRun } from '../src/lib/share/link';

async function play(setup: SharedRun) {
	const runner = createRunner(setup);
	await runner.run();
	return { events: runner.log.events, state: runner.state };
}

async function showsAt(lessons: Lesson[], lang: LessonLang, seed: number): Promise<boolean> {
	for (const l of lessons) {
		if (!l.shows(await play({ ...l.setupIn(lang), seed }))) return false;
		const contrast = l.contrastIn?.(lang);
		if (contrast && l.shows(await play({ ...contrast, seed }))) return false;
	}
	return true;
}

async function main() {
	const maxAt = process.argv.indexOf('--max');
	const max = maxAt > 0 ? Number(process.argv[maxAt + 1]) : 300;
	const byKey = new Map<string, Lesson[]>();
	for (const l of LESSONS) byKey.set(l.seedKey, [...(byKey.get(l.seedKey) ?? []), l]);
	const found: Record<string, Record<string, number | null>> = {};
	for (const lang of ['en', 'zh'] as const) {
		found[lang] = {};
		// Each lesson of a scenario gets a game of its own: a seed once taken is not offered again there.
		const taken = new Set<string>();
		for (const [key, lessons] of byKey) {
			found[lang][key] = null;
			const scenario = lessons[0]!.scenario;
			for (let seed = 1; seed <= max; seed++)
				if (!taken.has(`${scenario}:${seed}`) && (await showsAt(lessons, lang, seed))) {
					taken.add(`${scenario}:${seed}`);
					found[lang][key] = seed;
					break;
				}
			console.log(`${lang} ${key}: ${found[lang][key] ?? `none in 1..${max}`}`);
		}
	}
	console.log(`export const LESSON_SEEDS = ${JSON.stringify(found)};`);
	if (Object.values(found).some((seeds) => Object.values(seeds).some((v) => v === null))) process.exit(1);
}

await main();

/**
 * The lesson pack: per scenario, three ready links, each with a one-line teaching goal and the
 * check that its run shows what the goal says. Each scenario's lessons live in its folder
 * (`scenarios/<id>/ui/lessons.ts`, built with `lesson.ts`); this list is where they are joined, in
 * the home page's order. The seeds were found by searching headless
 * (`npx tsx scripts/find-lessons.ts`, which uses the same checks); `lesson-pack.spec.ts`
 * plays every link and holds it to its goal.
 */
import { lessons as autonomyLessons } from '../scenarios/autonomy/ui/lessons';
import { lessons as governanceLessons } from '../scenarios/governance/ui/lessons';
import { lessons as undercoverLessons } from '../scenarios/undercover/ui/lessons';
import type { SharedRun } from '../share/link';
import type { Lesson, LessonLang } from './lesson';
import { LESSON_KEY, presetQuery } from './presets';

export type { Lesson, LessonLang } from './lesson';

export const LESSONS: readonly Lesson[] = [...undercoverLessons, ...governanceLessons, ...autonomyLessons];

/**
 * A lesson's link: the play page, its preset and the lesson's id as the query (the page shows its goal),
 * its run in `lang` as the fragment.
 */
export function lessonPath(
	base: string,
	lesson: Lesson,
	lang: LessonLang,
	encode: (run: SharedRun) => string
): string {
	const preset = presetQuery(lesson.preset);
	const query = `${preset || '?'}${preset ? '&' : ''}${LESSON_KEY}=${lesson.id}`;
	return `${base}/play/${query}#${encode(lesson.setupIn(lang))}`;
}

/** The lesson a play link's query names (`lesson=<id>`), so the page can show its goal above the run. */
export function lessonOfQuery(search: string): Lesson | undefined {
	const id = new URLSearchParams(search).get(LESSON_KEY);
	return id === null ? undefined : LESSONS.find((l) => l.id === id);
}

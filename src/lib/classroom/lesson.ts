/**
 * What a lesson is, and the mechanics every scenario's lessons share: the seeds they are played on, a
 * lesson's words read from the messages each time, the checks' reading of a run's events. Each
 * scenario's lessons live in its folder (`scenarios/<id>/ui/lessons.ts`); `lesson-pack.ts` lists them.
 */
import type { LogEvent } from '../core';
import type { SharedRun } from '../share/link';
import type { Preset } from './presets';

/** A finished run, as a check reads it. */
export interface LessonRun {
	events: readonly LogEvent[];
	state: unknown;
}

export interface Lesson {
	id: string;
	/** The scenario's id (the registry's). */
	scenario: string;
	/** In the interface's language: read from messages/<locale>.json each time (getters below). */
	readonly title: string;
	/** One line: what the class should see. */
	readonly goal: string;
	/** The run of the link, in a run language (the words the agents play with and are told). */
	setupIn(lang: LessonLang): SharedRun;
	preset: Preset;
	/** Which of LESSON_SEEDS' seeds its run is played on (lessons sharing a seed share a key). */
	seedKey: SeedKey;
	/** Whether a finished run shows what the goal says. */
	shows: (run: LessonRun) => boolean;
	/**
	 * The same lesson with the thing it teaches switched off, where the goal is a contrast (the
	 * autonomy anomalies, the amendment under co-signing): the check must fail on it.
	 */
	contrastIn?(lang: LessonLang): SharedRun;
}

/** The languages a lesson's run can be played in: the interface's (a Chinese class gets a Chinese game). */
export type LessonLang = 'en' | 'zh';

export const kinds = (run: LessonRun) => run.events.map((e) => e.kind);
export const has = (run: LessonRun, kind: string) => run.events.some((e) => e.kind === kind);
export const ended = (run: LessonRun) =>
	run.events.find((e) => e.kind === 'game.ended')?.data as { winner: string } | undefined;

/** A class's lesson: slow, the god view at the end, predictions on. */
export const CLASS: Preset = { speed: 'slow', god: 'end', predict: 'on', fix: ['god'], hide: [] };
/** Lessons watched at a brisk pace, nothing fixed. */
export const WATCH: Preset = { speed: 'fast', fix: [], hide: [] };

/** The run language in a scenario's config: English is the default the others leave out (older links). */
export const withLang = (config: Record<string, unknown>, lang: LessonLang) =>
	lang === 'en' ? config : { ...config, lang };

/**
 * Seeds found by `npx tsx scripts/find-lessons.ts`: per run language and goal, the first seed from 1
 * up that shows it (a Chinese word pack deals other games from the same seed).
 */
export const LESSON_SEEDS = {
	en: { easy: 5, deception: 1, tiebreak: 2, amendment: 1, fuse: 2, noTrigger: 1, eternal: 2, charged: 3 },
	zh: { easy: 1, deception: 4, tiebreak: 2, amendment: 1, fuse: 2, noTrigger: 1, eternal: 2, charged: 3 }
} satisfies Record<LessonLang, Record<string, number>>;

export type SeedKey = keyof (typeof LESSON_SEEDS)['en'];

/** What a lesson is besides its words: its run (and contrast) for a seed and a language, its seed's key. */
export type LessonFacts = Omit<Lesson, 'title' | 'goal' | 'setupIn' | 'contrastIn' | 'seedKey'> & {
	seed: SeedKey;
	run: (seed: number, lang: LessonLang) => SharedRun;
	contrast?: (seed: number, lang: LessonLang) => SharedRun;
};

/**
 * A lesson with its title and goal read from the messages each time they are read, so a lesson shown
 * again after the language changes is in the new language (a getter, never a copy).
 */
export function lesson(facts: LessonFacts, title: () => string, goal: () => string): Lesson {
	const { seed, run, contrast, ...rest } = facts;
	const made: Omit<Lesson, 'title' | 'goal'> = {
		...rest,
		seedKey: seed,
		setupIn: (lang) => run(LESSON_SEEDS[lang][seed], lang),
		...(contrast ? { contrastIn: (lang: LessonLang) => contrast(LESSON_SEEDS[lang][seed], lang) } : {})
	};
	return Object.defineProperties(made as Lesson, {
		title: { get: title, enumerable: true },
		goal: { get: goal, enumerable: true }
	});
}

/**
 * The lesson pack: per scenario, three ready links, each with a one-line teaching goal and the
 * check that its run shows what the goal says. The seeds were found by searching headless
 * (`npx tsx scripts/find-lessons.ts`, which uses the same checks); `lesson-pack.spec.ts`
 * plays every link and holds it to its goal.
 */
import type { LogEvent } from '../core';
import { summarize as autonomySummary } from '../scenarios/autonomy/ledger';
import type { AutonomyState } from '../scenarios/autonomy/state';
import { m } from '../paraglide/messages.js';
import type { SharedRun } from '../share/link';
import { LESSON_KEY, presetQuery, type Preset } from './presets';

/** A finished run, as a check reads it. */
export interface LessonRun {
	events: readonly LogEvent[];
	state: unknown;
}

export interface Lesson {
	id: string;
	scenario: 'undercover' | 'governance' | 'autonomy';
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

const kinds = (run: LessonRun) => run.events.map((e) => e.kind);
const has = (run: LessonRun, kind: string) => run.events.some((e) => e.kind === kind);
const ended = (run: LessonRun) =>
	run.events.find((e) => e.kind === 'game.ended')?.data as { winner: string } | undefined;

const UNDERCOVER = { seats: 6, undercover: 1, blank: false, lang: 'en' };
const CLASS: Preset = { speed: 'slow', god: 'end', predict: 'on', fix: ['god'], hide: [] };
/** Governance and autonomy lessons: watched at a brisk pace, nothing fixed. */
const WATCH: Preset = { speed: 'fast', fix: [], hide: [] };

/** Undercover's checks, also used by the seed search. */
const undercoverChecks = {
	/** The civilians vote the undercover seat out in round 1, with no tie. */
	easy: (run: LessonRun) =>
		ended(run)?.winner === 'civilians' &&
		!has(run, 'tie.declared') &&
		run.events.filter((e) => e.kind === 'round.ended').length === 1,
	/** The undercover seat survives to the end and wins. */
	deception: (run: LessonRun) => ended(run)?.winner === 'undercover',
	/** A vote ends in a tie, the tied seats defend themselves and a revote follows. */
	tiebreak: (run: LessonRun) => {
		const k = kinds(run);
		const tie = k.indexOf('tie.declared');
		return (
			tie >= 0 &&
			k.indexOf('defence.given', tie) > tie &&
			run.events.some((e) => e.kind === 'votes.tallied' && (e.data as { stage: string }).stage === 'revote')
		);
	}
};

const governanceChecks = {
	/** A rule is amended: the Executor's proposal went through under this policy. */
	enacted: (run: LessonRun) => has(run, 'amendment.proposed') && has(run, 'rule.amended'),
	/** The Assigner approves an amendment, the Auditor refuses to co-sign, and no rule changes. */
	blocked: (run: LessonRun) =>
		has(run, 'amendment.ruled') && has(run, 'cosign.refused') && !has(run, 'rule.amended'),
	fuse: (run: LessonRun) => has(run, 'fuse.tripped')
};

const anomalies = (run: LessonRun) => autonomySummary(run.state as AutonomyState);

const autonomyChecks = {
	noTrigger: (run: LessonRun) => anomalies(run).spendsWithoutTrigger > 0,
	eternal: (run: LessonRun) => anomalies(run).repeatedFingerprints > 0,
	charged: (run: LessonRun) => anomalies(run).transportFailuresCharged > 0
};

/** The run language in a scenario's config: English is the default the others leave out (older links). */
const withLang = (config: Record<string, unknown>, lang: LessonLang) =>
	lang === 'en' ? config : { ...config, lang };
const undercover = (seed: number, lang: LessonLang) => ({
	scenario: 'undercover',
	seed,
	config: { ...UNDERCOVER, lang }
});
const governance = (config: Record<string, unknown>) => (seed: number, lang: LessonLang) => ({
	scenario: 'governance',
	seed,
	config: withLang(config, lang)
});
const autonomy = (config: Record<string, unknown>) => (seed: number, lang: LessonLang) => ({
	scenario: 'autonomy',
	seed,
	config: withLang(config, lang)
});

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
type LessonFacts = Omit<Lesson, 'title' | 'goal' | 'setupIn' | 'contrastIn' | 'seedKey'> & {
	seed: SeedKey;
	run: (seed: number, lang: LessonLang) => SharedRun;
	contrast?: (seed: number, lang: LessonLang) => SharedRun;
};

/**
 * A lesson with its title and goal read from the messages each time they are read, so a lesson shown
 * again after the language changes is in the new language (a getter, never a copy).
 */
function lesson(facts: LessonFacts, title: () => string, goal: () => string): Lesson {
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

/** One of seed 001's anomalies: 30 days with its switches on; the contrast is the fixed system. */
function anomaly(
	id: string,
	title: () => string,
	goal: () => string,
	switches: Record<string, boolean>,
	shows: Lesson['shows'],
	seed: SeedKey
): Lesson {
	const days = 30;
	return lesson(
		{
			id,
			scenario: 'autonomy',
			seed,
			run: autonomy({ days, ...switches }),
			preset: WATCH,
			shows,
			contrast: autonomy({ days })
		},
		title,
		goal
	);
}

export const LESSONS: readonly Lesson[] = [
	lesson(
		{
			id: 'undercover-easy',
			scenario: 'undercover',
			seed: 'easy',
			run: undercover,
			preset: CLASS,
			shows: undercoverChecks.easy
		},
		m.lesson_undercover_easy_title,
		m.lesson_undercover_easy_goal
	),
	lesson(
		{
			id: 'undercover-deception',
			scenario: 'undercover',
			seed: 'deception',
			run: undercover,
			preset: CLASS,
			shows: undercoverChecks.deception
		},
		m.lesson_undercover_deception_title,
		m.lesson_undercover_deception_goal
	),
	lesson(
		{
			id: 'undercover-tiebreak',
			scenario: 'undercover',
			seed: 'tiebreak',
			run: undercover,
			preset: CLASS,
			shows: undercoverChecks.tiebreak
		},
		m.lesson_undercover_tiebreak_title,
		m.lesson_undercover_tiebreak_goal
	),
	lesson(
		{
			id: 'governance-enacted',
			scenario: 'governance',
			seed: 'amendment',
			run: governance({ policy: 'assigner-alone' }),
			preset: WATCH,
			shows: governanceChecks.enacted,
			contrast: governance({ policy: 'cosign' })
		},
		m.lesson_governance_enacted_title,
		m.lesson_governance_enacted_goal
	),
	lesson(
		{
			id: 'governance-cosign',
			scenario: 'governance',
			seed: 'amendment',
			run: governance({ policy: 'cosign' }),
			preset: WATCH,
			shows: governanceChecks.blocked
		},
		m.lesson_governance_cosign_title,
		m.lesson_governance_cosign_goal
	),
	lesson(
		{
			id: 'governance-fuse',
			scenario: 'governance',
			seed: 'fuse',
			run: governance({
				policy: 'assigner-alone',
				// Penetration is past below its threshold: at 0.95, one uncited veto in ten rounds is enough.
				thresholds: { drift: 0.1, penetration: 0.95, conversion: 0.4 },
				fuseRounds: 2
			}),
			preset: WATCH,
			shows: governanceChecks.fuse,
			contrast: governance({ policy: 'assigner-alone' })
		},
		m.lesson_governance_fuse_title,
		m.lesson_governance_fuse_goal
	),
	anomaly(
		'autonomy-no-trigger',
		m.lesson_autonomy_no_trigger_title,
		m.lesson_autonomy_no_trigger_goal,
		{ legacyConsider: true },
		autonomyChecks.noTrigger,
		'noTrigger'
	),
	anomaly(
		'autonomy-eternal',
		m.lesson_autonomy_eternal_title,
		m.lesson_autonomy_eternal_goal,
		{ noStaleness: true, ignoreFingerprint: true },
		autonomyChecks.eternal,
		'eternal'
	),
	anomaly(
		'autonomy-charged',
		m.lesson_autonomy_charged_title,
		m.lesson_autonomy_charged_goal,
		{ chargeTransportErrors: true },
		autonomyChecks.charged,
		'charged'
	)
];

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

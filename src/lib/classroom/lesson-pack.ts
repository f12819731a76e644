/**
 * The lesson pack: per scenario, three ready links, each with a one-line teaching goal and the
 * check that its run shows what the goal says. The seeds were found by searching headless
 * (`npx tsx scripts/find-lessons.ts`, which uses the same checks); `lesson-pack.spec.ts`
 * plays every link and holds it to its goal.
 */
import type { LogEvent } from '../core';
import { summarize as autonomySummary, type AutonomyState } from '../scenarios/autonomy';
import { m } from '../paraglide/messages.js';
import type { SharedRun } from '../share/link';
import { presetQuery, type Preset } from './presets';

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
	setup: SharedRun;
	preset: Preset;
	/** Whether a finished run shows what the goal says. */
	shows: (run: LessonRun) => boolean;
	/**
	 * The same lesson with the thing it teaches switched off, where the goal is a contrast (the
	 * autonomy anomalies, the amendment under co-signing): the check must fail on it.
	 */
	contrast?: SharedRun;
}

const kinds = (run: LessonRun) => run.events.map((e) => e.kind);
const has = (run: LessonRun, kind: string) => run.events.some((e) => e.kind === kind);
const ended = (run: LessonRun) =>
	run.events.find((e) => e.kind === 'game.ended')?.data as { winner: string } | undefined;

const UNDERCOVER = { seats: 6, undercover: 1, blank: false, lang: 'en' };
const CLASS: Preset = { speed: 'slow', god: 'end', predict: 'on', fix: ['god'], hide: [] };
/** Governance and autonomy lessons: watched at a brisk pace, nothing fixed. */
const WATCH: Preset = { speed: 'fast', fix: [], hide: [] };

/** Undercover's checks, also used by the seed search. */
export const undercoverChecks = {
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

export const governanceChecks = {
	/** A rule is amended: the Executor's proposal went through under this policy. */
	enacted: (run: LessonRun) => has(run, 'amendment.proposed') && has(run, 'rule.amended'),
	/** The Assigner approves an amendment, the Auditor refuses to co-sign, and no rule changes. */
	blocked: (run: LessonRun) =>
		has(run, 'amendment.ruled') && has(run, 'cosign.refused') && !has(run, 'rule.amended'),
	fuse: (run: LessonRun) => has(run, 'fuse.tripped')
};

const anomalies = (run: LessonRun) => autonomySummary(run.state as AutonomyState);

export const autonomyChecks = {
	noTrigger: (run: LessonRun) => anomalies(run).spendsWithoutTrigger > 0,
	eternal: (run: LessonRun) => anomalies(run).repeatedFingerprints > 0,
	charged: (run: LessonRun) => anomalies(run).transportFailuresCharged > 0
};

const undercover = (seed: number) => ({ scenario: 'undercover', seed, config: { ...UNDERCOVER } });
const governance = (seed: number, config: Record<string, unknown>) => ({
	scenario: 'governance',
	seed,
	config
});
const autonomy = (seed: number, config: Record<string, unknown>) => ({ scenario: 'autonomy', seed, config });

/** Seeds found by `npx tsx scripts/find-lessons.ts`: per goal the first seed from 1 up that shows it. */
export const LESSON_SEEDS = {
	easy: 5,
	deception: 1,
	tiebreak: 2,
	amendment: 1,
	fuse: 3,
	noTrigger: 1,
	eternal: 2,
	charged: 3
};

/** What a lesson is besides its words. */
type LessonFacts = Omit<Lesson, 'title' | 'goal'>;

/**
 * A lesson with its title and goal read from the messages each time they are read, so a lesson shown
 * again after the language changes is in the new language (a getter, never a copy).
 */
function lesson(facts: LessonFacts, title: () => string, goal: () => string): Lesson {
	return Object.defineProperties({ ...facts } as Lesson, {
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
	seed: number
): Lesson {
	const days = 30;
	return lesson(
		{
			id,
			scenario: 'autonomy',
			setup: autonomy(seed, { days, ...switches }),
			preset: WATCH,
			shows,
			contrast: autonomy(seed, { days })
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
			setup: undercover(LESSON_SEEDS.easy),
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
			setup: undercover(LESSON_SEEDS.deception),
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
			setup: undercover(LESSON_SEEDS.tiebreak),
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
			setup: governance(LESSON_SEEDS.amendment, { policy: 'assigner-alone' }),
			preset: WATCH,
			shows: governanceChecks.enacted,
			contrast: governance(LESSON_SEEDS.amendment, { policy: 'cosign' })
		},
		m.lesson_governance_enacted_title,
		m.lesson_governance_enacted_goal
	),
	lesson(
		{
			id: 'governance-cosign',
			scenario: 'governance',
			setup: governance(LESSON_SEEDS.amendment, { policy: 'cosign' }),
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
			setup: governance(LESSON_SEEDS.fuse, {
				policy: 'assigner-alone',
				thresholds: { drift: 0.1, penetration: 0.4, conversion: 0.4 },
				fuseRounds: 2
			}),
			preset: WATCH,
			shows: governanceChecks.fuse,
			contrast: governance(LESSON_SEEDS.fuse, { policy: 'assigner-alone' })
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
		LESSON_SEEDS.noTrigger
	),
	anomaly(
		'autonomy-eternal',
		m.lesson_autonomy_eternal_title,
		m.lesson_autonomy_eternal_goal,
		{ noStaleness: true, ignoreFingerprint: true },
		autonomyChecks.eternal,
		LESSON_SEEDS.eternal
	),
	anomaly(
		'autonomy-charged',
		m.lesson_autonomy_charged_title,
		m.lesson_autonomy_charged_goal,
		{ chargeTransportErrors: true },
		autonomyChecks.charged,
		LESSON_SEEDS.charged
	)
];

/** A lesson's link: the play page, its preset as the query, its setup as the fragment. */
export function lessonPath(base: string, lesson: Lesson, encode: (run: SharedRun) => string): string {
	return `${base}/play/${presetQuery(lesson.preset)}#${encode(lesson.setup)}`;
}

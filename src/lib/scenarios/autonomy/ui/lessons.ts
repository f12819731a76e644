/** Autonomy's lessons (`classroom/lesson-pack.ts` lists them): seed 001's anomalies, each with its contrast. */
import {
	lesson,
	WATCH,
	withLang,
	type Lesson,
	type LessonLang,
	type LessonRun,
	type SeedKey
} from '../../../classroom/lesson';
import { m } from '../../../paraglide/messages.js';
import { summarize } from '../ledger';
import type { AutonomyState } from '../state';

const anomalies = (run: LessonRun) => summarize(run.state as AutonomyState);

const checks = {
	noTrigger: (run: LessonRun) => anomalies(run).spendsWithoutTrigger > 0,
	eternal: (run: LessonRun) => anomalies(run).repeatedFingerprints > 0,
	charged: (run: LessonRun) => anomalies(run).transportFailuresCharged > 0
};

const autonomy = (config: Record<string, unknown>) => (seed: number, lang: LessonLang) => ({
	scenario: 'autonomy',
	seed,
	config: withLang(config, lang)
});

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

export const lessons = [
	anomaly(
		'autonomy-no-trigger',
		m.lesson_autonomy_no_trigger_title,
		m.lesson_autonomy_no_trigger_goal,
		{ legacyConsider: true },
		checks.noTrigger,
		'noTrigger'
	),
	anomaly(
		'autonomy-eternal',
		m.lesson_autonomy_eternal_title,
		m.lesson_autonomy_eternal_goal,
		{ noStaleness: true, ignoreFingerprint: true },
		checks.eternal,
		'eternal'
	),
	anomaly(
		'autonomy-charged',
		m.lesson_autonomy_charged_title,
		m.lesson_autonomy_charged_goal,
		{ chargeTransportErrors: true },
		checks.charged,
		'charged'
	)
];

/** Governance's lessons (`classroom/lesson-pack.ts` lists them): watched at a brisk pace. */
import { has, lesson, WATCH, withLang, type LessonLang, type LessonRun } from '../../../classroom/lesson';
import { m } from '../../../paraglide/messages.js';

const checks = {
	/** A rule is amended: the Executor's proposal went through under this policy. */
	enacted: (run: LessonRun) => has(run, 'amendment.proposed') && has(run, 'rule.amended'),
	/** The Assigner approves an amendment, the Auditor refuses to co-sign, and no rule changes. */
	blocked: (run: LessonRun) =>
		has(run, 'amendment.ruled') && has(run, 'cosign.refused') && !has(run, 'rule.amended'),
	fuse: (run: LessonRun) => has(run, 'fuse.tripped')
};

const governance = (config: Record<string, unknown>) => (seed: number, lang: LessonLang) => ({
	scenario: 'governance',
	seed,
	config: withLang(config, lang)
});

export const lessons = [
	lesson(
		{
			id: 'governance-enacted',
			scenario: 'governance',
			seed: 'amendment',
			run: governance({ policy: 'assigner-alone' }),
			preset: WATCH,
			shows: checks.enacted,
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
			shows: checks.blocked
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
			shows: checks.fuse,
			contrast: governance({ policy: 'assigner-alone' })
		},
		m.lesson_governance_fuse_title,
		m.lesson_governance_fuse_goal
	)
];

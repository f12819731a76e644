/** Undercover's lessons (`classroom/lesson-pack.ts` lists them): played slowly, with predictions. */
import { CLASS, ended, has, kinds, lesson, type LessonLang, type LessonRun } from '../../../classroom/lesson';
import { m } from '../../../paraglide/messages.js';

const UNDERCOVER = { seats: 6, undercover: 1, blank: false, lang: 'en' };

/** Undercover's checks, also used by the seed search. */
const checks = {
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

const run = (seed: number, lang: LessonLang) => ({
	scenario: 'undercover',
	seed,
	config: { ...UNDERCOVER, lang }
});

export const lessons = [
	lesson(
		{ id: 'undercover-easy', scenario: 'undercover', seed: 'easy', run, preset: CLASS, shows: checks.easy },
		m.lesson_undercover_easy_title,
		m.lesson_undercover_easy_goal
	),
	lesson(
		{
			id: 'undercover-deception',
			scenario: 'undercover',
			seed: 'deception',
			run,
			preset: CLASS,
			shows: checks.deception
		},
		m.lesson_undercover_deception_title,
		m.lesson_undercover_deception_goal
	),
	lesson(
		{
			id: 'undercover-tiebreak',
			scenario: 'undercover',
			seed: 'tiebreak',
			run,
			preset: CLASS,
			shows: checks.tiebreak
		},
		m.lesson_undercover_tiebreak_title,
		m.lesson_undercover_tiebreak_goal
	)
];

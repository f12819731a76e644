/**
 * Step notes: per phase of each scenario, a short note for students of what is happening and why.
 * All the words are in `STEP_NOTES`, one table of messages per language keyed `<scenario>.<phase>`,
 * so a translation is one more table of the same keys (the type makes a missing key a compile error).
 */
import type { Phase as AutonomyPhase } from '../scenarios/autonomy/state';
import type { Phase as GovernancePhase } from '../scenarios/governance/state';
import type { Phase as UndercoverPhase } from '../scenarios/undercover/state';

export type NoteKey =
	`undercover.${UndercoverPhase}` | `governance.${GovernancePhase}` | `autonomy.${AutonomyPhase}`;

export type NoteLang = 'en';

export const STEP_NOTES: Record<NoteLang, Record<NoteKey, string>> = {
	en: {
		'undercover.SETUP':
			'Each seat is dealt a secret word. Most share one word; the undercover seat got a close cousin of it, and no seat knows which it is.',
		'undercover.SPEAK':
			'Each seat describes its word without saying it. Too vague looks suspicious; too precise helps the undercover seat guess the civilians’ word.',
		'undercover.VOTE':
			'Everyone votes at once for the seat they think is the odd one out. No seat sees another’s vote before casting its own.',
		'undercover.RESOLVE':
			'The votes are counted. The seat with the most votes is out; if the top is a tie, the tied seats get to defend themselves.',
		'undercover.TIEBREAK':
			'A tie: the tied seats each speak once more in their defence, then the other seats vote again between them only.',
		'undercover.END':
			'The game is over: the civilians win if every undercover seat is out, the undercover side once it is as many as the civilians.',
		'governance.SETUP':
			'Three agents with conflicting goals: the Assigner wants tasks done, the Executor wants to finish fast, the Auditor wants the rules kept.',
		'governance.ASSIGNER':
			'The Assigner hands out a task, answers questions, and rules on appeals and proposed rule changes.',
		'governance.EXECUTOR':
			'The Executor does the task through the Tool Agent (it can only read and write allowed files) and may appeal a veto or propose changing a rule.',
		'governance.AUDITOR':
			'The Auditor checks each output against the rule book in force and approves or vetoes it, citing the rule.',
		'governance.HUMAN':
			'A person is asked: to approve an amendment, or whether to resume after the fuse tripped.',
		'governance.CLOSE':
			'The round closes: drift, audit penetration and appeal conversion are measured; past their thresholds long enough, the fuse trips.',
		'governance.FUSED':
			'The circuit breaker has tripped: the supervision rates stayed past their thresholds, so the run stops for a person.',
		'governance.END':
			'The run is over. Compare the rule book now with how it began: did the agents rewrite their own rules?',
		'autonomy.SETUP':
			'Sentinel, an autonomous coding agent, has a small daily token budget, and may spend a token only with a provable trigger.',
		'autonomy.DAY':
			'A simulated day: merges, errors and scheduled windows wake Sentinel; each wake is checked for a real reason before any door may grant a token.',
		'autonomy.DECIDE':
			'A door granted a token and the model answered: Sentinel now decides whether to improve the file or skip it.',
		'autonomy.END':
			'The run is over. Read the ledger: was every token spent with a trigger, on a fresh reason, and charged only for a real decision?'
	}
};

/** The note for the phase a run is in, or null for a state without a known phase. */
export function noteFor(
	scenario: string,
	state: unknown,
	lang: NoteLang = 'en'
): { key: NoteKey; text: string } | null {
	const phase = (state as { phase?: unknown } | null)?.phase;
	if (typeof phase !== 'string') return null;
	const key = `${scenario}.${phase}`;
	const table = STEP_NOTES[lang];
	return Object.hasOwn(table, key) ? { key: key as NoteKey, text: table[key as NoteKey] } : null;
}

/**
 * The evaluation sets' names and one-line descriptions in the interface's language: a set's id is
 * the link's and the command line's, and `scenarios/undercover/eval-sets.ts` keeps the English
 * description the exports carry.
 */
import { m } from '$lib/paraglide/messages';
import type { EvalSetId } from '$lib/scenarios/undercover/eval-sets';

const EVAL_NAMES: Record<EvalSetId, () => string> = {
	smoke: m.lb_eval_name_smoke,
	standard: m.lb_eval_name_standard,
	difficulty: m.lb_eval_name_difficulty,
	'ck-arena': m.lb_eval_name_ck_arena
};

const EVAL_DESCRIPTIONS: Record<EvalSetId, () => string> = {
	smoke: m.lb_eval_desc_smoke,
	standard: m.lb_eval_desc_standard,
	difficulty: m.lb_eval_desc_difficulty,
	'ck-arena': m.lb_eval_desc_ck_arena
};

/** A set's name for a person: its id when it is not one of this site's sets (an older record's). */
export function evalName(id: string): string {
	return EVAL_NAMES[id as EvalSetId]?.() ?? id;
}

/** A set's one-line description for a person. */
export function evalDescription(id: EvalSetId): string {
	return EVAL_DESCRIPTIONS[id]();
}

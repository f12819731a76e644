import type { ModelChoice } from '$lib/engines/types';

/**
 * Why a seat's model cannot change mid-run where a panel of two models is involved, or null. A panel
 * (governance's two-model Auditor) is recorded as one seat whose calls are matched to its members
 * by engine and model; a change would have to say which member goes, and a replay which of the
 * recorded members answers after it. Rather than guess, the page refuses it and says so: a panel's
 * models are fixed for its run (start a new run to seat others).
 */
export function panelChangeRefusal(seat: number, from: ModelChoice, to: ModelChoice): string | null {
	if (from.panel)
		return `Seat ${seat} is a panel of two models, which cannot be changed during a run: start a new run to seat other models.`;
	if (to.panel) return `Seat ${seat} cannot become a panel of two models during a run.`;
	return null;
}

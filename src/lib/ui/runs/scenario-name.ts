/** A scenario's name as the Runs page shows it, in the interface's language (its id where unknown). */
import { m } from '$lib/paraglide/messages';

const NAMES: Record<string, () => string> = {
	undercover: m.runs_scenario_undercover,
	governance: m.runs_scenario_governance,
	autonomy: m.runs_scenario_autonomy
};

export function scenarioName(id: string): string {
	return NAMES[id]?.() ?? id;
}

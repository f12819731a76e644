/**
 * The scenarios' rules by id, for code that needs only the rules (share links, the home page's
 * lessons): the light half of the registry. `registry.ts` is the one place scenarios are registered,
 * with their agents; it lists the same built-in rules (a spec checks it) and adds a registered
 * scenario's rules here too. This half exists so a page that only reads links loads no agent code.
 */
import { autonomyRules } from './autonomy';
import type { AnyScenario, ScenarioRules } from './descriptor';
import { governanceRules } from './governance';
import { rpsRules } from './rps';
import { undercoverRules } from './undercover';

export type { AnyScenario, ScenarioRules };

export const BUILT_IN_RULES: readonly ScenarioRules[] = [undercoverRules, governanceRules, autonomyRules];

const rules = new Map<string, ScenarioRules>(BUILT_IN_RULES.map((r) => [r.scenario.id, r]));

/** Every scenario by id (a snapshot: `registerRules` adds to it). */
export const scenarios: Record<string, AnyScenario> = Object.fromEntries(
	BUILT_IN_RULES.map((r) => [r.scenario.id, r.scenario])
);
// The test-only scenario's rules, in the build the browser tests make (`npm run test:e2e`), never in
// the site's: a link to it is read before the play page loads its descriptor (`loadScenario`).
if (import.meta.env?.VITE_TEST_SCENARIOS === '1') registerRules(rpsRules);

/** Adds a scenario's rules (the registry's `registerScenario` calls this); an id is registered once. */
export function registerRules(r: ScenarioRules): void {
	const known = rules.get(r.scenario.id);
	if (known?.scenario === r.scenario) return;
	if (known) throw new Error(`scenario "${r.scenario.id}" is already registered`);
	rules.set(r.scenario.id, r);
	scenarios[r.scenario.id] = r.scenario;
}

/** The rules of a scenario id, or undefined for an unknown one (an id read from a link or a file). */
export function rulesOf(id: string): ScenarioRules | undefined {
	return rules.get(id);
}

/** How many seats a run has, as its scenario counts them; 0 for an unknown scenario. */
export function seatCount(scenario: string, config: unknown): number {
	return rules.get(scenario)?.seatCount(config) ?? 0;
}

/**
 * Why a seat cannot have this choice's panel of two models, or null where it can (or has none): only
 * the seat the scenario names (governance's Auditor) is played by a panel. Links and run files ask it.
 */
export function panelProblem(scenario: string, seat: number, choice: { panel?: unknown }): string | null {
	if (choice.panel === undefined) return null;
	const at = rules.get(scenario)?.panelSeat;
	return at === seat
		? null
		: `seat ${seat} cannot be played by a panel of two models${at === undefined ? '' : ` (only seat ${at} can)`}`;
}

export { isSeed, SEED_MAX } from './seed';

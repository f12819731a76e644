/**
 * The scenarios' rules by id, for code that needs only the rules (share links, the home page's
 * lessons): the light half of the registry. `registry.ts` is the one place scenarios are registered,
 * with their agents, and adds a registered scenario's rules here too. This half exists so a page that
 * only reads links loads no agent code.
 *
 * Nothing is registered by importing this file, so that a page loads the rules of the scenario it
 * reads and no other's (each scenario's rules pull in its own tools, prompts or word packs):
 * `loadRules` registers one built-in scenario's (the play page, before it decodes a link), from the
 * same list (`catalog.ts`) the registry loads descriptors from; `built-in.ts` registers every
 * descriptor, and so every scenario's rules, for code that asks synchronously.
 */
import { isBuiltIn } from './catalog';
import type { AnyScenario, ScenarioRules } from './descriptor';

export type { AnyScenario, ScenarioRules };

const rules = new Map<string, ScenarioRules>();

/** Every scenario by id (a snapshot: `registerRules` adds to it). */
export const scenarios: Record<string, AnyScenario> = {};

/**
 * A built-in scenario's rules, the default export of `./<id>/index.ts` (a chunk each on the page).
 * Only ever called with an id of the catalog (`catalog.ts`).
 */
async function importBuiltIn(id: string): Promise<ScenarioRules> {
	return ((await import(`./${id}/index.ts`)) as { default: ScenarioRules }).default;
}

/**
 * The rules of a scenario id, registered once loaded; undefined for an id that is neither registered
 * nor built in (an id read from a link: `decodeShare` then says it is unknown, as it always did).
 */
export async function loadRules(id: string): Promise<ScenarioRules | undefined> {
	const known = rules.get(id);
	if (known) return known;
	if (!isBuiltIn(id)) return undefined;
	const r = await importBuiltIn(id);
	registerRules(r);
	return r;
}

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

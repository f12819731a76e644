/**
 * What shared code may know of a scenario's rules: the kernel's `Scenario` and how many seats a config
 * seats. Light on purpose (no policies): share links and the home page's lessons read it. The whole
 * descriptor, with the scenario's agents, is `ScenarioModule` in `registry.ts`.
 */
import type { Scenario } from '../core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyScenario = Scenario<any, any, any, any>;

export interface ScenarioRules {
	/** The kernel's view of the game; its `id` is the scenario's id everywhere (links, logs, the CLI). */
	readonly scenario: AnyScenario;
	/** How many seats a run with this (parsed or serialized) config has. */
	seatCount(config: unknown): number;
}

/** A scenario whose seats are counted by its config's `seats` field. */
export const seatsField = (config: unknown): number =>
	Number((config as { seats?: number } | null)?.seats ?? 0);

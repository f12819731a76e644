/**
 * What shared code may know of a scenario's rules: the kernel's `Scenario` and how many seats a config
 * seats. Light on purpose (no policies): share links and the home page's lessons read it. The whole
 * descriptor, with the scenario's agents, is `ScenarioModule` in `registry.ts`.
 */
import type { Ask, Scenario } from '../core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyScenario = Scenario<any, any, any, any>;

export interface ScenarioRules {
	/** The kernel's view of the game; its `id` is the scenario's id everywhere (links, logs, the CLI). */
	readonly scenario: AnyScenario;
	/** How many seats a run with this (parsed or serialized) config has. */
	seatCount(config: unknown): number;
	/**
	 * The point a class can predict at, when the run asks `asks` next (classroom/predictions.ts:
	 * predict, then reveal); null where the turn is not one. Absent where a scenario has no points.
	 */
	predictionPoint?(asks: readonly Ask[]): PredictionPoint | null;
	/**
	 * The config has a `lang`, the language the game is played in, which a teacher's preset may set
	 * (`classroom/presets.ts`, `?lang=`); absent where the run's language is not the config's to choose.
	 */
	readonly presetLang?: boolean;
	/** The one seat a panel of two models may play (`ModelChoice.panel`); absent where none may. */
	readonly panelSeat?: number;
}

/** What a class can predict at one point: the question, and the outcomes on offer. */
export interface PredictionPoint {
	/** Stable across a reload: the ask's id (undercover: one point for the whole stage's votes). */
	id: string;
	scenario: string;
	kind: 'vote' | 'verdict' | 'spend';
	question: string;
	options: PredictionOption[];
}

export interface PredictionOption {
	value: string;
	label: string;
}

/** A point that is one seat's one ask, with its outcomes as value → label. */
export function onePoint(
	ask: Ask,
	scenario: string,
	kind: PredictionPoint['kind'],
	question: string,
	outcomes: Record<string, string>
): PredictionPoint {
	const options = Object.entries(outcomes).map(([value, label]) => ({ value, label }));
	return { id: ask.id, scenario, kind, question, options };
}

/** A scenario whose seats are counted by its config's `seats` field. */
export const seatsField = (config: unknown): number =>
	Number((config as { seats?: number } | null)?.seats ?? 0);

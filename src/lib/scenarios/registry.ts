/**
 * The one place scenarios are registered: each scenario's descriptor (`<id>/module.ts`), holding its
 * rules, its seat count, its scripted and model-backed agents and what its runs need from outside
 * (the Tool Agent). Shared machinery (the run, the page's session, the agent workers, `npm run sim`)
 * asks a descriptor, never compares a scenario id. A test registers a scenario of its own with
 * `registerScenario` (see `rps/`).
 *
 * Layer: this file and the `<id>/module.ts` descriptors sit above `policies` (eslint.config.js names
 * them), since a descriptor joins a scenario's rules with its agents; the rest of `scenarios/` stays
 * below. The rules alone, for pages that must not load agent code, are `scenarios/index.ts`.
 *
 * The built-in scenarios are listed once, in `catalog.ts`. Nothing is registered by importing this
 * file: `loadScenario` registers one of them (for a page that plays only that one), `loadBuiltIns`
 * all (awaited by `built-in.ts`, for code that asks synchronously).
 */
import type { Lesson } from '../agents/lessons';
import type { Ask, Policy } from '../core';
import type { ModelChoice, SamplingSettings } from '../engines/types';
import type { ChatClient } from '../policies/llm/chat-client';
import type { ToolHost } from '../tools/types';
import type { Embedder } from './governance/rates';
import type { ScenarioHeadless } from './headless';
import type { ScenarioRules } from './descriptor';
import { BUILT_IN_IDS, isBuiltIn } from './catalog';
import { registerRules } from './index';

/**
 * What a seat's policy may need besides its observation: the Tool Agent, for governance's Executor;
 * a sentence-embedding model, for governance's drift meter.
 */
export interface PolicyDeps {
	tools?: ToolHost;
	embedder?: Embedder;
}

/** A replay's lessons per ask: those the recorded call carried (see LlmPolicyOptions.recordedLessons). */
export type RecordedLessons = (ask: Ask) => readonly Pick<Lesson, 'id' | 'text'>[];

/** What a model-backed policy is built with, besides its chat client. */
export interface ModelPolicyOptions {
	seat: number;
	deps?: PolicyDeps;
	lessons?: readonly Lesson[];
	recordedLessons?: RecordedLessons;
	sampling?: SamplingSettings;
}

export interface ScenarioModule extends ScenarioRules {
	/**
	 * The scripted policy of one seat. `variant` names a scripted variant (`policies/variants.ts`); a
	 * scenario applies only the variants that make sense for the seat and ignores the others.
	 */
	scripted(seat: number, deps: PolicyDeps, variant?: string): Policy;
	/** The label that policy carries (the log header's), without what the policy needs to run. */
	scriptedLabel(seat: number, variant?: string): string;
	/** The one scripted policy every seat shares, where the scenario has one (not where seats are roles). */
	readonly scriptedShared?: Policy;
	/** A model-backed policy over a chat client; absent where the scenario has no model agents. */
	model?(client: ChatClient, opts: ModelPolicyOptions): Policy;
	/** A seat only a person plays: a model chosen there gets the scripted stand-in. */
	readonly personSeat?: number;
	/**
	 * A seat no agent plays and no person chooses (governance's drift meter): `createRunner` always
	 * gives it the scenario's own policy, built with the run's deps, never the caller's seat policy.
	 */
	readonly systemSeat?: number;
	/** The ask kinds `systemSeat` answers (ask ids are `r<round>:<kind>...`): what a link carries of its answers. */
	readonly systemAsks?: readonly string[];
	/** The Tool Agent over the run's own state, for runs in Node and replays (none where no seat uses tools). */
	toolHost?(state: () => unknown): ToolHost;
	/** `panelSeat` played by two models' policies as one (where the scenario has a panel seat). */
	panel?(first: Policy, second: Policy): Policy;
	/** What `npm run sim` and the benchmarks know of it headless (`<id>/headless.ts`); absent: the bare summary. */
	readonly headless?: ScenarioHeadless;
}

const modules = new Map<string, ScenarioModule>();

/** Registers a scenario's descriptor (its rules become visible to `scenarios/index.ts` too). */
export function registerScenario(m: ScenarioModule): void {
	const known = modules.get(m.scenario.id);
	if (known === m) return;
	if (known) throw new Error(`scenario "${m.scenario.id}" is already registered`);
	registerRules(m);
	modules.set(m.scenario.id, m);
}

/**
 * A built-in scenario's descriptor, the default export of `./<id>/module.ts`: on the page a chunk of
 * its own, so the play page loads the rules, agents and prompts of the scenario it plays and no
 * other's. Only ever called with an id of the catalog (`catalog.ts`).
 */
async function importBuiltIn(id: string): Promise<ScenarioModule> {
	return ((await import(`./${id}/module.ts`)) as { default: ScenarioModule }).default;
}

/**
 * The descriptor of a scenario id, registered once loaded (its chunk on the page); undefined for an id
 * that is neither registered nor built in (an id read from a link or a file).
 */
export async function loadScenario(id: string): Promise<ScenarioModule | undefined> {
	const known = modules.get(id);
	if (known) return known;
	if (!isBuiltIn(id)) return undefined;
	const m = await importBuiltIn(id);
	registerScenario(m);
	return m;
}

/**
 * Every built-in scenario registered, in the catalog's order (the order `scenarioModules` gives, and
 * so `npm run sim`'s default scenario): for code that looks scenarios up synchronously and may meet
 * any of them. `built-in.ts` awaits it on import.
 */
export async function loadBuiltIns(): Promise<void> {
	const loaded = await Promise.all(BUILT_IN_IDS.map(importBuiltIn));
	for (const m of loaded) registerScenario(m);
}

/** The descriptor of a scenario id, or undefined for an unknown one. */
export function findScenario(id: string): ScenarioModule | undefined {
	return modules.get(id);
}

/** The descriptor of a scenario id; an unknown id is an error. */
export function scenarioModule(id: string): ScenarioModule {
	const m = modules.get(id);
	if (!m) throw new Error(`unknown scenario "${String(id).slice(0, 40)}"`);
	return m;
}

/** Every registered scenario, in registration order. */
export function scenarioModules(): ScenarioModule[] {
	return [...modules.values()];
}

/** The scripted policy all seats of a scenario share (an error where its seats are roles). */
export function scriptedPolicy(scenario: string): Policy {
	const p = scenarioModule(scenario).scriptedShared;
	if (!p) throw new Error(`scenario "${scenario}" has a scripted policy per seat: use scriptedPolicyFor`);
	return p;
}

/** The scripted policy of one seat; `variant` names a scripted variant where the seat has it. */
export function scriptedPolicyFor(
	scenario: string,
	seat: number,
	deps: PolicyDeps = {},
	variant?: string
): Policy {
	return scenarioModule(scenario).scripted(seat, deps, variant);
}

/**
 * The label a seat's scripted policy carries (it goes into the log header), without building the
 * policy: the page builds the policy in a worker but must label the seat the same as Node.
 */
export function scriptedLabel(scenario: string, seat: number, variant?: string): string {
	return scenarioModule(scenario).scriptedLabel(seat, variant);
}

/**
 * A seat played by a panel of two models (`ModelChoice.panel`): its two members' policies as one, by
 * the scenario's rule. An error where the scenario has no panel at that seat.
 */
export function panelPolicyFor(scenario: string, seat: number, first: Policy, second: Policy): Policy {
	const m = scenarioModule(scenario);
	if (!m.panel || m.panelSeat !== seat)
		throw new Error(`seat ${seat} of "${scenario}" cannot be played by a panel of two models`);
	return m.panel(first, second);
}

/**
 * The policy for a seat's model choice (its panel's second model aside: see panelPolicyFor): scripted agents, or a model-backed policy over a chat client.
 * Used by agent workers on the page and by `npm run sim` in Node, so both decide the same way.
 */
export function policyForChoice(
	scenario: string,
	choice: ModelChoice,
	opts: Omit<ModelPolicyOptions, 'seat'> & { client?: ChatClient; seat: number }
): Policy {
	const { client, seat, deps, lessons, recordedLessons, sampling } = opts;
	const m = scenarioModule(scenario);
	if (choice.engine === 'scripted') return m.scripted(seat, deps ?? {}, choice.model);
	if (choice.engine === 'human') throw new Error('a person’s seat is played on the page, not by a policy');
	if (seat === m.personSeat) return m.scripted(seat, deps ?? {});
	if (!m.model) throw new Error(`no model-backed agents for scenario "${scenario}" yet`);
	if (!client) throw new Error(`seat needs a loaded model (${choice.engine} ${choice.model ?? ''})`);
	return m.model(client, {
		seat,
		...(deps ? { deps } : {}),
		...(lessons ? { lessons } : {}),
		...(recordedLessons ? { recordedLessons } : {}),
		...(sampling ? { sampling } : {})
	});
}

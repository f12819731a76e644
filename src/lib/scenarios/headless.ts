/**
 * What `npm run sim` and the evaluations know of a scenario headless, given by the scenario itself
 * (`<id>/headless.ts`, the descriptor's `headless`): its own command-line options and how they set
 * its config and seats, its summary line and text, its log analyser, its evaluation. The command
 * (`scripts/sim*.ts`) asks the descriptor and never compares a scenario id. Pure, like the rest of
 * `scenarios/`: what needs the file system or the link codec comes in through `OptionContext`.
 */
import type { ModelCall } from '../core';
import type { ModelChoice } from '../engines/types';
import type { SharedRun } from './setup';

/**
 * A command line a person got wrong. `sim`, its evaluations, their option parsers and a scenario's own
 * options throw it; the command prints it as `<command>: <message>` and exits with code 2. One class,
 * so an error is recognised wherever it lands (`scripts/usage.ts` re-exports it).
 */
export class UsageError extends Error {}

/** The options as the command read them: `--name VALUE` by name, switches, repeated options. */
export interface HeadlessArgs {
	values: Readonly<Record<string, string>>;
	switches: ReadonlySet<string>;
	repeated: Readonly<Record<string, readonly string[]>>;
}

/** What a scenario's options may ask of the command, which may use the file system and the codec. */
export interface OptionContext {
	/** A model option's value as the setup records it: a folder's name, or the hub id as given. */
	modelName(value: string): string;
	/** `--engine/--model/--base-url`-shaped values as one seat's choice (null: scripted). */
	choice(values: Readonly<Record<string, string>>): ModelChoice | null;
	/** A choice checked as a share link checks it: the choice, or what is wrong with it. */
	check(raw: unknown): ModelChoice | string;
}

/** A run's model calls and tokens, for its --json line. */
export interface CallFigures {
	modelCalls: number;
	promptTokens: number;
	completionTokens: number;
}

/** What the command measured of a finished run, for its summary. */
export interface RunFigures {
	logHash: string;
	/** Events in the log. */
	events: number;
	/** The run's share path (`/play/#...`). */
	link: string;
	calls: CallFigures;
}

/** What the text of a summary may show beside the summary itself. */
export interface PrintContext {
	/** The setup as the command line gave it (for a replay: the file's header). */
	run: SharedRun;
	/** That setup's share path. */
	link: string;
	/** Events in the log. */
	events: number;
	outcome: unknown;
}

/** An hour range (and a task) of `--analyze`. */
export interface AnalyzeOptions {
	from?: number;
	to?: number;
	task?: string;
}

/** What every summary opens with (`runHead`). */
export interface SummaryHead {
	scenario: string;
	seed: number;
	logHash: string;
}

/** `S`: the scenario's summary, typed for callers that know which scenario they ran. */
export interface ScenarioHeadless<S extends SummaryHead = SummaryHead> {
	/**
	 * Config settings given as whole numbers under their own name (`--rounds 6`). Every scenario's are
	 * written into any run's config, so that a scenario's own parser names a setting it does not know.
	 */
	readonly wholeNumbers?: readonly string[];
	/** `--name VALUE` options only this scenario takes. */
	readonly options?: readonly string[];
	/** On/off switches only this scenario takes. */
	readonly switches?: readonly string[];
	/** Options only this scenario takes that may be given more than once. */
	readonly repeatable?: readonly string[];
	/** The option naming a model that may be a local folder the command must read it from. */
	readonly modelFolderOption?: string;
	/** The config this scenario's options set (checked again by the scenario's config parser). */
	config?(args: HeadlessArgs, ctx: OptionContext): Record<string, unknown>;
	/**
	 * Who plays each seat, given `--engine/--model` for all seats (`all`) and this scenario's options;
	 * absent: every seat is played by `all`.
	 */
	seats?(all: ModelChoice | null, args: HeadlessArgs, ctx: OptionContext): Record<string, ModelChoice> | null;
	/** The summary of a run (one --json line): the same for a played run and for its replay. */
	summary(run: SharedRun, outcome: unknown, figures: RunFigures): S;
	/** The summary as a few lines of text, in the scenario's terms. */
	print(summary: S, ctx: PrintContext): string[];
	/** `--analyze`: the log analyser over a replayed run's state, as JSON and as text. */
	analyze?(state: unknown, opts: AnalyzeOptions): { json: unknown; lines: string[] };
	/**
	 * The evaluation `--eval` runs for this scenario: `sets`, the evaluation sets (scripts/eval.ts), or
	 * `t155`, the seed's T155 table (scripts/gov-eval.ts). Absent: none.
	 */
	readonly evaluation?: 'sets' | 't155';
	/**
	 * The longest natural run the setup allows, every seat scripted and the rest of its config its
	 * defaults: what the benchmarks replay as a person's long run (`run/bench.ts`, NATURAL_RUNS).
	 */
	readonly naturalRun?: Omit<SharedRun, 'scenario'>;
	/** The round cap of a config, where a run may end by reaching it (the model games report it). */
	roundCap?(config: Record<string, unknown>): number;
}

/** An outcome's counts for a summary, each 0 where the run ended without an outcome. */
export function countsOf<O, K extends NumberKey<O>>(
	outcome: O | null,
	keys: readonly K[]
): Record<K, number> {
	return Object.fromEntries(keys.map((k) => [k, outcome ? (outcome[k] as number) : 0])) as Record<K, number>;
}

type NumberKey<O> = { [K in keyof O]: O[K] extends number ? K : never }[keyof O];

/** What every scenario's summary opens with: the run and its log hash. */
export function runHead(run: SharedRun, logHash: string): SummaryHead {
	return { scenario: run.scenario, seed: run.seed, logHash };
}

/** A model call's figures from a log's `model.called` events. */
export function callFiguresOf(calls: readonly ModelCall[]): CallFigures {
	return {
		modelCalls: calls.length,
		promptTokens: calls.reduce((n, c) => n + c.promptTokens, 0),
		completionTokens: calls.reduce((n, c) => n + c.completionTokens, 0)
	};
}

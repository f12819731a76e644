/**
 * Headless runs: `npm run sim -- --scenario undercover --seed 42 [--seats 6] [--undercover 1]
 * [--blank] [--lang zh|en] [--rounds N] [--json] [--log FILE] [--link URL]`, or
 * `npm run sim -- --scenario governance --seed 42 [--policy assigner-alone|cosign|impact|human]
 * [--approval 0-100] [--rounds N] [--drift-model FOLDER|HUB-ID] [--json]` (a drift model scores
 * drift by sentence embedding, at the seed's 0.65, and the log keeps its numbers), or `npm run sim -- --scenario autonomy --seed 1 --days 30
 * [--legacy-consider] [--no-fingerprint] [--no-staleness] [--charge-transport-errors] [--fault-rate F]
 * [--json]`. Undercover and autonomy seats can be played by a model:
 * `--engine transformers --model tests/fixtures/models/tiny-chat` (or `--engine openai --model NAME
 * --base-url URL [--deadline SECONDS]`, the key from OPENAI_API_KEY; the deadline, recorded with the
 * seats in the log's header, bounds each call in all, 180 s without it); `--eval smoke|standard` runs an evaluation set.
 * `--replay FILE` re-executes a run file (the page's export, or --log's) with its recorded replies,
 * and so does a --link that carries them: no model is loaded, and the summary is the original's.
 * A --link whose seats name an endpoint (and carries no replies) is played there only with
 * --call-link-endpoint: a link never chooses where OPENAI_API_KEY goes.
 * A file exported in predict mode also carries the class's predictions: --replay checks them against
 * the run, prints each one against what the agents did, and the class's hit rate (the page's numbers).
 * `--analyze FILE [--from H] [--to H] [--task ID]` replays a governance run file and prints the seed's
 * log analyser over hours H (0-71): the message heat map by role and hour, the top 5 drift spikes, the
 * veto reasons, the tasks (and one task's trace with --task), and the seed's warning signals with
 * their fixes.
 * The same code as the page, so the same setup gives the same log hash here and in the browser.
 */
import { writeFileSync } from 'node:fs';
import { Embedder as TransformersEmbedder } from '../src/lib/engines/embeddings';
import { isRunInterrupted, toJsonLines, type LogEvent, type ModelCall, type Policy } from '../src/lib/core';
import type { ModelChoice } from '../src/lib/engines/types';
import { policyForChoice } from '../src/lib/policies/factory';
import { evalMain } from './eval';
import { loadNodeClient, type NodeClient } from './node-client';
import { usageExit } from './usage';
import { createRunner, type AnyRunner } from '../src/lib/run/play';
import { verifyRun } from '../src/lib/run/verify';
import { classLines, percent, scoreClassLog, type ClassLog } from '../src/lib/classroom/predictions';
import { panelPolicyFor, scenarioModule } from '../src/lib/scenarios/registry';
import { sharePath, type SharedRun } from '../src/lib/share/link';
import {
	callFiguresOf,
	runHead,
	type RunFigures,
	type ScenarioHeadless,
	type SummaryHead
} from '../src/lib/scenarios/headless';
import { autonomyHeadless } from '../src/lib/scenarios/autonomy/headless';
import { governanceHeadless } from '../src/lib/scenarios/governance/headless';
import { undercoverHeadless } from '../src/lib/scenarios/undercover/headless';
import type { ToolHost } from '../src/lib/tools/types';
import { parseArgs, ReplayFailed, type ReplayFile, type SimArgs } from './sim-args';
import { printRun } from './sim-print';

// The parser's names stay importable from here, where the specs and browser tests found them.
export { parseArgs, readReplayFile, ReplayFailed, type ReplayFile } from './sim-args';

/** Thrown for a model that cannot be used (a missing or broken folder, an unreachable endpoint): exit 1. */
class ModelError extends Error {}

/**
 * The sentence-embedding model of a governance run that names one: the drift meter scores each
 * round with it and the log keeps its numbers (a replay needs no model). A model that fails to load
 * is a ModelError: a run asked to measure with it should not quietly measure lexically.
 */
async function driftEmbedder(run: SharedRun, dir?: string): Promise<TransformersEmbedder | undefined> {
	const model = run.config.driftModel;
	if (typeof model !== 'string') return undefined;
	const embedder = new TransformersEmbedder({ model, ...(dir ? { localModelPath: `${dir}/` } : {}) });
	try {
		await embedder.load();
	} catch (err) {
		throw new ModelError(
			`the drift model ${model} could not be loaded: ${err instanceof Error ? err.message : String(err)}`
		);
	}
	return embedder;
}

/** The class's predictions over a replayed run, scored as the page's predict panel scores them. */
export function classPredictions(classLog: ClassLog, events: readonly LogEvent[]) {
	const { scored, summary } = scoreClassLog(classLog.events, events);
	const label = (p: (typeof scored)[number]['prediction'], v: string | null) =>
		v === null ? 'no single pick' : (p.options.find((o) => o.value === v)?.label ?? v);
	return {
		...summary,
		hitRate: percent(summary.hits, summary.revealed),
		handsRate: percent(summary.handsRight, summary.hands),
		points: scored.map((s) => ({
			point: s.prediction.point,
			question: s.prediction.question,
			tally: s.prediction.tally,
			classPick: label(s.prediction, s.pick),
			agents: s.reveal?.label ?? null,
			hit: s.hit
		}))
	};
}

/**
 * Re-executes a recorded run (--replay FILE, or a link with recorded replies) and summarises it as
 * the original run was. A miss, a divergence or another final hash is a ReplayFailed.
 */
export async function simulateReplay(input: ReplayFile) {
	// The page's import verifies through the same function: the same re-execution, the same sentences.
	const verified = await verifyRun(input);
	if (!verified.ok) throw new ReplayFailed(verified.error);
	const { runner, setup } = verified.replay;
	const predictions = input.classLog ? classPredictions(input.classLog, runner.log.events) : null;
	return {
		runner,
		summary: {
			...summaryOf(setup, runner),
			...(verified.method === 'checked' ? { verified: 'checked: a person played a seat' } : {}),
			...(predictions ? { predictions } : {})
		}
	};
}

/**
 * A scenario without headless options of its own (a test's): its run, log hash and event count.
 * Every built-in scenario's summary is its descriptor's (`<id>/headless.ts`).
 */
const bareHeadless: ScenarioHeadless = {
	summary: (run, _outcome, f) => ({ ...runHead(run, f.logHash), events: f.events }),
	print: (s, { run, events }) => [
		`${run.scenario} seed ${run.seed}: ${events} events, log hash ${(s as { logHash: string }).logHash}`
	]
};

/** The headless side of a run's scenario, from its descriptor. */
export const headlessOf = (scenario: string): ScenarioHeadless =>
	scenarioModule(scenario).headless ?? bareHeadless;

/** What the command measured of a run, for its scenario's summary. */
function figuresOf(run: SharedRun, runner: AnyRunner): RunFigures {
	return {
		logHash: runner.hash,
		events: runner.log.length,
		link: sharePath('', run),
		calls: callFigures(runner)
	};
}

/** The summary line a run of this scenario prints: the same for a played run and for its replay. */
function summaryOf(run: SharedRun, runner: AnyRunner) {
	return headlessOf(run.scenario).summary(run, runner.outcome(), figuresOf(run, runner));
}

/**
 * Plays a run headless, whatever its scenario: the seats its setup gives a model play it (loaded here),
 * the rest get the scenario's scripted policies; a seat working through the Tool Agent gets the
 * descriptor's over the run's own state, and a drift model named by the config scores the run.
 */
export async function simulateRun(run: SharedRun, opts: { driftModelDir?: string } = {}) {
	const box: { runner?: AnyRunner } = {};
	// One Tool Agent over the run's state for the scripted seats and the model seats alike.
	const tools = scenarioModule(run.scenario).toolHost?.(() => box.runner?.state);
	const embedder = await driftEmbedder(run, opts.driftModelDir);
	const loaded = await loadClients(run);
	try {
		const policies = modelPolicies(run, loaded, tools ? { tools } : undefined);
		box.runner = createRunner(run, {
			...(tools ? { tools } : {}),
			policyFor: (seat) => policies.get(seat),
			...(embedder ? { embedder } : {})
		});
		const runner = box.runner;
		await playToEnd(runner);
		return { runner, summary: summaryOf(run, runner) };
	} finally {
		for (const c of loaded.values()) await c.close();
		await embedder?.unload();
	}
}

/**
 * `simulateRun` for a caller that knows the scenario it runs, with that scenario's summary typed;
 * `name` is the caller's, for the error when the run is another scenario's.
 */
async function simulateAs<S extends SummaryHead>(
	headless: ScenarioHeadless<S>,
	name: string,
	run: SharedRun,
	opts: { driftModelDir?: string } = {}
) {
	if (scenarioModule(run.scenario).headless !== (headless as ScenarioHeadless))
		throw new Error(`${name}() does not run ${run.scenario}: use simulateRun()`);
	const { runner, summary } = await simulateRun(run, opts);
	return { runner, summary: summary as S };
}

/** A governance run (see simulateRun), its summary typed. */
export const simulateGovernance = (run: SharedRun, opts: { driftModelDir?: string } = {}) =>
	simulateAs(governanceHeadless, 'simulateGovernance', run, opts);

/** An autonomy run (see simulateRun), its summary typed. */
export const simulateAutonomy = (run: SharedRun) => simulateAs(autonomyHeadless, 'simulateAutonomy', run);

/** An undercover run (see simulateRun), its summary typed. */
export const simulate = (run: SharedRun) => simulateAs(undercoverHeadless, 'simulate', run);

const clientKey = (c: ModelChoice) => `${c.engine}|${c.model}|${c.baseUrl ?? ''}|${c.deadlineS ?? ''}`;

/** The models a seat's choice needs loaded: its own, and its panel's second where it has one. */
const modelsOf = (c: ModelChoice): ModelChoice[] => (c.panel ? [c, c.panel] : [c]);

/** The policy of each seat played by a loaded model; the other seats get the runner's scripted ones. */
function modelPolicies(
	run: SharedRun,
	loaded: Map<string, NodeClient>,
	deps?: { tools: ToolHost }
): Map<number, Policy> {
	const policies = new Map<number, Policy>();
	for (const [seat, choice] of Object.entries(run.seats ?? {})) {
		const member = (c: ModelChoice) => {
			const client = loaded.get(clientKey(c));
			return client
				? policyForChoice(run.scenario, c, {
						client: client.client,
						seat: Number(seat),
						...(deps ? { deps } : {})
					})
				: undefined;
		};
		const first = member(choice);
		const second = choice.panel && member(choice.panel);
		if (first)
			policies.set(Number(seat), second ? panelPolicyFor(run.scenario, Number(seat), first, second) : first);
	}
	return policies;
}

/** Plays a run to its end; a model that stops answering mid-run (an interruption) is a ModelError. */
async function playToEnd(runner: ReturnType<typeof createRunner>): Promise<unknown> {
	try {
		return await runner.run();
	} catch (err) {
		if (isRunInterrupted(err)) throw new ModelError(err.message, { cause: err });
		throw err;
	}
}

/** Loads every distinct model the run's seats name, once; a model that cannot load is a ModelError. */
async function loadClients(run: SharedRun): Promise<Map<string, NodeClient>> {
	const loaded = new Map<string, NodeClient>();
	try {
		for (const choice of Object.values(run.seats ?? {}).flatMap(modelsOf)) {
			if (choice.engine === 'scripted' || choice.engine === 'human' || loaded.has(clientKey(choice)))
				continue;
			try {
				loaded.set(clientKey(choice), await loadNodeClient(choice));
			} catch (err) {
				throw new ModelError(err instanceof Error ? err.message : String(err), { cause: err });
			}
		}
	} catch (err) {
		for (const c of loaded.values()) await c.close();
		throw err;
	}
	return loaded;
}

/** Model calls and tokens of a run, for its --json line. */
function callFigures(runner: AnyRunner) {
	return callFiguresOf(
		runner.log.events.filter((e) => e.kind === 'model.called').map((e) => e.data as ModelCall)
	);
}

/** The command: prints what it did and returns its exit code (0, 1 for a run that failed, 2 for a misuse). */
export async function main(argv: string[]): Promise<number> {
	if (argv.some((a) => a === '--eval' || a.startsWith('--eval='))) {
		return evalMain(argv, { parseArgs, simulateGovernance });
	}
	let args: SimArgs;
	try {
		args = parseArgs(argv);
	} catch (err) {
		if (err instanceof ReplayFailed) {
			console.error(`sim: ${err.message}`);
			return 1;
		}
		return usageExit('sim', err);
	}
	let result;
	try {
		result = args.replay
			? await simulateReplay(args.replay)
			: await simulateRun(args.run, args.driftModelDir ? { driftModelDir: args.driftModelDir } : {});
	} catch (err) {
		if (err instanceof ModelError || err instanceof ReplayFailed) {
			console.error(`sim: ${err.message.split('\n')[0]}`);
			return 1;
		}
		throw err;
	}
	const { runner } = result;
	if (args.analyze) {
		// parseArgs let --analyze through only for a scenario whose descriptor has an analyser.
		const a = headlessOf(args.run.scenario).analyze!(runner.state, args.analyze);
		if (args.json) console.log(JSON.stringify(a.json));
		else for (const line of a.lines) console.log(line);
		return 0;
	}
	if (args.log)
		writeFileSync(
			args.log,
			toJsonLines(runner.log.header, runner.log.events) + classLines(args.replay?.classLog ?? null)
		);
	printRun(args, result);
	return 0;
}

/** Every run's result: the runner and the summary its line prints. */
export type SimResult = Awaited<ReturnType<typeof simulateReplay | typeof simulateRun>>;

// A code other than 0 ends the process at once, as a misuse or a failed run always has.
if (import.meta.url === `file://${process.argv[1]}`) {
	const code = await main(process.argv.slice(2));
	if (code !== 0) process.exit(code);
}

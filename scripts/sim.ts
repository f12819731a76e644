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
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { Embedder as TransformersEmbedder } from '../src/lib/engines/embeddings';
import { isRunInterrupted, toJsonLines, type LogEvent, type ModelCall, type Policy } from '../src/lib/core';
import type { ModelChoice } from '../src/lib/engines/types';
import { policyForChoice } from '../src/lib/policies/factory';
import { evalMain } from './eval';
import { loadNodeClient, type NodeClient } from './node-client';
import { UsageError, usageExit } from './usage';
import { createRunner, type AnyRunner } from '../src/lib/run/play';
import { verifyRun } from '../src/lib/run/verify';
import { replayInputOf, replayInputOfLink, setupOfHeader, type ReplayInput } from '../src/lib/run/replay';
import { readRunFile, sizeProblem } from '../src/lib/run/run-file';
import {
	checkClassLog,
	classLines,
	percent,
	scoreClassLog,
	splitClassLines,
	type ClassLog
} from '../src/lib/classroom/predictions';
import { isSeed, panelProblem, scenarios, seatCount } from '../src/lib/scenarios';
import { panelPolicyFor } from '../src/lib/scenarios/registry';
import { decodeShare, parseChoice, sharePath, type SharedRun } from '../src/lib/share/link';
import type { AutonomyOutcome } from '../src/lib/scenarios/autonomy';
import {
	analyze,
	phaseOf,
	stateToolHost,
	traceTask,
	type Analysis,
	type GovernanceOutcome,
	type GovernanceState,
	type Message
} from '../src/lib/scenarios/governance';
import type { UndercoverOutcome } from '../src/lib/scenarios/undercover';

interface SimArgs {
	run: SharedRun;
	json: boolean;
	log?: string;
	/** Set by --replay FILE, or by a --link that carries recorded replies: re-execute, never call a model. */
	replay?: ReplayFile;
	/** Set by --analyze FILE: replay, then print the seed's analyser over these hours. */
	analyze?: { from?: number; to?: number; task?: string };
	/** Set by --drift-model: the folder the model is read from, when it names a folder. */
	driftModelDir?: string;
}

/** A run to re-execute, with the class's predictions that followed its events in the file, if any. */
export type ReplayFile = ReplayInput & { classLog?: ClassLog };

/** A run file or recording that cannot be replayed (tampered, a missed call, another hash): exit 1. */
export class ReplayFailed extends Error {}

/** Thrown for a model that cannot be used (a missing or broken folder, an unreachable endpoint): exit 1. */
export class ModelError extends Error {}

/**
 * The fuse's settings as flags (governance): flag -> config path. Each is checked by the scenario's
 * own config parser, so a flag takes exactly the values the setup page's form does.
 */
export const FUSE_FLAGS: Readonly<Record<string, readonly [string] | readonly ['thresholds', string]>> = {
	'drift-threshold': ['thresholds', 'drift'],
	'penetration-threshold': ['thresholds', 'penetration'],
	'conversion-threshold': ['thresholds', 'conversion'],
	window: ['window'],
	'fuse-rounds': ['fuseRounds'],
	'escalate-after': ['escalateAfter'],
	'fuse-mode': ['fuseMode']
};

const FLAGS = new Set([
	'scenario',
	'seed',
	'seats',
	'undercover',
	'lang',
	'rounds',
	'log',
	'link',
	'policy',
	'approval',
	'engine',
	'model',
	'base-url',
	'deadline',
	'replay',
	'days',
	'fault-rate',
	'role',
	'analyze',
	'from',
	'to',
	'task',
	'drift-model',
	...Object.keys(FUSE_FLAGS)
]);
/** Options that may be given more than once. */
const REPEATABLE = new Set(['role']);
/** The autonomy scenario's legacy switches: flag -> config key (on = the seed's bug). */
const AUTONOMY_SWITCHES: Record<string, string> = {
	'legacy-consider': 'legacyConsider',
	'no-fingerprint': 'ignoreFingerprint',
	'no-staleness': 'noStaleness',
	'charge-transport-errors': 'chargeTransportErrors'
};
const SWITCHES = new Set(['json', 'blank', 'call-link-endpoint', ...Object.keys(AUTONOMY_SWITCHES)]);

export function parseArgs(argv: string[]): SimArgs {
	const values: Record<string, string> = {};
	const repeated: Record<string, string[]> = {};
	const switches = new Set<string>();
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] as string;
		const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
		if (!m) throw new UsageError(`unexpected argument "${arg}"`);
		const name = m[1] as string;
		if (SWITCHES.has(name)) {
			switches.add(name);
			continue;
		}
		if (!FLAGS.has(name)) throw new UsageError(`unknown option --${name}`);
		const value = m[2] ?? argv[++i];
		if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
		if (REPEATABLE.has(name)) (repeated[name] ??= []).push(value);
		else values[name] = value;
	}
	let run: SharedRun;
	let replay: ReplayFile | undefined;
	if (values.analyze !== undefined) {
		const others = Object.keys(values).filter((k) => !['analyze', 'from', 'to', 'task'].includes(k));
		if (others.length) throw new UsageError(`--analyze takes the run from its file: drop --${others[0]}`);
		const hour = (key: 'from' | 'to') => {
			const v = values[key];
			if (v === undefined) return undefined;
			if (!/^\d+$/.test(v) || Number(v) > 71)
				throw new UsageError(`--${key} must be an hour from 0 to 71, got "${v}"`);
			return Number(v);
		};
		const range = { from: hour('from'), to: hour('to') };
		if (range.from !== undefined && range.to !== undefined && range.from > range.to)
			throw new UsageError(`--from ${range.from} is after --to ${range.to}`);
		replay = readReplayFile(values.analyze);
		run = setupOfHeader(replay.header);
		if (run.scenario !== 'governance')
			throw new UsageError(`--analyze reads governance runs; this file is a ${run.scenario} run`);
		const analyze = { ...range, ...(values.task ? { task: values.task } : {}) };
		return { run, json: switches.has('json'), replay, analyze };
	}
	for (const key of ['from', 'to', 'task'])
		if (values[key] !== undefined) throw new UsageError(`--${key} is an option of --analyze`);
	if (values.replay !== undefined) {
		const others = Object.keys(values).filter((k) => k !== 'replay' && k !== 'log');
		if (others.length) throw new UsageError(`--replay takes the run from its file: drop --${others[0]}`);
		replay = readReplayFile(values.replay);
		run = setupOfHeader(replay.header);
	} else if (values.link !== undefined) {
		const hash = values.link.includes('#') ? values.link.slice(values.link.indexOf('#') + 1) : values.link;
		const decoded = decodeShare(hash);
		if (!decoded.ok) throw new UsageError(decoded.error);
		run = decoded.run;
		if (decoded.recording) replay = replayInputOfLink(run, decoded.recording);
		else {
			// A link chooses no endpoint for the key in the environment: the person names it on purpose.
			const endpoint = Object.values(run.seats ?? {}).find((c) => c.engine === 'openai');
			if (endpoint && !switches.has('call-link-endpoint'))
				throw new UsageError(
					`this link's seats call the endpoint ${endpoint.baseUrl ?? 'https://api.openai.com/v1'}; to play it there (with OPENAI_API_KEY) add --call-link-endpoint`
				);
		}
	} else {
		const scenario = values.scenario ?? 'undercover';
		if (!Object.hasOwn(scenarios, scenario))
			throw new UsageError(`unknown scenario "${scenario}" (known: ${Object.keys(scenarios).join(', ')})`);
		const seed = Number(values.seed ?? '1');
		if (!/^\d+$/.test(values.seed ?? '1') || !isSeed(seed))
			throw new UsageError(`--seed must be a whole number from 0 to 4294967295, got "${values.seed}"`);
		const config: Record<string, unknown> = {};
		for (const key of ['seats', 'undercover', 'rounds'] as const) {
			if (values[key] === undefined) continue;
			const n = Number(values[key]);
			if (!/^-?\d+$/.test(values[key] as string))
				throw new UsageError(`--${key} must be a whole number, got "${values[key]}"`);
			config[key] = n;
		}
		if (values.lang !== undefined) config.lang = values.lang;
		if (switches.has('blank')) config.blank = true;
		if (scenario === 'governance') Object.assign(config, governanceOptions(values));
		if (scenario === 'autonomy') Object.assign(config, autonomyOptions(values, switches));
		else
			for (const key of ['days', 'fault-rate', ...Object.keys(AUTONOMY_SWITCHES)])
				if (values[key] !== undefined || switches.has(key))
					throw new UsageError(`--${key} is an option of the autonomy scenario`);
		if (scenario !== 'governance')
			for (const key of ['policy', 'approval', 'drift-model', ...Object.keys(FUSE_FLAGS)])
				if (values[key] !== undefined)
					throw new UsageError(`--${key} is an option of the governance scenario`);
		const parsed = scenarios[scenario]!.parseConfig(config);
		if (!parsed.ok) throw new UsageError(parsed.error);
		run = { scenario, seed, config: scenarios[scenario]!.serializeConfig(parsed.config) };
		const choice = modelChoice(values, repeated.role !== undefined);
		if (scenario === 'governance') {
			const seats = governanceSeats(choice, repeated.role ?? [], values);
			if (seats) run.seats = seats;
		} else {
			if (repeated.role) throw new UsageError('--role is an option of the governance scenario');
			if (choice)
				run.seats = Object.fromEntries(
					Array.from({ length: seatCount(scenario, run.config) }, (_, i) => [String(i + 1), choice])
				);
		}
	}
	const driftDir =
		values['drift-model'] === undefined ? undefined : driftModelPlace(values['drift-model']).dir;
	return {
		run,
		json: switches.has('json'),
		log: values.log,
		...(replay ? { replay } : {}),
		...(driftDir ? { driftModelDir: driftDir } : {})
	};
}

/**
 * --drift-model: a folder holding a feature-extraction model (its name is what the log records), or
 * a hub id (fetched by transformers.js, or read from its cache).
 */
function driftModelPlace(value: string): { model: string; dir?: string } {
	if (!existsSync(value)) return { model: value };
	if (!statSync(value).isDirectory()) throw new UsageError(`--drift-model: ${value} is not a model folder`);
	return { model: basename(resolve(value)), dir: dirname(resolve(value)) };
}

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

/** Reads a run file for --replay: a missing file is a usage error, a bad one a ReplayFailed (exit 1). */
export function readReplayFile(path: string): ReplayFile {
	if (!existsSync(path)) throw new UsageError(`--replay: no file at ${path}`);
	const size = sizeProblem(statSync(path).size);
	if (size) throw new ReplayFailed(size);
	// The class's predictions (predict mode) follow the agents' events, as the page exports them.
	const split = splitClassLines(readFileSync(path, 'utf8'));
	if (split.error) throw new ReplayFailed(`This file's ${split.error}.`);
	const file = readRunFile(split.agents);
	if (!file.ok) throw new ReplayFailed(file.error);
	const classProblem = split.classLog ? checkClassLog(split.classLog, file) : null;
	if (classProblem) throw new ReplayFailed(`In this file, ${classProblem}.`);
	return {
		...replayInputOf(file.header, file.events),
		...(split.classLog?.events.length ? { classLog: split.classLog } : {})
	};
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

/** The summary line a run of this scenario prints: the same for a played run and for its replay. */
function summaryOf(run: SharedRun, runner: AnyRunner) {
	const outcome = runner.outcome();
	switch (run.scenario) {
		case 'governance': {
			const models = Object.values(run.seats ?? {}).some(
				(c) => c.engine !== 'scripted' && c.engine !== 'human'
			);
			return {
				...governanceSummary(run, runner.hash, outcome as GovernanceOutcome | null),
				...(models ? callFigures(runner) : {})
			};
		}
		case 'autonomy':
			return autonomySummary(run, runner.hash, outcome as AutonomyOutcome | null);
		default:
			return undercoverSummary(run, runner, outcome as UndercoverOutcome | null);
	}
}

/** --engine/--model/--base-url: every seat played by that model (none: scripted agents). */
function modelChoice(values: Record<string, string>, roles = false): ModelChoice | null {
	const engine = values.engine ?? 'scripted';
	// With --role, --base-url alone is where the roles' openai models are served.
	if (
		values.engine === undefined &&
		(values.model !== undefined || (values['base-url'] !== undefined && !roles))
	)
		throw new UsageError('--model needs --engine transformers or --engine openai');
	if (values.deadline !== undefined && engine !== 'openai')
		throw new UsageError(
			"--deadline sets an OpenAI-compatible endpoint's call deadline: it needs --engine openai"
		);
	if (engine === 'scripted') return null;
	if (engine !== 'transformers' && engine !== 'openai')
		throw new UsageError(`--engine must be scripted, transformers or openai, got "${engine}"`);
	if (!values.model) throw new UsageError(`--engine ${engine} needs --model`);
	const raw = {
		engine,
		model: values.model,
		...(engine === 'openai' ? { baseUrl: values['base-url'] } : {}),
		// Seconds, recorded with the seat in the log's header (a whole number: checked as a link's would be).
		...(values.deadline !== undefined ? { deadlineS: Number(values.deadline) } : {})
	};
	// Local folders are paths, which a share link does not carry; check the rest as a link would.
	const checked = parseChoice(existsSync(values.model) ? { ...raw, model: 'local' } : raw);
	if (typeof checked === 'string') throw new UsageError(checked);
	return { ...checked, model: values.model };
}

const ROLE_SEATS: Record<string, number> = { assigner: 1, executor: 2, auditor: 3 };

/**
 * Governance seats are roles, and the seed ran a different model per role: `--engine/--model` give all
 * three agent roles one model, `--role executor=transformers:PATH` (repeatable) one role its own. An
 * openai role takes the base URL from `--base-url`. Seat 4 (the person's) stays the scripted stand-in.
 */
function governanceSeats(
	all: ModelChoice | null,
	roles: readonly string[],
	values: Record<string, string>
): Record<string, ModelChoice> | null {
	const seats: Record<string, ModelChoice> = {};
	if (all) for (const seat of Object.values(ROLE_SEATS)) seats[seat] = all;
	for (const whole of roles) {
		// `auditor=openai:A+openai:B`: the Auditor as a panel of two models that must agree.
		const [spec, second, ...more] = whole.split('+') as [string, ...string[]];
		if (more.length) throw new UsageError(`--role takes at most two models (a panel), got "${whole}"`);
		const m = /^([a-z]+)=([a-z]+)(?::(.+))?$/.exec(spec);
		if (!m) throw new UsageError(`--role must look like executor=transformers:PATH, got "${spec}"`);
		const [, role, engine, model] = m as unknown as [string, string, string, string | undefined];
		const seat = ROLE_SEATS[role];
		if (!seat)
			throw new UsageError(
				`--role names assigner, executor or auditor (seat 4 is the person's), got "${role}"`
			);
		if (engine === 'scripted') {
			if (second !== undefined)
				throw new UsageError(`--role ${role}: a panel of two models needs a model in both places`);
			if (model !== undefined && !(role === 'executor' && model === 'red-team'))
				throw new UsageError(
					`--role ${role}=scripted takes no model${role === 'executor' ? ' but red-team' : ''}`
				);
			seats[seat] = model ? { engine: 'scripted', model } : { engine: 'scripted' };
			continue;
		}
		const one = (engine: string, model: string | undefined) =>
			modelChoice({
				engine,
				...(model !== undefined ? { model } : {}),
				...(values['base-url'] !== undefined ? { 'base-url': values['base-url'] } : {})
			});
		const choice = one(engine, model);
		if (choice && second !== undefined) {
			const p = /^([a-z]+)(?::(.+))?$/.exec(second);
			const member = p ? one(p[1]!, p[2]) : null;
			if (!member)
				throw new UsageError(`--role ${role}: the panel's second model "${second}" is not ENGINE:MODEL`);
			const panel = parseChoice({ ...choice, panel: member });
			if (typeof panel === 'string') throw new UsageError(`--role ${role}: ${panel}`);
			const problem = panelProblem('governance', seat, panel);
			if (problem) throw new UsageError(`--role ${role}: ${problem}`);
			seats[seat] = panel;
		} else if (choice) seats[seat] = choice;
	}
	return Object.keys(seats).length ? seats : null;
}

/**
 * --policy, --approval, --drift-model and the fuse's flags (`FUSE_FLAGS`): the approval is the person's slider value under `human`,
 * fixed headless; the drift model scores drift by embedding (its name goes into the setup).
 */
function governanceOptions(values: Record<string, string>): Record<string, unknown> {
	const config: Record<string, unknown> = {};
	if (values.policy !== undefined) config.policy = values.policy;
	if (values['drift-model'] !== undefined) config.driftModel = driftModelPlace(values['drift-model']).model;
	for (const [flag, path] of Object.entries(FUSE_FLAGS)) {
		const v = values[flag];
		if (v === undefined) continue;
		const value = flag === 'fuse-mode' ? v : Number(v);
		if (typeof value === 'number' && (v.trim() === '' || !Number.isFinite(value)))
			throw new UsageError(`--${flag} must be a number, got "${v}"`);
		if (path[0] === 'thresholds')
			config.thresholds = { ...(config.thresholds as object), [path[1] as string]: value };
		else config[path[0]] = value;
	}
	if (values.approval !== undefined) {
		const a = values.approval;
		if (!/^\d{1,3}$/.test(a) || Number(a) > 100)
			throw new UsageError(`--approval must be a whole number from 0 to 100, got "${a}"`);
		if (values.policy !== 'human') throw new UsageError('--approval applies only with --policy human');
		config.approval = Number(a);
	}
	return config;
}

/** --days, --fault-rate and the legacy switches. */
function autonomyOptions(values: Record<string, string>, switches: Set<string>): Record<string, unknown> {
	const config: Record<string, unknown> = {};
	if (values.days !== undefined) {
		if (!/^\d{1,4}$/.test(values.days))
			throw new UsageError(`--days must be a whole number, got "${values.days}"`);
		config.days = Number(values.days);
	}
	if (values['fault-rate'] !== undefined) {
		const f = values['fault-rate'];
		if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(f))
			throw new UsageError(`--fault-rate must be a number from 0 to 1, got "${f}"`);
		config.faultRate = Number(f);
	}
	for (const [flag, key] of Object.entries(AUTONOMY_SWITCHES)) if (switches.has(flag)) config[key] = true;
	return config;
}

/** What every scenario's summary opens with: the run and its log hash. */
function runHead(run: SharedRun, logHash: string) {
	return { scenario: run.scenario, seed: run.seed, logHash };
}

/** An outcome's counts for a summary, each 0 where the run ended without an outcome. */
function countsOf<O, K extends NumberKey<O>>(outcome: O | null, keys: readonly K[]): Record<K, number> {
	return Object.fromEntries(keys.map((k) => [k, outcome ? (outcome[k] as number) : 0])) as Record<K, number>;
}

type NumberKey<O> = { [K in keyof O]: O[K] extends number ? K : never }[keyof O];

function governanceSummary(run: SharedRun, logHash: string, outcome: GovernanceOutcome | null) {
	return {
		...runHead(run, logHash),
		...countsOf(outcome, ['tasks', 'vetoes', 'appeals', 'amendments'] as const),
		fuse: outcome?.fuse ?? null,
		metrics: outcome?.rates ?? { drift: null, penetration: null, conversion: null },
		driftMeasure: outcome?.driftMeasure ?? 'lexical'
	};
}

/** The undercover summary line: the same for a played run and for its replay. */
function undercoverSummary(run: SharedRun, runner: AnyRunner, outcome: UndercoverOutcome | null) {
	const choices = Object.values(run.seats ?? {}).filter((c) => c.engine !== 'scripted');
	return {
		...runHead(run, runner.hash),
		events: runner.log.length,
		rounds: outcome?.rounds ?? 0,
		winner: outcome?.winner ?? 'draw',
		eliminated: outcome?.eliminated ?? [],
		link: sharePath('', run),
		...(choices.length ? callFigures(runner) : {})
	};
}

export async function simulateGovernance(run: SharedRun, opts: { driftModelDir?: string } = {}) {
	if (run.scenario !== 'governance')
		throw new Error(`simulateGovernance() runs governance, not ${run.scenario}`);
	const box: { runner?: ReturnType<typeof createRunner> } = {};
	// One Tool Agent over the run's files for the scripted seats and the model seats alike.
	const tools = stateToolHost(() => box.runner?.state as GovernanceState);
	const embedder = await driftEmbedder(run, opts.driftModelDir);
	const loaded = await loadClients(run);
	try {
		const policies = modelPolicies(run, loaded, { tools });
		box.runner = createRunner(run, {
			tools,
			policyFor: (seat) => policies.get(seat),
			...(embedder ? { embedder } : {})
		});
		const runner = box.runner;
		const outcome = (await playToEnd(runner)) as GovernanceOutcome | null;
		return {
			runner,
			summary: {
				...governanceSummary(run, runner.hash, outcome),
				...(loaded.size ? callFigures(runner) : {})
			}
		};
	} finally {
		for (const c of loaded.values()) await c.close();
		await embedder?.unload();
	}
}

const clientKey = (c: ModelChoice) => `${c.engine}|${c.model}|${c.baseUrl ?? ''}|${c.deadlineS ?? ''}`;

/** The models a seat's choice needs loaded: its own, and its panel's second where it has one. */
const modelsOf = (c: ModelChoice): ModelChoice[] => (c.panel ? [c, c.panel] : [c]);

/** The policy of each seat played by a loaded model; the other seats get the runner's scripted ones. */
function modelPolicies(
	run: SharedRun,
	loaded: Map<string, NodeClient>,
	deps?: { tools: ReturnType<typeof stateToolHost> }
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
function callFigures(runner: ReturnType<typeof createRunner>) {
	const calls = runner.log.events.filter((e) => e.kind === 'model.called').map((e) => e.data as ModelCall);
	return {
		modelCalls: calls.length,
		promptTokens: calls.reduce((n, c) => n + c.promptTokens, 0),
		completionTokens: calls.reduce((n, c) => n + c.completionTokens, 0)
	};
}

/** The autonomy run's counts, computed the same way whatever the switches. */
function autonomySummary(run: SharedRun, logHash: string, outcome: AutonomyOutcome | null) {
	return {
		...runHead(run, logHash),
		...countsOf(outcome, [
			'days',
			'spends',
			'spendsWithoutTrigger',
			'repeatedFingerprints',
			'transportFailures',
			'transportFailuresCharged',
			'tokensUsed',
			'cost'
		] as const)
	};
}

export async function simulateAutonomy(run: SharedRun) {
	if (run.scenario !== 'autonomy') throw new Error(`simulateAutonomy() runs autonomy, not ${run.scenario}`);
	const loaded = await loadClients(run);
	try {
		const policies = modelPolicies(run, loaded);
		const runner = createRunner(run, { policyFor: (seat) => policies.get(seat) });
		const outcome = (await runner.run()) as AutonomyOutcome | null;
		return { runner, summary: autonomySummary(run, runner.hash, outcome) };
	} finally {
		for (const c of loaded.values()) await c.close();
	}
}

export async function simulate(run: SharedRun) {
	if (run.scenario === 'governance') throw new Error('simulate() runs undercover; use simulateGovernance()');
	if (run.scenario === 'autonomy') throw new Error('simulate() runs undercover; use simulateAutonomy()');
	const loaded = await loadClients(run);
	try {
		const policies = modelPolicies(run, loaded);
		const runner = createRunner(run, { policyFor: (seat) => policies.get(seat) });
		const outcome = (await playToEnd(runner)) as UndercoverOutcome | null;
		return { runner, summary: undercoverSummary(run, runner, outcome) };
	} finally {
		for (const c of loaded.values()) await c.close();
	}
}

async function main() {
	const argv = process.argv.slice(2);
	if (argv.some((a) => a === '--eval' || a.startsWith('--eval='))) {
		process.exitCode = await evalMain(argv, { parseArgs, simulateGovernance });
		return;
	}
	let args: SimArgs;
	try {
		args = parseArgs(argv);
	} catch (err) {
		if (err instanceof ReplayFailed) {
			console.error(`sim: ${err.message}`);
			process.exit(1);
		}
		process.exit(usageExit('sim', err));
	}
	let result;
	try {
		result = args.replay
			? await simulateReplay(args.replay)
			: args.run.scenario === 'governance'
				? await simulateGovernance(args.run, args.driftModelDir ? { driftModelDir: args.driftModelDir } : {})
				: args.run.scenario === 'autonomy'
					? await simulateAutonomy(args.run)
					: await simulate(args.run);
	} catch (err) {
		if (err instanceof ModelError || err instanceof ReplayFailed) {
			console.error(`sim: ${err.message.split('\n')[0]}`);
			process.exit(1);
		}
		throw err;
	}
	const { runner, summary } = result;
	if (args.analyze) {
		const a = analyze(runner.state as GovernanceState, args.analyze);
		const trace = args.analyze.task ? traceTask(runner.state as GovernanceState, args.analyze.task) : null;
		if (args.json) console.log(JSON.stringify({ ...a, ...(trace ? { trace } : {}) }));
		else printAnalysis(a, trace, args.analyze.task);
		return;
	}
	if (args.log)
		writeFileSync(
			args.log,
			toJsonLines(runner.log.header, runner.log.events) + classLines(args.replay?.classLog ?? null)
		);
	if (args.json) {
		console.log(JSON.stringify(summary));
	} else if ('spendsWithoutTrigger' in summary) {
		const c = args.run.config;
		const on = Object.entries(AUTONOMY_SWITCHES)
			.filter(([, key]) => c[key])
			.map(([flag]) => flag);
		console.log(
			`${summary.scenario} seed ${summary.seed}, ${summary.days} days (legacy: ${on.join(', ') || 'none'})`
		);
		console.log(
			`  ${summary.spends} spends: ${summary.spendsWithoutTrigger} without trigger, ${summary.repeatedFingerprints} repeated fingerprints, ${summary.transportFailures} transport failures (${summary.transportFailuresCharged} charged)`
		);
		console.log(`  ${summary.tokensUsed} tokens, $${summary.cost.toFixed(2)}; log hash ${summary.logHash}`);
		console.log(`  share: ${sharePath('', args.run)}`);
	} else if (!('winner' in summary)) {
		const out = runner.outcome() as GovernanceOutcome | null;
		const rate = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
		console.log(
			`${summary.scenario} seed ${summary.seed} (${args.run.config.policy}): ${out?.reason ?? 'unfinished'}`
		);
		console.log(
			`  ${summary.tasks} tasks, ${summary.vetoes} vetoes, ${summary.appeals} appeals, ${summary.amendments} amendment(s)`
		);
		console.log(
			`  drift (${summary.driftMeasure}) ${rate(summary.metrics.drift)}, penetration ${rate(summary.metrics.penetration)}, conversion ${rate(summary.metrics.conversion)}; fuse: ${summary.fuse ? `${summary.fuse.mode} in round ${summary.fuse.round}` : 'no'}`
		);
		console.log(`  ${runner.log.length} events, log hash ${summary.logHash}`);
		console.log(`  share: ${sharePath('', args.run)}`);
	} else {
		const out = runner.outcome() as UndercoverOutcome | null;
		console.log(
			`${summary.scenario} seed ${summary.seed}: ${summary.winner} after ${summary.rounds} round(s)`
		);
		if (out) console.log(`  ${out.reason}; eliminated: ${summary.eliminated.join(', ') || 'nobody'}`);
		console.log(`  ${summary.events} events, log hash ${summary.logHash}`);
		console.log(`  share: ${summary.link}`);
	}
	if (!args.json && 'predictions' in summary && summary.predictions) printPredictions(summary.predictions);
}

/** The seed's analyser, as text: each view under its heading. */
function printAnalysis(a: Analysis, trace: Message[] | null, task?: string) {
	console.log(
		`hours ${a.range.from}-${a.range.to} (${a.heatmap.hours
			.map(phaseOf)
			.filter((p, i, xs) => xs.indexOf(p) === i)
			.join(', ')})`
	);
	console.log('messages by role and hour:');
	console.log(`  ${'hour'.padEnd(9)}${a.heatmap.hours.map((h) => String(h).padStart(4)).join('')}`);
	a.heatmap.agents.forEach((agent, i) =>
		console.log(
			`  ${agent.padEnd(9)}${(a.heatmap.counts[i] ?? []).map((n) => String(n).padStart(4)).join('')}`
		)
	);
	console.log('top drift spikes:');
	for (const d of a.drift)
		console.log(
			`  ${d.task_id}#${d.n} round ${d.round}: similarity ${d.similarity.toFixed(2)} (${d.method}); asked ${d.asked.slice(0, 80)}; did ${d.did.slice(0, 80)}`
		);
	if (!a.drift.length) console.log('  none scored in this range');
	console.log('veto reasons:');
	for (const v of a.vetoes)
		console.log(`  ${v.rule}: ${v.count} (${v.tasks.slice(0, 8).join(', ')}): ${v.reasons[0] ?? ''}`);
	if (!a.vetoes.length) console.log('  no vetoes in this range');
	console.log(`tasks: ${a.tasks.map((t) => `${t.id} ${t.status} (${t.messages})`).join(', ') || 'none'}`);
	if (trace) {
		console.log(`trace of ${task}:`);
		for (const m of trace) console.log(`  #${m.seq} round ${m.round} ${m.from} -> ${m.to}: ${m.text}`);
		if (!trace.length) console.log('  no such task in this run');
	}
	console.log('warning signals:');
	for (const s of a.signals) console.log(`  ${s.id}: ${s.evidence}\n    fix: ${s.fix}`);
	if (!a.signals.length) console.log('  none detected');
}

/** The class's predictions, one line each, then the hit rate the page's summary shows. */
function printPredictions(p: ReturnType<typeof classPredictions>) {
	console.log(`  class predictions: ${p.predicted} recorded, ${p.revealed} revealed`);
	for (const s of p.points) {
		const hands = Object.values(s.tally).reduce((a, b) => a + b, 0);
		const verdict = s.hit === null ? 'not revealed' : s.hit ? 'right' : 'missed';
		console.log(
			`    ${s.point}: ${s.question} class: ${s.classPick} (${hands} hands); agents: ${s.agents ?? '–'}; ${verdict}`
		);
	}
	console.log(
		`  class hit rate: ${p.hits} of ${p.revealed} predictions right (${p.hitRate}); ${p.handsRight} of ${p.hands} hands were for what the agents did (${p.handsRate})`
	);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

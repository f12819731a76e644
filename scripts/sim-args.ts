/**
 * `sim`'s command line: the options, checked, into the setup a share link carries (or a run file to
 * replay or analyse). Every misuse is a UsageError of one line; a run file that cannot be replayed is
 * a ReplayFailed. Nothing here plays a run.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { ModelChoice } from '../src/lib/engines/types';
import { replayInputOf, replayInputOfLink, setupOfHeader, type ReplayInput } from '../src/lib/run/replay';
import { readRunFile, sizeProblem } from '../src/lib/run/run-file';
import { checkClassLog, splitClassLines, type ClassLog } from '../src/lib/classroom/predictions';
import { isSeed, panelProblem, scenarios, seatCount } from '../src/lib/scenarios';
import { decodeShare, parseChoice, type SharedRun } from '../src/lib/share/link';
import { UsageError } from './usage';

export interface SimArgs {
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

/**
 * The fuse's settings as flags (governance): flag -> config path. Each is checked by the scenario's
 * own config parser, so a flag takes exactly the values the setup page's form does.
 */
const FUSE_FLAGS: Readonly<Record<string, readonly [string] | readonly ['thresholds', string]>> = {
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
export const AUTONOMY_SWITCHES: Record<string, string> = {
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
 * --policy, --approval and --drift-model: the approval is the person's slider value under `human`,
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

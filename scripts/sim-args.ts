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
import { isSeed, scenarios, seatCount } from '../src/lib/scenarios';
import type { HeadlessArgs, OptionContext, ScenarioHeadless } from '../src/lib/scenarios/headless';
import { findScenario, scenarioModules } from '../src/lib/scenarios/registry';
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

/** Options every scenario takes; a scenario's own are its descriptor's (`headless.options`). */
const SHARED_FLAGS = [
	'scenario',
	'seed',
	'lang',
	'log',
	'link',
	'engine',
	'model',
	'base-url',
	'deadline',
	'replay',
	'analyze',
	'from',
	'to',
	'task'
];
const SHARED_SWITCHES = ['json', 'blank', 'call-link-endpoint'];

/** Each registered scenario's headless options (none where it has no `headless`). */
const headlessOf = (scenario: string): ScenarioHeadless | undefined => findScenario(scenario)?.headless;

/** Every scenario's options, asked when the command parses (a test may have registered one since). */
function optionNames() {
	const hs = scenarioModules().map((m) => m.headless ?? ({} as Partial<ScenarioHeadless>));
	const repeatable = new Set(hs.flatMap((h) => h.repeatable ?? []));
	const wholeNumbers = [...new Set(hs.flatMap((h) => h.wholeNumbers ?? []))];
	return {
		flags: new Set([...SHARED_FLAGS, ...wholeNumbers, ...hs.flatMap((h) => h.options ?? []), ...repeatable]),
		wholeNumbers,
		switches: new Set([...SHARED_SWITCHES, ...hs.flatMap((h) => h.switches ?? [])]),
		repeatable
	};
}

/**
 * An option of another scenario's (`kinds`: which of its options) given to this one: the first, in
 * the registry's order, is a UsageError naming the scenario it belongs to.
 */
function refuseForeign(scenario: string, args: HeadlessArgs, kinds: 'single' | 'repeatable') {
	const own = headlessOf(scenario);
	const ownNames = new Set([...(own?.options ?? []), ...(own?.switches ?? []), ...(own?.repeatable ?? [])]);
	for (const m of scenarioModules()) {
		const h = m.headless;
		if (!h || m.scenario.id === scenario) continue;
		const names = kinds === 'single' ? [...(h.options ?? []), ...(h.switches ?? [])] : (h.repeatable ?? []);
		for (const key of names)
			if (
				!ownNames.has(key) &&
				(args.values[key] !== undefined || args.switches.has(key) || args.repeated[key])
			)
				throw new UsageError(`--${key} is an option of the ${m.scenario.id} scenario`);
	}
}

/** What a scenario's options may ask of the command: the file system, the link codec's checks. */
const optionContext: OptionContext = {
	modelName: (value) => modelPlace(value).model,
	choice: (values) => modelChoice(values),
	check: parseChoice
};

export function parseArgs(argv: string[]): SimArgs {
	const values: Record<string, string> = {};
	const repeated: Record<string, string[]> = {};
	const switches = new Set<string>();
	const { flags: FLAGS, switches: SWITCHES, repeatable: REPEATABLE, wholeNumbers } = optionNames();
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
		if (!headlessOf(run.scenario)?.analyze) {
			const readable = scenarioModules().filter((m) => m.headless?.analyze);
			throw new UsageError(
				`--analyze reads ${readable.map((m) => m.scenario.id).join(', ')} runs; this file is a ${run.scenario} run`
			);
		}
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
		// The first scenario registered is the command's default.
		const scenario = values.scenario ?? scenarioModules()[0]!.scenario.id;
		if (!Object.hasOwn(scenarios, scenario))
			throw new UsageError(`unknown scenario "${scenario}" (known: ${Object.keys(scenarios).join(', ')})`);
		const seed = Number(values.seed ?? '1');
		if (!/^\d+$/.test(values.seed ?? '1') || !isSeed(seed))
			throw new UsageError(`--seed must be a whole number from 0 to 4294967295, got "${values.seed}"`);
		const config: Record<string, unknown> = {};
		for (const key of wholeNumbers) {
			if (values[key] === undefined) continue;
			const n = Number(values[key]);
			if (!/^-?\d+$/.test(values[key] as string))
				throw new UsageError(`--${key} must be a whole number, got "${values[key]}"`);
			config[key] = n;
		}
		if (values.lang !== undefined) config.lang = values.lang;
		if (switches.has('blank')) config.blank = true;
		const own = headlessOf(scenario);
		const args: HeadlessArgs = { values, switches, repeated };
		if (own?.config) Object.assign(config, own.config(args, optionContext));
		refuseForeign(scenario, args, 'single');
		const parsed = scenarios[scenario]!.parseConfig(config);
		if (!parsed.ok) throw new UsageError(parsed.error);
		run = { scenario, seed, config: scenarios[scenario]!.serializeConfig(parsed.config) };
		const choice = modelChoice(values, Object.keys(repeated).length > 0);
		refuseForeign(scenario, args, 'repeatable');
		if (own?.seats) {
			const seats = own.seats(choice, args, optionContext);
			if (seats) run.seats = seats;
		} else {
			if (choice)
				run.seats = Object.fromEntries(
					Array.from({ length: seatCount(scenario, run.config) }, (_, i) => [String(i + 1), choice])
				);
		}
	}
	// A model the scenario's option names may be a local folder (governance's drift model).
	const folderOption = headlessOf(run.scenario)?.modelFolderOption;
	const folder = folderOption === undefined ? undefined : values[folderOption];
	const driftDir = folder === undefined ? undefined : modelPlace(folder).dir;
	return {
		run,
		json: switches.has('json'),
		log: values.log,
		...(replay ? { replay } : {}),
		...(driftDir ? { driftModelDir: driftDir } : {})
	};
}

/**
 * A scenario's model option (governance's --drift-model): a folder holding the model (its name is what
 * the log records), or a hub id (fetched by transformers.js, or read from its cache).
 */
function modelPlace(value: string): { model: string; dir?: string } {
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

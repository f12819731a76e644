/**
 * Headless evaluation: runs a fixed eval set (`smoke` or `standard`) with one model at every seat and
 * reports the behaviour leaderboard. `npm run sim -- --scenario undercover --eval smoke|standard
 * --engine scripted|transformers|openai [--model ID] [--base-url URL] [--temperature T] [--top-p P]
 * [--max-tokens N] [--limit N]
 * [--json]` prints `{eval, games, results: [...]}`, one leaderboard row per model (and `personas`, one
 * per persona). Also runnable directly: `tsx scripts/eval.ts --eval smoke --engine scripted --json`.
 *
 * The same recipe as the page: each game is a SharedRun whose `seats` name the engine, played by
 * `createRunner`, so its log is the one the page would write.
 */
import {
	isRunInterrupted,
	RunInterrupted,
	type LogEvent,
	type LogHeader,
	type Policy
} from '../src/lib/core';
import { samplingError, type ModelChoice } from '../src/lib/engines/types';
import { loadNodeClient, type NodeClient } from './node-client';
import { leaderboard, type LeaderboardRow } from '../src/lib/metrics/leaderboard';
import { createRunner } from '../src/lib/play';
import { isTransportError, type ChatClient } from '../src/lib/policies/llm/chat-client';
import { createLlmUndercoverPolicy } from '../src/lib/policies/llm/undercover';
import type { SharedRun } from '../src/lib/share/link';
import {
	EVAL_SETS,
	EvalQueue,
	gameSampling,
	isEvalSetId,
	type EvalGame,
	type EvalSet,
	type EvalSetId,
	type EvalSetup,
	type GameResult
} from '../src/lib/scenarios/undercover/eval-sets';
import type { UndercoverOutcome } from '../src/lib/scenarios/undercover';

export type EvalEngine = 'scripted' | 'transformers' | 'openai';
const ENGINES: readonly EvalEngine[] = ['scripted', 'transformers', 'openai'];

export interface EvalProgress {
	done: number;
	total: number;
	game: EvalGame;
	result?: GameResult;
	error?: string;
}

export interface EvalOptions {
	set: EvalSetId | EvalSet;
	engine: EvalEngine;
	model?: string;
	baseUrl?: string;
	/** OpenAI-compatible endpoints; default: the OPENAI_API_KEY environment variable. Never printed. */
	apiKey?: string;
	/** Replaces every game's temperature. */
	temperature?: number;
	/** Replaces every game's top-p. */
	topP?: number;
	/** Replaces every game's cap on reply tokens. */
	maxTokens?: number;
	/** transformers.js: a folder of local model files. */
	localModelPath?: string;
	/** Runs only the first N games of the set. */
	limit?: number;
	/** Retries of a turn whose model could not be reached, before the game counts as failed (default 2). */
	retries?: number;
	/** A loaded model to use instead of building one from engine and model (tests; a warm engine). */
	client?: ChatClient;
	/** Overrides a seat's policy, e.g. a wrapped or adversarial one. */
	policyFor?: (seat: number, game: EvalGame) => Policy | undefined;
	onProgress?: (p: EvalProgress) => void;
	/** Called with each finished game's log (to save it, or to feed lessons). */
	onGame?: (game: EvalGame, log: { header: LogHeader; events: LogEvent[] }) => void;
}

export interface EvalOutput {
	eval: string;
	version: string;
	setup: EvalSetup;
	/** Games played to the end (halted games included: they are draws). */
	games: number;
	/** Games that could not be played (a model that could not be reached): left out of the figures. */
	failed: { game: string; error: string }[];
	/** One leaderboard row per model. */
	results: LeaderboardRow[];
	/** One leaderboard row per persona. */
	personas: LeaderboardRow[];
}

export class EvalUsageError extends Error {}

function choiceOf(opts: EvalOptions): ModelChoice {
	if (!ENGINES.includes(opts.engine))
		throw new EvalUsageError(`--engine must be one of ${ENGINES.join(', ')}, got "${opts.engine}"`);
	if (opts.engine === 'scripted') return { engine: 'scripted' };
	if (!opts.model) throw new EvalUsageError(`--engine ${opts.engine} needs --model`);
	if (opts.engine === 'openai') {
		if (!opts.baseUrl) throw new EvalUsageError('--engine openai needs --base-url');
		return { engine: 'openai', model: opts.model, baseUrl: opts.baseUrl };
	}
	return { engine: opts.engine, model: opts.model };
}

function loadClient(choice: ModelChoice, opts: EvalOptions): Promise<NodeClient> {
	return loadNodeClient(choice, { apiKey: opts.apiKey, localModelPath: opts.localModelPath });
}

/**
 * A model that cannot be reached has made no decision: the turn is interrupted (RunInterrupted) and
 * retried, and the game reported as failed if it keeps failing, rather than scored with a string of
 * invalid replies. The LLM policy's TransportFailure already is one; this catches any other client's.
 */
function interruptOnTransport(policy: Policy): Policy {
	return {
		label: policy.label,
		async act(obs, ask, ctx) {
			try {
				return await policy.act(obs, ask, ctx);
			} catch (err) {
				if (isTransportError(err) && !isRunInterrupted(err))
					throw new RunInterrupted(err instanceof Error ? err.message : String(err), 'transport', {
						cause: err
					});
				throw err;
			}
		}
	};
}

/**
 * Plays a game to its end. An interrupted turn writes nothing but its failed calls, and the next step
 * retries it: a brief outage costs a retry, not the game. After `retries` failures in a row it gives up.
 */
async function playOut(runner: ReturnType<typeof createRunner>, retries: number): Promise<void> {
	let failures = 0;
	for (;;) {
		try {
			if (!(await runner.step())) return;
			failures = 0;
		} catch (err) {
			if (!isRunInterrupted(err) || ++failures > retries) throw err;
		}
	}
}

export async function runEval(opts: EvalOptions): Promise<EvalOutput> {
	const set = typeof opts.set === 'string' ? EVAL_SETS[opts.set] : opts.set;
	if (!set) throw new EvalUsageError(`unknown eval set "${String(opts.set)}"`);
	const choice = choiceOf(opts);
	const setup: EvalSetup = {
		engine: choice.engine,
		...(choice.model ? { model: choice.model } : {}),
		...(choice.baseUrl ? { baseUrl: choice.baseUrl } : {}),
		...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
		...(opts.topP !== undefined ? { topP: opts.topP } : {}),
		...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
		memory: false
	};
	const loaded = choice.engine === 'scripted' || opts.client ? null : await loadClient(choice, opts);
	const client = choice.engine === 'scripted' ? undefined : (opts.client ?? loaded?.client);
	const logs: { header: LogHeader; events: LogEvent[] }[] = [];
	const failed: EvalOutput['failed'] = [];
	let queue = new EvalQueue(set, [], setup);
	const games = queue.pending().slice(0, opts.limit ?? Infinity);
	try {
		for (const game of games) {
			const seats: Record<string, ModelChoice> = {};
			for (let s = 1; s <= Number(game.run.config.seats); s++) seats[s] = choice;
			const run: SharedRun = { ...game.run, seats };
			const llm = client
				? interruptOnTransport(
						createLlmUndercoverPolicy(client, { sampling: gameSampling(game, setup) }) as Policy
					)
				: undefined;
			const runner = createRunner(run, { policyFor: (seat) => opts.policyFor?.(seat, game) ?? llm });
			let result: GameResult | undefined;
			let error: string | undefined;
			try {
				await playOut(runner, opts.retries ?? 2);
				const outcome = runner.outcome() as UndercoverOutcome | null;
				const log = { header: runner.log.header, events: runner.log.events };
				logs.push(log);
				opts.onGame?.(game, log);
				result = {
					gameId: game.id,
					seed: game.run.seed,
					logHash: runner.hash,
					winner: outcome?.winner ?? 'draw',
					rounds: outcome?.rounds ?? 0
				};
				queue = queue.record(result);
			} catch (err) {
				error = err instanceof Error ? err.message : String(err);
				failed.push({ game: game.id, error });
			}
			opts.onProgress?.({
				done: queue.progress().done + failed.length,
				total: games.length,
				game,
				...(result ? { result } : {}),
				...(error ? { error } : {})
			});
		}
	} finally {
		await loaded?.close();
	}
	return {
		eval: set.id,
		version: set.version,
		setup,
		games: logs.length,
		failed,
		results: leaderboard(logs, 'model'),
		personas: leaderboard(logs, 'persona')
	};
}

// ---------------------------------------------------------------------------------------------
// Command line (sim delegates here when it sees --eval)

export interface EvalArgs {
	options: EvalOptions;
	json: boolean;
}

const FLAGS = new Set([
	'eval',
	'engine',
	'model',
	'base-url',
	'temperature',
	'top-p',
	'max-tokens',
	'limit',
	'scenario',
	'local-model-path'
]);

export function parseEvalArgs(argv: readonly string[]): EvalArgs {
	const values: Record<string, string> = {};
	let json = false;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] as string;
		const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
		if (!m) throw new EvalUsageError(`unexpected argument "${arg}"`);
		const name = m[1] as string;
		if (name === 'json') {
			json = true;
			continue;
		}
		if (!FLAGS.has(name)) throw new EvalUsageError(`unknown option --${name} for an evaluation`);
		const value = m[2] ?? argv[++i];
		if (value === undefined || value.startsWith('--')) throw new EvalUsageError(`--${name} needs a value`);
		values[name] = value;
	}
	if ((values.scenario ?? 'undercover') !== 'undercover')
		throw new EvalUsageError('evaluation sets exist for the undercover scenario only');
	const set = values.eval;
	if (!isEvalSetId(set)) throw new EvalUsageError(`--eval must be smoke or standard, got "${set ?? ''}"`);
	const engine = (values.engine ?? 'scripted') as EvalEngine;
	const options: EvalOptions = { set, engine };
	if (values.model !== undefined) options.model = values.model;
	if (values['base-url'] !== undefined) options.baseUrl = values['base-url'];
	if (values['local-model-path'] !== undefined) options.localModelPath = values['local-model-path'];
	if (values.temperature !== undefined) {
		const t = Number(values.temperature);
		if (!/^\d+(\.\d+)?$/.test(values.temperature) || t > 2)
			throw new EvalUsageError(`--temperature must be a number from 0 to 2, got "${values.temperature}"`);
		options.temperature = t;
	}
	if (values['top-p'] !== undefined) {
		const p = Number(values['top-p']);
		if (!/^\d+(\.\d+)?$/.test(values['top-p']) || samplingError({ topP: p }))
			throw new EvalUsageError(`--top-p must be a number above 0 and at most 1, got "${values['top-p']}"`);
		options.topP = p;
	}
	if (values['max-tokens'] !== undefined) {
		if (!/^[1-9]\d*$/.test(values['max-tokens']))
			throw new EvalUsageError(`--max-tokens must be a positive whole number, got "${values['max-tokens']}"`);
		options.maxTokens = Number(values['max-tokens']);
	}
	if (values.limit !== undefined) {
		if (!/^[1-9]\d*$/.test(values.limit))
			throw new EvalUsageError(`--limit must be a positive whole number, got "${values.limit}"`);
		options.limit = Number(values.limit);
	}
	choiceOf(options); // engine, model and base URL fit together
	return { options, json };
}

const pct = (p: { x: number; n: number; rate: number | null }) =>
	p.rate === null ? '   -  ' : `${(p.rate * 100).toFixed(0).padStart(3)}% (${p.x}/${p.n})`;

/** The human-readable report: one block per model. */
export function formatEval(out: EvalOutput): string {
	const lines = [`eval ${out.eval} (${out.version}): ${out.games} game(s), ${out.failed.length} failed`];
	for (const r of out.results)
		lines.push(
			`${r.label}: ${r.games} games, ${r.seatGames} seats`,
			`  win as civilian ${pct(r.civilianWin)}, as undercover ${pct(r.undercoverWin)}, draws ${pct(r.draw)}`,
			`  first-round out ${pct(r.firstRoundOut)}, vote hits ${pct(r.voteHit)} (as civilian ${pct(r.voteHitAsCivilian)})`,
			`  herding ${pct(r.herding)}, comebacks ${pct(r.comeback)}, invalid replies ${pct(r.invalidReply)}`,
			`  ${r.tokens.perGame.toFixed(0)} tokens and ${r.seconds.perGame.toFixed(1)} s per game`
		);
	for (const f of out.failed) lines.push(`  failed ${f.game}: ${f.error}`);
	return lines.join('\n');
}

/** Runs the command line; returns the exit code. */
export async function evalMain(argv: readonly string[]): Promise<number> {
	let args: EvalArgs;
	try {
		args = parseEvalArgs(argv);
	} catch (err) {
		if (err instanceof EvalUsageError) {
			console.error(`eval: ${err.message}`);
			return 2;
		}
		throw err;
	}
	const out = await runEval({
		...args.options,
		onProgress: (p) => {
			if (!args.json)
				process.stderr.write(`\r${p.done}/${p.total} ${p.game.id}${p.error ? ' (failed)' : ''}   `);
		}
	});
	if (!args.json) process.stderr.write('\n');
	console.log(args.json ? JSON.stringify(out) : formatEval(out));
	return out.games === 0 && out.failed.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await evalMain(process.argv.slice(2));

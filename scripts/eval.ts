/**
 * Headless evaluation: runs a fixed eval set (`smoke`, `standard`, `difficulty` or `ck-arena`) with one model at every seat and
 * reports the behaviour leaderboard. `npm run sim -- --scenario undercover --eval smoke|standard
 * --engine scripted|transformers|openai [--model ID] [--base-url URL] [--temperature T] [--top-p P]
 * [--max-tokens N] [--limit N] [--csv FILE] [--ck-csv FILE]
 * [--json]` prints `{eval, games, results: [...]}`, one leaderboard row per model (and `personas`, one
 * per persona). Also runnable directly: `tsx scripts/eval.ts --eval smoke --engine scripted --json`.
 *
 * The same recipe as the page: each game is a SharedRun whose `seats` name the engine, played by
 * `createRunner`, so its log is the one the page would write.
 */
import {
	isRunInterrupted,
	RunInterrupted,
	toJsonLines,
	type LogEvent,
	type LogHeader,
	type Policy
} from '../src/lib/core';
import { samplingError, type ModelChoice } from '../src/lib/engines/types';
import { loadNodeClient, type NodeClient } from './node-client';
import { UsageError, usageExit } from './usage';
import { mkdirSync, writeFileSync } from 'node:fs';
import { govEvalMain, type GovSim } from './gov-eval';
import { join } from 'node:path';
import { formatP, pairedLines, type AbLine } from '../src/lib/analysis/ab-table';
import { comparePaired, gameFigures, type GameFigures, type PairedComparison } from '../src/lib/analysis/ab';
import { exportRows, leaderboardCsv, pairedCsv, type ExportedRow } from '../src/lib/analysis/export';
import {
	leaderboard,
	modelKey,
	type GameLog,
	type LeaderboardRow
} from '../src/lib/scenarios/undercover/analysis/leaderboard';
import {
	CK_ARENA_PUBLISHED,
	ckArenaCsv,
	ckArenaFigures,
	dealtDifficulty,
	type CkArenaFigures,
	type CkArenaRow,
	type CkRate,
	type Difficulty
} from '../src/lib/analysis/ck-arena';
import { createRunner } from '../src/lib/run/play';
import { findScenario, scenarioModules } from '../src/lib/scenarios/registry';
import { isTransportError, type ChatClient } from '../src/lib/policies/llm/chat-client';
import { createLlmUndercoverPolicy } from '../src/lib/scenarios/undercover/policies/llm/undercover';
import type { SharedRun } from '../src/lib/share/link';
import {
	EVAL_SETS,
	EVAL_SPECS,
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
	/** Private notes in the agents' prompts (default on); off to measure what they change. */
	notes?: boolean;
	/** transformers.js: a folder of local model files. */
	localModelPath?: string;
	/** Runs only the set's games in this language (a cross-language A/B: the same model in en and zh). */
	lang?: 'en' | 'zh';
	/** Runs only the first N games of the set. */
	limit?: number;
	/** Games played at once (default 1): the same logs, sooner, against a server that batches. */
	concurrency?: number;
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
	/** Every row (by model, persona, speaking position, pair difficulty) with each rate's interval: what `--csv` writes. */
	table: ExportedRow[];
	/**
	 * Each played game's figures for the model, by game id (or, with `lang` on a concept set, by its
	 * cross-language key): what a paired A/B comparison pairs.
	 */
	perGame: GameFigures[];
	/** The CK-Arena set only: its headline figures per language, to read beside the published ones. */
	ckArena?: Partial<Record<'en' | 'zh', CkArenaFigures>>;
	/** The CK-Arena set only: the same figures per language and word-pair difficulty (1 far apart, 3 close). */
	ckArenaByDifficulty?: Partial<Record<'en' | 'zh', Partial<Record<Difficulty, CkArenaFigures>>>>;
}

function choiceOf(opts: EvalOptions): ModelChoice {
	if (!ENGINES.includes(opts.engine))
		throw new UsageError(`--engine must be one of ${ENGINES.join(', ')}, got "${opts.engine}"`);
	// Scripted: the oracle baseline, or `--model fair` for the baseline that sees only what a prompt shows.
	if (opts.engine === 'scripted') {
		if (opts.model !== undefined && opts.model !== 'fair')
			throw new UsageError(`--engine scripted takes no --model but "fair", got "${opts.model}"`);
		return opts.model ? { engine: 'scripted', model: 'fair' } : { engine: 'scripted' };
	}
	if (!opts.model) throw new UsageError(`--engine ${opts.engine} needs --model`);
	if (opts.engine === 'openai') {
		if (!opts.baseUrl) throw new UsageError('--engine openai needs --base-url');
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
	if (!set) throw new UsageError(`unknown eval set "${String(opts.set)}"`);
	const choice = choiceOf(opts);
	const setup: EvalSetup = {
		engine: choice.engine,
		...(choice.model ? { model: choice.model } : {}),
		...(choice.baseUrl ? { baseUrl: choice.baseUrl } : {}),
		...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
		...(opts.topP !== undefined ? { topP: opts.topP } : {}),
		...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
		...(opts.notes === false ? { notes: false } : {}),
		memory: false
	};
	const loaded = choice.engine === 'scripted' || opts.client ? null : await loadClient(choice, opts);
	const client = choice.engine === 'scripted' ? undefined : (opts.client ?? loaded?.client);
	const logs: { header: LogHeader; events: LogEvent[] }[] = [];
	const perGame: GameFigures[] = [];
	const key = modelKey(choice) ?? choice.engine;
	const failed: EvalOutput['failed'] = [];
	let queue = new EvalQueue(set, [], setup);
	const games = queue
		.pending()
		.filter((g) => !opts.lang || g.lang === opts.lang)
		.slice(0, opts.limit ?? Infinity);
	const concurrency = opts.concurrency ?? 1;
	if (!Number.isInteger(concurrency) || concurrency < 1)
		throw new UsageError(`--concurrency must be a positive whole number, got ${concurrency}`);
	/** Each game's outcome, by its place in the set: the output never depends on which finished first. */
	const played: ({ log: { header: LogHeader; events: LogEvent[] }; hash: string } | { error: string })[] = [];
	let finished = 0;

	/** One game, alone: its own runner and its own policy (so its own notes), only the model is shared. */
	async function playGame(game: EvalGame, slot: number): Promise<void> {
		const seats: Record<string, ModelChoice> = {};
		for (let s = 1; s <= Number(game.run.config.seats); s++) seats[s] = choice;
		const run: SharedRun = { ...game.run, seats };
		const llm = client
			? interruptOnTransport(
					createLlmUndercoverPolicy(client, {
						sampling: gameSampling(game, setup),
						...(opts.notes === false ? { notes: false } : {})
					}) as Policy
				)
			: undefined;
		const runner = createRunner(run, { policyFor: (seat) => opts.policyFor?.(seat, game) ?? llm });
		let result: GameResult | undefined;
		let error: string | undefined;
		try {
			await playOut(runner, opts.retries ?? 2);
			const outcome = runner.outcome() as UndercoverOutcome | null;
			const log = { header: runner.log.header, events: runner.log.events };
			played[slot] = { log, hash: runner.hash };
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
			played[slot] = { error };
		}
		opts.onProgress?.({
			done: ++finished,
			total: games.length,
			game,
			...(result ? { result } : {}),
			...(error ? { error } : {})
		});
	}

	try {
		// N games in flight at once: an OpenAI-compatible server batches their requests. Each game's log
		// is the one it has alone, since nothing but the model is shared between games.
		let next = 0;
		const lane = async () => {
			while (next < games.length) {
				const slot = next++;
				await playGame(games[slot] as EvalGame, slot);
			}
		};
		await Promise.all(Array.from({ length: Math.min(concurrency, games.length) }, lane));
	} finally {
		await loaded?.close();
	}
	games.forEach((game, i) => {
		const p = played[i];
		if (!p) return;
		if ('error' in p) {
			failed.push({ game: game.id, error: p.error });
			return;
		}
		logs.push(p.log);
		const rows = leaderboard([p.log], 'model');
		const row = rows.find((r) => r.key === key) ?? rows[0];
		// Across languages a game pairs with its twin by concept, persona and seed (`crossKey`).
		const id = opts.lang && game.crossKey ? game.crossKey : game.id;
		if (row) perGame.push(gameFigures(id, row));
	});
	const results = leaderboard(logs, 'model');
	const personas = leaderboard(logs, 'persona');
	return {
		eval: set.id,
		version: set.version,
		setup,
		games: logs.length,
		failed,
		results,
		personas,
		// By side (each model's rates as civilian and as undercover), by speaking position (position bias)
		// and by word-pair difficulty too: the factors a set randomises or fixes.
		table: (['model', 'side', 'persona', 'position', 'difficulty'] as const).flatMap((by) =>
			exportRows(by === 'model' ? results : by === 'persona' ? personas : leaderboard(logs, by), by)
		),
		perGame,
		...(set.id === 'ck-arena'
			? { ckArena: ckArenaByLanguage(logs), ckArenaByDifficulty: ckArenaByDifficulty(logs) }
			: {})
	};
}

/** CK-Arena's figures for each language and word-pair difficulty played (the grade is read from each deal). */
export function ckArenaByDifficulty(logs: readonly GameLog[]): EvalOutput['ckArenaByDifficulty'] {
	const out: NonNullable<EvalOutput['ckArenaByDifficulty']> = {};
	for (const lang of ['en', 'zh'] as const)
		for (const level of [1, 2, 3] as const) {
			const mine = logs.filter(
				(l) => (l.header.config as { lang?: string }).lang === lang && dealtDifficulty(l) === level
			);
			if (mine.length) (out[lang] ??= {})[level] = ckArenaFigures(mine);
		}
	return out;
}

/**
 * The reproduction as the page's CSV writes it (`metrics/ck-arena`'s one writer): the published line,
 * then each side's lines per language, then per language and difficulty, with "this run" as their source.
 */
export function ckArenaRunCsv(outs: readonly EvalOutput[]): string {
	const rows: CkArenaRow[] = [];
	const graded: CkArenaRow[] = [];
	for (const out of outs) {
		const model = out.results[0]?.key ?? out.setup.engine;
		for (const [lang, figures] of Object.entries(out.ckArena ?? {}) as ['en' | 'zh', CkArenaFigures][])
			rows.push({ model, lang, difficulty: null, figures });
		for (const [lang, levels] of Object.entries(out.ckArenaByDifficulty ?? {}) as [
			'en' | 'zh',
			Partial<Record<Difficulty, CkArenaFigures>>
		][])
			for (const [level, figures] of Object.entries(levels))
				graded.push({ model, lang, difficulty: Number(level) as Difficulty, figures });
	}
	return ckArenaCsv(rows, graded, 'this run');
}

/** CK-Arena's figures for each language played (their published games were English). */
function ckArenaByLanguage(logs: readonly { header: LogHeader }[]): EvalOutput['ckArena'] {
	const out: EvalOutput['ckArena'] = {};
	for (const lang of ['en', 'zh'] as const) {
		const mine = logs.filter((l) => (l.header.config as { lang?: string }).lang === lang);
		if (mine.length) out[lang] = ckArenaFigures(mine as GameLog[]);
	}
	return out;
}

const ci = (r: CkRate) =>
	r.p === null
		? '-'
		: `${(r.p * 100).toFixed(1)}% [${(r.lower * 100).toFixed(1)}, ${(r.upper * 100).toFixed(1)}] (${r.x}/${r.n})`;

/**
 * CK-Arena's three headline figures, each with its Wilson interval, beside the published ones; then,
 * when given, the same three by word-pair difficulty (CK-Arena published no figures by difficulty).
 */
function formatCkArena(
	figures: NonNullable<EvalOutput['ckArena']>,
	byDifficulty: EvalOutput['ckArenaByDifficulty'] = {}
): string {
	const P = CK_ARENA_PUBLISHED;
	const lines = [
		`CK-Arena reproduction: published figures from ${P.source}; their players were frontier models.`,
		'figure                          published   ' +
			Object.keys(figures)
				.map((l) => `this run (${l})`.padEnd(36))
				.join('')
	];
	const row = (name: string, published: number, pick: (f: CkArenaFigures) => string) =>
		`${name.padEnd(32)}${`${(published * 100).toFixed(1)}%`.padEnd(12)}` +
		Object.values(figures)
			.map((f) => pick(f).padEnd(36))
			.join('');
	lines.push(
		row('civilians win', P.civiliansWin, (f) => ci(f.civiliansWin)),
		row('first out is undercover', P.firstOutUndercover, (f) => ci(f.firstOutUndercover)) + '  chance 33.3%',
		row('first-round civilian hits', P.firstRoundCivilianHits, (f) => ci(f.firstRoundCivilianHits)) +
			'  chance 40.0%',
		`${'rounds / statements a game'.padEnd(32)}${`${P.roundsPerGame} / ${P.statementsPerGame}`.padEnd(12)}` +
			Object.values(figures)
				.map((f) =>
					`${f.roundsPerGame?.toFixed(2) ?? '-'} / ${f.statementsPerGame?.toFixed(1) ?? '-'}`.padEnd(36)
				)
				.join(''),
		`${'words a statement'.padEnd(32)}${String(P.wordsPerStatement).padEnd(12)}` +
			Object.values(figures)
				.map((f) => (f.wordsPerStatement?.toFixed(1) ?? '-').padEnd(36))
				.join('')
	);
	const langs = Object.keys(byDifficulty) as ('en' | 'zh')[];
	if (langs.length) {
		lines.push(
			"By word-pair difficulty (the word pack's own grade: 1 far apart, 2 related, 3 close; CK-Arena published none):"
		);
		for (const lang of langs)
			for (const [level, f] of Object.entries(byDifficulty[lang] ?? {}))
				lines.push(
					`  ${lang} difficulty ${level}: ${f.games} game(s); civilians win ${ci(f.civiliansWin)}; ` +
						`first out is undercover ${ci(f.firstOutUndercover)}; first-round civilian hits ${ci(f.firstRoundCivilianHits)}`
				);
	}
	return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Command line (sim delegates here when it sees --eval)

export interface EvalArgs {
	options: EvalOptions;
	json: boolean;
	/** Writes the table (or, with B, the paired comparison) as CSV. */
	csv?: string;
	/** The CK-Arena set only: writes the reproduction table (the page's CK-Arena CSV) there. */
	ckCsv?: string;
	/** Writes each game's log there as `<game id>[.a|.b].jsonl`, the page's export format: any game can be replayed. */
	logDir?: string;
	/** An A/B run: the same games again with these settings, compared game by game. */
	vs?: EvalOptions;
}

/** The settings one side of a run takes from the command line; `vs-` flags give B's. */
const SIDE_FLAGS = [
	'lang',
	'engine',
	'model',
	'base-url',
	'temperature',
	'top-p',
	'max-tokens',
	'notes',
	'local-model-path'
];
const FLAGS = new Set([
	'eval',
	...SIDE_FLAGS,
	...SIDE_FLAGS.map((f) => `vs-${f}`),
	'limit',
	'concurrency',
	'scenario',
	'csv',
	'ck-csv',
	'log-dir'
]);

function sideOptions(values: Record<string, string>, prefix: '' | 'vs-', base?: EvalOptions): EvalOptions {
	const v = (name: string) => values[prefix + name];
	const flag = (name: string) => `--${prefix}${name}`;
	const options: EvalOptions = base
		? { ...base, engine: (v('engine') ?? base.engine) as EvalEngine }
		: { set: values.eval as EvalSetId, engine: (v('engine') ?? 'scripted') as EvalEngine };
	// B keeps A's model only when it keeps A's engine.
	if (base && v('engine') !== undefined && v('engine') !== base.engine) {
		delete options.model;
		delete options.baseUrl;
		delete options.localModelPath;
	}
	if (v('model') !== undefined) options.model = v('model');
	if (v('base-url') !== undefined) options.baseUrl = v('base-url');
	if (v('local-model-path') !== undefined) options.localModelPath = v('local-model-path');
	const t = v('temperature');
	if (t !== undefined) {
		if (!/^\d+(\.\d+)?$/.test(t) || Number(t) > 2)
			throw new UsageError(`${flag('temperature')} must be a number from 0 to 2, got "${t}"`);
		options.temperature = Number(t);
	}
	const topP = v('top-p');
	if (topP !== undefined) {
		if (!/^\d+(\.\d+)?$/.test(topP) || samplingError({ topP: Number(topP) }))
			throw new UsageError(`${flag('top-p')} must be a number above 0 and at most 1, got "${topP}"`);
		options.topP = Number(topP);
	}
	const maxTokens = v('max-tokens');
	if (maxTokens !== undefined) {
		if (!/^[1-9]\d*$/.test(maxTokens))
			throw new UsageError(`${flag('max-tokens')} must be a positive whole number, got "${maxTokens}"`);
		options.maxTokens = Number(maxTokens);
	}
	const lang = v('lang');
	if (lang !== undefined) {
		if (lang !== 'en' && lang !== 'zh')
			throw new UsageError(`${flag('lang')} must be en or zh, got "${lang}"`);
		options.lang = lang;
	}
	const notes = v('notes');
	if (notes !== undefined) {
		if (notes !== 'on' && notes !== 'off')
			throw new UsageError(`${flag('notes')} must be on or off, got "${notes}"`);
		options.notes = notes === 'on';
	}
	choiceOf(options); // engine, model and base URL fit together
	return options;
}

export function parseEvalArgs(argv: readonly string[]): EvalArgs {
	const values: Record<string, string> = {};
	let json = false;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] as string;
		const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
		if (!m) throw new UsageError(`unexpected argument "${arg}"`);
		const name = m[1] as string;
		if (name === 'json') {
			json = true;
			continue;
		}
		if (!FLAGS.has(name)) throw new UsageError(`unknown option --${name} for an evaluation`);
		const value = m[2] ?? argv[++i];
		if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
		values[name] = value;
	}
	// The first scenario registered is the command's default, as for a run.
	const scenario = values.scenario ?? scenarioModules()[0]!.scenario.id;
	if (evaluationOf(scenario) !== 'sets') {
		const withSets = scenarioModules().filter((m) => m.headless?.evaluation === 'sets');
		throw new UsageError(
			`evaluation sets exist for the ${withSets.map((m) => m.scenario.id).join(', ')} scenario only`
		);
	}
	const set = values.eval;
	if (!isEvalSetId(set))
		throw new UsageError(`--eval must be one of ${Object.keys(EVAL_SPECS).join(', ')}, got "${set ?? ''}"`);
	const options = sideOptions(values, '');
	if (values.limit !== undefined) {
		if (!/^[1-9]\d*$/.test(values.limit))
			throw new UsageError(`--limit must be a positive whole number, got "${values.limit}"`);
		options.limit = Number(values.limit);
	}
	if (values.concurrency !== undefined) {
		if (!/^[1-9]\d*$/.test(values.concurrency) || Number(values.concurrency) > 256)
			throw new UsageError(`--concurrency must be a whole number from 1 to 256, got "${values.concurrency}"`);
		options.concurrency = Number(values.concurrency);
	}
	const args: EvalArgs = { options, json };
	if (values.csv !== undefined) args.csv = values.csv;
	if (values['ck-csv'] !== undefined) {
		if (set !== 'ck-arena')
			throw new UsageError('--ck-csv writes the CK-Arena reproduction: it needs --eval ck-arena');
		args.ckCsv = values['ck-csv'];
	}
	if (values['log-dir'] !== undefined) args.logDir = values['log-dir'];
	if (SIDE_FLAGS.some((f) => values[`vs-${f}`] !== undefined)) args.vs = sideOptions(values, 'vs-', options);
	return args;
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
	if (out.ckArena) lines.push(formatCkArena(out.ckArena, out.ckArenaByDifficulty));
	return lines.join('\n');
}

export interface AbOutput {
	eval: string;
	version: string;
	labels: { a: string; b: string };
	a: EvalOutput;
	b: EvalOutput;
	/** Game by game over the games both sides played: McNemar, paired bootstrap intervals, games needed. */
	paired: PairedComparison;
}

/** What names a side in a table: its model, and the sampling settings it overrides. */
function sideLabel(o: EvalOptions): string {
	const name = modelKey(choiceOf(o)) ?? o.engine;
	const extra = [
		o.temperature !== undefined ? `temperature ${o.temperature}` : '',
		o.topP !== undefined ? `top-p ${o.topP}` : '',
		o.maxTokens !== undefined ? `max ${o.maxTokens} tokens` : '',
		o.notes !== undefined ? `notes ${o.notes ? 'on' : 'off'}` : '',
		o.lang ? `in ${o.lang}` : ''
	].filter(Boolean);
	return extra.length ? `${name} (${extra.join(', ')})` : name;
}

/** A and B on the same games (same seeds, so the same pairs, personas and seat order), compared in pairs. */
export async function runAb(a: EvalOptions, b: EvalOptions, seed = 1): Promise<AbOutput> {
	const outA = await runEval(a);
	const outB = await runEval(b);
	let labels = { a: sideLabel(a), b: sideLabel(b) };
	if (labels.a === labels.b) labels = { a: `${labels.a} [A]`, b: `${labels.b} [B]` };
	return {
		eval: outA.eval,
		version: outA.version,
		labels,
		a: outA,
		b: outB,
		paired: comparePaired(outA.perGame, outB.perGame, { seed })
	};
}

const signed = (x: number | null, digits = 3) =>
	x === null ? '-' : `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

/** The human-readable paired table: one line per figure, from the lines the CSV is written from. */
export function formatAb(out: AbOutput): string {
	const { paired: c, labels } = out;
	const lines = [
		`eval ${out.eval} (${out.version}), paired over ${c.pairs} game(s) both sides played`,
		`A = ${labels.a}`,
		`B = ${labels.b}`,
		'figure                A (x/n)            B (x/n)            A-B      95% interval         method (games)     McNemar p  games needed'
	];
	for (const l of pairedLines(c)) {
		const rate = l.a.n !== null;
		const digits = rate ? 3 : 1;
		const side = (x: AbLine['a']) =>
			(x.value === null
				? '-'
				: rate
					? `${(x.value * 100).toFixed(1)}% (${x.x}/${x.n})`
					: x.value.toFixed(1)
			).padEnd(19);
		const method = `${l.method} (${l.method === 'paired' ? l.games.a : `${l.games.a}/${l.games.b}`})`;
		const interval = l.diff === null ? '-' : `[${signed(l.lower, digits)}, ${signed(l.upper, digits)}]`;
		lines.push(
			`${l.figure.padEnd(22)}${side(l.a)}${side(l.b)}${signed(l.diff, digits).padEnd(9)}${interval.padEnd(21)}` +
				`${method.padEnd(19)}${(l.mcnemar ? formatP(l.mcnemar.p) : '-').padEnd(11)}` +
				`${l.gamesNeeded ?? '-'}  ${l.verdict}`
		);
	}
	if (c.onlyA.length || c.onlyB.length)
		lines.push(`left out (played by one side only): ${[...c.onlyA, ...c.onlyB].join(', ')}`);
	for (const f of [...out.a.failed, ...out.b.failed]) lines.push(`failed ${f.game}: ${f.error}`);
	return lines.join('\n');
}

/** The evaluation a scenario's descriptor names (`headless.evaluation`), if any. */
const evaluationOf = (scenario: string) => findScenario(scenario)?.headless?.evaluation;

/** Runs the command line; returns the exit code. */
export async function evalMain(argv: readonly string[], governance?: GovSim): Promise<number> {
	// A scenario whose descriptor names the T155 table (governance) has that evaluation (scripts/gov-eval).
	const scenarioAt = argv.findIndex((a) => a === '--scenario' || a.startsWith('--scenario='));
	const scenario =
		scenarioAt < 0
			? undefined
			: argv[scenarioAt]!.includes('=')
				? argv[scenarioAt]!.split('=')[1]
				: argv[scenarioAt + 1];
	if (scenario !== undefined && evaluationOf(scenario) === 't155') {
		if (!governance) throw new Error('the governance evaluation runs through scripts/sim.ts');
		return govEvalMain(argv, governance);
	}
	let args: EvalArgs;
	try {
		args = parseEvalArgs(argv);
	} catch (err) {
		return usageExit('eval', err);
	}
	if (args.logDir) mkdirSync(args.logDir, { recursive: true });
	const side = (o: EvalOptions, tag: string): EvalOptions => ({
		...o,
		onProgress: (p) => {
			if (!args.json)
				process.stderr.write(`\r${tag}${p.done}/${p.total} ${p.game.id}${p.error ? ' (failed)' : ''}   `);
		},
		...(args.logDir
			? {
					onGame: (game, log) =>
						writeFileSync(
							join(args.logDir as string, `${game.id}${tag ? `.${tag.trim().toLowerCase()}` : ''}.jsonl`),
							toJsonLines(log.header, log.events)
						)
				}
			: {})
	});
	if (args.vs) {
		const out = await runAb(side(args.options, 'A '), side(args.vs, 'B '));
		if (!args.json) process.stderr.write('\n');
		if (args.csv) writeFileSync(args.csv, pairedCsv(out.paired, out.labels));
		if (args.ckCsv) writeFileSync(args.ckCsv, ckArenaRunCsv([out.a, out.b]));
		console.log(args.json ? JSON.stringify(out) : formatAb(out));
		return out.paired.pairs === 0 && (out.a.failed.length || out.b.failed.length) ? 1 : 0;
	}
	const out = await runEval(side(args.options, ''));
	if (!args.json) process.stderr.write('\n');
	if (args.csv) writeFileSync(args.csv, leaderboardCsv(out.table));
	if (args.ckCsv) writeFileSync(args.ckCsv, ckArenaRunCsv([out]));
	console.log(args.json ? JSON.stringify(out) : formatEval(out));
	return out.games === 0 && out.failed.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await evalMain(process.argv.slice(2));

/**
 * Fixed evaluation sets (seed 002's P4: fixed word pairs, personas and temperature, run in batches for
 * A/B, "or you never know whether a change helped"), and a pure queue model that runs one resumably.
 *
 * The config has no field for the word pair or the personas: the seed decides the deal. So each game's
 * seed is found by search: the k-th seed (from 1 up) whose deal gives the wanted pair and puts the
 * wanted persona on the undercover seat. The set is defined by words and persona ids, not by positions
 * in a pack, so editing the packs keeps the same games (with new seeds, and a new `version`).
 *
 * Factors: languages x word pairs x undercover personas x seeds x temperatures. Games that differ only
 * in temperature share their seed (the same deal), so a temperature effect is measured on paired games.
 * Pure: no clock, no Math.random.
 */
import { canonicalJson, createRng, createStream, sha256Hex } from '../../core';
import { samplingError, type ModelChoice, type SamplingSettings } from '../../engines/types';
import type { SharedRun } from '../setup';
import { parseUndercoverConfig, type UndercoverConfig } from './config';
import { personas } from './personas';
import { deal } from './rules';
import type { Winner } from './state';
import { findPair, packs, type Lang } from './words';
import { conceptPair, conceptWords } from './words/concepts';

export interface EvalGame {
	/** Stable and readable, e.g. "en-banana-vera-s0-t0.7": results are stored under it. */
	id: string;
	index: number;
	/** The setup to play; the seats' engines are chosen when the set is run, not here. */
	run: SharedRun;
	/** Sampling temperature for model-backed seats (scripted seats ignore it). */
	temperature: number;
	/** Every sampling setting the set fixes for this game (temperature included): see `gameSampling`. */
	sampling: SamplingSettings;
	lang: Lang;
	pair: { index: number; category: string; words: [string, string]; difficulty: 1 | 2 | 3 };
	undercoverPersona: string;
	/**
	 * Sets named by concept only: what pairs this game with the same deal in the other language,
	 * "concept|persona|seed index|temperature" (the concept's first word is the civilians' in both).
	 */
	crossKey?: string;
}

export interface EvalSet {
	id: string;
	description: string;
	/** A hash of every game's id, seed, config and temperature: stored results name it. */
	version: string;
	games: EvalGame[];
}

export interface EvalSetSpec {
	id: string;
	description: string;
	langs: readonly Lang[];
	/** One word of each pair, per language. */
	pairs?: Record<Lang, readonly string[]>;
	/**
	 * Instead of naming pairs: the first `pairsPerLevel` pairs of each difficulty level (1 = far apart,
	 * 3 = close) in each language's pack, so difficulty is a factor of the set, balanced by design.
	 */
	difficulty?: { levels: readonly (1 | 2 | 3)[]; pairsPerLevel: number };
	/**
	 * Instead: concepts shared by the languages' packs (words/concepts.ts). Each language then casts the
	 * same undercover personas on the same concepts and deals the concept's first word to the civilians,
	 * so a model's games in the two languages pair up by concept, persona and seed index.
	 */
	concepts?: readonly string[];
	/** Undercover personas per pair; they rotate through the cast across pairs. */
	personasPerPair: number;
	/** Seeds (distinct deals) per pair and persona. */
	seedsPerCell: number;
	/**
	 * Seeds per pair and persona for pairs of one difficulty level instead (absent levels: `seedsPerCell`):
	 * where the packs share fewer pairs of a level, its pairs get more deals, so each level has as many
	 * games as the others. In a concept set a concept must then have the same level in every language.
	 */
	seedsByDifficulty?: Partial<Record<1 | 2 | 3, number>>;
	temperatures: readonly number[];
	/** Nucleus sampling for every game (absent: 1, every token). */
	topP?: number;
	/** A cap on every reply's tokens (absent: each prompt kind's budget). */
	maxTokens?: number;
	config?: Partial<Omit<UndercoverConfig, 'lang'>>;
}

/** Where each language starts in the persona list, so the two languages cast different personas first. */
const PERSONA_OFFSET: Record<Lang, number> = { en: 0, zh: 8 };
/** Far beyond what any cell needs (about pairs x personas x seeds per cell): a guard, not a budget. */
const MAX_SEED = 5_000_000;

interface Cell {
	lang: Lang;
	pairIndex: number;
	pairWord: string;
	persona: string;
	/** Concept sets: the concept, and the word the civilians must hold. */
	concept?: string;
	civilianWord?: string;
	/** How many seeds the cell wants: `seedsPerCell`, or its level's `seedsByDifficulty`. */
	want: number;
	seeds: number[];
}

function configFor(spec: EvalSetSpec, lang: Lang): UndercoverConfig {
	const parsed = parseUndercoverConfig({ ...spec.config, lang });
	if (!parsed.ok) throw new Error(`eval set "${spec.id}": ${parsed.error}`);
	return parsed.config;
}

/** Builds a set deterministically: the same spec and packs give the same games and version. */
export function buildEvalSet(spec: EvalSetSpec): EvalSet {
	if (spec.personasPerPair < 1 || spec.personasPerPair > personas.length)
		throw new RangeError(`personasPerPair must be 1 to ${personas.length}`);
	const seedCounts = [spec.seedsPerCell, ...Object.values(spec.seedsByDifficulty ?? {})];
	if (seedCounts.some((n) => !Number.isInteger(n) || n < 1) || !spec.temperatures.length)
		throw new RangeError('an eval set needs games');
	for (const temperature of spec.temperatures) {
		const bad = samplingError({ temperature, topP: spec.topP, maxTokens: spec.maxTokens });
		if (bad) throw new RangeError(`eval set "${spec.id}": ${bad}`);
	}
	const fixed: SamplingSettings = {
		...(spec.topP !== undefined ? { topP: spec.topP } : {}),
		...(spec.maxTokens !== undefined ? { maxTokens: spec.maxTokens } : {})
	};
	const configs = Object.fromEntries(spec.langs.map((l) => [l, configFor(spec, l)])) as Record<
		Lang,
		UndercoverConfig
	>;
	const cells: Cell[] = [];
	for (const lang of spec.langs) {
		// A concept set casts the same personas in every language: they are part of what pairs two games.
		const offset = spec.concepts ? 0 : PERSONA_OFFSET[lang];
		pairWords(spec, lang).forEach((word, j) => {
			const pair = findPair(lang, word);
			if (!pair) throw new Error(`eval set "${spec.id}": no ${lang} pair has the word "${word}"`);
			const pairIndex = packs[lang].indexOf(pair);
			const concept = spec.concepts?.[j];
			if (concept && spec.seedsByDifficulty)
				for (const other of spec.langs) {
					const level = conceptPair(concept, other)?.difficulty;
					if (level !== pair.difficulty)
						throw new Error(
							`eval set "${spec.id}": concept "${concept}" is of difficulty ${pair.difficulty} in ${lang} but ${String(level)} in ${other}, so its games would not pair`
						);
				}
			const want = spec.seedsByDifficulty?.[pair.difficulty] ?? spec.seedsPerCell;
			for (let k = 0; k < spec.personasPerPair; k++) {
				const p = personas[(offset + j * spec.personasPerPair + k) % personas.length]!;
				cells.push({
					lang,
					pairIndex,
					pairWord: word,
					persona: p.id,
					...(concept ? { concept, civilianWord: word } : {}),
					want,
					seeds: []
				});
			}
		});
	}
	findSeeds(cells, configs);
	const games: EvalGame[] = [];
	for (const cell of cells)
		cell.seeds.forEach((seed, s) => {
			for (const temperature of spec.temperatures) {
				const pair = packs[cell.lang][cell.pairIndex]!;
				games.push({
					id: `${cell.lang}-${cell.pairWord}-${cell.persona}-s${s}-t${temperature}`,
					index: games.length,
					run: { scenario: 'undercover', seed, config: serialise(configs[cell.lang]) },
					temperature,
					sampling: { temperature, ...fixed },
					lang: cell.lang,
					pair: {
						index: cell.pairIndex,
						category: pair.category,
						words: [pair.a.word, pair.b.word],
						difficulty: pair.difficulty
					},
					undercoverPersona: cell.persona,
					...(cell.concept ? { crossKey: `${cell.concept}|${cell.persona}|s${s}|t${temperature}` } : {})
				});
			}
		});
	// Sets without top-p or a token cap hash as they did before those settings existed.
	const version = sha256Hex(
		canonicalJson(
			games.map((g) =>
				Object.keys(fixed).length
					? [g.id, g.run.seed, g.run.config, g.sampling]
					: [g.id, g.run.seed, g.run.config, g.temperature]
			)
		)
	).slice(0, 12);
	return { id: spec.id, description: spec.description, version, games };
}

/** The pairs of a set in one language: named, or chosen by difficulty level in pack order. */
function pairWords(spec: EvalSetSpec, lang: Lang): readonly string[] {
	if ([spec.pairs, spec.difficulty, spec.concepts].filter(Boolean).length > 1)
		throw new Error(`eval set "${spec.id}": name pairs, concepts or choose by difficulty, only one`);
	if (spec.concepts)
		return spec.concepts.map((c) => {
			const words = conceptWords(c, lang);
			if (!words || !conceptPair(c, lang))
				throw new Error(`eval set "${spec.id}": no concept "${c}" in ${lang}`);
			return words[0];
		});
	if (spec.pairs) return spec.pairs[lang];
	if (!spec.difficulty) throw new Error(`eval set "${spec.id}" has no pairs`);
	const { levels, pairsPerLevel } = spec.difficulty;
	return levels.flatMap((level) => {
		const found = packs[lang].filter((p) => p.difficulty === level).slice(0, pairsPerLevel);
		if (found.length < pairsPerLevel)
			throw new Error(
				`eval set "${spec.id}": the ${lang} pack has only ${found.length} pairs of difficulty ${level}`
			);
		return found.map((p) => p.a.word);
	});
}

function serialise(c: UndercoverConfig): Record<string, unknown> {
	return { seats: c.seats, undercover: c.undercover, blank: c.blank, lang: c.lang, rounds: c.rounds };
}

/**
 * One scan over seeds fills every cell. The pair is read from the deal's own stream first (the deal
 * draws it first, by `pick`), and only a seed with a wanted pair pays for a full deal, which then
 * decides: if the rules ever draw the pair differently, the scan finds nothing and says so.
 */
function findSeeds(cells: Cell[], configs: Record<Lang, UndercoverConfig>): void {
	const want = new Map<string, Cell[]>();
	for (const c of cells) {
		const key = `${c.lang}:${c.pairIndex}`;
		want.set(key, [...(want.get(key) ?? []), c]);
	}
	const langs = [...new Set(cells.map((c) => c.lang))];
	let open = cells.length;
	for (let seed = 1; open > 0; seed++) {
		if (seed > MAX_SEED) throw new Error('no seeds found for an eval set: did the deal change how it draws?');
		const v = createStream(seed, 'deal:pair').next();
		for (const lang of langs) {
			const group = want.get(`${lang}:${Math.floor(v * packs[lang].length)}`);
			if (!group || group.every((c) => c.seeds.length >= c.want)) continue;
			const d = deal(configs[lang], createRng(seed));
			const under = d.seats.find((s) => s.role === 'undercover');
			for (const c of group) {
				const pair = packs[lang][c.pairIndex]!;
				const samePair = new Set([d.civilianWord, d.undercoverWord]);
				if (c.seeds.length >= c.want || under?.persona.id !== c.persona) continue;
				if (!samePair.has(pair.a.word) || !samePair.has(pair.b.word)) continue;
				if (c.civilianWord !== undefined && d.civilianWord !== c.civilianWord) continue;
				c.seeds.push(seed);
				if (c.seeds.length === c.want) open--;
			}
		}
	}
}

export const EVAL_SPECS = {
	smoke: {
		id: 'smoke',
		description: 'A quick check: 12 games, 3 pairs in each language, 2 undercover personas each.',
		langs: ['en', 'zh'],
		pairs: { en: ['banana', 'cat', 'painter'], zh: ['保安', '猫', '苹果'] },
		personasPerPair: 2,
		seedsPerCell: 1,
		temperatures: [0.7]
	},
	standard: {
		id: 'standard',
		description:
			'100 games: 5 pairs in each language (easy to hard), 5 undercover personas per pair, 2 deals each.',
		langs: ['en', 'zh'],
		pairs: {
			en: ['banana', 'cat', 'painter', 'coffee', 'library'],
			zh: ['保安', '猫', '苹果', '斑马', '饺子']
		},
		personasPerPair: 5,
		seedsPerCell: 2,
		temperatures: [0.7]
	},
	difficulty: {
		id: 'difficulty',
		description:
			'36 games by word-pair difficulty: 3 pairs of each level (far apart, related, close) in each language, 2 undercover personas each.',
		langs: ['en', 'zh'],
		difficulty: { levels: [1, 2, 3], pairsPerLevel: 3 },
		personasPerPair: 2,
		seedsPerCell: 1,
		temperatures: [0.7]
	},
	'ck-arena': {
		id: 'ck-arena',
		description:
			'CK-Arena’s protocol (Xu et al. 2025, arXiv 2505.17512): 6 seats, 2 undercover, a vote after every statement round. 48 games, 8 of each difficulty level in each language: 5 concepts shared by both packs (the one of level 1 dealt 4 times per undercover persona, two of level 2 and two of level 3 twice each), 2 undercover personas, in English and in Chinese, paired by concept across languages.',
		langs: ['en', 'zh'],
		// The packs share one concept of level 1 (far apart): it gets twice the deals, so each level has
		// 8 games a language. Version 2 of the set; the first had 4, 12 and 8 (with tiger/lion at level 2).
		concepts: ['zebra/giraffe', 'cat/dog', 'doctor/nurse', 'library/bookstore', 'frog/toad'],
		personasPerPair: 2,
		seedsPerCell: 2,
		seedsByDifficulty: { 1: 4 },
		temperatures: [0.7],
		config: { seats: 6, undercover: 2, blank: false }
	}
} as const satisfies Record<string, EvalSetSpec>;

export type EvalSetId = keyof typeof EVAL_SPECS;

const built = new Map<string, EvalSet>();
function memo(id: EvalSetId): EvalSet {
	let set = built.get(id);
	if (!set) built.set(id, (set = buildEvalSet(EVAL_SPECS[id])));
	return set;
}

/** The fixed sets, built on first use (a few milliseconds of seed search each). */
export const EVAL_SETS: { readonly [K in EvalSetId]: EvalSet } = {
	get smoke() {
		return memo('smoke');
	},
	get standard() {
		return memo('standard');
	},
	get difficulty() {
		return memo('difficulty');
	},
	get 'ck-arena'() {
		return memo('ck-arena');
	}
};

export function isEvalSetId(id: unknown): id is EvalSetId {
	return typeof id === 'string' && Object.hasOwn(EVAL_SPECS, id);
}

// ---------------------------------------------------------------------------------------------
// The queue: what to run next, what is done, resumable from stored results

/** What plays every seat of an eval run (one model for the whole table), and its overrides. */
export interface EvalSetup {
	engine: ModelChoice['engine'];
	model?: string;
	baseUrl?: string;
	/** Replaces every game's temperature (an A/B over temperature on the same deals). */
	temperature?: number;
	/** Replaces every game's top-p. */
	topP?: number;
	/** Replaces every game's cap on reply tokens. */
	maxTokens?: number;
	/** Lessons on or off; evaluations default to off, a controlled experiment. */
	memory?: boolean;
	/** Private notes within a game on (the default) or off. */
	notes?: boolean;
}

/** The sampling settings a game is played with: the set's, with the run's overrides on top. */
export function gameSampling(game: EvalGame, setup: EvalSetup | undefined): SamplingSettings {
	const s: SamplingSettings = { ...game.sampling };
	if (setup?.temperature !== undefined) s.temperature = setup.temperature;
	if (setup?.topP !== undefined) s.topP = setup.topP;
	if (setup?.maxTokens !== undefined) s.maxTokens = setup.maxTokens;
	return s;
}

export interface GameResult {
	gameId: string;
	seed: number;
	logHash: string;
	winner: Winner;
	rounds: number;
	/** Where the page keeps the game's log (a run id in the run store), for the leaderboard. */
	runId?: string;
}

export interface EvalQueueState {
	set: string;
	version: string;
	setup?: EvalSetup;
	results: GameResult[];
}

export interface EvalProgress {
	done: number;
	total: number;
	/** 0..1 */
	fraction: number;
	finished: boolean;
}

/**
 * An eval run as plain data: the set, the setup, and the results so far. Immutable: `record` returns
 * a new queue, which suits reactive pages. A game that failed (a lost connection) is not recorded, so
 * it is run again; a game that ended by budget (`run.halted`) is a result like any other.
 */
export class EvalQueue {
	readonly set: EvalSet;
	readonly setup: EvalSetup | undefined;
	readonly results: readonly GameResult[];
	readonly #done: Set<string>;

	constructor(set: EvalSet, results: readonly GameResult[] = [], setup?: EvalSetup) {
		this.set = set;
		this.setup = setup;
		const seeds = new Map(set.games.map((g) => [g.id, g.run.seed]));
		const kept: GameResult[] = [];
		const done = new Set<string>();
		// Only results that belong to this set's games (same id and seed), once each.
		for (const r of results)
			if (seeds.get(r.gameId) === r.seed && !done.has(r.gameId)) {
				done.add(r.gameId);
				kept.push(r);
			}
		this.results = kept;
		this.#done = done;
	}

	isDone(gameId: string): boolean {
		return this.#done.has(gameId);
	}

	/** Games still to run, in set order. */
	pending(): EvalGame[] {
		return this.set.games.filter((g) => !this.#done.has(g.id));
	}

	nextGame(): EvalGame | null {
		return this.set.games.find((g) => !this.#done.has(g.id)) ?? null;
	}

	record(result: GameResult): EvalQueue {
		const game = this.set.games.find((g) => g.id === result.gameId);
		if (!game) throw new Error(`game "${result.gameId}" is not in the ${this.set.id} set`);
		if (game.run.seed !== result.seed)
			throw new Error(`game "${result.gameId}" has seed ${game.run.seed}, not ${result.seed}`);
		if (this.#done.has(result.gameId)) return this;
		return new EvalQueue(this.set, [...this.results, result], this.setup);
	}

	progress(): EvalProgress {
		const total = this.set.games.length;
		const done = this.results.length;
		return { done, total, fraction: total ? done / total : 1, finished: done === total };
	}

	toJSON(): EvalQueueState {
		return {
			set: this.set.id,
			version: this.set.version,
			...(this.setup ? { setup: this.setup } : {}),
			results: [...this.results]
		};
	}

	/**
	 * A stored queue, resumed. Results of games whose seed changed since (the packs were edited, so
	 * `version` differs) are dropped and those games run again; everything else carries over.
	 */
	static restore(state: unknown, sets: Record<string, EvalSet> = EVAL_SETS): EvalQueue {
		if (typeof state !== 'object' || state === null) throw new Error('the stored eval run is not readable');
		const s = state as Partial<EvalQueueState>;
		if (typeof s.set !== 'string' || !Object.hasOwn(sets, s.set))
			throw new Error(`unknown eval set "${String(s.set)}"`);
		const results = Array.isArray(s.results) ? s.results.filter(isResult) : [];
		return new EvalQueue(sets[s.set] as EvalSet, results, s.setup);
	}
}

function isResult(r: unknown): r is GameResult {
	if (typeof r !== 'object' || r === null) return false;
	const x = r as Record<string, unknown>;
	return (
		typeof x.gameId === 'string' &&
		typeof x.seed === 'number' &&
		typeof x.logHash === 'string' &&
		typeof x.winner === 'string' &&
		typeof x.rounds === 'number'
	);
}

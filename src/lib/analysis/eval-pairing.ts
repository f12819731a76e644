/**
 * Which stored games an A/B pairs, and on what. Evaluation games pair with the other side's game of the
 * same set, version and game id: the same deal. A side can also be one model in one language ("m@zh"),
 * and then games pair across languages by their concept, undercover persona and seed index (the
 * set's `crossKey`), so "does this model play worse in Chinese?" gets a paired answer. Games of the
 * play page share no deal and never pair. Pure.
 */
import { gameFigures, type GameFigures } from './ab';
import {
	gameLang,
	leaderboard,
	type Analysable,
	type LeaderboardRow
} from '../scenarios/undercover/analysis/leaderboard';
import { EVAL_SETS, isEvalSetId } from '../scenarios/undercover/eval-sets';

export type GameLang = 'en' | 'zh';

/**
 * A stored game (its log, or the per-game figures folded from it) and, for an evaluation game, its tag
 * (set, version, game id, model).
 */
export interface TaggedGame {
	log: Analysable;
	eval?: { set: string; version: string; game: string; model: string };
}

/** An A/B side: a model key, optionally in one language ("openai:m@zh"). */
function sideKey(model: string, lang?: GameLang): string {
	return lang ? `${model}@${lang}` : model;
}

export function parseSideKey(key: string): { model: string; lang: GameLang | null } {
	const m = /^(.*)@(en|zh)$/.exec(key);
	return m ? { model: m[1] as string, lang: m[2] as GameLang } : { model: key, lang: null };
}

export { gameLang };

/**
 * One row per model and language for models that played in both languages: what an A/B can set
 * against the same model in the other language.
 */
export function languageRows(games: readonly TaggedGame[]): LeaderboardRow[] {
	const langsOf = new Map<string, Set<GameLang>>();
	for (const g of games) {
		if (!g.eval) continue;
		langsOf.set(g.eval.model, (langsOf.get(g.eval.model) ?? new Set()).add(gameLang(g.log)));
	}
	const rows: LeaderboardRow[] = [];
	for (const lang of ['en', 'zh'] as const) {
		const logs = games.filter((g) => gameLang(g.log) === lang).map((g) => g.log);
		for (const row of leaderboard(logs, 'model'))
			if ((langsOf.get(row.key)?.size ?? 0) > 1)
				rows.push({ ...row, key: sideKey(row.key, lang), label: `${row.label} (in ${lang})` });
	}
	return rows;
}

/** The cross-language key of a stored evaluation game, if its set pairs across languages. */
function crossKeyOf(tag: NonNullable<TaggedGame['eval']>): string | undefined {
	if (!isEvalSetId(tag.set)) return undefined;
	const set = EVAL_SETS[tag.set];
	if (set.version !== tag.version) return undefined;
	return set.games.find((g) => g.id === tag.game)?.crossKey;
}

/**
 * A side's evaluation games, one per pairing key (the latest, where a set was run twice), each with its
 * figures for the side's model. `crossLanguage`: key by concept, persona and seed rather than game id.
 */
export function sideFigures(
	games: readonly TaggedGame[],
	key: string,
	crossLanguage: boolean
): GameFigures[] {
	const { model, lang } = parseSideKey(key);
	const byKey = new Map<string, GameFigures>();
	for (const g of games) {
		const tag = g.eval;
		if (!tag || tag.model !== model || (lang && gameLang(g.log) !== lang)) continue;
		const cross = crossLanguage ? crossKeyOf(tag) : undefined;
		if (crossLanguage && !cross) continue;
		const id = `${tag.set}@${tag.version}:${cross ?? tag.game}`;
		const row = leaderboard([g.log], 'model').find((r) => r.key === model);
		if (row) byKey.set(id, gameFigures(id, row));
	}
	return [...byKey.values()];
}

/** Whether two sides are one model in two languages, to be paired by concept. */
export function isCrossLanguage(a: string, b: string): boolean {
	const x = parseSideKey(a);
	const y = parseSideKey(b);
	return x.lang !== null && y.lang !== null && x.lang !== y.lang;
}

/**
 * The leaderboard page's logic, apart from its markup (a page is markup and wiring): which stored
 * games a scope holds and which of them count, the tables they fold into and the rows their export
 * holds, the imports the provenance panel lists, the A/B pickers' rows, and the evaluation form's
 * checks (the seat it would play, the games it may run at once). Pure functions over the stored games,
 * so `leaderboard-view.spec.ts` checks them in Node; the page (`routes/leaderboard/+page.svelte`)
 * renders them and wires the clicks. The A/B comparison itself is `ab-view.ts`.
 */
import type { GameSummary } from '$lib/analysis/game-summary';
import {
	leaderboard,
	type LeaderboardBy,
	type LeaderboardRow
} from '$lib/scenarios/undercover/analysis/leaderboard';
import { exportRows, leaderboardCsv, type ExportedRow } from '$lib/analysis/export';
import { languageRows, type TaggedGame } from '$lib/analysis/eval-pairing';
import { counts, provenanceOf } from '$lib/analysis/provenance';
import type { ModelChoice } from '$lib/engines/types';
import type { GpuCaps } from '$lib/engines/gpu';
import { m } from '$lib/paraglide/messages';
import { parseChoice } from '$lib/share/choice';
import type { EvalRunRecord } from '$lib/state/eval-queue.svelte';
import { modelOptions, type ModelOption } from '$lib/ui/players/model-options';

/** A stored game: its record and the per-game figures every table sums (cached by the page's refresh). */
export interface Game {
	record: EvalRunRecord;
	log: GameSummary;
}

/** The evaluation sets the stored games belong to, in the order first met: the scope picker's sets. */
export function evalSetsOf(games: readonly Game[]): string[] {
	return [...new Set(games.map((g) => g.record.eval?.set).filter((s): s is string => !!s))];
}

/**
 * Every game of the scope, counted or not (the provenance panel lists the imports of both kinds). The
 * scope is the picker's value: `all`, `play` (games played on the play page, no evaluation's), or
 * `eval:<set>` (the games of one evaluation set).
 */
export function gamesInScope(games: readonly Game[], scope: string): Game[] {
	return games.filter((g) =>
		scope === 'all' ? true : scope === 'play' ? !g.record.eval : g.record.eval?.set === scope.slice(5)
	);
}

/** Of those, the games the tables count: played here or re-executed before they were stored, and not removed by the person. */
export function counted(games: readonly Game[]): Game[] {
	return games.filter((g) => counts(g.record));
}

/** An imported game as the provenance panel lists it, with the switch that counts it or not. */
export interface ImportedGame {
	id: string;
	file: string;
	importedAt: number;
	method: 'reexecuted' | 'checked' | 'unverified';
	excluded: boolean;
	summary: string;
}

/** The imported games of the scope (a game played here is never listed). */
export function importedOf(games: readonly Game[]): ImportedGame[] {
	return games
		.filter((g) => g.record.imported)
		.map((g) => ({
			id: g.record.id,
			file: g.record.origin?.file ?? '',
			importedAt: g.record.origin?.importedAt ?? g.record.createdAt,
			// An imported record is never 'played': provenanceOf says so only of a record not imported.
			method: provenanceOf(g.record) as ImportedGame['method'],
			excluded: !!g.record.excluded,
			summary: g.record.summary ?? ''
		}));
}

/** The page's tables, one per way of grouping the seats, in the order the page and the export show them. */
export const TABLES = [
	'model',
	'side',
	'persona',
	'position',
	'difficulty'
] as const satisfies readonly LeaderboardBy[];
export type Tables = Record<(typeof TABLES)[number], LeaderboardRow[]>;

/** Every table folded from the counted games' figures. */
export function tablesOf(logs: readonly GameSummary[]): Tables {
	return Object.fromEntries(TABLES.map((by) => [by, leaderboard(logs, by)])) as Tables;
}

/** What the CSV and JSON downloads hold: every table's rows, tagged with the table they are from. */
export function exportedOf(tables: Tables): ExportedRow[] {
	return TABLES.flatMap((by) => exportRows(tables[by], by));
}

/** The leaderboard's rows as a CSV table, or a JSON document that also says its scope and how many games count. */
export function leaderboardFile(
	format: 'csv' | 'json',
	rows: readonly ExportedRow[],
	scope: string,
	games: number
): string {
	return format === 'csv' ? leaderboardCsv(rows) : JSON.stringify({ scope, games, rows }, null, 2);
}

/** The stored games with their eval tags: what the A/B pairs and the CK-Arena table read. */
export function taggedOf(games: readonly Game[]): TaggedGame[] {
	return games.map((g) => ({ log: g.log, eval: g.record.eval }));
}

/** The A/B pickers' rows: every model, and each model that played in both languages once per language. */
export function abRowsOf(
	byModel: readonly LeaderboardRow[],
	tagged: readonly TaggedGame[]
): LeaderboardRow[] {
	return [...byModel, ...languageRows(tagged)];
}

/**
 * The evaluation form's model option for a transformers.js model folder this site serves (a lab's own
 * model, or the tests' tiny ones), its path typed beside it.
 */
export const SITE_MODEL = 'transformers-site';

/**
 * The models an evaluation may play: agents only (a person cannot sit a hundred games), and besides
 * the listed models, a model folder of this site (`SITE_MODEL`).
 */
export function evalOptionsOf(caps: GpuCaps | null): ModelOption[] {
	return [
		...modelOptions(caps).filter((o) => o.choice.engine !== 'human'),
		{
			value: SITE_MODEL,
			label: m.lb_eval_site_model(),
			group: m.players_group_wasm(),
			choice: { engine: 'transformers' },
			name: false,
			unavailable: undefined
		}
	];
}

/**
 * The seat an evaluation would play, endpoint details filled in and checked as a link's seat is, or
 * why it cannot run (a sentence).
 */
export function evalSeatOf(
	choice: string,
	form: {
		options: readonly ModelOption[];
		siteFolder: string;
		endpoint: { baseUrl: string; model: string };
	}
): ModelChoice | string {
	if (choice === SITE_MODEL) {
		// A path on this site (transformers.js reads same-origin models by path, not URL): never another host.
		const folder = form.siteFolder.trim();
		if (!/^\/[\w.-][\w./-]*$/.test(folder) || folder.split('/').includes('..'))
			return m.lb_eval_site_problem();
		return parseChoice({ engine: 'transformers', model: folder });
	}
	const option = form.options.find((o) => o.value === choice);
	const seat: ModelChoice = option ? { ...option.choice } : { engine: 'scripted' };
	if (seat.engine !== 'openai') return seat;
	return parseChoice({
		engine: 'openai',
		model: form.endpoint.model.trim(),
		baseUrl: form.endpoint.baseUrl.trim()
	});
}

/** Whether a typed number of games at once is one the queue runs: a whole number from 1 to `max`. */
export function fitsConcurrency(n: number, max: number): boolean {
	return Number.isInteger(n) && n >= 1 && n <= max;
}

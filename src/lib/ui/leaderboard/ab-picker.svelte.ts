/**
 * The leaderboard's A/B panel as state (`routes/leaderboard/+page.svelte` renders it): the rows the
 * two pickers offer and hold, the comparison of the two picked (`ab-view.ts`: paired on shared eval
 * deals where there are any), their names, and the files the panel downloads. The page gives it the
 * model rows and the tagged games it reads, as functions, so that it follows them as they change.
 */
import { abCsv } from '$lib/analysis/ab-table';
import { isCrossLanguage, type TaggedGame } from '$lib/analysis/eval-pairing';
import type { LeaderboardRow } from '$lib/scenarios/undercover/analysis/leaderboard';
import { abComparison, abPicks } from './ab-view';
import { abRowsOf } from './leaderboard-view';
import { rowName } from './view-model';

const NO_NAME = { text: '', translated: true };

export class AbPicker {
	/** The key of the row picker A holds. */
	a = $state('');
	/** The key of the row picker B holds. */
	b = $state('');
	/** Whether the visitor picked a row: from then on a pick is kept while its row is offered. */
	#picked = false;
	readonly #byModel: () => readonly LeaderboardRow[];
	readonly #tagged: () => readonly TaggedGame[];

	constructor(byModel: () => readonly LeaderboardRow[], tagged: () => readonly TaggedGame[]) {
		this.#byModel = byModel;
		this.#tagged = tagged;
	}

	/** Every model, and each model that played in both languages once per language. */
	readonly rows = $derived.by(() => abRowsOf(this.#byModel(), this.#tagged()));
	readonly rowA = $derived(this.rows.find((r) => r.key === this.a));
	readonly rowB = $derived(this.rows.find((r) => r.key === this.b));
	/**
	 * The A/B table's lines, one per compared rate then tokens and seconds per game: paired on shared
	 * eval deals when there are any, otherwise two independent samples. The table and the files are
	 * both rendered from these lines.
	 */
	readonly comparison = $derived.by(() => abComparison(this.#tagged(), this.rowA, this.rowB));
	/** The two rows are one model in its two languages: paired on the deals of both. */
	readonly crossLanguage = $derived(
		!!this.rowA && !!this.rowB && isCrossLanguage(this.rowA.key, this.rowB.key)
	);
	readonly nameA = $derived(this.rowA ? rowName(this.rowA) : NO_NAME);
	readonly nameB = $derived(this.rowB ? rowName(this.rowB) : NO_NAME);

	/** The visitor picked a row in either picker. */
	pick(): void {
		this.#picked = true;
	}

	/**
	 * Sets the pickers from the rows offered now: the first two models by default (a model in one
	 * language only when there is no second model), following the rows when the scope changes, and
	 * keeping what the visitor picked. A reactive caller runs it whenever the rows change.
	 */
	follow(): void {
		const keys = this.rows.map((r) => r.key);
		const preferred = [...this.#byModel().map((r) => r.key), ...keys];
		const picks = abPicks(keys, preferred, { a: this.a, b: this.b }, this.#picked);
		this.a = picks.a;
		this.b = picks.b;
	}

	/** The comparison as a CSV table or a JSON document; null while there is nothing to compare. */
	file(format: 'csv' | 'json'): string | null {
		const { lines } = this.comparison;
		if (!lines.length || !this.rowA || !this.rowB) return null;
		const labels = { a: this.rowA.label, b: this.rowB.label };
		return format === 'csv'
			? abCsv(lines, labels)
			: JSON.stringify({ labels, keys: { a: this.rowA.key, b: this.rowB.key }, lines }, null, 2);
	}
}

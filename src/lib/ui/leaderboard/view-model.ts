/** What the leaderboard page draws from leaderboard rows: column definitions, figures, chart data. */
import type { GroupedBarsData } from '$lib/charts/grouped-bars';
import type { H2hMatrixData } from '$lib/charts/h2h-matrix';
import type { ScatterPoint } from '$lib/charts/side-scatter';
import type { MeanComparison, ProportionComparison } from '$lib/analysis/ab';
import { formatP, type AbLine, type Verdict } from '$lib/analysis/ab-table';
import type { LeaderboardRow, Proportion } from '$lib/scenarios/undercover/analysis/leaderboard';
import type { CkRate } from '$lib/analysis/ck-arena';
import { csvRound } from '$lib/analysis/csv';
import type { HeadToHeadCell, RatedRate, SideRating } from '$lib/scenarios/undercover/analysis/ratings';
import type { Role } from '$lib/scenarios/undercover/state';
import { m } from '$lib/paraglide/messages';

export type RateKey =
	| 'civilianWin'
	| 'undercoverWin'
	| 'firstRoundOut'
	| 'voteHit'
	| 'voteHitAsCivilian'
	| 'herding'
	| 'comeback'
	| 'invalidReply'
	| 'firstOption';

interface RateText {
	label: () => string;
	short: () => string;
	definition: () => string;
}

/** The words of each rate, in the interface's language (the full definitions are in scenarios/undercover/analysis/leaderboard). */
const RATE_TEXT: Record<RateKey, RateText> = {
	civilianWin: {
		label: m.lb_rate_civilian_win,
		short: m.lb_rate_civilian_win_short,
		definition: m.lb_rate_civilian_win_def
	},
	undercoverWin: {
		label: m.lb_rate_undercover_win,
		short: m.lb_rate_undercover_win_short,
		definition: m.lb_rate_undercover_win_def
	},
	firstRoundOut: {
		label: m.lb_rate_first_out,
		short: m.lb_rate_first_out_short,
		definition: m.lb_rate_first_out_def
	},
	voteHit: { label: m.lb_rate_vote_hit, short: m.lb_rate_vote_hit_short, definition: m.lb_rate_vote_hit_def },
	voteHitAsCivilian: {
		label: m.lb_rate_vote_hit_civilian,
		short: m.lb_rate_vote_hit_civilian_short,
		definition: m.lb_rate_vote_hit_civilian_def
	},
	herding: { label: m.lb_rate_herding, short: m.lb_rate_herding_short, definition: m.lb_rate_herding_def },
	comeback: {
		label: m.lb_rate_comeback,
		short: m.lb_rate_comeback_short,
		definition: m.lb_rate_comeback_def
	},
	invalidReply: {
		label: m.lb_rate_invalid,
		short: m.lb_rate_invalid_short,
		definition: m.lb_rate_invalid_def
	},
	firstOption: {
		label: m.lb_rate_first_option,
		short: m.lb_rate_first_option_short,
		definition: m.lb_rate_first_option_def
	}
};

/**
 * The rates the tables show, in order: a header, a short header for the chart and a definition for
 * the header's title, each read from messages/<locale>.json when used (getters), so they follow the
 * language switch.
 */
export const RATE_COLUMNS: readonly {
	key: RateKey;
	readonly label: string;
	readonly short: string;
	readonly definition: string;
}[] = (Object.keys(RATE_TEXT) as RateKey[]).map((key) => ({
	key,
	get label() {
		return RATE_TEXT[key].label();
	},
	get short() {
		return RATE_TEXT[key].short();
	},
	get definition() {
		return RATE_TEXT[key].definition();
	}
}));

const ORDINAL_SUFFIX = (n: number) =>
	n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
const SIDE_NAMES: Record<Role, () => string> = {
	civilian: m.lb_side_civilian,
	undercover: m.lb_side_undercover,
	blank: m.lb_side_blank
};
const DIFFICULTY_NAMES: Record<number, () => string> = {
	1: m.lb_difficulty_1,
	2: m.lb_difficulty_2,
	3: m.lb_difficulty_3
};

/**
 * A row's name in the interface's language. `scenarios/undercover/analysis/leaderboard` labels rows in English for the
 * exports; the page says the baselines, positions and difficulties in its own words and shows a
 * model's or persona's name as it is (`translated` false: the page marks it translate="no").
 */
export function rowName(row: LeaderboardRow): { text: string; translated: boolean } {
	const inLang = langRowName(row);
	if (inLang) return inLang;
	if (row.side && row.model !== undefined) {
		const model = rowName({
			...row,
			key: row.model,
			label: row.label.replace(/ as \w+$/, ''),
			side: undefined
		});
		return {
			text: m.lb_row_side({ model: model.text, side: SIDE_NAMES[row.side]() }),
			translated: model.translated
		};
	}
	if (row.kind === 'oracle') return { text: m.lb_row_oracle(), translated: true };
	if (row.kind === 'fair') return { text: m.lb_row_fair(), translated: true };
	const position = /^position:(\d+)$/.exec(row.key);
	if (position) {
		const n = Number(position[1]);
		return { text: m.lb_row_position({ n, ordinal: `${n}${ORDINAL_SUFFIX(n)}` }), translated: true };
	}
	const difficulty = /^difficulty:(\d+)$/.exec(row.key);
	if (difficulty) {
		const d = Number(difficulty[1]);
		return {
			text: m.lb_row_difficulty({ d, name: (DIFFICULTY_NAMES[d] ?? m.lb_difficulty_unknown)() }),
			translated: true
		};
	}
	return { text: row.label, translated: false };
}

/** An A/B line's measure in the interface's language: a rate's column label, or tokens or seconds per game. */
export function figureName(f: AbLine['figure']): string {
	if (f === 'tokensPerGame') return m.lb_tokens_per_game();
	if (f === 'secondsPerGame') return m.lb_seconds_per_game();
	return RATE_COLUMNS.find((c) => c.key === f)?.label ?? f;
}

/** "45% (9/20)", or "– (0/0)" where nothing was observed: every figure shows what it rests on. */
export function formatProportion(p: Proportion): string {
	return p.rate === null ? `– (0/0)` : `${Math.round(p.rate * 100)}% (${p.x}/${p.n})`;
}

export function formatPerGame(v: number, digits = 0): string {
	return v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The chart of rates per row: one cluster per rate, one bar per row (model or persona). */
export function ratesChartData(rows: readonly LeaderboardRow[]): GroupedBarsData {
	return {
		groups: RATE_COLUMNS.map((c) => ({ key: c.key, label: c.short })),
		series: rows.map((r) => ({ key: r.key, label: rowName(r).text })),
		values: rows.flatMap((r) =>
			RATE_COLUMNS.map((c) => {
				const p = r[c.key];
				return { group: c.key, series: r.key, value: p.rate, detail: `${p.x}/${p.n}` };
			})
		)
	};
}

const signedPct = (v: number) => {
	const points = Math.round(v * 100);
	return `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points)}`;
};

/** "+12 pts [−3, +27]": a difference of rates, in percentage points, with its interval. */
export function formatRateDiff(c: Pick<ProportionComparison, 'diff' | 'lower' | 'upper'>): string {
	if (c.diff === null) return m.lb_no_data_one_side();
	return m.lb_points_diff({ diff: signedPct(c.diff), lower: signedPct(c.lower), upper: signedPct(c.upper) });
}

export function formatMeanDiff(
	c: Pick<MeanComparison, 'diff' | 'lower' | 'upper'> | null,
	digits = 0
): string {
	if (!c) return m.lb_no_data_one_side();
	const f = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${formatPerGame(Math.abs(v), digits)}`;
	return `${f(c.diff)} [${f(c.lower)}, ${f(c.upper)}]`;
}

/** What the A/B table shows in each cell of a line: the CSV (`abCsv`) carries the same figures. */
export interface AbCells {
	a: string;
	b: string;
	diff: string;
	/** "paired, 12 games" or "unpaired, 126 and 8 games": what the interval rests on. */
	method: string;
	mcnemar: string;
	needed: string;
	verdict: string;
}

const VERDICT_TEXT: Record<Verdict, () => string> = {
	differs: m.lb_verdict_differs,
	same: m.lb_verdict_same,
	'few-games': m.lb_verdict_few_games,
	'no-data': m.lb_no_data_one_side
};

export function abCells(line: AbLine): AbCells {
	const rate = line.a.n !== null;
	const digits = line.figure === 'secondsPerGame' ? 1 : 0;
	// Every number as `abCsv` writes it (6 decimals), so the page rounds the file's value, not another.
	const r6 = (v: number) => (Number.isFinite(v) ? csvRound(v, 6) : v);
	const side = (s: AbLine['a']) =>
		rate
			? formatProportion({ x: s.x ?? 0, n: s.n ?? 0, rate: s.value === null ? null : r6(s.value) })
			: s.value === null
				? '–'
				: formatPerGame(r6(s.value), digits);
	const interval = {
		diff: line.diff === null ? null : r6(line.diff),
		lower: r6(line.lower),
		upper: r6(line.upper)
	};
	return {
		a: side(line.a),
		b: side(line.b),
		diff: rate
			? formatRateDiff(interval)
			: formatMeanDiff(line.diff === null ? null : { ...interval, diff: line.diff }, digits),
		method:
			line.method === 'paired'
				? m.lb_ab_method_paired({ n: line.games.a })
				: m.lb_ab_method_unpaired({ a: line.games.a, b: line.games.b }),
		mcnemar: line.mcnemar ? formatP(line.mcnemar.p) : '–',
		needed: line.gamesNeeded === null ? '–' : String(line.gamesNeeded),
		verdict: VERDICT_TEXT[line.verdict]()
	};
}

/** "62.5% [30.6, 86.3] (5/8)": a CK-Arena rate with its Wilson interval and its counts; "–" with none. */
export function formatCkRate(r: CkRate): string {
	if (r.p === null) return '– (0/0)';
	// The value its CSV (CK-Arena, leaks, ratings: 4 decimals) writes, so the two round alike.
	const pct = (v: number) => (csvRound(v, 4) * 100).toFixed(1);
	return `${pct(r.p)}% [${pct(r.lower)}, ${pct(r.upper)}] (${r.x}/${r.n})`;
}

/** A side of the A/B in one language, "openai:m@zh", named as the page names its model. */
function langRowName(row: LeaderboardRow): { text: string; translated: boolean } | null {
	const side = /^(.*)@(en|zh)$/.exec(row.key);
	if (!side) return null;
	const base = rowName({ ...row, key: side[1] as string, label: row.label.replace(/ \(in \w+\)$/, '') });
	const lang = side[2] === 'zh' ? m.lb_lang_zh() : m.lb_lang_en();
	return { text: m.lb_row_in_lang({ name: base.text, lang }), translated: base.translated };
}

/**
 * The deceiver-against-detector chart's points: one per model of the ratings table, in its order, the
 * same x/n and intervals the table and the ratings CSV give (a test reads all three). `name` is how the
 * page names a model (the baselines through messages).
 */
export function sideScatterData(
	ratings: readonly SideRating[],
	name: (model: string) => string
): ScatterPoint[] {
	const rate = (r: RatedRate) => ({ p: r.p, lower: r.lower, upper: r.upper, x: r.x, n: r.n });
	return ratings.map((r) => ({
		key: r.model,
		label: name(r.model),
		shape: r.kind === 'oracle' ? 'square' : r.kind === 'fair' ? 'diamond' : 'circle',
		x: rate(r.detection),
		y: rate(r.deception)
	}));
}

/** The head-to-head matrix: every model that deceived or detected is a row and a column, in key order. */
export function h2hMatrixData(
	matrix: readonly HeadToHeadCell[],
	name: (model: string) => string
): H2hMatrixData {
	const keys = [...new Set(matrix.flatMap((c) => [c.deceiver, c.detector]))].sort();
	return {
		models: keys.map((key) => ({ key, label: name(key) })),
		cells: matrix.map((c) => ({
			row: c.deceiver,
			col: c.detector,
			p: c.p,
			lower: c.lower,
			upper: c.upper,
			x: c.x,
			n: c.n
		}))
	};
}

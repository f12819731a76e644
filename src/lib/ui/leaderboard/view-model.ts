/** What the leaderboard page draws from leaderboard rows: column definitions, figures, chart data. */
import type { GroupedBarsData } from '$lib/charts/grouped-bars';
import type { MeanComparison, ProportionComparison } from '$lib/metrics/ab';
import type { LeaderboardRow, Proportion } from '$lib/metrics/leaderboard';

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

/** The rates the tables show, in order, with short headers (definitions come from METRIC_DEFINITIONS). */
export const RATE_COLUMNS: { key: RateKey; label: string; short: string }[] = [
	{ key: 'civilianWin', label: 'win as civilian', short: 'civ. win' },
	{ key: 'undercoverWin', label: 'win as undercover', short: 'u/c win' },
	{ key: 'firstRoundOut', label: 'first-round out', short: '1st out' },
	{ key: 'voteHit', label: 'vote hits', short: 'vote hits' },
	{ key: 'voteHitAsCivilian', label: 'vote hits as civilian', short: 'civ. hits' },
	{ key: 'herding', label: 'herding', short: 'herding' },
	{ key: 'comeback', label: 'defence comeback', short: 'comeback' },
	{ key: 'invalidReply', label: 'invalid replies', short: 'invalid' },
	{ key: 'firstOption', label: 'votes for the first option shown', short: '1st option' }
];

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
		series: rows.map((r) => ({ key: r.key, label: r.label })),
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

/** "+12 points [−3, +27]": a difference of rates, in percentage points, with its interval. */
export function formatRateDiff(c: Pick<ProportionComparison, 'diff' | 'lower' | 'upper'>): string {
	if (c.diff === null) return 'no data on one side';
	return `${signedPct(c.diff)} pts [${signedPct(c.lower)}, ${signedPct(c.upper)}]`;
}

export function formatMeanDiff(
	c: Pick<MeanComparison, 'diff' | 'lower' | 'upper'> | null,
	digits = 0
): string {
	if (!c) return 'no data on one side';
	const f = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${formatPerGame(Math.abs(v), digits)}`;
	return `${f(c.diff)} [${f(c.lower)}, ${f(c.upper)}]`;
}

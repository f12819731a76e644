/**
 * The leaderboard's A/B view as data, out of the page (a page is markup and wiring): which two rows
 * the pickers hold, and the comparison the table and its CSV are drawn from: paired on the
 * evaluation deals both sides played where there are any, otherwise two independent samples. Pure.
 */
import { comparePaired, compareRows, type PairedComparison } from '$lib/analysis/ab';
import { pairedLines, unpairedLines, type AbLine } from '$lib/analysis/ab-table';
import { isCrossLanguage, sideFigures, type TaggedGame } from '$lib/analysis/eval-pairing';
import type { LeaderboardRow } from '$lib/scenarios/undercover/analysis/leaderboard';

/** The resampling seed of every A/B interval: the same games give the same table on every visit. */
const AB_SEED = 1;

/**
 * The rows the A and B pickers hold. Until the visitor picks (`picked` false) they follow the
 * preferred order (the models first, then the per-language rows); a pick is kept while its row is
 * still offered, and B never repeats A.
 */
export function abPicks(
	keys: readonly string[],
	preferred: readonly string[],
	current: { a: string; b: string },
	picked: boolean
): { a: string; b: string } {
	const a = !picked || !keys.includes(current.a) ? (preferred[0] ?? '') : current.a;
	const b =
		!picked || !keys.includes(current.b) || current.b === a
			? (preferred.find((k) => k !== a) ?? '')
			: current.b;
	return { a, b };
}

export interface AbComparison {
	/** The paired comparison, when the two sides share evaluation deals; null when not paired. */
	paired: PairedComparison | null;
	/** One line per compared rate, then tokens and seconds per game: what the table and CSV show. */
	lines: AbLine[];
}

/** The comparison of two rows; nothing to compare without two different rows. */
export function abComparison(
	tagged: readonly TaggedGame[],
	rowA: LeaderboardRow | undefined,
	rowB: LeaderboardRow | undefined
): AbComparison {
	if (!rowA || !rowB || rowA.key === rowB.key) return { paired: null, lines: [] };
	const cross = isCrossLanguage(rowA.key, rowB.key);
	const paired = comparePaired(sideFigures(tagged, rowA.key, cross), sideFigures(tagged, rowB.key, cross), {
		seed: AB_SEED
	});
	if (paired.pairs > 0) return { paired, lines: pairedLines(paired) };
	return { paired: null, lines: unpairedLines(compareRows(rowA, rowB, { seed: AB_SEED }), rowA, rowB) };
}

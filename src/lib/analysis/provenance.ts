/**
 * Where a leaderboard's games come from. A game counts only when it was played in this browser or
 * re-executed before it was stored (an import through run/verify.ts); an import stored by an older
 * version was never re-executed and counts nowhere; a person may remove any import from the
 * statistics (and count it again). Each row then says how many of its games came from where.
 */
import {
	leaderboard,
	type Analysable,
	type LeaderboardBy
} from '../scenarios/undercover/analysis/leaderboard';

/** What the statistics read of a saved run's record (storage/runs.ts `RunRecord`). */
export interface RunOrigin {
	imported?: boolean;
	origin?: { method: 'reexecuted' | 'checked' };
	excluded?: boolean;
}

/** `played`: here; `reexecuted` / `checked`: imported and verified (checked: a person played a seat). */
export type Provenance = 'played' | 'reexecuted' | 'checked' | 'unverified';

export function provenanceOf(run: RunOrigin): Provenance {
	if (!run.imported) return 'played';
	return run.origin?.method ?? 'unverified';
}

/** Whether a run's game counts in the statistics. */
export function counts(run: RunOrigin): boolean {
	return !run.excluded && provenanceOf(run) !== 'unverified';
}

export type ProvenanceCounts = Record<'played' | 'reexecuted' | 'checked', number>;

/**
 * Per row key: how many of the row's games were played here, imported and re-executed, or imported and
 * checked move by move. The rows' own fold (leaderboard.ts) over each kind's games, so a game counts
 * where and exactly as the table counts it.
 */
export function provenanceByRow(
	games: readonly { log: Analysable; run: RunOrigin }[],
	by: LeaderboardBy
): Map<string, ProvenanceCounts> {
	const out = new Map<string, ProvenanceCounts>();
	for (const kind of ['played', 'reexecuted', 'checked'] as const) {
		const logs = games.filter((g) => counts(g.run) && provenanceOf(g.run) === kind).map((g) => g.log);
		for (const row of leaderboard(logs, by)) {
			const c = out.get(row.key) ?? { played: 0, reexecuted: 0, checked: 0 };
			c[kind] = row.games;
			out.set(row.key, c);
		}
	}
	return out;
}

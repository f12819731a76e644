/** What the undercover page draws, derived from the scenario state (never stored, always recomputed). */
import type { Role, Stage, UndercoverState } from '$lib/scenarios/undercover';
import type { VoteFlowData } from '$lib/charts/vote-flow';

export function voteFlowData(s: UndercoverState): VoteFlowData {
	const rounds = new Map<number, VoteFlowData['rounds'][number]>();
	for (const t of s.tallies) {
		const round = rounds.get(t.round) ?? { round: t.round, stages: [], eliminated: null };
		const votes = s.votes
			.filter((v) => v.round === t.round && v.stage === t.stage)
			.map((v) => ({ voter: v.voter as number, target: v.target as number | null }));
		const tied =
			s.tallies.some((x) => x.round === t.round && x.stage === 'revote') && t.stage === 'vote' ? t.top : [];
		round.stages.push({ stage: t.stage, votes, tied: tied.map(Number) });
		rounds.set(t.round, round);
	}
	for (const e of s.eliminations) {
		const r = rounds.get(e.round);
		if (r) r.eliminated = e.seat;
	}
	return {
		seats: s.seats.map((x) => ({ id: x.id, name: x.persona.name, alive: x.alive })),
		rounds: [...rounds.values()]
	};
}

export interface RoundSummary {
	round: number;
	speeches: number;
	/** The round's last tally, most votes first; null before the round's vote. */
	tally: { seat: number; votes: number }[] | null;
	tie: number[];
	eliminated: { seat: number; name: string; role: Role } | null;
}

export function roundSummaries(s: UndercoverState): RoundSummary[] {
	const out: RoundSummary[] = [];
	for (let r = 1; r <= s.round; r++) {
		const tallies = s.tallies.filter((t) => t.round === r);
		const last = tallies[tallies.length - 1];
		const elim = s.eliminations.find((e) => e.round === r);
		const seat = elim ? s.seats.find((x) => x.id === elim.seat) : undefined;
		out.push({
			round: r,
			speeches: s.speeches.filter((x) => x.round === r && x.text !== null).length,
			tally: last
				? Object.entries(last.counts)
						.filter(([, n]) => n > 0)
						.sort((a, b) => b[1] - a[1])
						.map(([seatNo, n]) => ({ seat: Number(seatNo), votes: n }))
				: null,
			tie: tallies.find((t) => t.stage === 'vote' && t.top.length > 1)?.top.map(Number) ?? [],
			eliminated: seat ? { seat: seat.id, name: seat.persona.name, role: seat.role } : null
		});
	}
	return out;
}

/** One row of the vote table: the chart's text equivalent, every vote in log order. */
export interface VoteRow {
	round: number;
	stage: Stage;
	voter: number;
	target: number | null;
}

export function voteRows(s: UndercoverState): VoteRow[] {
	return s.votes.map((v) => ({
		round: v.round,
		stage: v.stage,
		voter: Number(v.voter),
		target: v.target === null ? null : Number(v.target)
	}));
}

/** The latest thing each seat said this round: its speech, or its defence in a tiebreak. */
export function latestWords(s: UndercoverState): Record<number, { text: string | null; kind: string }> {
	const latest: Record<number, { text: string | null; kind: string }> = {};
	for (const sp of s.speeches) if (sp.round === s.round) latest[sp.seat] = { text: sp.text, kind: sp.kind };
	return latest;
}

/** The seat whose turn it is, if a single seat is being asked. */
export function currentSpeaker(s: UndercoverState): number | null {
	if (s.phase === 'SPEAK') {
		const spoken = new Set(
			s.speeches.filter((x) => x.round === s.round && x.kind === 'speech').map((x) => x.seat)
		);
		return s.order.find((id) => !spoken.has(id)) ?? null;
	}
	if (s.phase === 'TIEBREAK') {
		const done = new Set(
			s.speeches.filter((x) => x.round === s.round && x.kind === 'defence').map((x) => x.seat)
		);
		return s.tied.find((id) => !done.has(id)) ?? null;
	}
	return null;
}

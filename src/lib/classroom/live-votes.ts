/**
 * The votes of the stage being voted now (or last voted), laid out for the presenter's animation:
 * seats on a circle, one arrow per vote in the order the log has them (ask order, so the same on
 * every machine). Pure: the page draws it and animates each arrow as it appears.
 */
import type { UndercoverState } from '../scenarios/undercover';

export interface LiveSeat {
	id: number;
	x: number;
	y: number;
	alive: boolean;
	/** Votes this seat has received in the stage. */
	received: number;
}

export interface LiveVote {
	key: string;
	voter: number;
	target: number;
	/** 0 for the first vote of the stage: the order they animate in. */
	index: number;
	from: { x: number; y: number };
	to: { x: number; y: number };
}

export interface LiveVotes {
	round: number;
	stage: 'vote' | 'revote' | null;
	seats: LiveSeat[];
	votes: LiveVote[];
	/**
	 * Every vote of the stage in the log's order, an abstention (`target` null) included: what the
	 * page says in words, the text equivalent of the drawing.
	 */
	cast: { voter: number; target: number | null }[];
}

/** Seats on a circle of radius `r` around (0.5, 0.5), seat 1 at the top, clockwise. */
export function seatPosition(i: number, n: number, r = 0.38): { x: number; y: number } {
	const angle = (2 * Math.PI * i) / n - Math.PI / 2;
	return { x: round(0.5 + r * Math.cos(angle)), y: round(0.5 + r * Math.sin(angle)) };
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** Pulls an arrow's end back from the seat's centre, so the head sits on the seat's edge. */
function shorten(a: { x: number; y: number }, b: { x: number; y: number }, by: number) {
	const dx = b.x - a.x;
	const dy = b.y - a.y;
	const d = Math.hypot(dx, dy) || 1;
	return { x: round(b.x - (dx / d) * by), y: round(b.y - (dy / d) * by) };
}

export function liveVotes(s: UndercoverState): LiveVotes {
	const last = s.votes.at(-1);
	const stage = last && last.round === s.round ? last.stage : null;
	const votes = stage ? s.votes.filter((v) => v.round === s.round && v.stage === stage) : [];
	const at = new Map(s.seats.map((seat, i) => [seat.id as number, seatPosition(i, s.seats.length)]));
	const received = new Map<number, number>();
	const out: LiveVote[] = [];
	const cast = votes.map((v) => ({ voter: v.voter, target: v.target }));
	for (const v of votes) {
		if (v.target === null) continue;
		received.set(v.target, (received.get(v.target) ?? 0) + 1);
		const from = at.get(v.voter)!;
		const to = at.get(v.target)!;
		out.push({
			key: `${s.round}:${stage}:${v.voter}`,
			voter: v.voter,
			target: v.target,
			index: out.length,
			from: shorten(to, from, 0.05),
			to: shorten(from, to, 0.06)
		});
	}
	return {
		round: s.round,
		stage,
		seats: s.seats.map((seat) => ({
			id: seat.id,
			...at.get(seat.id)!,
			alive: seat.alive,
			received: received.get(seat.id) ?? 0
		})),
		votes: out,
		cast
	};
}

/**
 * A prediction point's question and outcomes in the interface language. The class's log keeps the
 * English words it was recorded with (they are hashed into its chain, so they cannot follow the
 * language on screen); the page says them again from what they stand for: the kind of point, whether
 * it is a revote, and each outcome's value.
 */
import { m } from '$lib/paraglide/messages';
import type { PredictionPoint } from '$lib/classroom/predictions';

type Point = Pick<PredictionPoint, 'kind'> & { id: string };

const isRevote = (p: Point) => p.kind === 'vote' && p.id.endsWith(':revote');

export function questionText(p: Point): string {
	switch (p.kind) {
		case 'vote':
			return isRevote(p) ? m.play_q_revote() : m.play_q_vote();
		case 'verdict':
			return m.play_q_verdict();
		case 'spend':
			return m.play_q_spend();
	}
}

/**
 * An outcome on offer (or the agents' `none`), or the class's lack of a single pick (`null`). A seat
 * is named as the class sees it at the table (`names`: seat number to name), its number beside it.
 */
export function outcomeText(p: Point, value: string | null, names: Record<string, string> = {}): string {
	if (value === null) return m.play_o_no_pick();
	if (value === 'none') return m.play_o_none();
	switch (p.kind) {
		case 'vote':
			if (value === 'tie') return isRevote(p) ? m.play_o_tie_again() : m.play_o_tie();
			return names[value]
				? m.play_o_seat_named({ seat: value, name: names[value] })
				: m.play_o_seat({ seat: value });
		case 'verdict':
			return value === 'veto' ? m.play_o_veto() : value === 'approve' ? m.play_o_approve() : value;
		case 'spend':
			return value === 'SKIP' ? m.play_o_skip() : value === 'IMPROVE' ? m.play_o_improve() : value;
	}
}

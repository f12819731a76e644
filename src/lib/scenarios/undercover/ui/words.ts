/**
 * The undercover page's words in the interface language: phases, roles, the outcome, and what the
 * live region announces. The game's own text (speeches, names, words) is in the run's language and is
 * never translated; `LANG_TAG` marks it as such for screen readers and translators.
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import type { Phase, Role, UndercoverOutcome, UndercoverState, Winner } from '$lib/scenarios/undercover';
import type { Lang } from '$lib/scenarios/undercover/words/types';

/** The `lang` attribute of text in the game's language. */
export const LANG_TAG: Record<Lang, string> = { en: 'en', zh: 'zh-CN' };

export const PHASE_LABEL: Record<Phase, () => string> = {
	SETUP: m.uc_phase_SETUP,
	SPEAK: m.uc_phase_SPEAK,
	VOTE: m.uc_phase_VOTE,
	RESOLVE: m.uc_phase_RESOLVE,
	TIEBREAK: m.uc_phase_TIEBREAK,
	END: m.uc_phase_END
};

export const ROLE_LABEL: Record<Role, () => string> = {
	civilian: m.uc_role_civilian,
	undercover: m.uc_role_undercover,
	blank: m.uc_role_blank
};

export const WINNER_LABEL: Record<Winner, () => string> = {
	civilians: m.uc_win_civilians,
	undercover: m.uc_win_undercover,
	draw: m.uc_draw
};

/**
 * Why the game ended. The reason in the log is English (the rules' and the run gate's sentences, the
 * same in every run); other languages get the known sentences from messages, matched by their shape.
 */
export function reasonText(outcome: UndercoverOutcome): string {
	const reason = outcome.reason;
	if (getLocale() === 'en') return reason;
	if (outcome.winner === 'civilians') return m.uc_reason_civilians();
	if (outcome.winner === 'undercover') return m.uc_reason_undercover();
	const cap = /^round cap of (\d+) reached$/.exec(reason);
	if (cap) return m.uc_reason_round_cap({ n: Number(cap[1]) });
	const full =
		/^log size limit: the run file has reached (\d+) MB, and a run file holds at most (\d+) MB$/.exec(reason);
	if (full) return m.uc_reason_log_full({ mb: Number(full[1]), max: Number(full[2]) });
	return m.uc_reason_budget({ what: reason });
}

// ---------------------------------------------------------------------------------------------
// The live region

/** How much of the game the live region has already told. */
export interface Seen {
	votes: number;
	eliminations: number;
	tied: boolean;
	over: boolean;
}

export type News =
	| { kind: 'vote'; voter: number; target: number | null }
	| { kind: 'tie'; seats: number[] }
	| { kind: 'out'; seat: number; lot: boolean }
	| { kind: 'end'; winner: Winner };

export function seenOf(s: UndercoverState): Seen {
	return {
		votes: s.votes.length,
		eliminations: s.eliminations.length,
		tied: s.tied.length > 0,
		over: s.outcome !== null
	};
}

/** What happened since `seen`, in order: the new votes, then a tie, an elimination, the end. */
export function newsOf(seen: Seen, s: UndercoverState): News[] {
	const news: News[] = s.votes.slice(seen.votes).map((v) => ({
		kind: 'vote',
		voter: Number(v.voter),
		target: v.target === null ? null : Number(v.target)
	}));
	if (!seen.tied && s.tied.length > 0) news.push({ kind: 'tie', seats: s.tied.map(Number) });
	for (const e of s.eliminations.slice(seen.eliminations))
		news.push({ kind: 'out', seat: Number(e.seat), lot: e.lot === true });
	if (!seen.over && s.outcome) news.push({ kind: 'end', winner: s.outcome.winner });
	return news;
}

export function newsText(n: News): string {
	switch (n.kind) {
		case 'vote':
			return n.target === null
				? m.uc_announce_abstain({ voter: n.voter })
				: m.uc_announce_vote({ voter: n.voter, target: n.target });
		case 'tie':
			return m.uc_announce_tie({ seats: n.seats.join(getLocale() === 'zh' ? '、' : ', ') });
		case 'out':
			return n.lot ? m.uc_announce_out_lot({ seat: n.seat }) : m.uc_announce_out({ seat: n.seat });
		case 'end':
			return m.uc_announce_end({ headline: WINNER_LABEL[n.winner]() });
	}
}

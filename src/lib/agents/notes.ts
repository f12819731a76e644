/**
 * An agent's private notes through one game: what it suspected, and why. They are read from the seat's
 * own vote replies (the target and the reason it gave), and go into its own later prompts.
 *
 * Notes are a pure function of the seat's own calls, folded the same way during play and on resume:
 * `restore` hands a policy its seat's `model.called` events from the log, so a resumed run builds the
 * same notes, and the same prompts, as the uninterrupted one. The latest call of an ask wins: a turn
 * that was interrupted and asked again leaves only the call the log kept, and a repaired vote replaces
 * the one it repaired.
 *
 * The god view's monologue is not a source: it runs when a viewer opens the god view, so notes drawn
 * from it would make the run depend on who watched. Pure: no clock, no randomness.
 */
import type { ModelCall, SeatId } from '../core';
import { parseReply } from '../scenarios/undercover/parse';
import type { Lang } from '../scenarios/undercover/words';

/** One of the seat's own calls, as the policy made it and as `model.called` records it. */
export interface OwnCall {
	/** The ask id, e.g. "r2:vote:vote:3": the round is read from it. */
	ask: string;
	purpose: string;
	reply: string;
	optionOrder?: readonly number[];
}

export interface Note {
	round: number;
	suspect: SeatId;
	/** The reason the seat gave, or '' when it gave none. */
	why: string;
}

/** Notes kept per prompt: the latest few, so a long game never crowds out the table. */
export const NOTES_PER_PROMPT = 4;

const isVote = (purpose: string) => purpose === 'vote' || purpose === 'repair vote';

export function notesFrom(
	calls: readonly OwnCall[],
	ctx: { self: SeatId; word: string | null; lang: Lang }
): Note[] {
	const latest = new Map<string, OwnCall>();
	for (const c of calls) if (isVote(c.purpose) && c.reply) latest.set(c.ask, c);
	const notes: Note[] = [];
	for (const c of latest.values()) {
		const round = Number(/^r(\d+):/.exec(c.ask)?.[1] ?? 0);
		// The seats it could vote for were those shown: enough to read the reply as the policy did.
		const alive = [ctx.self, ...(c.optionOrder ?? [])];
		const parsed = parseReply('vote', c.reply, { self: ctx.self, alive, word: ctx.word, lang: ctx.lang });
		if (!parsed.ok || !('target' in parsed.action)) continue;
		notes.push({ round, suspect: parsed.action.target as SeatId, why: parsed.action.reason ?? '' });
	}
	return notes.sort((a, b) => a.round - b.round);
}

/** A note as the seat reads it in its prompt. */
export function noteText(n: Note, lang: Lang): string {
	if (lang === 'zh') return `第${n.round}轮：我投了${n.suspect}号${n.why ? `，因为${n.why}` : ''}`;
	return `Round ${n.round}: I voted for seat ${n.suspect}${n.why ? ` because ${n.why.replace(/[.。]\s*$/, '')}` : ''}.`;
}

/** The own calls in a resumed log: the seat's `model.called` events, as the policy had recorded them. */
export function ownCallsFromLog(
	events: readonly { kind: string; data: unknown }[],
	seat: number
): (OwnCall & Partial<ModelCall>)[] {
	return events
		.filter((e) => e.kind === 'model.called' && (e.data as { seat?: number }).seat === seat)
		.map((e) => e.data as OwnCall & Partial<ModelCall>);
}

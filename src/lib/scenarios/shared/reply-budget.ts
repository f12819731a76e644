/**
 * How many completion tokens a reply may use, and how many to hold back for it when fitting a prompt.
 * Each scenario has one table of its ask kinds; each kind has two figures, since reasoning models think
 * before they answer and, on a small budget, spend it all thinking and return no answer (seed 002,
 * pitfall 1).
 */

/** One ask kind's reply budget, in completion tokens. */
export interface ReplyBudget {
	/** For a model that answers at once. */
	plain: number;
	/** For a reasoning model, which thinks first. */
	reasoning: number;
}

/** The least room a reply is guaranteed: a vote, or a short speech, with its JSON fits in it. */
const MIN_REPLY_RESERVE = 256;

/** The budget that applies to a model, reasoning or not. */
export const budgetFor = (budget: ReplyBudget, reasoning: boolean): number =>
	reasoning ? budget.reasoning : budget.plain;

/**
 * The tokens to hold back for the reply when fitting a prompt: the budget, but no more than a quarter
 * of the window (and never under MIN_REPLY_RESERVE), so a 1k-context model still sees the prompt. The
 * request's max_tokens may then grow into whatever room the fitted prompt leaves.
 */
export function reserveFor(budget: number, contextWindow: number): number {
	return Math.min(budget, Math.max(MIN_REPLY_RESERVE, Math.floor(contextWindow / 4)));
}

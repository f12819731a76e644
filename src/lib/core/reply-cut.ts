/**
 * Where a client stops a reply the server ran past its budget, and what a recorded call must then
 * show. One rule for both sides: the OpenAI-compatible client (engines/openai.ts) cuts by it, and a
 * replay (run/replay.ts, policies/llm/replay-client.ts) holds every recorded call to it, so the log's
 * `cutByClient` is evidence, not a note a forger may drop or add: a call marked as cut must have
 * reached its budget as the client counts it, and a call that reached it must be marked.
 */

/**
 * The most characters a token can carry, for cutting a reply the server did not stop at max_tokens:
 * real vocabularies' longest common tokens (runs of spaces or dashes) are about this long.
 */
export const MAX_CHARS_PER_TOKEN = 16;

/**
 * The longest reply a call returns, whatever its budget: its model.called line then stays within the
 * line limit a run file is opened with (run/run-file.ts MAX_LINE, 1 MiB) even if every character is
 * one JSON writes as six (\u0001), with room for the rest of the event. So a run the app writes is one
 * it can open (run-file-limits.spec.ts).
 */
export const MAX_REPLY_CHARS = 128 * 1024;

/** The characters a reply with this token budget may reach before the client cuts it. */
export function replyCharCap(budget: number | undefined): number {
	return Math.min((budget ?? Infinity) * MAX_CHARS_PER_TOKEN, MAX_REPLY_CHARS);
}

/**
 * Whether a reply has reached its budget as the client counts it: more content deltas than the
 * budget (each delta carries a token or more), or as many characters as that many tokens could carry.
 * Reaching the cap exactly counts, so a reply the client lets through unmarked is always shorter than
 * the cap, and a replay can tell the two apart from the recorded text alone.
 */
export function reachesBudget(deltas: number, chars: number, budget: number | undefined): boolean {
	return deltas > (budget ?? Infinity) || chars >= replyCharCap(budget);
}

/** The engine whose client cuts replies: only an endpoint's server can run past max_tokens. */
const CUTTING_ENGINE = 'openai';

/** A recorded call's fields the rule reads. */
export interface CutFields {
	engine: unknown;
	reply: string;
	finishReason: unknown;
	completionTokens: number;
	cutByClient?: unknown;
}

/**
 * What is wrong with a recorded call's tokens and cut against its request's budget (past it, or a cut
 * mark that does not fit), as the end of a sentence naming the call; null when nothing.
 */
export function budgetProblem(call: CutFields, budget: number | undefined): string | null {
	if (budget !== undefined && call.completionTokens > budget)
		return `records ${call.completionTokens} completion tokens, past its request's budget of ${budget}`;
	return cutProblem(call, budget);
}

/**
 * What is wrong with a recorded call's cut, measured against its request's budget, as the end of a
 * sentence that names the call ("event 12 (model.called) …"); null when nothing. A cut call records
 * its whole budget as spent (the client charges it so), ends for length and is no longer than the
 * cap; an endpoint's call without the mark is shorter than the cap, or the client would have cut it.
 */
export function cutProblem(call: CutFields, budget: number | undefined): string | null {
	const cap = replyCharCap(budget);
	const chars = call.reply.length;
	if (call.cutByClient !== undefined && call.cutByClient !== true) return 'has an unreadable cut mark';
	if (call.cutByClient === true) {
		if (call.engine !== CUTTING_ENGINE)
			return `is marked as cut by the client, which only an endpoint's replies can be (this is ${String(call.engine).slice(0, 20)})`;
		if (call.finishReason !== 'length') return 'is marked as cut at its budget but does not end for length';
		if (budget !== undefined && call.completionTokens !== budget)
			return `is marked as cut at its budget of ${budget} tokens but records ${call.completionTokens} completion tokens`;
		if (chars > cap)
			return `is marked as cut at its budget but its reply of ${chars} characters runs past the ${cap} the cut leaves`;
		return null;
	}
	if (call.engine === CUTTING_ENGINE && chars >= cap)
		return `records a reply of ${chars} characters, as long as its budget${budget === undefined ? '' : ` of ${budget} tokens`} allows, without the client's cut`;
	return null;
}

/**
 * The scripted "model" tests play an OpenAI-compatible seat with, in this process (no endpoint is
 * called): it votes for the first seat it may, says one fixed sentence otherwise, and reports the same
 * usage every call, so a run with it is a pure function of its setup and replays to the same hash.
 * Used by the browser tests that build model games to import (replay, forged) and the unit tests of the
 * deadline and the run-file limits; `first` replaces the first reply (the limits' longest reply).
 * Every reply comes back as the real OpenAI-compatible client returns it (`asClientReturns`): cut and
 * marked once it reaches its request's budget, since a replay refuses a reply the client would have cut.
 */
import { reachesBudget, replyCharCap } from '../src/lib/core/reply-cut';
import type { ChatRequest, ChatResponse } from '../src/lib/engines/types';
import type { ChatClient } from '../src/lib/policies/llm/chat-client';

/** What every fake reply says it cost: small, fixed figures, so a log's usage fields are the same each run. */
export const FAKE_USAGE = {
	promptTokens: 50,
	completionTokens: 9,
	ttftMs: 1,
	totalMs: 2,
	decodeTokensPerSecond: 9
} as const;

const FAKE_SPEECH = 'It is round and you can eat it.';

export interface FakeClientOptions {
	contextWindow?: number;
	/** The text of the first reply instead of the scripted one. */
	first?: string;
	/** A reasoning model: the policies give its replies their larger budgets (up to 8,000 tokens). */
	reasoning?: boolean;
}

/**
 * A reply as engines/openai.ts returns a server's: whole while it is short of the request's budget;
 * past it, cut at the character cap, ended for length, marked as cut and charged the whole budget.
 */
export function asClientReturns(text: string, req: ChatRequest): ChatResponse {
	const budget = req.max_tokens;
	if (!reachesBudget(0, text.length, budget)) return { text, finishReason: 'stop', usage: { ...FAKE_USAGE } };
	return {
		text: text.slice(0, replyCharCap(budget)),
		finishReason: 'length',
		cut: 'client',
		usage: { ...FAKE_USAGE, completionTokens: budget ?? FAKE_USAGE.completionTokens }
	};
}

export function fakeClient(model: string, opts: FakeClientOptions = {}): ChatClient {
	let calls = 0;
	return {
		engine: 'openai',
		model,
		contextWindow: opts.contextWindow ?? 8192,
		...(opts.reasoning ? { reasoning: true } : {}),
		async chat(req: ChatRequest): Promise<ChatResponse> {
			calls++;
			const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
			const text =
				calls === 1 && opts.first !== undefined
					? opts.first
					: props.target
						? JSON.stringify({ target: props.target.enum?.[0], reason: 'quiet' })
						: JSON.stringify({ speech: FAKE_SPEECH });
			return asClientReturns(text, req);
		}
	};
}

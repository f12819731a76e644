/**
 * The scripted "model" tests play an OpenAI-compatible seat with, in this process (no endpoint is
 * called): it votes for the first seat it may, says one fixed sentence otherwise, and reports the same
 * usage every call, so a run with it is a pure function of its setup and replays to the same hash.
 * Used by the browser tests that build model games to import (replay, forged) and the unit tests of the
 * deadline and the run-file limits; `first` replaces the first reply (the limits' longest reply).
 */
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

export const FAKE_SPEECH = 'It is round and you can eat it.';

export interface FakeClientOptions {
	contextWindow?: number;
	/** The text of the first reply instead of the scripted one. */
	first?: string;
}

export function fakeClient(model: string, opts: FakeClientOptions = {}): ChatClient {
	let calls = 0;
	return {
		engine: 'openai',
		model,
		contextWindow: opts.contextWindow ?? 8192,
		async chat(req: ChatRequest): Promise<ChatResponse> {
			calls++;
			const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
			const text =
				calls === 1 && opts.first !== undefined
					? opts.first
					: props.target
						? JSON.stringify({ target: props.target.enum?.[0], reason: 'quiet' })
						: JSON.stringify({ speech: FAKE_SPEECH });
			const usage = FAKE_USAGE;
			return { text, finishReason: 'stop', usage };
		}
	};
}

/**
 * The replay engine: a ChatClient that answers every call from a run's recording and never from a
 * model. Any LLM policy (undercover, governance, and later ones through the same chat client) replays
 * through it unchanged: the policy builds its request as it did live, and the recording must hold a
 * call with exactly that request. A recorded transport failure fails again, the same way, so the
 * replay pauses and retries where the original did.
 */
import { budgetProblem, ReplayMiss, type ReplaySource } from '../../core';
import type { ChatRequest, ChatResponse } from '../../engines/types';
import { requestDigest, requestHash, type ChatClient } from './chat-client';

export interface ReplayClientOptions {
	seat: number;
	engine: string;
	model: string;
	contextWindow: number;
	/** A reasoning model, as the live run's engine said: its policies ask with the larger budgets. */
	reasoning?: boolean;
	source: ReplaySource;
}

export function createReplayClient(opts: ReplayClientOptions): ChatClient {
	const { seat, engine, model, contextWindow, source } = opts;
	return {
		engine,
		model,
		contextWindow,
		...(opts.reasoning ? { reasoning: true } : {}),
		async chat(req: ChatRequest): Promise<ChatResponse> {
			const call = source.takeCall(seat, {
				engine,
				model,
				requestHash: requestHash(req),
				request: requestDigest(req)
			});
			if (call.transportError !== undefined)
				// What sendRecorded reads as a transport failure: it records the same failed call again.
				throw Object.assign(new Error(call.transportError), { transport: true });
			// Held to this request's own budget, which a link's recording does not carry: a count past it,
			// or a cut mark dropped or added, would otherwise replay as recorded.
			const why = budgetProblem(call, req.max_tokens);
			if (why)
				throw new ReplayMiss(`Replay stopped: seat ${seat}, ask ${call.ask}: its recorded call ${why}`);
			if (call.reply) req.onDelta?.(call.reply);
			return {
				text: call.reply,
				// As recorded, so the replayed model.called is the original's, field for field.
				...(call.constraint !== undefined ? { constraint: call.constraint } : {}),
				finishReason: call.finishReason === 'length' ? 'length' : 'stop',
				...(call.cutByClient ? { cut: 'client' as const } : {}),
				usage: {
					promptTokens: call.promptTokens,
					completionTokens: call.completionTokens,
					// The original's timings, where the recording has them (a file does, a link does not).
					ttftMs: call.meta?.ttftMs ?? 0,
					totalMs: call.meta?.totalMs ?? 0,
					decodeTokensPerSecond: call.meta?.decodeTokensPerSecond ?? 0
				}
			};
		}
	};
}

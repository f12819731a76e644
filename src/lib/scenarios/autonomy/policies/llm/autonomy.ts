/**
 * Sentinel played by a language model: the question a spent token buys goes to the model through
 * `sendRecorded` (so the call passes the run's gate and is logged as `model.called`), and the reply
 * is read by `parseDecision`. A transport failure is answered as `{ transport }`: the scenario records
 * it as a transport failure, not a decision, and the run goes on (the seed's provider 500).
 */
import type { Policy, PolicyReply } from '../../../../core';
import {
	DECIDE_SCHEMA,
	fittedQuestion,
	MAX_REPLY_TOKENS,
	parseDecision,
	retryLine,
	DECISION_ERRORS,
	type AutonomyObservation
} from '../..';
import {
	modelSeat,
	replyOf,
	TransportFailure,
	type ChatClient,
	type ModelSeatOptions
} from '../../../../policies/llm/chat-client';

export function createLlmAutonomyPolicy(
	client: ChatClient,
	opts: ModelSeatOptions = {}
): Policy<AutonomyObservation | null> {
	// The default temperature is 0: Sentinel's question wants one answer.
	const model = modelSeat(client, opts, 0);
	return {
		label: model.label,
		async act(obs, ask, ctx): Promise<PolicyReply> {
			if (ask.kind !== 'decide' || !obs) return { action: null, error: DECISION_ERRORS.nothingToDecide };
			const messages = fittedQuestion(obs, client.contextWindow);
			if (ask.attempt > 0 && ask.error)
				// Quoted in the run's language (the log keeps the English sentence).
				messages.push({ role: 'user', content: retryLine(obs.lang, ask.error) });
			try {
				const { response, call } = await model.ask(
					{
						messages,
						maxTokens: MAX_REPLY_TOKENS,
						schema: DECIDE_SCHEMA as unknown as Record<string, unknown>,
						seedName: ctx.streamName,
						purpose: ask.attempt > 0 ? 'repair decide' : 'decide'
					},
					ctx
				);
				const parsed = parseDecision(response.text);
				return replyOf('error' in parsed ? parsed : { action: parsed }, response, [call]);
			} catch (err) {
				// The provider failed: a ledger line (transport failure), not an interruption of the run.
				if (err instanceof TransportFailure) return { action: { transport: err.message }, calls: err.calls };
				throw err;
			}
		}
	};
}

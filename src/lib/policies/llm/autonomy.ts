/**
 * Sentinel played by a language model: the question a spent token buys goes to the model through
 * `sendRecorded` (so the call passes the run's gate and is logged as `model.called`), and the reply
 * is read by `parseDecision`. A transport failure is answered as `{ transport }`: the scenario records
 * it as a transport failure, not a decision, and the run goes on (the seed's provider 500).
 */
import { ownCallGate, type Policy, type PolicyReply } from '../../core';
import type { ChatRequest, SamplingSettings } from '../../engines/types';
import {
	DECIDE_SCHEMA,
	fittedQuestion,
	MAX_REPLY_TOKENS,
	parseDecision,
	type AutonomyObservation
} from '../../scenarios/autonomy';
import {
	OFF_RUN_CALLS,
	requestHash,
	samplingFields,
	sendRecorded,
	TransportFailure,
	withLengthHint,
	type ChatClient
} from './chat-client';
import { callSeed } from './undercover';

export function createLlmAutonomyPolicy(
	client: ChatClient,
	opts: { temperature?: number; label?: string; sampling?: SamplingSettings } = {}
): Policy<AutonomyObservation | null> {
	// An eval set's sampling settings win over the default (0: Sentinel's question wants one answer).
	const sampling: SamplingSettings = {
		...opts.sampling,
		temperature: opts.sampling?.temperature ?? opts.temperature
	};
	const label = opts.label ?? `${client.engine}:${client.model}`;
	// Used only where no runner supplies its gate (the policy driven directly, as in its tests).
	const ownGate = ownCallGate({ calls: OFF_RUN_CALLS });
	return {
		label,
		async act(obs, ask, ctx): Promise<PolicyReply> {
			if (ask.kind !== 'decide' || !obs) return { action: null, error: 'nothing to decide' };
			const messages = fittedQuestion(obs, client.contextWindow);
			if (ask.attempt > 0 && ask.error)
				messages.push({
					role: 'user',
					content: `Your previous reply was rejected: ${ask.error}. Reply again.`
				});
			const request: ChatRequest = {
				messages,
				...samplingFields(sampling, 0, MAX_REPLY_TOKENS),
				seed: callSeed(ctx.seed, ctx.streamName),
				schema: DECIDE_SCHEMA as unknown as Record<string, unknown>,
				...(ctx.signal ? { signal: ctx.signal } : {})
			};
			const purpose = ask.attempt > 0 ? 'repair decide' : 'decide';
			const base = { engine: client.engine, model: client.model, requestHash: requestHash(request), purpose };
			try {
				const { response, call } = await sendRecorded(
					client,
					request,
					base,
					[],
					purpose,
					ctx.gate ?? ownGate
				);
				const parsed = parseDecision(response.text);
				if ('error' in parsed)
					return { action: null, error: withLengthHint(parsed.error, response), calls: [call] };
				return { action: parsed, calls: [call] };
			} catch (err) {
				// The provider failed: a ledger line (transport failure), not an interruption of the run.
				if (err instanceof TransportFailure) return { action: { transport: err.message }, calls: err.calls };
				throw err;
			}
		}
	};
}

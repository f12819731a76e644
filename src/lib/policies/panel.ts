/**
 * A seat played by a panel of two models (`ModelChoice.panel`): on the asks the scenario's rule joins
 * (governance's Auditor: reviews and co-signatures, `scenarios/governance/panel.ts`), both members are
 * asked, the first then the second, and the rule makes one answer of theirs; on any other ask the first
 * answers alone. Every model call of both members is in the reply, the first's first, so the log holds
 * both and a replay answers each member from the recording (calls are matched on engine and model).
 */
import { CallRefused, RunInterrupted, type Ask, type Policy, type PolicyReply } from '../core';

export interface PanelRule {
	/** The ask kinds both members answer. */
	asks: readonly string[];
	/** One answer from the two, or null where either is not one the rule can read. */
	join(kind: string, first: unknown, second: unknown, observation: unknown): unknown | null;
}

export function panelPolicy(first: Policy, second: Policy, rule: PanelRule): Policy {
	return {
		label: `${first.label} + ${second.label}`,
		async act(observation, ask: Ask, ctx): Promise<PolicyReply> {
			const a = await first.act(observation, ask, ctx);
			if (!rule.asks.includes(ask.kind)) return a;
			let b: PolicyReply;
			try {
				b = await second.act(observation, ask, ctx);
			} catch (err) {
				// The first member's calls were made: they go into the log with the second's failure.
				const earlier = a.calls ?? [];
				if (err instanceof RunInterrupted)
					throw new RunInterrupted(err.message, err.reason, {
						cause: err,
						calls: [...earlier, ...err.calls],
						toolCalls: [...(a.toolCalls ?? []), ...err.toolCalls]
					});
				if (err instanceof CallRefused) throw new CallRefused(err.refusal, [...earlier, ...err.calls]);
				throw err;
			}
			const calls = [...(a.calls ?? []), ...(b.calls ?? [])];
			const toolCalls = [...(a.toolCalls ?? []), ...(b.toolCalls ?? [])];
			const both = {
				...(calls.length ? { calls } : {}),
				...(toolCalls.length ? { toolCalls } : {})
			};
			// A member whose answer could not be read: the runner refuses it and asks the panel again.
			if (a.error !== undefined) return { action: a.action, error: a.error, ...both };
			if (b.error !== undefined) return { action: b.action, error: b.error, ...both };
			const joined = rule.join(ask.kind, a.action, b.action, observation);
			if (joined === null)
				return {
					action: null,
					error: 'the panel’s two answers could not be joined into one',
					...both
				};
			return { action: joined, ...both };
		}
	};
}

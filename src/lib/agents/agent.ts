/**
 * An agent: a seat's persona-bearing policy. The same class runs inside a Web Worker on the page and
 * in-process in Node (sim, tests); nothing here knows which. Its private memory through a game is its
 * policy's notes (agents/notes): read into its own later prompts, rebuilt from its own logged calls
 * on resume, never shown to another seat.
 */
import type { Ask, Policy, PolicyContext, PolicyReply } from '../core';

export class Agent<O = unknown> {
	readonly seat: number;
	readonly policy: Policy<O>;

	constructor(seat: number, policy: Policy<O>) {
		this.seat = seat;
		this.policy = policy;
	}

	get label(): string {
		return this.policy.label;
	}

	act(observation: O, ask: Ask, ctx: PolicyContext): PolicyReply | Promise<PolicyReply> {
		return this.policy.act(observation, ask, ctx);
	}
}

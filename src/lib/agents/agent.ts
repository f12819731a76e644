/**
 * An agent: a seat's persona-bearing policy plus its private memory. The same class runs inside a
 * Web Worker on the page and in-process in Node (sim, tests); nothing here knows which.
 */
import type { Ask, Policy, PolicyContext, PolicyReply } from '../core';

export interface MemoryEntry {
	ask: string;
	kind: string;
	/** What the agent answered (or why it could not): its own record, never shared. */
	reply: unknown;
	error?: string;
}

export class Agent<O = unknown> {
	readonly seat: number;
	readonly policy: Policy<O>;
	/** Private to this agent: no other seat, and no observation, ever reads it. */
	readonly #memory: MemoryEntry[] = [];

	constructor(seat: number, policy: Policy<O>) {
		this.seat = seat;
		this.policy = policy;
	}

	get label(): string {
		return this.policy.label;
	}

	async act(observation: O, ask: Ask, ctx: PolicyContext): Promise<PolicyReply> {
		const reply = await this.policy.act(observation, ask, ctx);
		this.#memory.push({ ask: ask.id, kind: ask.kind, reply: reply.action, error: reply.error });
		return reply;
	}

	/** How many decisions this agent remembers (its contents stay private). */
	get memorySize(): number {
		return this.#memory.length;
	}
}

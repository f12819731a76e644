/** A policy turns what a seat sees, and what it is asked, into an action. */
import type { Ask } from './scenario';
import type { Stream } from './rng';

export interface PolicyContext {
	/** A stream for this ask alone, derived from the seed and the ask id: stable across reloads. */
	rng: Stream;
	signal?: AbortSignal;
}

export interface PolicyReply {
	/** Unvalidated: the runner checks it against the ask in one place. */
	action: unknown;
}

export interface Policy<O = unknown> {
	/** Shown wherever the seat appears, e.g. "scripted (no LLM)". */
	readonly label: string;
	act(observation: O, ask: Ask, ctx: PolicyContext): PolicyReply | Promise<PolicyReply>;
}

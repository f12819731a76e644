/**
 * What a scenario is to the kernel: pure functions over its own state.
 * The runner owns the loop, the log and the gate; a scenario only says who must act, what each seat
 * may see, which actions are valid, and how events change the state.
 */
import type { EventDraft, LogEvent } from './log';
import type { Rng } from './rng';
import type { SeatId } from './ids';
import type { ModelCall, ToolCallRecord } from './policy';

/** A JSON schema, kept opaque here: engines pass it to constrained decoders. */
export type JsonSchema = Record<string, unknown>;

/** What a seat is asked to do now. `id` is stable across a reload, so policies can seed from it. */
export interface Ask {
	id: string;
	seat: SeatId;
	kind: string;
	/** Seats that are valid targets, where the action picks one. */
	options?: readonly SeatId[];
	schema?: JsonSchema;
	/** 0 for the first try; 1 for the retry after a rejected action. */
	attempt: number;
	/** Why the previous try was rejected (present on retries). */
	error?: string;
}

export type Step =
	{ type: 'events'; events: EventDraft[] } | { type: 'asks'; asks: Ask[] } | { type: 'done' };

export type Validation = { ok: true; event: EventDraft } | { ok: false; error: string };

export type ParseResult<C> = { ok: true; config: C } | { ok: false; error: string };

/** Events the runner itself writes; every scenario's `apply` must accept them. */
export type CoreEvent =
	| EventDraft<
			'action.rejected',
			{ ask: string; seat: SeatId; action: string; error: string; attempt: number }
	  >
	| EventDraft<'action.forfeited', { ask: string; seat: SeatId; action: string; reason: string }>
	| EventDraft<'run.halted', { reason: string }>
	| EventDraft<'model.called', { ask: string; seat: SeatId } & Omit<ModelCall, 'meta'>>
	| EventDraft<'tool.called', { ask: string; seat: SeatId } & ToolCallRecord>
	/**
	 * A person gave a seat another model while the run was paused (after a lost GPU, say). The header's
	 * seat choices plus these events say which model answered each later call; `from` and `to` are the
	 * seat's model choices as the header's `seats` holds them.
	 */
	| EventDraft<'seat.model-changed', { seat: SeatId; from: unknown; to: unknown }>;

export interface Budgets {
	/** Rounds the scenario may complete before the run ends as a draw. */
	rounds: number;
	/** Accepted or forfeited actions in the whole run. */
	actions: number;
	/** Retries after a rejected action, in the whole run. */
	retries: number;
	/** Retries one ask may have before it is forfeited. */
	retriesPerAsk: number;
	/** Model calls in the whole run (unlimited when absent). */
	calls?: number;
	/** Prompt plus completion tokens in the whole run (unlimited when absent). */
	tokens?: number;
	/** Model calls that failed in transport, in the whole run; never reset by a later success. */
	transportFailures?: number;
	/** Model calls one ask may make (a tool loop's cap). */
	callsPerAsk?: number;
	/** Milliseconds of model calls in the whole run, from their timings (unlimited when absent). */
	wallMs?: number;
}

export interface Scenario<C, S, O, R = unknown> {
	readonly id: string;
	parseConfig(raw: unknown): ParseResult<C>;
	/** The normalised config as plain JSON, for the log header and the share link. */
	serializeConfig(config: C): Record<string, unknown>;
	budgets(config: C): Budgets;
	/** The state before any event. */
	init(config: C, seed: number): S;
	/** What happens next: system events (randomness only from `rng`), asks to seats, or the end. */
	next(state: S, rng: Rng): Step;
	/** Everything `seat` may see, and nothing more. */
	observe(state: S, seat: SeatId): O;
	/** The one validation point: a valid action becomes an event, anything else an error to quote. */
	validate(state: S, ask: Ask, action: unknown): Validation;
	apply(state: S, event: LogEvent): S;
	/** Optional: the same as `apply` over each event in turn, faster for a long log (see governance). */
	applyAll?(state: S, events: readonly LogEvent[]): S;
	roundsCompleted(state: S): number;
	outcome(state: S): R | null;
}

/**
 * The runner: pending asks -> policies -> one validation point -> events -> state.
 *
 * It is the only writer of a run's state. Simultaneous asks are put to their policies concurrently,
 * but their events are appended in ask order, so the log does not depend on which policy answered
 * first. A rejected action is logged, retried while the gate allows, then forfeited explicitly.
 */
import { CallRefused, Gate, isCallRefused } from './gate';
import { canonicalJson } from './hash';
import { LogicalClock } from './clock';
import { EventLog, type EventDraft, type LogEvent, type LogHeader, LOG_FORMAT, MAX_LOG_BYTES } from './log';
import { createRng, createStream, type Rng } from './rng';
import {
	isRunInterrupted,
	type RunInterrupted,
	type ModelCall,
	type Policy,
	type PolicyReply,
	type ToolCallRecord
} from './policy';
import type { Ask, CoreEvent, Scenario, Validation } from './scenario';
import type { SeatId } from './ids';

export interface RunnerOptions<C, S, O, R> {
	scenario: Scenario<C, S, O, R>;
	config: C;
	seed: number;
	/** The policy of each seat. */
	policyFor: (seat: SeatId) => Policy<O>;
	/** A log to resume from (same scenario, seed and config); its events are folded, not re-run. */
	resume?: { header: LogHeader; events: readonly LogEvent[] };
	/** Called with each turn's new events, in order, before the next turn starts. */
	onEvents?: (events: LogEvent[]) => void;
	/** What decided each seat, for the header. */
	engines?: Record<string, string>;
	/** Each seat's model choice, for the header (so a saved run can be resumed with the same models). */
	seats?: Record<string, unknown>;
}

/**
 * What one turn may still write once a run stops taking turns for its size: 30 MiB, room for about 40
 * model calls whose lines are as long as a reply can make them (a reply is cut at 128 KiB, six bytes a
 * character at worst), more than any turn of these scenarios makes (a round of 12 speeches, each with
 * its two retries, is 36). A run halts once its log passes the rest, 20 MiB: far past any real run.
 */
export const TURN_HEADROOM_BYTES = 30 * 2 ** 20;

export class Runner<C, S, O, R> {
	readonly scenario: Scenario<C, S, O, R>;
	readonly log: EventLog;
	readonly rng: Rng;
	#state: S;
	#gate: Gate;
	#clock = new LogicalClock();
	#policyFor: (seat: SeatId) => Policy<O>;
	#onEvents?: (events: LogEvent[]) => void;
	#done = false;
	/** Policies rebuilding their private notes from a resumed log; the first turn waits for them. */
	#restored: Promise<unknown> | null = null;

	constructor(opts: RunnerOptions<C, S, O, R>) {
		const { scenario, config, seed } = opts;
		this.scenario = scenario;
		this.rng = createRng(seed);
		this.#policyFor = opts.policyFor;
		this.#onEvents = opts.onEvents;
		this.#gate = new Gate(scenario.budgets(config));
		const header: LogHeader = {
			format: LOG_FORMAT,
			scenario: scenario.id,
			seed,
			config: scenario.serializeConfig(config),
			engines: opts.engines ?? {},
			...(opts.seats ? { seats: opts.seats } : {})
		};
		if (opts.resume) assertSameRun(header, opts.resume.header);
		// A resumed run keeps its stored header: the hash chain starts from it.
		this.log = new EventLog(opts.resume?.header ?? header, opts.resume?.events ?? []);
		this.#state = scenario.init(config, seed);
		this.#foldAll(this.log.events);
		this.#done = this.#finished();
		if (opts.resume && !this.#done) this.#restored = this.#restorePolicies();
	}

	/**
	 * Hands each seat's policy its own logged calls (see `Policy.restore`): those since the seat's last
	 * `seat.model-changed`, since a seat given another model starts afresh, live and in a replay.
	 */
	#restorePolicies(): Promise<unknown> {
		const bySeat = new Map<number, (ModelCall & { ask: string; seat: number })[]>();
		for (const e of this.log.events) {
			if (e.kind === 'seat.model-changed') bySeat.delete(Number((e.data as { seat: unknown }).seat));
			if (e.kind !== 'model.called') continue;
			const call = e.data as ModelCall & { ask: string; seat: number };
			bySeat.set(call.seat, [...(bySeat.get(call.seat) ?? []), call]);
		}
		return Promise.all([...bySeat].map(([seat, calls]) => this.#policyFor(seat as SeatId).restore?.(calls)));
	}

	get state(): S {
		return this.#state;
	}

	get done(): boolean {
		return this.#done;
	}

	get hash(): string {
		return this.log.hash;
	}

	outcome(): R | null {
		return this.scenario.outcome(this.#state);
	}

	/**
	 * One turn: a batch of system events, or one round of asks answered. Returns false once finished.
	 * Throws RunInterrupted (writing nothing for the turn) when a policy cannot answer for reasons
	 * outside the agent: the caller pauses the run, and a later step retries the same turn.
	 */
	async step(): Promise<boolean> {
		if (this.#done) return false;
		if (this.#restored) {
			await this.#restored; // a failure stays: no turn runs on notes that were not rebuilt
			this.#restored = null;
		}
		// Claimed only when an event is written (folding sets the clock), so an interrupted turn leaves no gap.
		const tick = this.#clock.now + 1;
		const written: LogEvent[] = [];
		const write = new TurnWriter(this.log, tick, written, (e) => this.#fold(e));
		try {
			const halt =
				this.scenario.outcome(this.#state) === null
					? (this.#gate.haltReason(this.scenario.roundsCompleted(this.#state)) ?? this.#fullLog())
					: null;
			const step = halt ? null : this.scenario.next(this.#state, this.rng);
			if (halt) {
				write.event({ kind: 'run.halted', data: { reason: halt } } satisfies CoreEvent);
			} else if (step?.type === 'events') {
				for (const draft of step.events) write.event(draft);
			} else if (step?.type === 'asks') {
				await this.#answer(step.asks, write);
			} else {
				this.#done = true;
			}
		} finally {
			// Also on an interruption: the failed model calls it logged must reach storage.
			if (written.length) this.#onEvents?.(written);
		}
		if (!this.#done && this.#finished()) this.#done = true;
		return !this.#done;
	}

	/**
	 * Why the log may take no further turn: one more could carry it past the largest run file the page
	 * and `sim --replay` open (a run the app finishes is always one it can open). Read from the log
	 * alone, so a replay halts where the original did.
	 */
	#fullLog(): string | null {
		if (this.log.bytes <= MAX_LOG_BYTES - TURN_HEADROOM_BYTES) return null;
		const mb = (n: number) => Math.floor(n / 2 ** 20);
		return `log size limit: the run file has reached ${mb(this.log.bytes)} MB, and a run file holds at most ${mb(MAX_LOG_BYTES)} MB`;
	}

	/** A run is over once it has an outcome and nothing is left to do (checked in that order: cheap first). */
	#finished(): boolean {
		return (
			this.scenario.outcome(this.#state) !== null && this.scenario.next(this.#state, this.rng).type === 'done'
		);
	}

	/**
	 * Gives a seat another model between turns (a person's choice on resume, say after a lost GPU):
	 * one `seat.model-changed` event in a tick of its own. The caller's `policyFor` must answer for the
	 * new model from now on; a replay re-applies the event where the log has it.
	 */
	changeModel(seat: SeatId, from: unknown, to: unknown): LogEvent {
		if (this.#done) throw new Error('the run is over: its models can no longer change');
		const e = this.log.append(
			{ kind: 'seat.model-changed', data: { seat, from, to } } satisfies CoreEvent,
			this.#clock.now + 1
		);
		this.#fold(e);
		this.#onEvents?.([e]);
		return e;
	}

	async run(): Promise<R | null> {
		while (await this.step()) {
			/* each step appends one turn */
		}
		return this.outcome();
	}

	async #answer(asks: Ask[], write: TurnWriter): Promise<void> {
		const state = this.#state;
		let decisions: Decision[];
		try {
			// One ask (a speech) needs no Promise.all: the same decision, one promise fewer per turn.
			decisions =
				asks.length === 1
					? [await this.#decide(state, asks[0] as Ask)]
					: await Promise.all(asks.map((ask) => this.#decide(state, ask)));
		} finally {
			// Every policy has answered: what the gate held for them is now in `decisions`, and the log
			// charges it as the events are written below.
			this.#gate.closeTurn();
		}
		const interrupted = decisions.flatMap((d, i) => (d.interrupted ? [{ d, ask: asks[i] as Ask }] : []));
		if (interrupted.length) {
			// Nothing is decided this turn: log the failed calls (transport errors, not decisions), and any
			// tool calls already carried out (the files changed), then stop.
			for (const { d, ask } of interrupted) {
				for (const call of d.calls) write.event(modelCalled(ask, call));
				for (const t of d.toolCalls) write.event(toolCalled(ask, t));
			}
			// A replay's miss in a turn that also met a recorded transport failure is not a divergence: the
			// original turn was interrupted too and kept no answer of that seat (after a model change its
			// discarded answer may be one the recording never had). The events written above are still
			// checked against the original's, so the transport failure is the one to report.
			const first = interrupted.find((i) => i.d.interrupted!.reason !== 'replay') ?? interrupted[0]!;
			throw first.d.interrupted;
		}
		const retries: Ask[] = [];
		asks.forEach((ask, i) => {
			const { validation: v, calls, toolCalls } = decisions[i] as Decision;
			for (const call of calls) write.event(modelCalled(ask, call));
			for (const t of toolCalls) write.event(toolCalled(ask, t));
			if (v.ok) return write.event(withAsk(v.event, ask.id));
			if (decisions[i]!.refused) return write.event(forfeit(ask, v.error));
			write.event({
				kind: 'action.rejected',
				data: { ask: ask.id, seat: ask.seat, action: ask.kind, error: v.error, attempt: ask.attempt }
			} satisfies CoreEvent);
			if (this.#gate.mayRetry(ask.attempt))
				retries.push({ ...ask, attempt: ask.attempt + 1, error: v.error });
			else write.event(forfeit(ask, `rejected: ${v.error}`));
		});
		if (retries.length) await this.#answer(retries, write);
	}

	async #decide(state: S, ask: Ask): Promise<Decision> {
		const policy = this.#policyFor(ask.seat);
		const observation = this.scenario.observe(state, ask.seat);
		const streamName = `policy:${ask.id}:${ask.attempt}`;
		const rng = createStream(this.rng.seed, streamName);
		let reply: PolicyReply;
		try {
			reply = await policy.act(observation, ask, {
				rng,
				seed: this.rng.seed,
				streamName,
				tick: this.#clock.now + 1,
				gate: this.#gate.forAsk(ask.id)
			});
		} catch (err) {
			// The gate refused a model call: no decision was made, and retrying cannot help.
			if (isCallRefused(err))
				return {
					validation: { ok: false, error: err instanceof Error ? err.message : String(err) },
					calls: err instanceof CallRefused ? [...err.calls] : [],
					toolCalls: [],
					refused: true
				};
			if (isRunInterrupted(err))
				return {
					validation: { ok: false, error: err.message },
					calls: err.calls,
					toolCalls: err.toolCalls,
					interrupted: err
				};
			// A policy that throws made no valid decision: it is rejected like any invalid reply.
			const error = `the agent failed: ${err instanceof Error ? err.message : String(err)}`;
			return { validation: { ok: false, error }, calls: [], toolCalls: [] };
		}
		const calls = reply.calls ?? [];
		const toolCalls = reply.toolCalls ?? [];
		if (reply.error !== undefined) return { validation: { ok: false, error: reply.error }, calls, toolCalls };
		return { validation: this.scenario.validate(state, ask, reply.action), calls, toolCalls };
	}

	#fold(e: LogEvent): void {
		this.#clock.set(e.tick);
		this.#gate.account(e);
		this.#state = this.scenario.apply(this.#state, e);
	}

	/** A resumed log, folded at once: the scenario's `applyAll` where it has one (the same fold, faster). */
	#foldAll(events: readonly LogEvent[]): void {
		if (!this.scenario.applyAll) {
			for (const e of events) this.#fold(e);
			return;
		}
		for (const e of events) {
			this.#clock.set(e.tick);
			this.#gate.account(e);
		}
		this.#state = this.scenario.applyAll(this.#state, events);
	}
}

/** Appends a turn's events at its tick, folds each into the state, and keeps them for `onEvents`. */
class TurnWriter {
	constructor(
		readonly log: EventLog,
		readonly tick: number,
		readonly written: LogEvent[],
		readonly fold: (e: LogEvent) => void
	) {}

	event(draft: EventDraft): void {
		const e = this.log.append(draft, this.tick);
		this.fold(e);
		this.written.push(e);
	}
}

interface Decision {
	validation: Validation;
	calls: ModelCall[];
	toolCalls: ToolCallRecord[];
	interrupted?: RunInterrupted;
	/** A model call was refused by the gate: the ask is forfeited with the refusal, not retried. */
	refused?: boolean;
}

function modelCalled(ask: Ask, call: ModelCall): EventDraft {
	const { meta, ...data } = call;
	return { kind: 'model.called', data: { ask: ask.id, seat: ask.seat, ...data }, ...(meta ? { meta } : {}) };
}

function toolCalled(ask: Ask, t: ToolCallRecord): EventDraft {
	return { kind: 'tool.called', data: { ask: ask.id, seat: ask.seat, ...t } };
}

function withAsk(draft: EventDraft, ask: string): EventDraft {
	// Object.assign rather than a spread: a scenario's event data come in many shapes, and V8's spread
	// is slow on shapes it has not seen at the call site.
	return { kind: draft.kind, data: Object.assign({}, draft.data, { ask }) };
}

function forfeit(ask: Ask, reason: string): CoreEvent {
	return { kind: 'action.forfeited', data: { ask: ask.id, seat: ask.seat, action: ask.kind, reason } };
}

function assertSameRun(a: LogHeader, b: LogHeader): void {
	const same =
		a.scenario === b.scenario && a.seed === b.seed && canonicalJson(a.config) === canonicalJson(b.config);
	if (!same) throw new Error('the saved log belongs to a different run (scenario, seed or config differ)');
}

/**
 * The gate: the one place that says whether a run may go on, and the one function that authorises a
 * model call (or, in the autonomy scenario, a budget spend) in every scenario.
 *
 * `authorize(request, checks)` runs named checks in order and returns either a `Permit` (a branded
 * type only this module creates) or a typed `Refusal` naming the budget and the check that refused,
 * in words. Every door to an expensive action calls it with its checks; a door that passes fewer
 * checks shows up in the record as checks skipped, never as a quiet second implementation.
 *
 * The run's `Gate` holds the budgets (rounds, actions, retries, calls, tokens, transport failures,
 * wall time, calls per ask) and charges what the log shows, folded from it so that a resumed run is
 * charged exactly as the uninterrupted one was. A model call reserves its worst case (prompt plus
 * max tokens) before it is made and settles after it, so calls made at the same time (undercover's
 * simultaneous votes) can never overshoot a budget. A transport failure is logged and counted against
 * its own cap, never charged as a decision; the retry caps count the whole run and never reset.
 */
import type { LogEvent } from './log';
import type { ModelCall } from './policy';
import type { Budgets } from './scenario';

declare const permitBrand: unique symbol;

/** Proof that `authorize` let one action through. Only this module creates one (a test scans for others). */
export type Permit = {
	readonly id: string;
	readonly purpose: string;
	/** Tokens held for the action until it settles: its worst case. */
	readonly reserved: number;
	/** The checks it passed, in order. */
	readonly passed: readonly string[];
	readonly [permitBrand]: true;
};

/** Which budget refused, which check, and why, in words a person can read. */
export interface Refusal {
	ok: false;
	budget: string;
	check: string;
	reason: string;
	/** The checks that passed before this one refused. */
	passed: readonly string[];
}

export type Authorization = { ok: true; permit: Permit } | Refusal;

/**
 * One precondition of an expensive action. `refuse` returns null when the check passes, or the reason
 * in words. Checks are built with `check()` so the mutation script (scripts/mutate-gate.ts) can
 * replace any one of them with "always allow" and see a test fail.
 */
export interface Check {
	readonly name: string;
	readonly budget: string;
	readonly refuse: () => string | null;
}

export function check(name: string, budget: string, refuse: () => string | null): Check {
	return { name, budget, refuse };
}

/**
 * The mutation script's "always allow": the same check, never refusing. `scripts/mutate-gate.ts` writes
 * its import into the files it mutates, so no file imports it as committed.
 * @public
 */
export function allow(name: string, budget: string, _refuse: () => string | null): Check {
	return { name, budget, refuse: () => null };
}

export interface AuthorizeRequest {
	/** Stable within its run, e.g. "call:<ask>:<n>" or "spend:12". */
	id: string;
	purpose: string;
	/** Tokens to hold until the action settles (the worst case); 0 where nothing is reserved. */
	reserve?: number;
}

/** The one authorisation function: every check must pass, in order; the first refusal wins. */
export function authorize(request: AuthorizeRequest, checks: readonly Check[]): Authorization {
	const passed: string[] = [];
	for (const c of checks) {
		const reason = c.refuse();
		if (reason !== null) return { ok: false, budget: c.budget, check: c.name, reason, passed };
		passed.push(c.name);
	}
	const permit = {
		id: request.id,
		purpose: request.purpose,
		reserved: request.reserve ?? 0,
		passed
	} as unknown as Permit;
	return { ok: true, permit: Object.freeze(permit) };
}

/** A model call refused by the gate: not a decision by the agent, and retrying cannot help. */
export class CallRefused extends Error {
	constructor(
		readonly refusal: Refusal,
		/** Calls made for the same reply before this one was refused: they are logged. */
		readonly calls: readonly ModelCall[] = []
	) {
		super(`refused by the ${refusal.budget} budget (${refusal.check}): ${refusal.reason}`);
		this.name = 'CallRefused';
	}
}

/** Errors lose their class across a worker boundary: a refusal is known by its message there. */
export function isCallRefused(err: unknown): boolean {
	return (
		err instanceof CallRefused ||
		(typeof err === 'object' &&
			err !== null &&
			typeof (err as { message?: unknown }).message === 'string' &&
			(err as { message: string }).message.startsWith('refused by the '))
	);
}

/** What a model call declares before it is made. */
export interface CallRequest {
	purpose: string;
	/** The prompt's size, estimated conservatively. */
	promptTokens: number;
	/** The reply's cap: prompt plus this is the worst case reserved. */
	maxTokens: number;
}

/** What a policy holds to make model calls: the runner's gate for this ask, or a policy's own. */
export interface CallGate {
	authorize(request: CallRequest): Authorization | Promise<Authorization>;
	/** Releases the reservation; the log's `model.called` event then charges what the call used. */
	settle(permit: Permit, call: ModelCall): void | Promise<void>;
}

interface Reservation {
	ask: string;
	tokens: number;
}

export class Gate {
	readonly budgets: Budgets;
	actions = 0;
	retries = 0;
	/** Calls that returned (transport failures are not among them). */
	calls = 0;
	tokens = 0;
	transportFailures = 0;
	/** Milliseconds the model calls took, from their `meta` (outside the hash; absent: 0). */
	wallMs = 0;
	#callsByAsk = new Map<string, number>();
	/** Open reservations: authorised, not yet settled. */
	#open = new Map<string, Reservation>();
	/** Settled this turn, not yet in the log: charged until the turn's events are written. */
	#settled = new Map<string, { ask: string; tokens: number; transport: boolean }>();
	#issued = 0;

	constructor(budgets: Budgets) {
		this.budgets = budgets;
	}

	/** Charges an event already in the log. Actions carry the id of the ask they answer. */
	account(event: LogEvent): void {
		if (event.kind === 'action.rejected') this.retries++;
		else if (event.kind === 'model.called') {
			const d = event.data as ModelCall & { ask: string };
			// A failed call is not one of the ask's calls: a resumed ask after an outage starts its loop again.
			if (d.transportError !== undefined) this.transportFailures++;
			else {
				this.#callsByAsk.set(d.ask, (this.#callsByAsk.get(d.ask) ?? 0) + 1);
				this.calls++;
				this.tokens += d.promptTokens + d.completionTokens;
			}
			const meta = (event as { meta?: { totalMs?: unknown } }).meta;
			if (typeof meta?.totalMs === 'number' && Number.isFinite(meta.totalMs)) this.wallMs += meta.totalMs;
		} else if (
			event.kind !== 'tool.called' &&
			typeof (event.data as { ask?: unknown } | null)?.ask === 'string'
		)
			this.actions++;
	}

	/** Why the run must stop before its next step, or null while budgets remain. */
	haltReason(roundsCompleted: number): string | null {
		const b = this.budgets;
		if (roundsCompleted >= b.rounds) return `round cap of ${b.rounds} reached`;
		if (this.actions >= b.actions) return `action budget of ${b.actions} spent`;
		if (b.calls !== undefined && this.calls >= b.calls) return `model-call budget of ${b.calls} spent`;
		if (b.tokens !== undefined && this.tokens >= b.tokens) return `token budget of ${b.tokens} spent`;
		if (b.transportFailures !== undefined && this.transportFailures >= b.transportFailures)
			return `transport-failure cap of ${b.transportFailures} reached`;
		if (b.wallMs !== undefined && this.wallMs >= b.wallMs) return `wall-time budget of ${b.wallMs} ms spent`;
		return null;
	}

	/** Another try after a rejected action: per ask, and for the whole run (never reset by a success). */
	mayRetry(attempt: number): boolean {
		return this.retryRefusal(attempt) === null;
	}

	retryRefusal(attempt: number): Refusal | null {
		const b = this.budgets;
		const a = authorize({ id: `retry:${this.retries}`, purpose: 'retry' }, [
			check('retries per ask', 'retries', () =>
				attempt < b.retriesPerAsk ? null : `this ask has had its ${b.retriesPerAsk} retry(ies)`
			),
			check('retries in the run', 'retries', () =>
				this.retries < b.retries ? null : `the run's ${b.retries} retries are spent`
			)
		]);
		return a.ok ? null : a;
	}

	/** Tokens and calls charged or held now: the log's, plus this turn's settled and open ones. */
	#pending() {
		let tokens = 0;
		let calls = 0;
		let failures = 0;
		for (const r of this.#open.values()) {
			tokens += r.tokens;
			calls++;
		}
		for (const s of this.#settled.values()) {
			tokens += s.tokens;
			if (s.transport) failures++;
			else calls++;
		}
		return { tokens, calls, failures };
	}

	#askCalls(ask: string): number {
		let n = this.#callsByAsk.get(ask) ?? 0;
		for (const r of this.#open.values()) if (r.ask === ask) n++;
		for (const s of this.#settled.values()) if (s.ask === ask && !s.transport) n++;
		return n;
	}

	/** The checks every model call passes; `extra` are a scenario's own (the autonomy doors'). */
	callChecks(ask: string, request: CallRequest): Check[] {
		const b = this.budgets;
		const worst = request.promptTokens + request.maxTokens;
		const held = () => this.#pending();
		return [
			check('request', 'calls', () =>
				Number.isFinite(worst) && worst >= 0 && request.maxTokens >= 1
					? null
					: `the call declares no valid size (prompt ${request.promptTokens}, max tokens ${request.maxTokens})`
			),
			check('calls', 'calls', () =>
				b.calls === undefined || this.calls + held().calls < b.calls
					? null
					: `${this.calls + held().calls} of ${b.calls} model calls are spent or held`
			),
			check('tokens', 'tokens', () =>
				b.tokens === undefined || this.tokens + held().tokens + worst <= b.tokens
					? null
					: `the worst case of ${worst} tokens does not fit: ${this.tokens + held().tokens} of ${b.tokens} are spent or held`
			),
			check('transport failures', 'retries', () =>
				b.transportFailures === undefined || this.transportFailures + held().failures < b.transportFailures
					? null
					: `${this.transportFailures + held().failures} transport failures reached the cap of ${b.transportFailures}`
			),
			check('calls per ask', 'loop', () =>
				b.callsPerAsk === undefined || this.#askCalls(ask) < b.callsPerAsk
					? null
					: `this ask has made its ${b.callsPerAsk} model calls`
			),
			check('wall time', 'wall time', () =>
				b.wallMs === undefined || this.wallMs < b.wallMs
					? null
					: `the model calls have taken ${Math.round(this.wallMs)} of ${b.wallMs} ms`
			)
		];
	}

	/** Authorises one model call for `ask` and reserves its worst case until it settles. */
	authorizeCall(ask: string, request: CallRequest, extra: readonly Check[] = []): Authorization {
		const id = `call:${ask}:${this.#issued++}`;
		const reserve = request.promptTokens + request.maxTokens;
		const result = authorize({ id, purpose: request.purpose, reserve }, [
			...this.callChecks(ask, request),
			...extra
		]);
		if (result.ok) this.#open.set(id, { ask, tokens: reserve });
		return result;
	}

	/** Ends a reservation: the call's use is held (a failure as a failure) until the log charges it. */
	settle(permit: Permit, call: ModelCall): void {
		const open = this.#open.get(permit.id);
		if (!open) throw new Error(`permit ${permit.id} was not issued by this gate, or is already settled`);
		this.#open.delete(permit.id);
		const transport = call.transportError !== undefined;
		this.#settled.set(permit.id, {
			ask: open.ask,
			tokens: transport ? 0 : call.promptTokens + call.completionTokens,
			transport
		});
	}

	/** After a turn's events are written (the log now charges its calls) or dropped: forget what was held. */
	closeTurn(): void {
		this.#open.clear();
		this.#settled.clear();
	}

	/** The gate one ask's policy uses. */
	forAsk(ask: string): CallGate {
		return new AskGate(this, ask);
	}
}

/** `Gate.forAsk`'s answer: a class, so the runner makes no closures for every ask. */
class AskGate implements CallGate {
	readonly #gate: Gate;
	readonly #ask: string;

	constructor(gate: Gate, ask: string) {
		this.#gate = gate;
		this.#ask = ask;
	}

	authorize(request: CallRequest): Authorization {
		return this.#gate.authorizeCall(this.#ask, request);
	}

	settle(permit: Permit, call: ModelCall): void {
		this.#gate.settle(permit, call);
	}
}

/**
 * A gate for model calls made outside a run's turns (a god-view monologue, a lesson after a game) or
 * by a policy used without a runner: its own budgets, the same checks. Nothing is logged for these,
 * so a settled call stays charged in the gate itself.
 */
export function ownCallGate(budgets: Pick<Budgets, 'calls' | 'tokens' | 'callsPerAsk'>): CallGate {
	const gate = new Gate({ rounds: Infinity, actions: Infinity, retries: 0, retriesPerAsk: 0, ...budgets });
	return gate.forAsk('own');
}

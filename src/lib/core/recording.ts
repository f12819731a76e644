/**
 * A run's recording: the model calls and tool calls its log holds, and the cursor a replay reads them
 * with. A replay answers every model call from here, matched on the whole request (engine, model and
 * the hash of messages, sampling settings, seed and schema), and checks every tool call's result
 * against the recorded one. Nothing here ever calls a model: a miss stops the replay with a
 * ReplayMiss naming the seat, the ask and what differs.
 *
 * Matching is by content, not by position, because a turn that was interrupted (a model endpoint
 * down) wrote only its failed calls: the other seats' calls of that turn were made again on the retry
 * and appear in the log once. So the n-th request with a given hash for a given ask gets the n-th
 * recorded call with that hash, counting the calls this replay has logged and those served to the
 * act in progress.
 */
import { canonicalJson } from './hash';
import type { LogEvent } from './log';
import { RunInterrupted, type ModelCall, type RequestDigest, type ToolCallRecord } from './policy';

/** A recorded `model.called`, as the log has it (a link carries a shorter requestHash: 16 hex digits). */
export type RecordedCall = Omit<ModelCall, 'meta'> & {
	seat: number;
	ask: string;
	meta?: Record<string, number>;
};

/** A recorded `tool.called`. */
export type RecordedTool = ToolCallRecord & { seat: number; ask: string };

/** The shortest request fingerprint a recording may carry (a link's): 64 bits of the SHA-256. */
export const MIN_FINGERPRINT = 16;

export class Recording {
	readonly calls: readonly RecordedCall[];
	readonly tools: readonly RecordedTool[];
	readonly #callsByAsk = new Map<string, RecordedCall[]>();
	readonly #toolsByAsk = new Map<string, RecordedTool[]>();

	constructor(calls: readonly RecordedCall[], tools: readonly RecordedTool[] = []) {
		this.calls = calls;
		this.tools = tools;
		for (const c of calls) push(this.#callsByAsk, askKey(c.seat, c.ask), c);
		for (const t of tools) push(this.#toolsByAsk, askKey(t.seat, t.ask), t);
	}

	static fromEvents(events: readonly LogEvent[]): Recording {
		const calls: RecordedCall[] = [];
		const tools: RecordedTool[] = [];
		for (const e of events) {
			if (e.kind === 'model.called') {
				const call = e.data as RecordedCall;
				calls.push(e.meta ? { ...call, meta: e.meta } : call);
			} else if (e.kind === 'tool.called') tools.push(e.data as RecordedTool);
		}
		return new Recording(calls, tools);
	}

	callsFor(seat: number, ask: string): readonly RecordedCall[] {
		return this.#callsByAsk.get(askKey(seat, ask)) ?? [];
	}

	toolsFor(seat: number, ask: string): readonly RecordedTool[] {
		return this.#toolsByAsk.get(askKey(seat, ask)) ?? [];
	}
}

/** A replay that asked for what its recording does not have. Stops the run; never answered live. */
export class ReplayMiss extends RunInterrupted {
	constructor(message: string) {
		super(message, 'replay');
		this.name = 'ReplayMiss';
	}
}

/** What a replaying seat asks for: a model call it is about to make. */
export interface ReplayRequest {
	engine: string;
	model: string;
	requestHash: string;
	request: RequestDigest;
}

/** Serves one replay from a recording: one per replay, shared by its seats. */
export class ReplaySource {
	readonly recording: Recording;
	/** Calls and tool calls the replay has logged, by seat, ask and content. */
	#logged = new Map<string, number>();
	/** The same, for the act in progress of each seat (not logged yet). */
	#served = new Map<number, Map<string, number>>();
	#asking = new Map<number, string>();

	constructor(recording: Recording) {
		this.recording = recording;
	}

	/** Counts what the replay wrote: give it every event the replay's runner appends. */
	observe(events: readonly LogEvent[]): void {
		for (const e of events) {
			if (e.kind === 'model.called') {
				const d = e.data as RecordedCall;
				bump(this.#logged, callKey(d.seat, d.ask, d));
				bump(this.#logged, askKey(d.seat, d.ask));
			} else if (e.kind === 'tool.called') {
				const d = e.data as RecordedTool;
				bump(this.#logged, toolKey(d.seat, d.ask, withoutAsk(d)));
			}
		}
	}

	/** A seat starts answering an ask: what it is served from now on belongs to this act. */
	beginAct(seat: number, ask: string): void {
		this.#asking.set(seat, ask);
		this.#served.set(seat, new Map());
	}

	#ask(seat: number): string {
		const ask = this.#asking.get(seat);
		if (ask === undefined) throw new ReplayMiss(`seat ${seat} made a model call outside any ask`);
		return ask;
	}

	/** How many requests with this key the replay has had before this one (logged, then this act's). */
	#nth(seat: number, key: string): number {
		const served = this.#served.get(seat) ?? new Map<string, number>();
		this.#served.set(seat, served);
		const n = (this.#logged.get(key) ?? 0) + (served.get(key) ?? 0);
		served.set(key, (served.get(key) ?? 0) + 1);
		return n;
	}

	/** The recorded answer to this call, or a ReplayMiss saying what differs. */
	takeCall(seat: number, req: ReplayRequest): RecordedCall {
		const ask = this.#ask(seat);
		const recorded = this.recording.callsFor(seat, ask);
		const same = recorded.filter(
			(c) =>
				c.engine === req.engine &&
				c.model === req.model &&
				c.requestHash.length >= MIN_FINGERPRINT &&
				req.requestHash.startsWith(c.requestHash)
		);
		// Counted under the full hash: the replay logs the hash its own policy computed.
		const key = callKey(seat, ask, req);
		const n = this.#nth(seat, key);
		const hit = same[n];
		if (hit) return hit;
		const at = `Replay stopped: seat ${seat}, ask ${ask}`;
		if (!recorded.length)
			throw new ReplayMiss(
				`${at}: the recording has no model call for this ask (this replay asked for one).`
			);
		// The call the original made at this point of the ask: those logged so far, then this act's.
		const thisAct = [...(this.#served.get(seat)?.entries() ?? [])]
			.filter(([k]) => k.startsWith('c|'))
			.reduce((a, [, v]) => a + v, 0);
		const made = (this.#logged.get(askKey(seat, ask)) ?? 0) + thisAct - 1;
		if (made >= recorded.length)
			throw new ReplayMiss(
				`${at}: this replay asks for model call ${made + 1} of the ask; the recording has ${recorded.length}.`
			);
		const expected = recorded[made] as RecordedCall;
		throw new ReplayMiss(
			`${at}: no recorded call matches this request; ${describeDifference(expected, req)}.`
		);
	}

	/** Checks a tool call's result against the recording (tools are re-run over the replay's own files). */
	checkTool(seat: number, record: ToolCallRecord): void {
		const ask = this.#ask(seat);
		const canon = canonicalJson(record);
		const key = toolKey(seat, ask, record);
		const n = this.#nth(seat, key);
		const same = this.recording.toolsFor(seat, ask).filter((t) => canonicalJson(withoutAsk(t)) === canon);
		if (same[n]) return;
		const recorded = this.recording.toolsFor(seat, ask);
		const at = `Replay stopped: seat ${seat}, ask ${ask}, tool call ${record.tool}`;
		if (!recorded.length) throw new ReplayMiss(`${at}: the recording has no tool call for this ask.`);
		const other = recorded.find(
			(t) => t.tool === record.tool && canonicalJson(t.args) === canonicalJson(record.args)
		);
		throw new ReplayMiss(
			other
				? `${at}: its result differs from the recorded one (recorded ${other.ok ? 'ok' : `refused: ${other.code ?? ''}`}, replayed ${record.ok ? 'ok' : `refused: ${record.code ?? ''}`}).`
				: `${at}: the recording has no call of ${record.tool} with these arguments for this ask.`
		);
	}
}

/** Names the first part of the request that differs from the recorded call expected at this point. */
function describeDifference(expected: RecordedCall, req: ReplayRequest): string {
	if (expected.engine !== req.engine)
		return `the engine differs (recorded ${expected.engine}, now ${req.engine})`;
	if (expected.model !== req.model) return `the model differs (recorded ${expected.model}, now ${req.model})`;
	const was = expected.request;
	if (!was)
		return `its request differs from the recorded call (the recording carries only the request's fingerprint ${expected.requestHash.slice(0, 16)}, this one is ${req.requestHash.slice(0, 16)})`;
	const now = req.request;
	for (const k of ['temperature', 'seed', 'max_tokens'] as const)
		if (was[k] !== now[k]) return `${k} differs (recorded ${was[k]}, now ${now[k]})`;
	if (canonicalJson(was.stop ?? null) !== canonicalJson(now.stop ?? null)) return 'the stop sequences differ';
	if ((was.schema ?? null) !== (now.schema ?? null)) return 'the JSON schema differs';
	if (was.messages.length !== now.messages.length)
		return `the number of messages differs (recorded ${was.messages.length}, now ${now.messages.length})`;
	const i = was.messages.findIndex((m, j) => m !== now.messages[j]);
	if (i >= 0) {
		const role = (now.messages[i] ?? '').split(':')[0];
		const lessons = expected.lessons?.length
			? ` (the recorded prompt carried ${expected.lessons.length} lesson(s) from earlier games: ${expected.lessons.slice(0, 3).join(', ')})`
			: '';
		return `message ${i + 1} of ${now.messages.length} (${role}) differs${lessons}`;
	}
	return 'the request hash differs although every recorded part is the same';
}

function askKey(seat: number, ask: string): string {
	return `${seat}|${ask}`;
}

/**
 * A call is counted by its engine and model as well as its request: the request hash does not name
 * the model, so after a seat's model is changed the new model is often sent the very request the old
 * one failed on, and that is its first call, not a second one.
 */
function callKey(
	seat: number,
	ask: string,
	call: { engine: string; model: string; requestHash: string }
): string {
	return `c|${seat}|${ask}|${call.engine}|${call.model}|${call.requestHash}`;
}

function toolKey(seat: number, ask: string, record: ToolCallRecord): string {
	return `t|${seat}|${ask}|${canonicalJson(record)}`;
}

function withoutAsk(t: RecordedTool | ToolCallRecord): ToolCallRecord {
	const { seat: _seat, ask: _ask, ...record } = t as RecordedTool;
	return record;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
	const list = map.get(key);
	if (list) list.push(value);
	else map.set(key, [value]);
}

function bump(map: Map<string, number>, key: string): void {
	map.set(key, (map.get(key) ?? 0) + 1);
}

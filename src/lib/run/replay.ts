/**
 * Replaying a recorded run: re-executing the scenario from the log's own header, every model call
 * answered by the replay engine (policies/llm/replay-client.ts) and every tool call re-run over the
 * replay's own files and checked against the recording. The same recipe on the page (a link with
 * recorded replies, an imported file, a saved run) and in `npm run sim -- --replay`, so a replay ends
 * with the original's log hash everywhere, or says exactly where it left the recording.
 */
import {
	budgetProblem,
	canonicalJson,
	isRunInterrupted,
	MIN_FINGERPRINT,
	Recording,
	ReplayMiss,
	ReplaySource,
	type RecordedCall,
	type LogEvent,
	type LogHeader,
	type Policy,
	seatId
} from '../core';
import { contextWindowOf, reasoningOf } from '../engines/context';
import { needsEngine } from '../engines/spec';
import type { EngineKind, ModelChoice } from '../engines/types';
import { createRunner, type AnyRunner } from './play';
import { policyForChoice } from '../policies/factory';
import { createReplayClient } from '../policies/llm/replay-client';
import { panelPolicyFor, scenarioModule } from '../scenarios/registry';
import type { ToolHost } from '../tools/types';
import {
	decodeShare,
	encodeRecordedShare,
	MAX_RECORDED_LINK,
	parseChoice,
	type LinkCall,
	type LinkMeasurement,
	type LinkRecording,
	type SharedRun
} from '../share/link';
import { panelProblem, scenarios, seatCount } from '../scenarios';

/** What a replay reproduces: the run's header, its recorded calls, and where the original ended. */
export interface ReplayInput {
	header: LogHeader;
	recording: Recording;
	/** The original's event count and log hash: the replay stops there and must match. */
	expected: { events: number; logHash: string };
	/** The original events, when the replay has them (a file, a saved run): a divergence is named by seq. */
	original?: readonly LogEvent[];
	/** Where the recording came from, when not a whole log: a link's refusals say "link", not "file". */
	from?: 'link';
	/** A link's system-seat answers (the drift meter's similarities), where it has no original events. */
	measurements?: readonly LinkMeasurement[];
}

/** A replay that cannot be set up, or that left its recording: a sentence for a person. */
export class ReplayError extends Error {
	constructor(
		message: string,
		readonly seq?: number
	) {
		super(message);
		this.name = 'ReplayError';
	}
}

/** The setup a header describes, checked as a share link's would be. */
export function setupOfHeader(header: LogHeader): SharedRun {
	const scenario = Object.hasOwn(scenarios, header.scenario) ? scenarios[header.scenario] : undefined;
	if (!scenario)
		throw new ReplayError(`the log is of an unknown scenario "${String(header.scenario).slice(0, 40)}"`);
	const parsed = scenario.parseConfig(header.config);
	if (!parsed.ok) throw new ReplayError(`the log's setup is not valid: ${parsed.error}`);
	const config = scenario.serializeConfig(parsed.config);
	const run: SharedRun = { scenario: header.scenario, seed: header.seed, config };
	if (header.seats !== undefined) {
		if (typeof header.seats !== 'object' || header.seats === null || Array.isArray(header.seats))
			throw new ReplayError('the log header’s seats are not readable');
		const n = seatCount(header.scenario, config);
		const seats: Record<string, ModelChoice> = {};
		for (const [seat, raw] of Object.entries(header.seats)) {
			if (!/^[1-9]\d?$/.test(seat) || Number(seat) > n)
				throw new ReplayError(`the log header names a seat "${seat.slice(0, 10)}" that is not at the table`);
			const choice = parseChoice(raw);
			if (typeof choice === 'string') throw new ReplayError(`the log header’s seat ${seat}: ${choice}`);
			const panel = panelProblem(header.scenario, Number(seat), choice);
			if (panel) throw new ReplayError(`the log header’s seat ${seat}: ${panel}`);
			seats[seat] = choice;
		}
		run.seats = seats;
	}
	return run;
}

/** Seats a replay cannot re-execute (a person's moves are not model calls): null when there are none. */
function unreplayableSeat(setup: SharedRun): number | null {
	for (const [seat, choice] of Object.entries(setup.seats ?? {}))
		if (choice.engine === 'human') return Number(seat);
	return null;
}

export interface Replay {
	runner: AnyRunner;
	setup: SharedRun;
	/**
	 * `reexecuted`: every seat's moves came again from its policy over the recording. `checked`: a
	 * person played a seat, whose moves were taken from the log and put through the scenario's own
	 * validation in the state the log had reached (a person's choice cannot be re-executed).
	 */
	method: 'reexecuted' | 'checked';
	/** One turn; false once the replay has reached the original's end. Throws ReplayMiss / ReplayError. */
	step(): Promise<boolean>;
	/** Steps to the end and checks the hash. */
	run(): Promise<void>;
	/** Throws unless the replay ended exactly where the original did, with its hash. */
	verify(): void;
}

/**
 * Builds the replay's runner. Model seats get their own LLM policy over the replay engine; scripted
 * seats their scripted policy; no engine is created, no worker started, nothing fetched.
 */
export function createReplay(
	input: ReplayInput,
	opts: { onEvents?: (events: LogEvent[]) => void } = {}
): Replay {
	const setup = setupOfHeader(input.header);
	const person = unreplayableSeat(setup);
	const original = input.original;
	if (person !== null && !original)
		throw new ReplayError(`seat ${person} was played by a person, whose moves a replay cannot re-execute`);
	checkRecordedCalls(input);
	const source = new ReplaySource(input.recording);
	const box: { runner?: AnyRunner } = {};
	const tools: ToolHost | undefined = scenarioModule(setup.scenario).toolHost?.(() => box.runner?.state);
	const policies = new Map<number, Policy>();
	const seatPolicy = (s: number, choice: ModelChoice) => {
		if (needsEngine(choice)) policies.set(s, replayPolicy(setup.scenario, s, choice, source, tools));
		else if (choice.engine === 'human' && original) policies.set(s, personMoves(s, original));
		else policies.delete(s);
	};
	for (const [seat, choice] of Object.entries(setup.seats ?? {})) seatPolicy(Number(seat), choice);
	/** Each seat's model now: the header's, with the log's model changes applied as the replay meets them. */
	const current: Record<string, ModelChoice> = { ...(setup.seats ?? {}) };
	const system = scenarioModule(setup.scenario).systemSeat;
	box.runner = createRunner(setup, {
		// The log's own header: the chain starts where the original's did.
		resume: { header: input.header, events: [] },
		policyFor: (seat) => policies.get(seat),
		// What the system seat measured (governance's embedding drift) is read back, never measured again.
		...(system === undefined
			? {}
			: { systemPolicy: recordedSystemSeat(system, original, input.measurements) }),
		tools,
		onEvents: (events) => {
			source.observe(events);
			if (original)
				for (const e of events) {
					const was = original[e.seq];
					if (!was || was.hash !== e.hash)
						throw new ReplayError(
							was
								? `the replay left the recording at event ${e.seq} (recorded ${was.kind}, replayed ${e.kind})`
								: `the replay went on past the recording's last event (${original.length - 1})`,
							e.seq
						);
				}
			opts.onEvents?.(events);
		}
	});
	const runner = box.runner;
	const { expected } = input;

	const replay: Replay = {
		runner,
		setup,
		method: person === null ? 'reexecuted' : 'checked',
		async step() {
			if (runner.log.length >= expected.events) return false;
			const next = original?.[runner.log.length];
			if (next?.kind === 'seat.model-changed') {
				// A person changed a seat's model here: the same change, and the seat's later calls are
				// matched against the recording with the new model.
				const { seat, to } = modelChangeOf(next, setup, current);
				runner.changeModel(seatId(seat), (next.data as { from: unknown }).from, to);
				current[String(seat)] = to;
				seatPolicy(seat, to);
				return runner.log.length < expected.events;
			}
			try {
				return (await runner.step()) && runner.log.length < expected.events;
			} catch (err) {
				// A recorded transport failure: the original paused here and went on with the same turn.
				if (isRunInterrupted(err) && err.reason === 'transport') return true;
				throw err;
			}
		},
		async run() {
			while (await replay.step()) {
				/* one turn a step */
			}
			replay.verify();
		},
		verify() {
			if (runner.log.length !== expected.events)
				throw new ReplayError(
					`the replay ended after ${runner.log.length} events; the recording has ${expected.events}`,
					runner.log.length
				);
			if (runner.hash !== expected.logHash)
				throw new ReplayError(
					`the replay ended with log hash ${runner.hash.slice(0, 16)}…, not the recorded ${expected.logHash.slice(0, 16)}…`
				);
		}
	};
	return replay;
}

/**
 * A person's seat in a replay of a whole log: each ask is answered with the move the log records for
 * it, and that move goes through the scenario's validation like any agent's. A forged move (a vote by
 * an eliminated seat, a move nobody was asked for) is then not what the replay writes, and the
 * comparison with the original names its event. The action is read back from the recorded event: its
 * data is the action's fields (speeches, votes, approvals), except the operator's answer to a fuse.
 */
function personMoves(seat: number, original: readonly LogEvent[], whose = "no move of the person's"): Policy {
	const answers = new Map<string, LogEvent[]>();
	for (const e of original) {
		if (NOT_A_MOVE.has(e.kind)) continue;
		const d = e.data as { ask?: unknown; seat?: unknown } | null;
		if (typeof d?.ask !== 'string' || (d.seat !== undefined && d.seat !== seat)) continue;
		answers.set(d.ask, [...(answers.get(d.ask) ?? []), e]);
	}
	return {
		label: 'person (recorded moves)',
		act(_observation, ask) {
			const e = answers.get(ask.id)?.[ask.attempt];
			if (!e)
				throw new ReplayMiss(
					`Replay stopped: seat ${seat} was asked ${ask.kind} (ask ${ask.id}) and the recording has ${whose} for it.`
				);
			if (e.kind === 'action.rejected')
				return { action: null, error: String((e.data as { error: unknown }).error) };
			return { action: PERSON_ACTION[e.kind]?.(e.data) ?? e.data };
		}
	};
}

/**
 * The system seat's answers (governance's drift meter: the similarities its embedding model gave),
 * from the log like a person's moves and validated again, or from a link's measurements (the same
 * events, carried in its rows). A link made before links carried them stops where the seat is asked
 * and says where the numbers are.
 */
function recordedSystemSeat(
	seat: number,
	original: readonly LogEvent[] | undefined,
	measurements: readonly LinkMeasurement[] | undefined
): Policy {
	if (original) return personMoves(seat, original, 'no recorded measurement');
	if (measurements?.length) {
		// personMoves reads an event's kind and data only.
		const events = measurements.map((m) => ({ ...m.answer }) as unknown as LogEvent);
		return personMoves(seat, events, 'no recorded measurement');
	}
	return {
		label: 'system seat (recorded measurements)',
		act(_observation, ask) {
			throw new ReplayMiss(
				`Replay stopped: ${ask.kind} (ask ${ask.id}) was answered by a model outside the run, whose numbers only the run file keeps, not a link. Open the run file to replay it.`
			);
		}
	};
}

/** Events that answer no ask of a person's: calls, tool records, and forfeits (the runner writes those). */
const NOT_A_MOVE = new Set(['model.called', 'tool.called', 'action.forfeited', 'seat.model-changed']);

/** Moves whose event does not carry the action's own fields: the operator's answer to a tripped fuse. */
const PERSON_ACTION: Record<string, (data: unknown) => unknown> = {
	'fuse.resumed': () => ({ decision: 'resume' }),
	'run.ended': () => ({ decision: 'end' })
};

/**
 * Recorded usage is read, not re-computed (a replay serves it back and the gate charges it), so a
 * forged count would replay "exactly": every recorded call's numbers are checked before the replay.
 */
function checkRecordedCalls(input: ReplayInput): void {
	const where = (i: number, seq: number | undefined) =>
		seq === undefined ? `recorded model call ${i + 1}` : `event ${seq} (model.called)`;
	const calls = input.original
		? input.original.flatMap((e) =>
				e.kind === 'model.called' ? [{ seq: e.seq, call: e.data, meta: e.meta }] : []
			)
		: input.recording.calls.map((call) => ({ seq: undefined, call, meta: call.meta }));
	calls.forEach(({ seq, call, meta }, i) => {
		const why = recordedCallProblem(call, meta);
		if (why) throw new ReplayError(`${where(i, seq)} ${why}`, seq);
	});
}

const FINISH = new Set(['stop', 'length', 'error']);

/** What is wrong with one recorded call's reply and usage, as the end of a sentence; null when nothing. */
function recordedCallProblem(raw: unknown, meta?: unknown): string | null {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'is not a model call';
	const c = raw as Record<string, unknown>;
	if (typeof c.reply !== 'string') return 'has no reply text';
	if (typeof c.finishReason !== 'string' || !FINISH.has(c.finishReason)) return 'has no valid finish reason';
	for (const k of ['promptTokens', 'completionTokens'] as const) {
		const n = c[k];
		if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
			return `records ${k === 'promptTokens' ? 'prompt' : 'completion'} tokens that are not a whole number of zero or more`;
	}
	const request = c.request as { max_tokens?: unknown } | undefined;
	// The budget the request digest records (a link carries none: its replay client checks the budget
	// its own request has). A digest edited to fit is caught when the replayed call differs from it.
	const budget = typeof request?.max_tokens === 'number' ? request.max_tokens : undefined;
	const spent = budgetProblem(
		{
			engine: c.engine,
			reply: c.reply,
			finishReason: c.finishReason,
			completionTokens: c.completionTokens as number,
			cutByClient: c.cutByClient
		},
		budget
	);
	if (spent) return spent;
	if (c.transportError !== undefined && (c.reply !== '' || c.completionTokens !== 0))
		return 'records a reply to a call that failed in transport';
	if (c.transportError !== undefined && typeof c.transportError !== 'string')
		return 'has an unreadable transport error';
	if (meta !== undefined) {
		if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return 'has unreadable timings';
		for (const v of Object.values(meta))
			if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
				return 'has timings that are not zero or more';
	}
	return null;
}

/**
 * A logged model change, read as hostile input (an imported file), and held to what the page writes
 * (`GameSession.changeModel`): a seat at the table that a model plays, `from` the model it has at that
 * point of the log (the header's, after the changes before), `to` another valid model.
 */
function modelChangeOf(
	e: LogEvent,
	setup: SharedRun,
	current: Readonly<Record<string, ModelChoice>>
): { seat: number; to: ModelChoice } {
	const at = `event ${e.seq} (seat.model-changed)`;
	const d = e.data as { seat?: unknown; from?: unknown; to?: unknown } | null;
	const n = seatCount(setup.scenario, setup.config);
	const seat = d?.seat;
	if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 1 || seat > n)
		throw new ReplayError(`${at} changes the model of a seat that is not at the table`, e.seq);
	const had = current[String(seat)];
	if (!had || !needsEngine(had))
		throw new ReplayError(`${at} changes the model of seat ${seat}, which no model plays`, e.seq);
	const from = parseChoice(d?.from);
	if (typeof from === 'string' || canonicalJson(from) !== canonicalJson(had))
		throw new ReplayError(`${at} says seat ${seat} had another model than the log gives it`, e.seq);
	const to = parseChoice(d?.to);
	if (typeof to === 'string') throw new ReplayError(`${at} changes seat ${seat}'s model: ${to}`, e.seq);
	if (!needsEngine(to)) throw new ReplayError(`${at} gives seat ${seat} something other than a model`, e.seq);
	if (canonicalJson(to) === canonicalJson(had))
		throw new ReplayError(`${at} gives seat ${seat} the model it already has`, e.seq);
	// The page refuses these (state/model-change.ts): a file that has one was not written by it.
	if (had.panel || to.panel)
		throw new ReplayError(`${at} changes seat ${seat}'s panel of two models, which a run cannot do`, e.seq);
	return { seat, to };
}

function replayPolicy(
	scenario: string,
	seat: number,
	choice: ModelChoice & { engine: EngineKind; model: string },
	source: ReplaySource,
	tools: ToolHost | undefined
): Policy {
	const checked: ToolHost | undefined = tools && {
		async call(call) {
			const out = await tools.call(call);
			source.checkTool(seat, out.record);
			return out;
		}
	};
	const member = (c: ModelChoice & { engine: EngineKind; model: string }) => {
		const spec = { kind: c.engine === 'fake' ? 'openai' : c.engine, model: c.model } as const;
		const client = createReplayClient({
			seat,
			engine: c.engine,
			model: c.model,
			// What the page's engine host and Node's client size prompts and reply budgets by: the same
			// rules, the same requests (a reasoning model's larger budgets included).
			contextWindow: contextWindowOf(spec),
			reasoning: reasoningOf(spec),
			source
		});
		return policyForChoice(scenario, c, {
			client,
			seat,
			...(checked ? { deps: { tools: checked } } : {}),
			// Exactly the lessons each recorded call carried, never this browser's own.
			recordedLessons: (ask) => {
				const call = source.recording.callsFor(seat, ask.id).find((c) => c.lessons?.length);
				return (call?.lessons ?? []).map((id, i) => ({ id, text: call?.lessonTexts?.[i] ?? '' }));
			}
		});
	};
	// A panel's two members each answer from the recording: their calls are told apart by model.
	const inner =
		choice.panel && needsEngine(choice.panel)
			? panelPolicyFor(scenario, seat, member(choice), member(choice.panel))
			: member(choice);
	return {
		label: inner.label,
		act(observation, ask, ctx) {
			source.beginAct(seat, ask.id);
			return inner.act(observation, ask, ctx);
		}
	};
}

/** A replay of a whole log (a file, a saved run): its header, its calls, its end. */
export function replayInputOf(header: LogHeader, events: readonly LogEvent[]): ReplayInput {
	return {
		header,
		recording: Recording.fromEvents(events),
		expected: { events: events.length, logHash: events.at(-1)?.hash ?? '' },
		original: events
	};
}

/** What a link carries of a run's log: its model calls in brief, and where it ended. */
export function linkRecordingOf(
	events: readonly LogEvent[],
	seats?: SharedRun['seats'],
	system?: { seat: number; asks: readonly string[] }
): LinkRecording {
	const calls: LinkCall[] = [];
	for (const e of events) {
		if (e.kind !== 'model.called') continue;
		const d = e.data as RecordedCall;
		// A panel's two models ask the same request: the link says which of them a call was.
		const panel = seats?.[String(d.seat)]?.panel;
		const second = panel !== undefined && d.engine === panel.engine && d.model === panel.model;
		calls.push({
			seat: d.seat,
			ask: d.ask,
			fingerprint: d.requestHash.slice(0, MIN_FINGERPRINT),
			reply: d.reply,
			finishReason: d.finishReason,
			promptTokens: d.promptTokens,
			completionTokens: d.completionTokens,
			...(d.transportError !== undefined ? { transportError: d.transportError } : {}),
			...(d.lessons?.length
				? { lessons: d.lessons.map((id, i): [string, string] => [id, d.lessonTexts?.[i] ?? '']) }
				: {}),
			...(d.constraint !== undefined ? { constraint: d.constraint } : {}),
			...(d.cutByClient ? { cutByClient: true as const } : {}),
			...(second ? { second: true as const } : {})
		});
	}
	const measurements = system ? systemAnswers(events, system) : [];
	return {
		events: events.length,
		logHash: events.at(-1)?.hash ?? '',
		calls,
		...(measurements.length ? { measurements } : {})
	};
}

/** The run's system seat answered (governance's drift meter measured): its link must carry those answers. */
export function measuredOutside(setup: SharedRun, events: readonly LogEvent[]): boolean {
	const module = scenarioModule(setup.scenario);
	if (module.systemSeat === undefined) return false;
	return systemAnswers(events, { seat: module.systemSeat, asks: module.systemAsks ?? [] }).length > 0;
}

/**
 * The system seat's answers in a log (governance's drift meter): the events its asks were answered
 * with, a refusal included, which `recordedSystemSeat` hands back in the same order.
 */
function systemAnswers(
	events: readonly LogEvent[],
	system: { seat: number; asks: readonly string[] }
): LinkMeasurement[] {
	const out: LinkMeasurement[] = [];
	for (const e of events) {
		if (NOT_A_MOVE.has(e.kind)) continue;
		const d = e.data as { ask?: unknown; seat?: unknown } | null;
		if (typeof d?.ask !== 'string' || (d.seat !== undefined && d.seat !== system.seat)) continue;
		if (!system.asks.includes(d.ask.split(':')[1] ?? '')) continue;
		out.push({
			seat: system.seat,
			ask: d.ask,
			answer: { kind: e.kind, data: e.data } as Record<string, unknown>
		});
	}
	return out;
}

/**
 * Why a run has no link with its recorded replies: the code the page words in the interface's
 * language (`why` says the same in English, for the command line and errors).
 */
export type NoLinkReason = 'human' | 'model-changed' | 'older' | 'too-long' | 'unfit';

/**
 * The fragment of a link that replays this run exactly, or how long it would be when it does not fit
 * (the page then offers the file). Only for runs that a replay can re-execute and whose header is
 * the one this setup gives (a run saved by an older version is shared as a file).
 */
export function recordedFragment(
	setup: SharedRun,
	header: LogHeader,
	events: readonly LogEvent[]
): { ok: true; fragment: string } | { ok: false; length: number; reason: NoLinkReason; why: string } {
	if (unreplayableSeat(setup) !== null)
		return {
			ok: false,
			length: 0,
			reason: 'human',
			why: 'a person played a seat, so the game cannot be carried in a link'
		};
	if (events.some((e) => e.kind === 'seat.model-changed'))
		return {
			ok: false,
			length: 0,
			reason: 'model-changed',
			why: 'a seat’s model was changed during the run, which a link cannot carry'
		};
	if (canonicalJson(createRunner(setup).log.header) !== canonicalJson(header))
		return {
			ok: false,
			length: 0,
			reason: 'older',
			why: 'this run was saved by an older version of Conclave'
		};
	const module = scenarioModule(setup.scenario);
	const system =
		module.systemSeat === undefined ? undefined : { seat: module.systemSeat, asks: module.systemAsks ?? [] };
	const fragment = encodeRecordedShare(setup, linkRecordingOf(events, setup.seats, system));
	if (fragment.length > MAX_RECORDED_LINK)
		return {
			ok: false,
			length: fragment.length,
			reason: 'too-long',
			why: `the link would be ${fragment.length.toLocaleString('en-US')} characters long, past the ${MAX_RECORDED_LINK.toLocaleString('en-US')} a link can safely carry`
		};
	// A link the page offers is one it opens: a short fragment can still hold what the decoder bounds
	// (a long reply that packs small, replies that unpack past its limit), so it is decoded here first.
	const back = decodeShare(fragment);
	if (!back.ok || !back.recording)
		return {
			ok: false,
			length: fragment.length,
			reason: 'unfit',
			why: 'a link cannot carry this run’s recorded replies whole'
		};
	return { ok: true, fragment };
}

/** A link's measurements, each of the scenario's system seat and shaped as a logged event. */
function measurementsOf(setup: SharedRun, list: readonly LinkMeasurement[]): LinkMeasurement[] {
	const system = scenarioModule(setup.scenario).systemSeat;
	for (const [i, m] of list.entries()) {
		const a = m.answer as { kind?: unknown; data?: unknown };
		if (system === undefined || m.seat !== system)
			throw new ReplayError(
				`the link's measurement ${i + 1} belongs to seat ${m.seat}, which measures nothing`
			);
		if (typeof a.kind !== 'string' || typeof a.data !== 'object' || a.data === null)
			throw new ReplayError(`the link's measurement ${i + 1} is not readable`);
		if ((a.data as { ask?: unknown }).ask !== m.ask)
			throw new ReplayError(`the link's measurement ${i + 1} answers another ask than its row says`);
	}
	return [...list];
}

/** A replay of a link with recorded replies: the header its setup gives, the calls it carries. */
export function replayInputOfLink(setup: SharedRun, recording: LinkRecording): ReplayInput {
	const calls: RecordedCall[] = recording.calls.map((c) => {
		const seat = setup.seats?.[String(c.seat)] as ModelChoice;
		const choice = c.second && seat.panel ? seat.panel : seat;
		return {
			seat: c.seat,
			ask: c.ask,
			engine: choice.engine,
			model: choice.model ?? '',
			requestHash: c.fingerprint,
			purpose: '',
			reply: c.reply,
			finishReason: c.finishReason,
			promptTokens: c.promptTokens,
			completionTokens: c.completionTokens,
			...(c.transportError !== undefined ? { transportError: c.transportError } : {}),
			...(c.lessons
				? { lessons: c.lessons.map(([id]) => id), lessonTexts: c.lessons.map(([, text]) => text) }
				: {}),
			...(c.constraint !== undefined ? { constraint: c.constraint } : {}),
			...(c.cutByClient ? { cutByClient: true } : {})
		};
	});
	return {
		header: createRunner(setup).log.header,
		recording: new Recording(calls),
		expected: { events: recording.events, logHash: recording.logHash },
		from: 'link',
		...(recording.measurements?.length ? { measurements: measurementsOf(setup, recording.measurements) } : {})
	};
}

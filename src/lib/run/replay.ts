/**
 * Replaying a recorded run: re-executing the scenario from the log's own header, every model call
 * answered by the replay engine (policies/llm/replay-client.ts) and every tool call re-run over the
 * replay's own files and checked against the recording. The same recipe on the page (a link with
 * recorded replies, an imported file, a saved run) and in `npm run sim -- --replay`, so a replay ends
 * with the original's log hash everywhere, or says exactly where it left the recording.
 */
import {
	canonicalJson,
	isRunInterrupted,
	MIN_FINGERPRINT,
	Recording,
	ReplaySource,
	type RecordedCall,
	type LogEvent,
	type LogHeader,
	type Policy,
	seatId
} from '../core';
import { contextWindowOf } from '../engines/context';
import { needsEngine } from '../engines/spec';
import type { EngineKind, ModelChoice } from '../engines/types';
import { createRunner, type AnyRunner } from './play';
import { policyForChoice } from '../policies/factory';
import { createReplayClient } from '../policies/llm/replay-client';
import { stateToolHost, type GovernanceState, type ToolHost } from '../scenarios/governance';
import {
	encodeRecordedShare,
	MAX_RECORDED_LINK,
	parseChoice,
	type LinkCall,
	type LinkRecording,
	type SharedRun
} from '../share/link';
import { scenarios, seatCount } from '../scenarios';

/** What a replay reproduces: the run's header, its recorded calls, and where the original ended. */
export interface ReplayInput {
	header: LogHeader;
	recording: Recording;
	/** The original's event count and log hash: the replay stops there and must match. */
	expected: { events: number; logHash: string };
	/** The original events, when the replay has them (a file, a saved run): a divergence is named by seq. */
	original?: readonly LogEvent[];
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
			seats[seat] = choice;
		}
		run.seats = seats;
	}
	return run;
}

/** Seats a replay cannot re-execute (a person's moves are not model calls): null when there are none. */
export function unreplayableSeat(setup: SharedRun): number | null {
	for (const [seat, choice] of Object.entries(setup.seats ?? {}))
		if (choice.engine === 'human') return Number(seat);
	return null;
}

export interface Replay {
	runner: AnyRunner;
	setup: SharedRun;
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
	if (person !== null)
		throw new ReplayError(`seat ${person} was played by a person, whose moves a replay cannot re-execute`);
	const source = new ReplaySource(input.recording);
	const box: { runner?: AnyRunner } = {};
	const tools: ToolHost | undefined =
		setup.scenario === 'governance' ? stateToolHost(() => box.runner?.state as GovernanceState) : undefined;
	const policies = new Map<number, Policy>();
	const seatPolicy = (s: number, choice: ModelChoice) => {
		if (needsEngine(choice)) policies.set(s, replayPolicy(setup.scenario, s, choice, source, tools));
		else policies.delete(s);
	};
	for (const [seat, choice] of Object.entries(setup.seats ?? {})) seatPolicy(Number(seat), choice);
	const original = input.original;
	box.runner = createRunner(setup, {
		// The log's own header: the chain starts where the original's did.
		resume: { header: input.header, events: [] },
		policyFor: (seat) => policies.get(seat),
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
		async step() {
			if (runner.log.length >= expected.events) return false;
			const next = original?.[runner.log.length];
			if (next?.kind === 'seat.model-changed') {
				// A person changed a seat's model here: the same change, and the seat's later calls are
				// matched against the recording with the new model.
				const { seat, to } = modelChangeOf(next, setup);
				runner.changeModel(seatId(seat), (next.data as { from: unknown }).from, to);
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

/** A logged model change, read as hostile input (an imported file): a seat at the table, a valid choice. */
function modelChangeOf(e: LogEvent, setup: SharedRun): { seat: number; to: ModelChoice } {
	const d = e.data as { seat?: unknown; to?: unknown } | null;
	const n = seatCount(setup.scenario, setup.config);
	const seat = d?.seat;
	if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 1 || seat > n)
		throw new ReplayError(`event ${e.seq} changes the model of a seat that is not at the table`, e.seq);
	const to = parseChoice(d?.to);
	if (typeof to === 'string')
		throw new ReplayError(`event ${e.seq} changes seat ${seat}'s model: ${to}`, e.seq);
	if (!needsEngine(to))
		throw new ReplayError(`event ${e.seq} gives seat ${seat} something other than a model`, e.seq);
	return { seat, to };
}

function replayPolicy(
	scenario: string,
	seat: number,
	choice: ModelChoice & { engine: EngineKind; model: string },
	source: ReplaySource,
	tools: ToolHost | undefined
): Policy {
	const client = createReplayClient({
		seat,
		engine: choice.engine,
		model: choice.model,
		// What the page's engine host and Node's client size prompts by: the same rule, the same prompts.
		contextWindow: contextWindowOf({
			kind: choice.engine === 'fake' ? 'openai' : choice.engine,
			model: choice.model
		}),
		source
	});
	const checked: ToolHost | undefined = tools && {
		async call(call) {
			const out = await tools.call(call);
			source.checkTool(seat, out.record);
			return out;
		}
	};
	const inner = policyForChoice(scenario, choice, {
		client,
		seat,
		...(checked ? { deps: { tools: checked } } : {}),
		// Exactly the lessons each recorded call carried, never this browser's own.
		recordedLessons: (ask) => {
			const call = source.recording.callsFor(seat, ask.id).find((c) => c.lessons?.length);
			return (call?.lessons ?? []).map((id, i) => ({ id, text: call?.lessonTexts?.[i] ?? '' }));
		}
	});
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
export function linkRecordingOf(events: readonly LogEvent[]): LinkRecording {
	const calls: LinkCall[] = [];
	for (const e of events) {
		if (e.kind !== 'model.called') continue;
		const d = e.data as RecordedCall;
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
				: {})
		});
	}
	return { events: events.length, logHash: events.at(-1)?.hash ?? '', calls };
}

/**
 * Why a run has no link with its recorded replies: the code the page words in the interface's
 * language (`why` says the same in English, for the command line and errors).
 */
export type NoLinkReason = 'human' | 'model-changed' | 'older' | 'too-long';

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
	const fragment = encodeRecordedShare(setup, linkRecordingOf(events));
	return fragment.length <= MAX_RECORDED_LINK
		? { ok: true, fragment }
		: {
				ok: false,
				length: fragment.length,
				reason: 'too-long',
				why: `the link would be ${fragment.length.toLocaleString('en-US')} characters long, past the ${MAX_RECORDED_LINK.toLocaleString('en-US')} a link can safely carry`
			};
}

/** A replay of a link with recorded replies: the header its setup gives, the calls it carries. */
export function replayInputOfLink(setup: SharedRun, recording: LinkRecording): ReplayInput {
	const calls: RecordedCall[] = recording.calls.map((c) => {
		const choice = setup.seats?.[String(c.seat)] as ModelChoice;
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
				: {})
		};
	});
	return {
		header: createRunner(setup).log.header,
		recording: new Recording(calls),
		expected: { events: recording.events, logHash: recording.logHash }
	};
}

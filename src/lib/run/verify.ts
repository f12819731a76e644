/**
 * The one verifier every door opens a recorded run through (the Runs page's import, `npm run sim --
 * --replay`): a chain sealed again after an edit is still a valid chain, so a run is kept or trusted
 * only once it has been re-executed from its header with its recorded replies and tool results,
 * through the validation the live runner uses, and has reached the recorded final hash event for
 * event. A run a person played a seat of is re-executed too, the person's moves taken from the log and
 * put through the scenario's validation in the state the log has reached (`method: 'checked'`).
 *
 * Whatever goes wrong, the answer is one sentence naming the event (sequence number and kind) or the
 * header field, never an engine's internal words.
 */
import { isRunInterrupted } from '../core';
import type { Problem, ProblemCode } from '../problem';
import { snippet } from './run-file';
import { createReplay, ReplayError, type Replay, type ReplayInput } from './replay';

/** A ReplayError about one recorded event (its call's numbers, a model change), not the replay's course. */
const CALL_PROBLEM = /^(event \d+ |recorded model call)/;

export type Verification =
	| { ok: true; method: Replay['method']; outcome: unknown; finished: boolean; replay: Replay }
	| { ok: false; error: string; problem: Problem; seq?: number };

const refused = (
	error: string,
	code: ProblemCode,
	values: Problem['values'],
	seq?: number
): Extract<Verification, { ok: false }> => ({
	ok: false,
	error,
	problem: { code, values },
	...(seq !== undefined ? { seq } : {})
});

/**
 * Re-executes a recording (a whole log read and chain-checked by run/run-file.ts, or a link's
 * replies) and compares it with the original event by event, then by its final hash. Never throws.
 */
export async function verifyRun(input: ReplayInput): Promise<Verification> {
	if (input.from === 'link') return verifyLink(input);
	const events = input.original ?? [];
	const total = input.expected.events;
	const named = (seq: number) => ({ event: seq, kind: snippet(events[seq]?.kind ?? '') });
	let replay: Replay | undefined;
	try {
		replay = createReplay(input);
		await replay.run();
		const outcome = replay.runner.outcome();
		return { ok: true, method: replay.method, outcome, finished: replay.runner.done, replay };
	} catch (err) {
		if (!replay && err instanceof ReplayError && CALL_PROBLEM.test(err.message)) {
			const at = err.seq ?? 0;
			const { event, kind } = named(at);
			return refused(`This file was altered: ${err.message}.`, 'file-event-invalid', { event, kind }, at);
		}
		if (!replay) {
			// Refused before anything ran: the header's setup, or a recording a replay cannot serve.
			const detail = snippet(err instanceof ReplayError ? err.message : 'unreadable', 160);
			return refused(`This run's header is not valid: ${detail}.`, 'file-header-setup', { detail });
		}
		const made = replay.runner.log.length;
		// Where the replay stood: the recorded event it contradicted, or the first one it had not written.
		const at = err instanceof ReplayError && err.seq !== undefined ? err.seq : made;
		if (made !== total && at >= total)
			return refused(
				`This run does not replay: its rules and recorded replies give ${made} events, the recording has ${total}.`,
				'file-replay-ended',
				{ made, events: total }
			);
		// A link carries no events: where it has none, name the last event the replay itself wrote.
		const last = events.length ? Math.min(at, total - 1) : Math.max(0, Math.min(at, made - 1));
		const { event, kind } = events[last]
			? named(last)
			: { event: last, kind: snippet(replay.runner.log.events[last]?.kind ?? 'end') };
		if (err instanceof ReplayError && CALL_PROBLEM.test(err.message))
			return refused(`This file was altered: ${err.message}.`, 'file-event-invalid', { event, kind }, last);
		if (isRunInterrupted(err) && err.reason === 'replay') {
			const detail = snippet(err.message.replace(/^Replay stopped: /, '').replace(/\.$/, ''), 160);
			return refused(
				`This run does not replay: at event ${event} (${kind}) its recording has no answer for what the run asks (${detail}).`,
				'file-replay-stopped',
				{ event, kind, detail },
				last
			);
		}
		return refused(
			`This file was altered: event ${event} (${kind}) is not what the run's rules and recorded replies give at that point.`,
			'file-replay-diverged',
			{ event, kind },
			event
		);
	}
}

/**
 * A link's recording (its setup and recorded replies, no events) re-executed: its refusals say "link"
 * and name what a link has, its recorded calls by number and the events the replay itself wrote.
 */
async function verifyLink(input: ReplayInput): Promise<Verification> {
	const total = input.expected.events;
	let replay: Replay | undefined;
	try {
		replay = createReplay(input);
		await replay.run();
		const outcome = replay.runner.outcome();
		return { ok: true, method: replay.method, outcome, finished: replay.runner.done, replay };
	} catch (err) {
		const message = err instanceof Error ? err.message : '';
		const call = /^recorded model call (\d+) /.exec(message);
		if (!replay && err instanceof ReplayError && call) {
			const detail = snippet(message.slice(call[0].length), 160);
			return refused(
				`This link was altered: its recorded model call ${call[1]} is not valid (${detail}).`,
				'link-altered-call',
				{ call: Number(call[1]), detail }
			);
		}
		if (!replay) {
			const detail = snippet(err instanceof ReplayError ? message : 'unreadable', 160);
			return refused(`This link cannot be replayed: ${detail}.`, 'link-setup', { detail });
		}
		const made = replay.runner.log.length;
		// The last event the replay wrote (a link carries none of its own to name).
		const event = Math.max(0, made - 1);
		const kind = snippet(replay.runner.log.events[event]?.kind ?? 'none');
		if (isRunInterrupted(err) && err.reason === 'replay') {
			const detail = snippet(message.replace(/^Replay stopped: /, '').replace(/\.$/, ''), 160);
			return refused(
				`This link does not replay: after event ${event} (${kind}) the replies it carries have no answer for what the run asks (${detail}).`,
				'link-replay-stopped',
				{ event, kind, detail },
				event
			);
		}
		if (made !== total)
			return refused(
				`This link does not replay: its setup and recorded replies give ${made} events, the link says ${total}.`,
				'link-replay-ended',
				{ made, events: total }
			);
		return refused(
			`This link was altered: the run its setup and recorded replies give ends at event ${event} (${kind}) with another log hash than the link records.`,
			'link-altered',
			{ event, kind },
			event
		);
	}
}

/**
 * Reading a run file (the JSON-lines export of the page and of `npm run sim -- --log`) as hostile
 * input: every size is bounded before the work it would cost, every field is checked for its type,
 * the chain is verified before anything is kept, and the events are folded through the scenario's
 * rules. Whatever the file holds, the answer is the run or one sentence a person understands; the
 * sentences quote nothing from the file but bounded, printable snippets (and the page shows them as
 * text, never as HTML).
 */
import { firstBrokenLink, LOG_FORMAT, type LogEvent, type LogHeader } from '../core';
import { scenarios, type AnyScenario } from '../scenarios';
import { ReplayError, setupOfHeader } from '../run/replay';
import type { SharedRun } from './link';
import type { Problem, ProblemCode } from '../problem';

/** The largest file the page and sim open: about 50 MB is a 200,000-event run, far past any game. */
export const MAX_RUN_FILE_BYTES = 50 * 2 ** 20;
export const MAX_RUN_EVENTS = 250_000;
/** One event's line: a model reply can be long, never this long. */
const MAX_LINE = 2 ** 20;
const MAX_KIND = 64;

export type RunFile =
	| {
			ok: true;
			header: LogHeader;
			events: LogEvent[];
			setup: SharedRun;
			/** Whether the run had ended, and how (the scenario's outcome), folded from its events. */
			finished: boolean;
			outcome: unknown;
	  }
	| { ok: false; error: string; problem: Problem; seq?: number };

/** `error` is the English sentence; `problem` the same as data, for the page to say in its language. */
const refused = (error: string, code: ProblemCode, values?: Problem['values'], seq?: number): RunFile => ({
	ok: false,
	error,
	problem: values ? { code, values } : { code },
	...(seq !== undefined ? { seq } : {})
});

/** A snippet of file text that is safe to put in a sentence: short, one line, printable. */
export function snippet(value: unknown, max = 40): string {
	const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
	const clean = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '?');
	return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

const EMPTY = 'This file is empty: there is no run in it.';

type Refusal = Extract<RunFile, { ok: false }>;

/** Checked before the file is read: the sentence for an empty or too large file, else null. */
export function sizeProblem(bytes: number): string | null {
	return sizeRefusal(bytes)?.error ?? null;
}

/** The same check, as the refusal (sentence and problem). */
export function sizeRefusal(bytes: number): Refusal | null {
	if (bytes === 0) return refused(EMPTY, 'file-empty') as Refusal;
	if (bytes > MAX_RUN_FILE_BYTES) {
		const mb = Math.round(bytes / 2 ** 20);
		const max = MAX_RUN_FILE_BYTES / 2 ** 20;
		return refused(`This file is ${mb} MB; Conclave opens run files of up to ${max} MB.`, 'file-too-large', {
			mb,
			max
		}) as Refusal;
	}
	return null;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** What is wrong with one event's line, as a kind: `n` is its line (`line`, `seq`) or its event number. */
type EventWhy =
	'not-event' | 'no-seq' | 'no-tick' | 'no-kind' | 'no-link' | 'no-hash' | 'no-data' | 'bad-meta';
const EVENT_WHY: Record<EventWhy, (n: number) => string> = {
	'not-event': (n) => `line ${n} is not an event`,
	'no-seq': (n) => `line ${n} has no sequence number`,
	'no-tick': (n) => `event ${n} has no valid tick`,
	'no-kind': (n) => `event ${n} has no valid kind`,
	'no-link': (n) => `event ${n} has no valid link to the one before`,
	'no-hash': (n) => `event ${n} has no valid hash`,
	'no-data': (n) => `event ${n} has no data`,
	'bad-meta': (n) => `event ${n} has bad timings`
};

function eventShape(value: unknown, i: number): { why: EventWhy; n: number } | null {
	const at = (why: EventWhy, n = i) => ({ why, n });
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return at('not-event', i + 2);
	const e = value as Record<string, unknown>;
	if (!Number.isSafeInteger(e.seq)) return at('no-seq', i + 2);
	if (!Number.isSafeInteger(e.tick) || (e.tick as number) < 0) return at('no-tick');
	if (typeof e.kind !== 'string' || !e.kind || e.kind.length > MAX_KIND) return at('no-kind');
	if (typeof e.prev !== 'string' || !HEX64.test(e.prev)) return at('no-link');
	if (typeof e.hash !== 'string' || !HEX64.test(e.hash)) return at('no-hash');
	if (!('data' in e)) return at('no-data');
	if (e.meta !== undefined) {
		if (typeof e.meta !== 'object' || e.meta === null || Array.isArray(e.meta)) return at('bad-meta');
		for (const v of Object.values(e.meta)) if (typeof v !== 'number') return at('bad-meta');
	}
	return null;
}

type HeaderWhy = 'no-scenario' | 'no-seed' | 'no-setup' | 'no-players';
const HEADER_WHY: Record<HeaderWhy, string> = {
	'no-scenario': 'it names no scenario',
	'no-seed': 'it has no seed',
	'no-setup': 'it has no setup',
	'no-players': 'it does not say who played'
};

function headerShape(value: unknown): HeaderWhy | null {
	const h = value as Record<string, unknown>;
	if (typeof h.scenario !== 'string' || h.scenario.length > MAX_KIND) return 'no-scenario';
	if (!Number.isSafeInteger(h.seed)) return 'no-seed';
	if (typeof h.config !== 'object' || h.config === null || Array.isArray(h.config)) return 'no-setup';
	if (typeof h.engines !== 'object' || h.engines === null || Array.isArray(h.engines)) return 'no-players';
	for (const v of Object.values(h.engines)) if (typeof v !== 'string' || v.length > 300) return 'no-players';
	return null;
}

/** Parses, bounds, verifies and folds a run file. Never throws. */
export function readRunFile(text: string): RunFile {
	if (typeof text !== 'string') return refused('This is not a text file.', 'file-not-text');
	const size = sizeRefusal(text.length);
	if (size) return size;
	if (!text.trim()) return refused(EMPTY, 'file-empty');
	const lines = text.split('\n').filter((l) => l.trim() !== '');
	if (lines.length - 1 > MAX_RUN_EVENTS)
		return refused(
			`This file has ${lines.length - 1} events; Conclave opens runs of up to ${MAX_RUN_EVENTS}.`,
			'file-too-many-events',
			{ events: lines.length - 1, max: MAX_RUN_EVENTS }
		);
	const notALog = 'This is not a Conclave run file: its first line is not a run header.';
	let first: unknown;
	try {
		first = JSON.parse(lines[0] as string);
	} catch {
		return refused(notALog, 'file-not-a-log');
	}
	if (typeof first !== 'object' || first === null || Array.isArray(first))
		return refused(notALog, 'file-not-a-log');
	const format = (first as { format?: unknown }).format;
	if (!Number.isSafeInteger(format) || (format as number) < 1) return refused(notALog, 'file-not-a-log');
	if ((format as number) > LOG_FORMAT)
		return refused(
			`This run file was written by a newer version of Conclave (log format ${format}; this site reads format ${LOG_FORMAT}). Reload the site to update it.`,
			'file-newer',
			{ format: format as number, reads: LOG_FORMAT }
		);
	const bad = headerShape(first);
	if (bad)
		return refused(
			`This is not a Conclave run file: its header is not valid (${HEADER_WHY[bad]}).`,
			'file-header-invalid',
			{
				why: bad
			}
		);
	const header = first as LogHeader;
	let setup: SharedRun;
	try {
		setup = setupOfHeader(header);
	} catch (err) {
		const detail = err instanceof ReplayError ? err.message : 'unreadable';
		return refused(`This run file's header is not valid: ${detail}.`, 'file-header-setup', { detail });
	}
	const events: LogEvent[] = [];
	for (let i = 1; i < lines.length; i++) {
		const line = lines[i] as string;
		if (line.length > MAX_LINE)
			return refused(
				`Event ${i - 1} is far too long (${Math.round(line.length / 1024)} KB).`,
				'file-event-too-long',
				{ event: i - 1, kb: Math.round(line.length / 1024) },
				i - 1
			);
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			return refused(
				`Line ${i + 1} of the file is not readable, so event ${i - 1} is damaged.`,
				'file-line-unreadable',
				{ line: i + 1, event: i - 1 },
				i - 1
			);
		}
		const shape = eventShape(value, i - 1);
		if (shape)
			return refused(
				`This file is damaged: ${EVENT_WHY[shape.why](shape.n)}.`,
				'file-event-damaged',
				{ ...shape },
				i - 1
			);
		events.push(value as LogEvent);
	}
	const broken = firstBrokenLink(header, events);
	if (broken) {
		const e = events[broken.seq] as LogEvent;
		const kind = snippet(e.kind);
		const named = `event ${broken.seq} (${kind})`;
		const at = { event: broken.seq, kind };
		switch (broken.why) {
			case 'sequence':
				return refused(
					`This file was altered: ${named} carries sequence number ${e.seq}.`,
					'file-altered-sequence',
					{ ...at, seq: e.seq },
					broken.seq
				);
			case 'link':
				return broken.seq === 0
					? refused(
							`These events belong to another run: ${named} does not follow this file's header.`,
							'file-other-run',
							at,
							broken.seq
						)
					: refused(
							`This file was altered: ${named} does not follow event ${broken.seq - 1}.`,
							'file-altered-link',
							{ ...at, prev: broken.seq - 1 },
							broken.seq
						);
			case 'hash':
				return refused(
					`This file was altered: ${named} no longer matches its hash.`,
					'file-altered-hash',
					at,
					broken.seq
				);
		}
	}
	// A chain sealed again after an edit passes the check above; the scenario's own rules do not.
	// Folded here rather than through a resumed runner, which would verify the whole chain again.
	const scenario = scenarios[setup.scenario] as AnyScenario;
	let state: unknown;
	try {
		const parsed = scenario.parseConfig(setup.config);
		if (!parsed.ok) throw new Error(parsed.error);
		state = scenario.init(parsed.config, setup.seed);
		if (scenario.applyAll) state = scenario.applyAll(state, events);
		else for (const e of events) state = scenario.apply(state, e);
	} catch (err) {
		const detail = snippet(err instanceof Error ? err.message : String(err), 120);
		return refused(`The events of this file do not fit its run (${detail}).`, 'file-events-misfit', {
			detail
		});
	}
	const outcome = scenario.outcome(state);
	return { ok: true, header, events, setup, finished: outcome !== null, outcome };
}

/**
 * Reading a run file (the JSON-lines export of the page and of `npm run sim -- --log`) as hostile
 * input: every size is bounded before the work it would cost, every field is checked for its type,
 * the chain is verified before anything is kept, and the events are folded through the scenario's
 * rules. Whatever the file holds, the answer is the run or one sentence a person understands; the
 * sentences quote nothing from the file but bounded, printable snippets (and the page shows them as
 * text, never as HTML).
 */
import {
	canonicalJson,
	firstBrokenLink,
	LOG_FORMAT,
	MAX_LOG_BYTES,
	type LogEvent,
	type LogHeader
} from '../core';
import { scenarios, type AnyScenario } from '../scenarios';
import { createRunner } from './play';
import { ReplayError, setupOfHeader } from './replay';
import type { SharedRun } from '../share/link';
import type { Problem, ProblemCode } from '../problem';

/**
 * The largest file the page and sim open: about 50 MB is a 200,000-event run, far past any game. The
 * runner halts a run before its log could pass it (core MAX_LOG_BYTES, the same number).
 */
export const MAX_RUN_FILE_BYTES = MAX_LOG_BYTES;
const MAX_RUN_EVENTS = 250_000;
/** One event's line: a model reply can be long, never this long. */
export const MAX_LINE = 2 ** 20;
/** The header line: a setup and its seats' choices, a few KB at most. */
const MAX_HEADER_LINE = 64 * 1024;
/**
 * Arrays and objects inside one another, checked before JSON.parse (whose recursion 200,000 levels
 * overflow). Deep enough for anything a run writes: governance evidence, the deepest a model may send,
 * is at most 4,000 characters of JSON, so at most 2,000 levels.
 */
const MAX_DEPTH = 4096;
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
		// Rounded up: a file just past the limit is not said to be the limit's size.
		const mb = Math.ceil(bytes / 2 ** 20);
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

/** Whether a line nests arrays and objects deeper than MAX_DEPTH: one pass, strings skipped. */
function tooDeep(line: string, max = MAX_DEPTH): boolean {
	if (line.length <= max * 2) return false; // each level costs two characters at least
	let depth = 0;
	let inString = false;
	for (let i = 0; i < line.length; i++) {
		const c = line.charCodeAt(i);
		if (inString) {
			if (c === 92)
				i++; // a backslash escapes the next character
			else if (c === 34) inString = false;
		} else if (c === 34) inString = true;
		else if (c === 91 || c === 123) {
			if (++depth > max) return true;
		} else if (c === 93 || c === 125) depth--;
	}
	return false;
}

/** Whether a parsed value holds a number JSON.parse turned into Infinity (`1e400`): no hash can carry it. */
function hasNonFinite(value: unknown): boolean {
	if (typeof value === 'number') return !Number.isFinite(value);
	if (typeof value !== 'object' || value === null) return false;
	for (const v of Array.isArray(value) ? value : Object.values(value)) if (hasNonFinite(v)) return true;
	return false;
}

/**
 * The first header field that is not what a live run with this setup writes (an `engines` label naming
 * another model, a field no run writes, a config spelled differently): null when the header is exact.
 */
function headerMismatch(header: LogHeader, setup: SharedRun): string | null {
	const written = createRunner(setup).log.header as unknown as Record<string, unknown>;
	const given = header as unknown as Record<string, unknown>;
	for (const key of Object.keys(given)) if (!Object.hasOwn(written, key)) return key;
	for (const key of Object.keys(written))
		if (canonicalJson(written[key]) !== canonicalJson(given[key] ?? null)) return key;
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
	const headerLine = lines[0] as string;
	if (headerLine.length > MAX_HEADER_LINE) {
		const kb = Math.round(headerLine.length / 1024);
		return refused(
			`This run file's header is far too long (${kb} KB; a run writes a few).`,
			'file-header-too-long',
			{ kb }
		);
	}
	if (tooDeep(headerLine)) return refused(notALog, 'file-not-a-log');
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
	const field = headerMismatch(header, setup);
	if (field !== null) {
		const name = snippet(field, 30);
		return refused(
			`This run file's header is not the one a run with its setup writes: its field "${name}" differs.`,
			'file-header-field',
			{ field: name }
		);
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
		if (tooDeep(line))
			return refused(
				`Event ${i - 1} of this file nests lists more than ${MAX_DEPTH} levels deep, which no run writes.`,
				'file-event-too-deep',
				{ event: i - 1, max: MAX_DEPTH },
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
		if (hasNonFinite(value))
			return refused(
				`Event ${i - 1} of this file holds a number too large to be a number (such as 1e400).`,
				'file-event-not-finite',
				{ event: i - 1 },
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
	// A chain sealed again after an edit passes the check above; the scenario's own rules do not. This
	// fold only reads the file (the outcome to list); run/verify.ts re-executes it before it is kept.
	const scenario = scenarios[setup.scenario] as AnyScenario;
	const parsed = scenario.parseConfig(setup.config);
	if (!parsed.ok)
		return refused(`This run file's header is not valid: ${parsed.error}.`, 'file-header-setup', {
			detail: parsed.error
		});
	const init = () => scenario.init(parsed.config, setup.seed);
	let state: unknown;
	try {
		state = scenario.applyAll ? scenario.applyAll(init(), events) : events.reduce(scenario.apply, init());
	} catch {
		// Found again event by event, to name it: the scenario's own words would be its internals
		// ("Cannot read properties of undefined"), so the person is told which event does not fit.
		state = init();
		for (const e of events) {
			try {
				state = scenario.apply(state, e);
			} catch {
				const kind = snippet(e.kind);
				return refused(
					`This file was altered: event ${e.seq} (${kind}) does not fit the run at that point.`,
					'file-event-illegal',
					{ event: e.seq, kind },
					e.seq
				);
			}
		}
	}
	const outcome = scenario.outcome(state);
	return { ok: true, header, events, setup, finished: outcome !== null, outcome };
}

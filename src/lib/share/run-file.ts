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
	| { ok: false; error: string; seq?: number };

const refused = (error: string, seq?: number): RunFile => ({
	ok: false,
	error,
	...(seq !== undefined ? { seq } : {})
});

/** A snippet of file text that is safe to put in a sentence: short, one line, printable. */
export function snippet(value: unknown, max = 40): string {
	const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
	const clean = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '?');
	return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** Checked before the file is read: a sentence for an empty or too large file, else null. */
export function sizeProblem(bytes: number): string | null {
	if (bytes === 0) return 'This file is empty: there is no run in it.';
	if (bytes > MAX_RUN_FILE_BYTES)
		return `This file is ${Math.round(bytes / 2 ** 20)} MB; Conclave opens run files of up to ${MAX_RUN_FILE_BYTES / 2 ** 20} MB.`;
	return null;
}

const HEX64 = /^[0-9a-f]{64}$/;

function eventShape(value: unknown, i: number): string | null {
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		return `line ${i + 2} is not an event`;
	const e = value as Record<string, unknown>;
	if (!Number.isSafeInteger(e.seq)) return `line ${i + 2} has no sequence number`;
	if (!Number.isSafeInteger(e.tick) || (e.tick as number) < 0) return `event ${i} has no valid tick`;
	if (typeof e.kind !== 'string' || !e.kind || e.kind.length > MAX_KIND)
		return `event ${i} has no valid kind`;
	if (typeof e.prev !== 'string' || !HEX64.test(e.prev))
		return `event ${i} has no valid link to the one before`;
	if (typeof e.hash !== 'string' || !HEX64.test(e.hash)) return `event ${i} has no valid hash`;
	if (!('data' in e)) return `event ${i} has no data`;
	if (e.meta !== undefined) {
		if (typeof e.meta !== 'object' || e.meta === null || Array.isArray(e.meta))
			return `event ${i} has bad timings`;
		for (const v of Object.values(e.meta)) if (typeof v !== 'number') return `event ${i} has bad timings`;
	}
	return null;
}

function headerShape(value: unknown): string | null {
	const h = value as Record<string, unknown>;
	if (typeof h.scenario !== 'string' || h.scenario.length > MAX_KIND) return 'it names no scenario';
	if (!Number.isSafeInteger(h.seed)) return 'it has no seed';
	if (typeof h.config !== 'object' || h.config === null || Array.isArray(h.config)) return 'it has no setup';
	if (typeof h.engines !== 'object' || h.engines === null || Array.isArray(h.engines))
		return 'it does not say who played';
	for (const v of Object.values(h.engines))
		if (typeof v !== 'string' || v.length > 300) return 'it does not say who played';
	return null;
}

/** Parses, bounds, verifies and folds a run file. Never throws. */
export function readRunFile(text: string): RunFile {
	if (typeof text !== 'string') return refused('This is not a text file.');
	const size = sizeProblem(text.length);
	if (size) return { ok: false, error: size };
	if (!text.trim()) return { ok: false, error: 'This file is empty: there is no run in it.' };
	const lines = text.split('\n').filter((l) => l.trim() !== '');
	if (lines.length - 1 > MAX_RUN_EVENTS)
		return refused(
			`This file has ${lines.length - 1} events; Conclave opens runs of up to ${MAX_RUN_EVENTS}.`
		);
	const notALog = 'This is not a Conclave run file: its first line is not a run header.';
	let first: unknown;
	try {
		first = JSON.parse(lines[0] as string);
	} catch {
		return refused(notALog);
	}
	if (typeof first !== 'object' || first === null || Array.isArray(first)) return refused(notALog);
	const format = (first as { format?: unknown }).format;
	if (!Number.isSafeInteger(format) || (format as number) < 1) return refused(notALog);
	if ((format as number) > LOG_FORMAT)
		return refused(
			`This run file was written by a newer version of Conclave (log format ${format}; this site reads format ${LOG_FORMAT}). Reload the site to update it.`
		);
	const bad = headerShape(first);
	if (bad) return refused(`This is not a Conclave run file: its header is not valid (${bad}).`);
	const header = first as LogHeader;
	let setup: SharedRun;
	try {
		setup = setupOfHeader(header);
	} catch (err) {
		return refused(
			`This run file's header is not valid: ${err instanceof ReplayError ? err.message : 'unreadable'}.`
		);
	}
	const events: LogEvent[] = [];
	for (let i = 1; i < lines.length; i++) {
		const line = lines[i] as string;
		if (line.length > MAX_LINE)
			return refused(`Event ${i - 1} is far too long (${Math.round(line.length / 1024)} KB).`, i - 1);
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			return refused(`Line ${i + 1} of the file is not readable, so event ${i - 1} is damaged.`, i - 1);
		}
		const shape = eventShape(value, i - 1);
		if (shape) return refused(`This file is damaged: ${shape}.`, i - 1);
		events.push(value as LogEvent);
	}
	const broken = firstBrokenLink(header, events);
	if (broken) {
		const e = events[broken.seq] as LogEvent;
		const named = `event ${broken.seq} (${snippet(e.kind)})`;
		switch (broken.why) {
			case 'sequence':
				return refused(`This file was altered: ${named} carries sequence number ${e.seq}.`, broken.seq);
			case 'link':
				return refused(
					broken.seq === 0
						? `These events belong to another run: ${named} does not follow this file's header.`
						: `This file was altered: ${named} does not follow event ${broken.seq - 1}.`,
					broken.seq
				);
			case 'hash':
				return refused(`This file was altered: ${named} no longer matches its hash.`, broken.seq);
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
		return refused(
			`The events of this file do not fit its run (${snippet(err instanceof Error ? err.message : String(err), 120)}).`
		);
	}
	const outcome = scenario.outcome(state);
	return { ok: true, header, events, setup, finished: outcome !== null, outcome };
}

/**
 * The append-only event log: a header, then events chained by SHA-256.
 *
 * Each event's `hash` covers its own fields and the previous hash (the header's hash for the first
 * event), so altering, dropping or reordering any event changes the log hash, which is the hash of
 * the last event.
 */
import { canonicalJson, sha256Hex, utf8Length } from './hash';

export const LOG_FORMAT = 1;

/**
 * The largest run file the page and `sim --replay` open (run/run-file.ts MAX_RUN_FILE_BYTES), and so
 * the most a run may write: the runner halts a run whose log comes within a turn of it.
 */
export const MAX_LOG_BYTES = 50 * 2 ** 20;

/** `,"hash":"<64 hex digits>"` and the line's newline, beside an event's hashed body. */
const HASH_FIELD_BYTES = 75;

/**
 * An event's line of the JSON-lines export, in UTF-8 bytes, from the body its hash covers: the same
 * characters as the export's line in another key order. One function for a new event and a resumed
 * one, so a run halts at the same event live, resumed and replayed.
 */
function lineBytes(body: string, meta: Record<string, number> | undefined): number {
	return utf8Length(body) + HASH_FIELD_BYTES + (meta ? utf8Length(JSON.stringify(meta)) + 8 : 0);
}

export interface LogHeader {
	format: number;
	scenario: string;
	seed: number;
	/** The scenario's normalised config: everything that, with the seed, decides the run. */
	config: Record<string, unknown>;
	/** What decides each seat's actions, e.g. { "1": "scripted" }: recorded so a replay can tell. */
	engines: Record<string, string>;
	/** Each seat's engine and model choice (never a key), when any seat is model-backed. */
	seats?: Record<string, unknown>;
}

export interface LogEvent<K extends string = string, D = unknown> {
	seq: number;
	tick: number;
	kind: K;
	data: D;
	prev: string;
	hash: string;
	/** Wall-clock measurements (model timings): kept with the event but outside its hash. */
	meta?: Record<string, number>;
}

export type EventDraft<K extends string = string, D = unknown> = {
	kind: K;
	data: D;
	meta?: Record<string, number>;
};

export function headerHash(header: LogHeader): string {
	return sha256Hex(canonicalJson(header));
}

/**
 * What an event's hash covers: `canonicalJson({ seq, tick, kind, data, prev })`, written here with its
 * five keys already in sorted order (data, kind, prev, seq, tick) rather than by building that object
 * and sorting its keys for each event. A field that is undefined is left out, as canonicalJson does.
 */
export function eventBody(e: Omit<LogEvent, 'hash'>): string {
	let out = '';
	if (e.data !== undefined) out += '{"data":' + canonicalJson(e.data);
	if (e.kind !== undefined) out += (out ? ',' : '{') + '"kind":' + canonicalJson(e.kind);
	if (e.prev !== undefined) out += (out ? ',' : '{') + '"prev":' + canonicalJson(e.prev);
	if (e.seq !== undefined) out += (out ? ',' : '{') + '"seq":' + canonicalJson(e.seq);
	if (e.tick !== undefined) out += (out ? ',' : '{') + '"tick":' + canonicalJson(e.tick);
	return out ? out + '}' : '{}';
}

export function eventHash(e: Omit<LogEvent, 'hash'>): string {
	return sha256Hex(eventBody(e));
}

export class LogIntegrityError extends Error {
	constructor(
		message: string,
		readonly seq: number
	) {
		super(message);
		this.name = 'LogIntegrityError';
	}
}

/** A log being written: appending seals each event into the chain. */
export class EventLog {
	readonly header: LogHeader;
	readonly events: LogEvent[] = [];
	#head: string;
	#bytes: number;

	constructor(header: LogHeader, events: readonly LogEvent[] = []) {
		this.header = header;
		this.#head = headerHash(header);
		this.#bytes = utf8Length(JSON.stringify(header)) + 1;
		// A new log has nothing to verify (and verifying would hash the header a second time).
		if (events.length) verifyChain(header, events);
		for (const e of events) {
			this.events.push(e);
			this.#head = e.hash;
			this.#bytes += lineBytes(eventBody(e), e.meta);
		}
	}

	/** About the size of the log's JSON-lines export, in bytes (each line counted from its hashed body). */
	get bytes(): number {
		return this.#bytes;
	}

	/** The hash of the last event (the header's hash while the log is empty). */
	get hash(): string {
		return this.#head;
	}

	get length(): number {
		return this.events.length;
	}

	append<K extends string, D>(draft: EventDraft<K, D>, tick: number): LogEvent<K, D> {
		const last = this.events[this.events.length - 1];
		if (last && tick < last.tick) throw new RangeError(`event tick ${tick} is before ${last.tick}`);
		const seq = this.events.length;
		const { kind, data } = draft;
		const prev = this.#head;
		const body = eventBody({ seq, tick, kind, data, prev });
		// Written out rather than spread from the hashed body: this runs for every event of every run.
		const event: LogEvent<K, D> = { seq, tick, kind, data, prev, hash: sha256Hex(body) };
		if (draft.meta) event.meta = draft.meta;
		this.events.push(event);
		this.#head = event.hash;
		this.#bytes += lineBytes(body, draft.meta);
		return event;
	}
}

/** The first event whose sequence number, link to the one before, or own hash is wrong. */
export interface BrokenLink {
	seq: number;
	why: 'sequence' | 'link' | 'hash';
}

export function firstBrokenLink(header: LogHeader, events: readonly LogEvent[]): BrokenLink | null {
	let prev = headerHash(header);
	for (let i = 0; i < events.length; i++) {
		const e = events[i] as LogEvent;
		if (e.seq !== i) return { seq: i, why: 'sequence' };
		if (e.prev !== prev) return { seq: i, why: 'link' };
		if (eventHash(e) !== e.hash) return { seq: i, why: 'hash' };
		prev = e.hash;
	}
	return null;
}

/** Throws LogIntegrityError at the first event whose sequence, link or hash is wrong. */
export function verifyChain(header: LogHeader, events: readonly LogEvent[]): void {
	const broken = firstBrokenLink(header, events);
	if (!broken) return;
	const i = broken.seq;
	switch (broken.why) {
		case 'sequence':
			throw new LogIntegrityError(`event ${i} has sequence number ${(events[i] as LogEvent).seq}`, i);
		case 'link':
			throw new LogIntegrityError(`event ${i} does not follow the event before it`, i);
		case 'hash':
			throw new LogIntegrityError(`event ${i} was altered after it was written`, i);
	}
}

/** One JSON object a line: the header first, then each event (the export format of page and sim). */
export function toJsonLines(header: LogHeader, events: readonly LogEvent[]): string {
	return [header, ...events].map((x) => JSON.stringify(x)).join('\n') + '\n';
}

export function fromJsonLines(text: string): { header: LogHeader; events: LogEvent[] } {
	const lines = text.split('\n').filter((l) => l.trim() !== '');
	if (lines.length === 0) throw new LogIntegrityError('the file is empty', -1);
	const parsed = lines.map((l, i) => {
		try {
			return JSON.parse(l) as unknown;
		} catch {
			throw new LogIntegrityError(`line ${i + 1} is not JSON`, i - 1);
		}
	});
	const header = parsed[0] as LogHeader;
	if (
		typeof header !== 'object' ||
		header === null ||
		header.format !== LOG_FORMAT ||
		typeof header.scenario !== 'string'
	)
		throw new LogIntegrityError('the first line is not a Conclave log header of a known format', -1);
	const events = parsed.slice(1) as LogEvent[];
	verifyChain(header, events);
	return { header, events };
}

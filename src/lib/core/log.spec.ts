import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex, utf8Length } from './hash';
import {
	EventLog,
	fromJsonLines,
	headerHash,
	LogIntegrityError,
	toJsonLines,
	verifyChain,
	type LogHeader
} from './log';

const header: LogHeader = { format: 1, scenario: 'test', seed: 5, config: { a: 1 }, engines: {} };

describe('hashing', () => {
	it('gives the same SHA-256 bytes as WebCrypto', async () => {
		for (const text of ['', 'abc', '谁是卧底', JSON.stringify({ x: [1, 2, 3] }).repeat(50)]) {
			const digest = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
			expect(sha256Hex(text)).toBe(Buffer.from(digest).toString('hex'));
		}
	});

	it('serialises objects canonically, whatever the key order', () => {
		expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe(
			canonicalJson({ a: [2, { c: 4, d: 3 }], b: 1 })
		);
		expect(() => canonicalJson({ x: Number.NaN })).toThrow(/non-finite/);
	});
});

describe('event log', () => {
	function sample() {
		const log = new EventLog(header);
		log.append({ kind: 'a.happened', data: { n: 1 } }, 1);
		log.append({ kind: 'b.happened', data: { n: 2 } }, 1);
		log.append({ kind: 'c.happened', data: { n: 3 } }, 2);
		return log;
	}

	it('chains each event to the one before, starting from the header', () => {
		const log = sample();
		expect(log.events[0]!.prev).toBe(headerHash(header));
		expect(log.events[1]!.prev).toBe(log.events[0]!.hash);
		expect(log.hash).toBe(log.events[2]!.hash);
		expect(() => verifyChain(header, log.events)).not.toThrow();
	});

	it('detects an altered, dropped or reordered event', () => {
		const events = sample().events;
		const altered = events.map((e, i) => (i === 1 ? { ...e, data: { n: 99 } } : e));
		expect(() => verifyChain(header, altered)).toThrow(LogIntegrityError);
		expect(() => verifyChain(header, [events[0]!, events[2]!])).toThrow(/sequence/);
		expect(() => verifyChain({ ...header, seed: 6 }, events)).toThrow(/does not follow/);
	});

	it('refuses a tick that goes back in time', () => {
		const log = sample();
		expect(() => log.append({ kind: 'late', data: null }, 1)).toThrow(RangeError);
	});

	it('round-trips through the JSON-lines export', () => {
		const log = sample();
		const back = fromJsonLines(toJsonLines(log.header, log.events));
		expect(back.events).toEqual(log.events);
		expect(() => fromJsonLines('{"format":99}\n')).toThrow(/header/);
		expect(() => fromJsonLines('not json')).toThrow(/not JSON/);
	});

	it('continues a resumed log with the same hashes as an uninterrupted one', () => {
		const full = sample();
		const resumed = new EventLog(header, full.events.slice(0, 2));
		resumed.append({ kind: 'c.happened', data: { n: 3 } }, 2);
		expect(resumed.hash).toBe(full.hash);
	});
});

describe('the log’s size', () => {
	it('is the UTF-8 size of its export, counted the same for appended and resumed events', () => {
		const header: LogHeader = { format: 1, scenario: 'x', seed: 1, config: {}, engines: { '1': 'scripted' } };
		const log = new EventLog(header);
		log.append({ kind: 'a.happened', data: { text: '中文 and ascii', emoji: '🙂', n: 1 } }, 0);
		log.append({ kind: 'b.happened', data: { text: 'é\u0001' }, meta: { totalMs: 12.5 } }, 1);
		const exported = new TextEncoder().encode(toJsonLines(header, log.events)).length;
		expect(log.bytes).toBe(exported);
		expect(new EventLog(header, log.events).bytes).toBe(log.bytes);
		expect(utf8Length('a中🙂é')).toBe(new TextEncoder().encode('a中🙂é').length);
	});
});

import { describe, expect, it } from 'vitest';
import { createSseParser, readSseStream, SSE_DONE, type SseEvent } from './sse';

function parseAll(pieces: string[]): SseEvent[] {
	const parser = createSseParser();
	return [...pieces.flatMap((p) => parser.push(p)), ...parser.end()];
}

const datas = (events: SseEvent[]): string[] => events.map((e) => e.data);

describe('SSE parser', () => {
	it('reads data lines and the [DONE] sentinel', () => {
		const events = parseAll(['data: {"a":1}\n\ndata: {"a":2}\n\ndata: [DONE]\n\n']);
		expect(datas(events)).toEqual(['{"a":1}', '{"a":2}', SSE_DONE]);
		expect(events[0]).toEqual({ event: 'message', data: '{"a":1}', id: '' });
	});

	it('holds a line split mid-way until its end arrives', () => {
		const parser = createSseParser();
		expect(parser.push('da')).toEqual([]);
		expect(parser.push('ta: {"x"')).toEqual([]);
		expect(parser.push(':1}\n')).toEqual([]);
		expect(datas(parser.push('\n'))).toEqual(['{"x":1}']);
		expect(parser.end()).toEqual([]);
	});

	it('accepts CRLF and lone CR, including a CRLF split between two chunks', () => {
		expect(datas(parseAll(['data: a\r\n\r\ndata: b\r\rdata: c\n\n']))).toEqual(['a', 'b', 'c']);
		// The LF that starts the second chunk ends the same line as the CR, not a blank line.
		const parser = createSseParser();
		expect(parser.push('data: one\r')).toEqual([]);
		expect(parser.push('\ndata: two\r')).toEqual([]);
		expect(datas(parser.push('\n\r\n'))).toEqual(['one\ntwo']);
	});

	it('skips comments and unknown fields, and keeps event, id and retry', () => {
		const events = parseAll([
			': keep-alive\n\n',
			':another comment\nevent: delta\nid: 7\nretry: 1500\nfoo: bar\ndata: x\n\n',
			'data: y\n\n'
		]);
		expect(events).toEqual([
			{ event: 'delta', data: 'x', id: '7', retry: 1500 },
			{ event: 'message', data: 'y', id: '7' }
		]);
	});

	it('joins multi-line data and strips only one leading space', () => {
		expect(datas(parseAll(['data: line one\ndata:line two\ndata:   indented\ndata\n\n']))).toEqual([
			'line one\nline two\n  indented\n'
		]);
	});

	it('returns several events from one chunk, and an event without data is not dispatched', () => {
		expect(datas(parseAll(['data: 1\n\ndata: 2\n\nevent: ping\n\ndata: 3\n\n']))).toEqual(['1', '2', '3']);
	});

	it('drops a leading byte-order mark and keeps a last event that lacks its blank line', () => {
		expect(datas(parseAll(['\uFEFFdata: first\n\ndata: last']))).toEqual(['first', 'last']);
		expect(datas(parseAll(['data: last\n']))).toEqual(['last']);
	});

	it('gives the same events wherever the stream is split', () => {
		const stream =
			': hello\r\ndata: {"choices":[{"delta":{"content":"Hi"}}]}\r\n\r\n' +
			'data: {"a":\n' +
			'data: 2}\n\n' +
			'event: x\rdata: z\r\r' +
			'data: [DONE]\n\n';
		const whole = parseAll([stream]);
		expect(datas(whole)).toEqual(['{"choices":[{"delta":{"content":"Hi"}}]}', '{"a":\n2}', 'z', SSE_DONE]);
		for (let i = 0; i <= stream.length; i++)
			for (const j of [i, i + 1, i + 3, i + 7]) {
				const pieces = [stream.slice(0, i), stream.slice(i, j), stream.slice(j)];
				expect(parseAll(pieces), `split at ${i}/${j}`).toEqual(whole);
			}
		expect(parseAll([...stream])).toEqual(whole);
	});
});

describe('readSseStream', () => {
	it('decodes UTF-8 split across network chunks and stops cleanly when the consumer does', async () => {
		const bytes = new TextEncoder().encode('data: 谁是卧底 🎭\n\ndata: [DONE]\n\ndata: never read\n\n');
		let cancelled = false;
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				// One byte at a time: every multi-byte character is split.
				for (const b of bytes) controller.enqueue(new Uint8Array([b]));
			},
			cancel() {
				cancelled = true;
			}
		});
		let chunks = 0;
		const seen: string[] = [];
		for await (const event of readSseStream(stream, () => chunks++)) {
			seen.push(event.data);
			if (event.data === SSE_DONE) break;
		}
		expect(seen).toEqual(['谁是卧底 🎭', SSE_DONE]);
		expect(chunks).toBeGreaterThan(10);
		expect(cancelled).toBe(true);
	});

	it('flushes the last event when the stream closes without a blank line', async () => {
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(new TextEncoder().encode('data: a\n\ndata: b'));
				controller.close();
			}
		});
		const seen: string[] = [];
		for await (const event of readSseStream(stream)) seen.push(event.data);
		expect(seen).toEqual(['a', 'b']);
	});
});

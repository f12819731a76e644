/**
 * An incremental parser for server-sent events (the `text/event-stream` format of the HTML standard),
 * as streamed by OpenAI-compatible servers.
 *
 * Network chunks split the stream anywhere: inside a line, between a CR and its LF, or inside a
 * multi-byte character. The parser therefore keeps the unfinished line between pushes and only
 * dispatches an event at the blank line that ends it. The format is generic: the OpenAI `[DONE]`
 * sentinel arrives as an ordinary event whose data is `[DONE]` (see `SSE_DONE`); what it means is
 * the caller's business.
 */

export interface SseEvent {
	/** The `event:` field, or 'message' when the event has none. */
	event: string;
	/** The `data:` lines joined with '\n' (a multi-line data field). */
	data: string;
	/** The last `id:` seen so far, as the standard asks; '' when none. */
	id: string;
	/** The `retry:` field in milliseconds when this event carried one. */
	retry?: number;
}

/** The data of the event an OpenAI-compatible server sends after its last chunk. */
export const SSE_DONE = '[DONE]';

export interface SseParser {
	/** Feeds decoded text; returns the events completed by it, in order. */
	push(text: string): SseEvent[];
	/**
	 * Ends the stream. The standard drops an event that is not followed by a blank line, but some
	 * servers close the connection right after their last `data:` line; keeping that event loses
	 * nothing and stops the final chunk (often the usage or the finish reason) from disappearing.
	 */
	end(): SseEvent[];
}

export function createSseParser(): SseParser {
	let buffer = '';
	// A CR at the very end of a chunk may be the first half of a CRLF: the LF that may start the next
	// chunk must not count as a second (blank) line.
	let skipLeadingLf = false;
	let atStart = true;
	let dataLines: string[] = [];
	let hasData = false;
	let eventType = '';
	let lastId = '';
	let retry: number | undefined;

	function dispatch(out: SseEvent[]): void {
		if (hasData) {
			const event: SseEvent = { event: eventType || 'message', data: dataLines.join('\n'), id: lastId };
			if (retry !== undefined) event.retry = retry;
			out.push(event);
		}
		dataLines = [];
		hasData = false;
		eventType = '';
		retry = undefined;
	}

	function line(text: string, out: SseEvent[]): void {
		if (text === '') return dispatch(out);
		// A line starting with a colon is a comment (servers use them as keep-alives).
		if (text.startsWith(':')) return;
		const colon = text.indexOf(':');
		const field = colon === -1 ? text : text.slice(0, colon);
		let value = colon === -1 ? '' : text.slice(colon + 1);
		if (value.startsWith(' ')) value = value.slice(1);
		switch (field) {
			case 'data':
				dataLines.push(value);
				hasData = true;
				break;
			case 'event':
				eventType = value;
				break;
			case 'id':
				// The standard ignores ids containing NUL.
				if (!value.includes('\0')) lastId = value;
				break;
			case 'retry':
				if (/^\d+$/.test(value)) retry = Number(value);
				break;
			default:
				// Unknown fields are ignored, as the standard asks.
				break;
		}
	}

	function push(text: string): SseEvent[] {
		const out: SseEvent[] = [];
		if (text === '') return out;
		if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
		skipLeadingLf = false;
		if (atStart) {
			// A byte-order mark at the start of the stream is not part of the first field name.
			if (text.startsWith('\uFEFF')) text = text.slice(1);
			atStart = text === '';
		}
		// The kept partial line holds no line break, so scanning starts at the new text: a long line
		// arriving in many small chunks costs linear time, not quadratic.
		const from = buffer.length;
		buffer += text;
		let start = 0;
		for (let i = from; i < buffer.length; i++) {
			const ch = buffer.charCodeAt(i);
			if (ch !== 10 && ch !== 13) continue;
			line(buffer.slice(start, i), out);
			if (ch === 13) {
				if (i + 1 < buffer.length) {
					if (buffer.charCodeAt(i + 1) === 10) i++;
				} else {
					skipLeadingLf = true;
				}
			}
			start = i + 1;
		}
		buffer = buffer.slice(start);
		return out;
	}

	function end(): SseEvent[] {
		const out: SseEvent[] = [];
		if (buffer !== '') line(buffer, out);
		buffer = '';
		dispatch(out);
		return out;
	}

	return { push, end };
}

/**
 * Reads a byte stream as server-sent events. Decoding is streaming, so a UTF-8 character split across
 * two network chunks comes out whole.
 */
export async function* readSseStream(
	stream: ReadableStream<Uint8Array>,
	onChunk?: () => void
): AsyncGenerator<SseEvent, void, undefined> {
	const reader = stream.getReader();
	const decoder = new TextDecoder();
	const parser = createSseParser();
	let finished = false;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			onChunk?.();
			yield* parser.push(decoder.decode(value, { stream: true }));
		}
		finished = true;
		yield* parser.push(decoder.decode());
		yield* parser.end();
	} finally {
		// The consumer may stop early (after `[DONE]`, or on an error): release the connection.
		if (!finished) await reader.cancel().catch(() => {});
		reader.releaseLock();
	}
}

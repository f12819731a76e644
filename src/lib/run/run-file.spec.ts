import { describe, expect, it } from 'vitest';
import { LOG_FORMAT, toJsonLines, type LogEvent, type LogHeader } from '../core';
import { createRunner } from './play';
import { MAX_RUN_FILE_BYTES, readRunFile, sizeProblem } from './run-file';

/** A scripted governance run cut at 60 events: a real, unfinished log. */
async function sixtyEventLog(): Promise<{ header: LogHeader; events: LogEvent[] }> {
	const r = createRunner({ scenario: 'governance', seed: 3, config: { rounds: 6 } });
	while (r.log.length < 60 && (await r.step())) {
		/* one turn a step */
	}
	expect(r.log.length).toBeGreaterThanOrEqual(60);
	return { header: r.log.header, events: r.log.events.slice(0, 60) };
}

const lines = (text: string) => text.split('\n').filter(Boolean);
const join = (ls: string[]) => ls.join('\n') + '\n';

describe('reading a run file', () => {
	it('accepts an export whole: header, events and the setup it describes', async () => {
		const { header, events } = await sixtyEventLog();
		const file = readRunFile(toJsonLines(header, events));
		expect(file.ok).toBe(true);
		if (file.ok) {
			expect(file.events).toHaveLength(60);
			expect(file.setup).toMatchObject({ scenario: 'governance', seed: 3 });
		}
	});

	it('refuses a tampered event at every position of a 60-event log, naming its sequence number and kind', async () => {
		const { header, events } = await sixtyEventLog();
		const text = toJsonLines(header, events);
		for (let seq = 0; seq < 60; seq++) {
			const kind = events[seq]!.kind;
			const edits: Array<(line: string) => string> = [
				// One character of the hashed body: the tick.
				(l) => l.replace(/"tick":(\d+)/, (_, t) => `"tick":${Number(t) + 1}`),
				// One character of the event's own hash.
				(l) =>
					l.replace(
						/"hash":"([0-9a-f]{63})([0-9a-f])"/,
						(_, a, b) => `"hash":"${a}${b === '0' ? '1' : '0'}"`
					),
				// Its data, with a field added.
				(l) => {
					const e = JSON.parse(l) as LogEvent;
					return JSON.stringify({ ...e, data: { ...(e.data as object), forged: true } });
				}
			];
			for (const edit of edits) {
				const ls = lines(text);
				ls[seq + 1] = edit(ls[seq + 1]!);
				const file = readRunFile(join(ls));
				expect(file.ok, `seq ${seq}`).toBe(false);
				if (!file.ok) {
					expect(file.seq, `seq ${seq}`).toBe(seq);
					expect(file.error).toBe(
						`This file was altered: event ${seq} (${kind}) no longer matches its hash.`
					);
				}
			}
			// Dropping the event breaks the link of the one after it (or leaves a shorter, valid log at the end).
			if (seq < 59) {
				const ls = lines(text);
				ls.splice(seq + 1, 1);
				const file = readRunFile(join(ls));
				expect(file.ok).toBe(false);
				if (!file.ok) expect(file.seq).toBe(seq);
			}
		}
	});

	it('says when the events belong to another run', async () => {
		const { header, events } = await sixtyEventLog();
		const other = createRunner({ scenario: 'governance', seed: 4, config: { rounds: 6 } }).log.header;
		const file = readRunFile(toJsonLines(other, events));
		expect(file).toMatchObject({
			ok: false,
			seq: 0,
			problem: { code: 'file-other-run', values: { event: 0, kind: events[0]!.kind } },
			error: `These events belong to another run: event 0 (${events[0]!.kind}) does not follow this file's header.`
		});
		expect(header.seed).toBe(3);
	});

	it('tells format versions apart: newer, unknown, missing', async () => {
		const { header, events } = await sixtyEventLog();
		const withFormat = (format: unknown) => toJsonLines({ ...header, format } as LogHeader, events);
		expect(readRunFile(withFormat(LOG_FORMAT + 1))).toMatchObject({
			ok: false,
			error: `This run file was written by a newer version of Conclave (log format ${LOG_FORMAT + 1}; this site reads format ${LOG_FORMAT}). Reload the site to update it.`
		});
		for (const f of [0, '1', null, 1.5])
			expect(readRunFile(withFormat(f))).toMatchObject({
				ok: false,
				error: 'This is not a Conclave run file: its first line is not a run header.'
			});
	});

	it('gives every bad file one clear sentence', () => {
		const notALog = 'This is not a Conclave run file: its first line is not a run header.';
		expect(readRunFile('')).toMatchObject({
			ok: false,
			error: 'This file is empty: there is no run in it.'
		});
		expect(readRunFile('\n \n')).toMatchObject({ ok: false, error: /^This file is empty/ });
		expect(readRunFile('hello, world')).toMatchObject({ ok: false, error: notALog });
		expect(readRunFile('<html><body>not a log</body></html>')).toMatchObject({ ok: false, error: notALog });
		expect(readRunFile('[1,2,3]\n')).toMatchObject({ ok: false, error: notALog });
		expect(readRunFile('{"name":"package","version":"1.0.0"}')).toMatchObject({ ok: false, error: notALog });
		expect(sizeProblem(0)).toMatch(/^This file is empty/);
		expect(sizeProblem(200 * 2 ** 20)).toBe('This file is 200 MB; Conclave opens run files of up to 50 MB.');
		expect(sizeProblem(MAX_RUN_FILE_BYTES)).toBeNull();
		// One byte past the limit is not said to be the limit's size.
		expect(sizeProblem(MAX_RUN_FILE_BYTES + 1)).toBe(
			'This file is 51 MB; Conclave opens run files of up to 50 MB.'
		);
		// The same bound on text read whole (the Runs page reads a file it was given as text).
		expect(readRunFile('x'.repeat(MAX_RUN_FILE_BYTES + 1))).toMatchObject({
			ok: false,
			problem: { code: 'file-too-large', values: { mb: 51, max: 50 } }
		});
	});

	it('treats a hostile file as data: markup quoted as bounded text, bad seats and setups refused', async () => {
		const { header, events } = await sixtyEventLog();
		const markup = '<img src=x onerror="alert(1)">'.repeat(20);
		const bad = (h: Record<string, unknown>) => readRunFile(toJsonLines(h as unknown as LogHeader, events));
		const scenario = bad({ ...header, scenario: markup.slice(0, 60) });
		expect(scenario.ok).toBe(false);
		if (!scenario.ok) {
			expect(scenario.error).toMatch(
				/^This run file's header is not valid: the log is of an unknown scenario/
			);
			expect(scenario.error.length).toBeLessThan(200);
		}
		expect(bad({ ...header, scenario: markup }).ok).toBe(false);
		// A seat whose endpoint hides a key in its URL, or that is no engine at all, is refused.
		const seat = (choice: unknown) => bad({ ...header, seats: { '2': choice } });
		expect(seat({ engine: 'openai', model: 'm', baseUrl: 'http://user:key@evil.example/v1' })).toMatchObject({
			ok: false,
			error: /^This run file's header is not valid: the log header’s seat 2: /
		});
		expect(seat({ engine: 'eval', model: 'x' })).toMatchObject({ ok: false, error: /unknown engine "eval"/ });
		expect(bad({ ...header, config: { rounds: 'all of them' } })).toMatchObject({ ok: false });
		// A kind full of markup and control characters is named in a short, printable snippet.
		const ls = lines(toJsonLines(header, events));
		const e = JSON.parse(ls[5]!) as LogEvent;
		ls[5] = JSON.stringify({ ...e, kind: `<b>\u0007${'x'.repeat(80)}` });
		const file = readRunFile(join(ls));
		expect(file).toMatchObject({
			ok: false,
			seq: 4,
			error: 'This file is damaged: event 4 has no valid kind.'
		});
		ls[5] = JSON.stringify({ ...e, kind: '<b>\u0007bold' });
		expect(readRunFile(join(ls))).toMatchObject({
			ok: false,
			seq: 4,
			error: /event 4 \(<b>\?bold\) no longer matches/
		});
		// Lines that are not events at all.
		const broken = lines(toJsonLines(header, events));
		broken[3] = '{"seq": 2, "tick": "soon"';
		expect(readRunFile(join(broken))).toMatchObject({
			ok: false,
			seq: 2,
			error: /^Line 4 of the file is not readable/
		});
		broken[3] = JSON.stringify({ seq: 2, tick: 1, kind: 'x', prev: 'no', hash: 'no', data: {} });
		expect(readRunFile(join(broken))).toMatchObject({ ok: false, seq: 2, error: /has no valid link/ });
	});

	it('refuses a chain sealed again after its events were rewritten, when the rules do not fit', async () => {
		const { header } = await sixtyEventLog();
		// A forged log: a well-formed chain whose event the governance reducer cannot apply.
		const forged = new (await import('../core')).EventLog(header);
		forged.append({ kind: 'run.ended', data: { reason: 'forged' } }, 1);
		forged.append({ kind: 'task.assigned', data: { nonsense: true } }, 2);
		const file = readRunFile(toJsonLines(header, forged.events));
		expect(file.ok).toBe(false);
	});
});

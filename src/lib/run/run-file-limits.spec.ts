/**
 * A run file the app writes is one the app can open: the longest reply the OpenAI-compatible client
 * lets through (core/reply-cut.ts: the budget's character cap, never past MAX_REPLY_CHARS), written as
 * JSON at its worst (every character escaped to six), keeps its model.called line within the line
 * limit the import and `sim --replay` use, and the file opens and re-executes to its hash. One
 * character more per line than the limit is refused, so the two numbers are tested against each
 * other, not alone. The replies are those a reasoning model's largest budgets (8,000 tokens) allow,
 * cut by the client as it cuts a server's (scripts/fake-client.ts `asClientReturns`).
 */
import { describe, expect, it } from 'vitest';
import {
	EventLog,
	MAX_LOG_BYTES,
	TURN_HEADROOM_BYTES,
	toJsonLines,
	type ModelCall,
	type Policy
} from '../core';
import { MAX_REPLY_CHARS, replyCharCap } from '../core/reply-cut';
import { contextWindowOf } from '../engines/context';
import type { ModelChoice } from '../engines/types';
import { policyForChoice } from '../policies/factory';
import type { ChatClient } from '../policies/llm/chat-client';
import { asClientReturns, fakeClient } from '../../../scripts/fake-client';
import { createRunner } from './play';
import { replayInputOf } from './replay';
import { verifyRun } from './verify';
import { MAX_LINE, MAX_RUN_FILE_BYTES, readRunFile } from './run-file';

/** A reasoning model by its name (engines/context.ts), so live and replay both give it the larger budgets. */
const CHOICE: ModelChoice = { engine: 'openai', model: 'qwen3-fake', baseUrl: 'http://127.0.0.1:9/v1' };
/** The window the page and `sim` give that model: the replay sizes its prompts and budgets by it. */
const WINDOW = contextWindowOf({ kind: 'openai', model: 'qwen3-fake' });

describe('the writer and the import limits agree', () => {
	it('the longest reply the client returns, escaped at worst, fits one line of a file the app opens', async () => {
		// Control characters are what JSON lengthens most: "\u0001" is six characters for one.
		const worst = '\u0001'.repeat(MAX_REPLY_CHARS);
		expect(JSON.stringify(worst).length).toBeGreaterThan(MAX_REPLY_CHARS * 5);
		// The first call: the longest reply the client lets through at a speech's budget (cut there, and
		// marked); then valid moves, so the game goes on to its end.
		const client = fakeClient(CHOICE.model!, { contextWindow: WINDOW, first: worst, reasoning: true });
		const run = {
			scenario: 'undercover',
			seed: 12,
			config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
			seats: { '1': CHOICE }
		};
		const policy: Policy = policyForChoice('undercover', CHOICE, { client, seat: 1 });
		const runner = createRunner(run, { policyFor: (s) => (s === 1 ? policy : undefined) });
		await runner.run();
		const text = toJsonLines(runner.log.header, runner.log.events);
		const lines = text.split('\n');
		const longest = Math.max(...lines.map((l) => l.length));
		// The reply is in the file as the client cut it, and the line that holds it is near the limit
		// but within it; at MAX_REPLY_CHARS (a budget past 8,192 tokens) the same line still fits.
		const cut = runner.log.events.find((e) => (e.data as ModelCall).cutByClient)!.data as ModelCall;
		expect(cut.reply).toBe(worst.slice(0, replyCharCap(cut.request!.max_tokens)));
		expect(text).toContain(JSON.stringify(cut.reply).slice(1, -1));
		expect(longest).toBeGreaterThan(MAX_REPLY_CHARS * 5);
		expect(longest).toBeLessThanOrEqual(MAX_LINE);
		const atMost = longest - JSON.stringify(cut.reply).length + JSON.stringify(worst).length;
		expect(atMost).toBeLessThanOrEqual(MAX_LINE);
		expect(text.length).toBeLessThan(MAX_RUN_FILE_BYTES);
		const file = readRunFile(text);
		expect(file.ok ? '' : file.error).toBe('');
		if (!file.ok) return;
		const v = await verifyRun(replayInputOf(file.header, file.events));
		expect(v.ok ? '' : v.error).toBe('');

		// The limit is what the reader holds to: a line past it is refused, naming the event.
		const header = runner.log.header;
		const log = new EventLog(header);
		log.append({ kind: 'note', data: { text: 'x'.repeat(MAX_LINE) } }, 0);
		const over = readRunFile(toJsonLines(header, log.events));
		expect(over.ok).toBe(false);
		if (!over.ok) expect(over.error).toMatch(/event 0/i);
	});
});

describe('a run the app writes stays within the file limit', () => {
	it('halts, in its log, before the file could pass 50 MB, and the file it leaves opens and re-executes', async () => {
		// Every call answered with the longest reply its budget lets through, escaped at worst: up to
		// about 0.75 MB a line.
		const worst = '\u0001'.repeat(MAX_REPLY_CHARS);
		const client: ChatClient = {
			engine: 'openai',
			model: CHOICE.model!,
			contextWindow: WINDOW,
			reasoning: true,
			chat: async (req) => asClientReturns(worst, req)
		};
		const seats = 8;
		const run = {
			scenario: 'undercover',
			seed: 3,
			config: { seats, undercover: 1, blank: false, lang: 'en', rounds: 6 },
			seats: Object.fromEntries(Array.from({ length: seats }, (_, i) => [String(i + 1), CHOICE]))
		};
		const policies = new Map<number, Policy>();
		for (let s = 1; s <= seats; s++)
			policies.set(s, policyForChoice('undercover', CHOICE, { client, seat: s }));
		const runner = createRunner(run, { policyFor: (s) => policies.get(s) });
		await runner.run();
		const last = runner.log.events.at(-1)!;
		expect(last.kind).toBe('run.halted');
		expect((last.data as { reason: string }).reason).toMatch(
			/^log size limit: the run file has reached \d+ MB, and a run file holds at most 50 MB$/
		);
		const text = toJsonLines(runner.log.header, runner.log.events);
		const bytes = new TextEncoder().encode(text).length;
		// Halted past the point where a turn could still be taken, and within what the reader opens.
		expect(bytes).toBeGreaterThan(MAX_LOG_BYTES - TURN_HEADROOM_BYTES);
		expect(bytes).toBeLessThanOrEqual(MAX_RUN_FILE_BYTES);
		// The log's own count of its size is the file's, near enough for the headroom to hold.
		expect(Math.abs(runner.log.bytes - bytes)).toBeLessThan(1024);
		const file = readRunFile(text);
		expect(file.ok ? '' : file.error).toBe('');
		if (!file.ok) return;
		const v = await verifyRun(replayInputOf(file.header, file.events));
		expect(v.ok ? '' : v.error).toBe('');
	});
});

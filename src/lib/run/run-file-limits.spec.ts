/**
 * A run file the app writes is one the app can open: the longest reply the OpenAI-compatible client
 * lets through (engines/openai.ts MAX_REPLY_CHARS, whatever the call's budget), written as JSON at its
 * worst (every character escaped to six), keeps its model.called line within the line limit the
 * import and `sim --replay` use, and the file opens and re-executes to its hash. One character more
 * per line than the limit is refused, so the two numbers are tested against each other, not alone.
 */
import { describe, expect, it } from 'vitest';
import { EventLog, toJsonLines, type Policy } from '../core';
import { MAX_REPLY_CHARS } from '../engines/openai';
import type { ModelChoice } from '../engines/types';
import { policyForChoice } from '../policies/factory';
import { fakeClient } from '../../../scripts/fake-client';
import { createRunner } from './play';
import { replayInputOf } from './replay';
import { verifyRun } from './verify';
import { MAX_LINE, MAX_RUN_FILE_BYTES, readRunFile } from './run-file';

const CHOICE: ModelChoice = { engine: 'openai', model: 'fake-1', baseUrl: 'http://127.0.0.1:9/v1' };

describe('the writer and the import limits agree', () => {
	it('the longest reply the client returns, escaped at worst, fits one line of a file the app opens', async () => {
		// Control characters are what JSON lengthens most: "\u0001" is six characters for one.
		const worst = '\u0001'.repeat(MAX_REPLY_CHARS);
		expect(JSON.stringify(worst).length).toBeGreaterThan(MAX_REPLY_CHARS * 5);
		// The first call: the longest reply; then valid moves, so the game goes on to its end.
		const client = fakeClient('fake-1', { contextWindow: 1_000_000, first: worst });
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
		// The reply is in the file whole, and the line that holds it is near the limit but within it.
		expect(text).toContain(JSON.stringify(worst).slice(1, -1));
		expect(longest).toBeGreaterThan(MAX_REPLY_CHARS * 5);
		expect(longest).toBeLessThanOrEqual(MAX_LINE);
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

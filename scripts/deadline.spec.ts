/**
 * A model call's total deadline is settable and recorded: an OpenAI-compatible seat's `deadlineS`
 * (the setup page's field, `sim --deadline`, a link) is checked as a link's choice is, reaches the
 * engine, and is written with the seat into the log's header, so a replay reads the setup it ran under.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/lib/engines/create';
import { DEFAULT_DEADLINE_MS, OpenAIEngine } from '../src/lib/engines/openai';
import { engineKey } from '../src/lib/engines/spec';
import type { ModelChoice } from '../src/lib/engines/types';
import { toJsonLines, type Policy } from '../src/lib/core';
import { policyForChoice } from '../src/lib/policies/factory';
import { createRunner } from '../src/lib/run/play';
import { replayInputOf, setupOfHeader } from '../src/lib/run/replay';
import { verifyRun } from '../src/lib/run/verify';
import { decodeShare, encodeShare, parseChoice } from '../src/lib/share/link';
import { readRunFile } from '../src/lib/run/run-file';
import { fakeClient } from './fake-client';
import { specForNode } from './node-client';
import { parseArgs } from './sim';

const BASE = 'http://127.0.0.1:9/v1';

describe('a model call’s deadline', () => {
	it('is a whole number of seconds on an OpenAI-compatible seat, and nowhere else', () => {
		expect(parseChoice({ engine: 'openai', model: 'm', baseUrl: BASE, deadlineS: 60 })).toEqual({
			engine: 'openai',
			model: 'm',
			baseUrl: BASE,
			deadlineS: 60
		});
		for (const bad of [0, 4, 3601, 1.5, '60', null, -10])
			expect(parseChoice({ engine: 'openai', model: 'm', baseUrl: BASE, deadlineS: bad })).toMatch(
				/call deadline must be a whole number of seconds from 5 to 3600/
			);
		expect(parseChoice({ engine: 'transformers', model: 'm', deadlineS: 60 })).toMatch(
			/cannot set a call deadline/
		);
		// Seats with different deadlines do not share one engine.
		expect(engineKey({ engine: 'openai', model: 'm', baseUrl: BASE, deadlineS: 60 })).not.toBe(
			engineKey({ engine: 'openai', model: 'm', baseUrl: BASE })
		);
	});

	it('reaches the engine: set, the call ends there; absent, at the default', async () => {
		const set = await createEngine(
			specForNode({ engine: 'openai', model: 'm', baseUrl: BASE, deadlineS: 42 })
		);
		expect((set as OpenAIEngine).deadlineMs).toBe(42_000);
		const unset = await createEngine(specForNode({ engine: 'openai', model: 'm', baseUrl: BASE }));
		expect((unset as OpenAIEngine).deadlineMs).toBe(DEFAULT_DEADLINE_MS);
	});

	it('is set headless by --deadline, with --engine openai only', () => {
		const a = parseArgs(['--engine', 'openai', '--model', 'm', '--base-url', BASE, '--deadline', '90']);
		expect(Object.values(a.run.seats ?? {}).every((c) => c.deadlineS === 90)).toBe(true);
		expect(() =>
			parseArgs(['--engine', 'openai', '--model', 'm', '--base-url', BASE, '--deadline', '2.5'])
		).toThrow(/whole number of seconds/);
		expect(() => parseArgs(['--deadline', '90'])).toThrow(/--deadline .*needs --engine openai/);
	});

	it('is recorded in the log’s header and a link, and the run re-executes from it', async () => {
		const choice: ModelChoice = { engine: 'openai', model: 'fake-1', baseUrl: BASE, deadlineS: 75 };
		const run = {
			scenario: 'undercover',
			seed: 12,
			config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
			seats: { '1': choice }
		};
		const decoded = decodeShare(encodeShare(run));
		expect(decoded.ok && decoded.run.seats?.['1']).toEqual(choice);
		const client = fakeClient('fake-1');
		const policy: Policy = policyForChoice('undercover', choice, { client, seat: 1 });
		const runner = createRunner(run, { policyFor: (s) => (s === 1 ? policy : undefined) });
		await runner.run();
		expect((runner.log.header.seats as Record<string, ModelChoice>)['1']!.deadlineS).toBe(75);
		const file = readRunFile(toJsonLines(runner.log.header, runner.log.events));
		expect(file.ok ? '' : file.error).toBe('');
		if (!file.ok) return;
		expect(setupOfHeader(file.header).seats?.['1']?.deadlineS).toBe(75);
		const v = await verifyRun(replayInputOf(file.header, file.events));
		expect(v.ok ? '' : v.error).toBe('');
	});
});

/**
 * A shared run is evidence: real logs of all three scenarios, edited the way a forger would and their
 * chain sealed again, are each refused on the Runs page with a sentence naming the event (sequence
 * number and kind) or the header field, and nothing of them is stored: not in the Runs list, not on
 * the leaderboard, not in IndexedDB. The same files untouched import and count, so the checks can fail.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { fakeClient } from '../../scripts/fake-client';
import { simulate, simulateAutonomy, simulateGovernance } from '../../scripts/sim';
import {
	EventLog,
	fromJsonLines,
	toJsonLines,
	type LogEvent,
	type LogHeader,
	type Policy
} from '../../src/lib/core';
import type { ModelChoice } from '../../src/lib/engines/types';
import { policyForChoice } from '../../src/lib/policies/factory';
import { createRunner } from '../../src/lib/run/play';
import { recordedFragment, replayInputOf, replayInputOfLink } from '../../src/lib/run/replay';
import { verifyRun } from '../../src/lib/run/verify';
import { readRunFile } from '../../src/lib/run/run-file';
import { decodeShare, encodeRecordedShare, type SharedRun } from '../../src/lib/share/link';
import { expect, playToEnd, test } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'conclave-forged-'));

interface Log {
	header: LogHeader;
	events: LogEvent[];
}

/** The chain sealed again after an edit: what any forger can do (as in run/verify.spec.ts). */
function reseal(header: LogHeader, events: readonly LogEvent[]): string {
	const log = new EventLog(header);
	for (const e of events)
		log.append({ kind: e.kind, data: e.data, ...(e.meta ? { meta: e.meta } : {}) }, e.tick);
	return toJsonLines(header, log.events);
}

const clone = <T>(v: T): T => structuredClone(v);

/** A model game: seat 1 answered by a deterministic fake client in this process (no endpoint is called). */
async function modelGame(): Promise<Log> {
	const fake: ModelChoice = { engine: 'openai', model: 'fake-1', baseUrl: 'http://127.0.0.1:9/v1' };
	const run: SharedRun = {
		scenario: 'undercover',
		seed: 12,
		config: { seats: 4, undercover: 1, blank: false, lang: 'en', rounds: 2 },
		seats: {
			'1': fake,
			'2': { engine: 'scripted' },
			'3': { engine: 'scripted' },
			'4': { engine: 'scripted' }
		}
	};
	const client = fakeClient('fake-1');
	const policy: Policy = policyForChoice('undercover', fake, { client, seat: 1 });
	const runner = createRunner(run, { policyFor: (s) => (s === 1 ? policy : undefined) });
	await runner.run();
	return { header: runner.log.header, events: runner.log.events };
}

/** What the one verifier (run/verify.ts, the page's and `sim --replay`'s) names for a file, in Node. */
async function namedInNode(text: string): Promise<{ event?: number; kind?: string; field?: string }> {
	const file = readRunFile(text);
	const refusal = file.ok ? await verifyRun(replayInputOf(file.header, file.events)) : file;
	expect(refusal.ok, 'the forged file is refused in Node too').toBe(false);
	return refusal.ok
		? {}
		: ((refusal.problem.values ?? {}) as { event?: number; kind?: string; field?: string });
}

async function pick(page: Page, name: string, text: string) {
	await page
		.getByTestId('import-file')
		.setInputFiles({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
}

/** The runs and events IndexedDB holds, read directly. */
async function stored(page: Page): Promise<{ runs: number; events: number }> {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const count = (store: string) =>
			db.objectStoreNames.contains(store)
				? new Promise<number>((resolve, reject) => {
						const req = db.transaction(store).objectStore(store).count();
						req.onsuccess = () => resolve(req.result);
						req.onerror = () => reject(req.error);
					})
				: Promise.resolve(0);
		const out = { runs: await count('runs'), events: await count('events') };
		db.close();
		return out;
	});
}

test('forged files of every scenario, re-sealed, are refused naming the event or header field, and nothing is stored or counted', async ({
	page
}) => {
	test.setTimeout(240_000);
	const scripted = (
		await simulate({
			scenario: 'undercover',
			seed: 1,
			config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 4 }
		})
	).runner.log;
	const model = await modelGame();
	const governance = (await simulateGovernance({ scenario: 'governance', seed: 3, config: { rounds: 3 } }))
		.runner.log;
	const autonomy = (await simulateAutonomy({ scenario: 'autonomy', seed: 2, config: { days: 12 } })).runner
		.log;

	const forgeries: { name: string; text: string; says: RegExp | string }[] = [];
	const at = (e: LogEvent) => `event ${e.seq} (${e.kind})`;

	// A vote by a seat that was already voted out.
	{
		const { header, events } = scripted;
		const gone = events.find((e) => e.kind === 'seat.eliminated')!;
		const vote = events.findLast((e) => e.kind === 'vote.cast' && e.seq > gone.seq);
		expect(gone && vote, 'the scripted game has a vote after an elimination').toBeTruthy();
		const forged = clone(events);
		(forged[vote!.seq]!.data as { seat: number }).seat = (gone.data as { seat: number }).seat;
		forgeries.push({ name: 'ghost-vote.jsonl', text: reseal(header, forged), says: at(vote!) });
	}
	// The winner flipped.
	{
		const { header, events } = scripted;
		const ended = events.find((e) => e.kind === 'game.ended')!;
		const forged = clone(events);
		const d = forged[ended.seq]!.data as { winner: string };
		d.winner = d.winner === 'civilians' ? 'undercover' : 'civilians';
		forgeries.push({ name: 'flipped-winner.jsonl', text: reseal(header, forged), says: at(ended) });
	}
	// A scripted game relabelled as an OpenAI model's (the leaderboard would show it as one).
	for (const [log, name] of [
		[scripted, 'relabelled-undercover.jsonl'],
		[governance, 'relabelled-governance.jsonl']
	] as const) {
		const header = {
			...log.header,
			engines: { ...log.header.engines, '1': 'openai:gpt-4o@https://api.openai.com/v1' }
		};
		forgeries.push({ name, text: reseal(header, log.events), says: 'its field "engines" differs' });
	}
	// A header that spells its config another way than the setup writes it (a default left out): it
	// used to be stored, then said to belong to another run.
	{
		const { policy: _policy, ...implicit } = governance.header.config;
		const header = { ...governance.header, config: implicit };
		forgeries.push({
			name: 'spelled-config.jsonl',
			text: reseal(header, governance.events),
			says: 'its field "config" differs'
		});
	}
	// Negative recorded token counts in a model game.
	{
		const { header, events } = model;
		const call = events.find((e) => e.kind === 'model.called')!;
		expect(call, 'the model game logged its calls').toBeTruthy();
		const forged = clone(events);
		(forged[call.seq]!.data as { completionTokens: number }).completionTokens = -100000;
		forgeries.push({ name: 'negative-tokens.jsonl', text: reseal(header, forged), says: at(call) });
	}
	// 1e400 (Infinity once parsed) and 200,000 nested lists in a line under a megabyte.
	{
		const lines = toJsonLines(scripted.header, scripted.events).split('\n');
		const big = [...lines];
		big[3] = big[3]!.replace(/"tick":(\d+)/, '"tick":$1,"x":1e400');
		forgeries.push({
			name: 'infinity.jsonl',
			text: big.join('\n'),
			says: /^Event 2 of this file holds a number too large/
		});
		const deep = [...lines];
		deep[4] = deep[4]!.replace(/"data":/, `"data":${'['.repeat(200_000)}${']'.repeat(200_000)},"d2":`);
		forgeries.push({
			name: 'deep.jsonl',
			text: deep.join('\n'),
			says: /^Event 3 of this file nests lists more than/
		});
	}
	// An event of a governance run and one of an autonomy run made to say something else.
	for (const [log, kind, name] of [
		[governance, 'task.assigned', 'governance-edited.jsonl'],
		[autonomy, 'spend.decided', 'autonomy-edited.jsonl']
	] as const) {
		const forged = clone(log.events);
		const e = forged.find((x) => x.kind === kind) ?? forged[Math.floor(forged.length / 2)]!;
		e.data = { ...(e.data as object), forged: true };
		const text = reseal(log.header, forged);
		const named = await namedInNode(text);
		expect(named.event, `${name}: the verifier names an event`).toBeDefined();
		expect(named.event!, `${name}: at or after the edit`).toBeGreaterThanOrEqual(0);
		forgeries.push({ name, text, says: `event ${named.event} (${named.kind})` });
	}
	// Node's verifier agrees with what the page must say for the named ones.
	for (const f of forgeries.slice(0, 6)) {
		const named = await namedInNode(f.text);
		if (typeof f.says === 'string' && named.event !== undefined)
			expect(`event ${named.event} (${named.kind})`, f.name).toBe(f.says);
	}

	await page.goto('/runs/');
	await expect(page.getByTestId('import')).toHaveAttribute('data-listening', 'true');
	const error = page.getByTestId('import-error');
	for (const f of forgeries) {
		await pick(page, f.name, f.text);
		await expect(error, f.name).toContainText(`${f.name}: `, { timeout: 60_000 });
		const said = ((await error.textContent()) ?? '')
			.replace(/\s+/g, ' ')
			.trim()
			.slice(f.name.length + 2);
		if (typeof f.says === 'string') expect(said, f.name).toContain(f.says);
		else expect(said, f.name).toMatch(f.says);
		// One sentence, the page's, never an engine's words or a stack.
		expect(said, f.name).toMatch(/ Nothing was imported\.$/);
		expect(said, f.name).not.toMatch(
			/\n|Cannot read|undefined|TypeError|RangeError|Maximum call stack|at \w+ \(/
		);
		await expect(page.getByTestId('import-done')).toHaveCount(0);
	}

	// Nothing of them is stored: the Runs list, IndexedDB, the leaderboard.
	await page.reload();
	await expect(page.getByText('No saved runs yet')).toBeVisible();
	await expect(page.getByTestId('run-row')).toHaveCount(0);
	expect(await stored(page)).toEqual({ runs: 0, events: 0 });
	await page.goto('/leaderboard/');
	await expect(page.getByTestId('lb-empty')).toBeVisible();
	await expect(page.getByTestId('lb-import')).toHaveCount(0);
	await expect(page.getByTestId('leaderboard-model').getByTestId('lb-row')).toHaveCount(0);

	// The same logs untouched import and count: the checks above see stored runs when there are some.
	await page.goto('/runs/');
	await expect(page.getByTestId('import')).toHaveAttribute('data-listening', 'true');
	const genuine = [
		['scripted.jsonl', scripted],
		['model.jsonl', model]
	] as const;
	for (const [name, log] of genuine) {
		const file = join(dir, name);
		writeFileSync(file, toJsonLines(log.header, log.events));
		await page.getByTestId('import-file').setInputFiles(file);
		await expect(page.getByTestId('import-done')).toContainText(`Imported ${name}`, { timeout: 60_000 });
	}
	await expect(page.getByTestId('run-row')).toHaveCount(2);
	expect(await stored(page)).toEqual({ runs: 2, events: scripted.events.length + model.events.length });
	await page.goto('/leaderboard/');
	await expect(page.getByTestId('lb-import')).toHaveCount(2);
	await expect(page.getByTestId('lb-empty')).toHaveCount(0);
});

test('the play page’s doors verify too: a saved run edited in storage and a link whose replies were changed are refused in a sentence; a person’s game replays as checked', async ({
	page
}) => {
	test.setTimeout(240_000);
	// A person's game (headless, the person's seat is played by the scripted stand-in).
	const person = createRunner({
		scenario: 'undercover',
		seed: 1,
		config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 4 },
		seats: { '2': { engine: 'human' } }
	});
	await person.run();
	const file = join(dir, 'person.jsonl');
	writeFileSync(file, toJsonLines(person.log.header, person.log.events));
	await page.goto('/runs/');
	await page.getByTestId('import-file').setInputFiles(file);
	await expect(page.getByTestId('import-done')).toContainText('Imported person.jsonl', { timeout: 60_000 });
	await page.getByTestId('import-replay').click();
	// Marked as what it is: checked move by move, not re-executed.
	await expect(page.getByTestId('replay-mode')).toHaveAttribute('data-method', 'checked');
	await expect(page.getByTestId('replay-mode')).toContainText('Replaying a game a person played');
	expect(await playToEnd(page)).toBe(person.hash);
	await expect(page.getByTestId('replay-verdict')).toContainText('Replayed exactly');
	const id = /#replay=(\w+)/.exec(page.url())![1]!;

	// The same run edited in this browser's storage, its chain sealed again: its replay is refused.
	const ended = person.log.events.find((e) => e.kind === 'game.ended')!;
	const edited = clone(person.log.events);
	const d = edited[ended.seq]!.data as { winner: string };
	d.winner = d.winner === 'civilians' ? 'undercover' : 'civilians';
	const text = reseal(person.log.header, edited);
	const forged = fromJsonLines(text).events;
	expect(await namedInNode(text)).toMatchObject({ event: ended.seq, kind: 'game.ended' });
	await page.evaluate(
		async ({ id, events }) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const req = indexedDB.open('conclave');
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			await new Promise<void>((resolve, reject) => {
				const tx = db.transaction(['runs', 'events'], 'readwrite');
				for (const e of events) tx.objectStore('events').put({ ...e, runId: id });
				const runs = tx.objectStore('runs');
				const get = runs.get(id);
				get.onsuccess = () => runs.put({ ...get.result, logHash: events.at(-1)!.hash });
				tx.oncomplete = () => resolve();
				tx.onerror = () => reject(tx.error);
			});
			db.close();
		},
		{ id, events: forged }
	);
	await page.goto('/runs/');
	await page.goto(`/play/#replay=${id}`);
	await expect(page.getByTestId('link-error')).toContainText(
		`This file was altered: event ${ended.seq} (game.ended) is not what the run's rules and recorded replies give`
	);
	await expect(page.getByTestId('replay-mode')).toHaveCount(0);

	// A link with a model game's recorded replies: genuine, it replays; one reply changed, it is refused.
	const model = await modelGame();
	const made = recordedFragment(
		{
			scenario: model.header.scenario,
			seed: model.header.seed,
			config: model.header.config,
			seats: model.header.seats as SharedRun['seats']
		},
		model.header,
		model.events
	);
	if (!made.ok) throw new Error(`no recorded link: ${made.why}`);
	const decoded = decodeShare(made.fragment);
	if (!decoded.ok || !decoded.recording) throw new Error('the recorded link does not decode');
	await page.goto(`/play/#${made.fragment}`);
	await expect(page.getByTestId('replay-mode')).toBeVisible();
	expect(await playToEnd(page)).toBe(model.events.at(-1)!.hash);
	await expect(page.getByTestId('replay-verdict')).toContainText('Replayed exactly');
	const recording = clone(decoded.recording);
	recording.calls[0]!.reply = JSON.stringify({ speech: 'Something else entirely.' });
	const changed = encodeRecordedShare(decoded.run, recording);
	const named = await verifyRun(replayInputOfLink(decoded.run, recording));
	expect(named.ok).toBe(false);
	const where = (named.ok ? {} : named.problem.values) as { event?: number; kind?: string };
	await page.goto('/runs/');
	await page.goto(`/play/#${changed}`);
	await expect(page.getByTestId('link-error')).toContainText(`event ${where.event} (${where.kind})`);
	await expect(page.getByTestId('replay-mode')).toHaveCount(0);
	const said = (await page.getByTestId('link-error').textContent()) ?? '';
	expect(said).not.toMatch(/Cannot read|undefined|TypeError|RangeError|at \w+ \(/);
	// Said of what was opened, a link, not a file: Node's verifier's sentence word for word.
	expect(named.ok ? '' : named.error).toMatch(/^This link (was altered|does not replay): /);
	expect(said).toContain(named.ok ? '' : named.error);
	expect(said).not.toContain('file');
});

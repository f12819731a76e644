/**
 * Hostile model text: every model reply of an undercover game and a governance run carries HTML and
 * script payloads from the public cheat sheets (270 of them, data/xss-payloads.ts), through an
 * OpenAI-compatible endpoint the test serves. Nothing executes (no dialog, no navigation, no script,
 * handler or frame injected, no CSP violation), and the text shows as written. The same for a run
 * file imported on the Runs page whose speeches and reasons carry them, and for lessons a person edits.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createLesson, parseLesson } from '../../src/lib/agents/lessons';
import { toJsonLines, type Policy } from '../../src/lib/core';
import { createRunner } from '../../src/lib/run/play';
import { encodeShare } from '../../src/lib/share/link';
import { XSS_PAYLOADS } from './data/xss-payloads';
import { expect, playToEnd, seedLessons, test } from './fixtures';
import { startMockEndpoint, type MockEndpoint } from './mock-endpoint';

let endpoint: MockEndpoint;
const delivered = new Set<string>();
let next = 0;
/** Two payloads a string (a speech holds 400 characters), walking the list so every one is sent. */
function say(): string {
	const a = XSS_PAYLOADS[next++ % XSS_PAYLOADS.length]!;
	const b = XSS_PAYLOADS[next++ % XSS_PAYLOADS.length]!;
	delivered.add(a).add(b);
	return `${a} ${b}`;
}

test.beforeEach(() => {
	delivered.clear();
	next = 0;
});

test.beforeAll(async () => {
	// The Assigner must name a real input file for a task to exist; every other string is hostile.
	endpoint = await startMockEndpoint(say, { overrides: { file: '/workspace/input/sales_q3.csv' } });
});
test.afterAll(() => endpoint.close());

/** Fails the test on anything a payload would do if it ran. */
async function armTraps(page: Page): Promise<{ fired: string[] }> {
	const fired: string[] = [];
	page.on('dialog', (d) => {
		fired.push(`dialog: ${d.message()}`);
		void d.dismiss();
	});
	page.on('framenavigated', (f) => {
		if (f === page.mainFrame() && !f.url().startsWith(new URL(page.url() || 'http://127.0.0.1').origin))
			fired.push(`navigated to ${f.url()}`);
		if (f !== page.mainFrame()) fired.push(`a frame opened ${f.url()}`);
	});
	page.on('console', (m) => {
		if (/Content Security Policy/i.test(m.text())) fired.push(`CSP: ${m.text()}`);
	});
	await page.exposeFunction('__payloadRan', (what: string) => fired.push(what));
	await page.addInitScript(() => {
		const ran = (what: string) =>
			(window as unknown as { __payloadRan: (w: string) => void }).__payloadRan(what);
		for (const name of ['alert', 'confirm', 'prompt', 'print'] as const)
			(window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
				ran(`${name}(${args.join(',')})`);
		document.addEventListener('securitypolicyviolation', (e) => ran(`CSP ${e.effectiveDirective}`));
	});
	return { fired };
}

/** Elements and attributes that only injected markup would bring: the app renders none of them. */
async function injected(page: Page): Promise<string[]> {
	return page.evaluate(() => {
		const found: string[] = [];
		// The site's own <details> (the vote table) carries a test id; a payload's would be a new element.
		const foreign =
			'iframe, frame, frameset, object, embed, base, portal, marquee, keygen, isindex, xss, template, details:not([data-testid]), video, audio, math, style:not(head style), link:not(head link), meta:not(head meta)';
		for (const el of document.querySelectorAll(foreign)) found.push(el.tagName.toLowerCase());
		for (const el of document.querySelectorAll('body script'))
			if (!(el as HTMLScriptElement).src && !el.textContent?.includes('__sveltekit'))
				found.push('inline script');
		for (const el of document.querySelectorAll('*'))
			for (const a of el.attributes) {
				if (/^on/i.test(a.name)) found.push(`${el.tagName.toLowerCase()}[${a.name}]`);
				if (
					/javascript:|alert\(|xss\.example/i.test(a.value) &&
					!(el instanceof HTMLAnchorElement && a.name === 'href' && a.value.startsWith(location.origin))
				)
					found.push(`${el.tagName.toLowerCase()}[${a.name}=${a.value.slice(0, 40)}]`);
			}
		return found;
	});
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The texts of the current run's events of these kinds, as saved. */
async function savedTexts(page: Page, kinds: string[]): Promise<string[]> {
	const runId = /#run=(\w+)/.exec(page.url())?.[1];
	return page.evaluate(
		async ({ kinds, runId }) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const req = indexedDB.open('conclave');
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			const rows = await new Promise<{ runId: string; kind: string; data: { text?: string } }[]>(
				(resolve) => {
					const req = db.transaction('events').objectStore('events').getAll();
					req.onsuccess = () => resolve(req.result);
				}
			);
			db.close();
			return rows
				.filter((r) => r.runId === runId && kinds.includes(r.kind) && typeof r.data.text === 'string')
				.map((r) => r.data.text!);
		},
		{ kinds, runId }
	);
}

test('an undercover game whose models answer in cheat-sheet payloads shows them as text and runs none', async ({
	page
}) => {
	test.setTimeout(240_000);
	const { fired } = await armTraps(page);
	const seat = { engine: 'openai' as const, model: 'mock', baseUrl: endpoint.baseUrl };
	// Games until every payload has gone out (a game carries about a hundred).
	for (let seed = 13; delivered.size < XSS_PAYLOADS.length && seed < 23; seed++) {
		const run = {
			scenario: 'undercover',
			seed,
			config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 4 },
			seats: Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), seat]))
		};
		await page.goto(`/play/#${encodeShare(run)}`);
		// A link names the endpoint: the person confirms it before any request goes there.
		await page.getByTestId('endpoint-confirm-button').click();
		await page.getByTestId('god-view').check();
		await page.getByTestId('speed').selectOption('instant');
		await page.getByTestId('play').click();
		await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 180_000 });
		await expect(page.getByTestId('reflection-status')).toContainText(/Reflections done|stopped/, {
			timeout: 60_000
		});

		// What the models said is on the page character for character, as text.
		const speeches = await savedTexts(page, ['speech.given', 'defence.given']);
		expect(speeches.length).toBeGreaterThan(5);
		const shown = squash((await page.locator('main').textContent()) ?? '');
		for (const text of speeches) expect(shown).toContain(squash(text));
		expect(speeches.some((t) => /<\w/.test(t))).toBe(true);
		expect(await injected(page)).toEqual([]);
	}
	// Every payload of the list went out in a model reply.
	expect(delivered.size).toBe(XSS_PAYLOADS.length);

	expect(await injected(page)).toEqual([]);
	// The other pages that show model text: lessons written after the game, the runs list, a replay.
	for (const path of ['/lessons/', '/leaderboard/', '/runs/']) {
		await page.goto(path);
		await expect(page.locator('main')).not.toBeEmpty();
		expect(await injected(page), path).toEqual([]);
	}
	await page.getByTestId('run-row').first().getByRole('link', { name: 'Replay' }).click();
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished');
	expect(await injected(page)).toEqual([]);
	expect(fired).toEqual([]);
	// The traps do catch markup that gets in (here put in by the test itself), so their silence counts.
	await page.evaluate(() =>
		document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img src=x onerror=alert(1)>')
	);
	expect(await injected(page)).toContain('img[onerror]');
	await expect.poll(() => fired.length).toBeGreaterThan(0);
});

test('a governance run whose models answer in payloads shows them as text and runs none', async ({
	page
}) => {
	test.setTimeout(240_000);
	const { fired } = await armTraps(page);
	const seat = { engine: 'openai' as const, model: 'mock', baseUrl: endpoint.baseUrl };
	const run = {
		scenario: 'governance',
		seed: 2,
		config: { policy: 'assigner-alone', rounds: 6 },
		seats: { 1: seat, 2: seat, 3: seat }
	};
	await page.goto(`/play/#${encodeShare(run)}`);
	// A link names the endpoint: the person confirms it before any request goes there.
	await page.getByTestId('endpoint-confirm-button').click();
	await page.getByTestId('god-view').check();
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText(/finished|stopped/, { timeout: 180_000 });
	expect(await injected(page)).toEqual([]);
	// Each task's trace shows the agents' words about it (the Assigner's context, outputs, appeals).
	const contexts = await page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve) => {
			const req = indexedDB.open('conclave');
			req.onsuccess = () => resolve(req.result);
		});
		const rows = await new Promise<{ kind: string; data: { task?: { id: string; context: string } } }[]>(
			(r) => {
				const req = db.transaction('events').objectStore('events').getAll();
				req.onsuccess = () => r(req.result);
			}
		);
		db.close();
		return rows.filter((e) => e.kind === 'task.assigned').map((e) => e.data.task!);
	});
	expect(contexts.length).toBeGreaterThan(0);
	for (const task of contexts) {
		await page.getByTestId('trace-select').selectOption(task.id);
		await expect(page.getByTestId('trace-task')).toContainText(task.id);
		const trace = squash((await page.getByTestId('trace').textContent()) ?? '');
		expect(trace).toContain(squash(task.context));
		expect(task.context).toMatch(/<\w/);
		expect(await injected(page)).toEqual([]);
	}
	expect(fired).toEqual([]);
});

test('an imported run file whose speeches and reasons carry payloads shows them as text and runs none', async ({
	page
}) => {
	test.setTimeout(180_000);
	const { fired } = await armTraps(page);
	// A file as anyone could write one: a real, hash-chained log whose seats (people, so the page shows
	// the recorded events rather than re-executing them) said payloads, and whose rejected votes give
	// payloads as their reason.
	const hostile: Policy = {
		label: 'hostile',
		async act(_observation, ask) {
			if (ask.kind !== 'vote') return { action: { text: ask.attempt ? 'A plain word.' : say() } };
			if (ask.attempt === 0) return { action: null, error: say() };
			return { action: { target: ask.options?.[0] } };
		}
	};
	const runner = createRunner(
		{
			scenario: 'undercover',
			seed: 21,
			config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 4 },
			seats: Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), { engine: 'human' as const }]))
		},
		{ policyFor: () => hostile }
	);
	await runner.run();
	const texts = (kinds: string[]) =>
		runner.log.events
			.filter((e) => kinds.includes(e.kind))
			.map((e) => e.data as { text?: string; error?: string });
	const speeches = texts(['speech.given', 'defence.given']).map((d) => d.text!);
	const reasons = texts(['action.rejected']).map((d) => d.error!);
	expect(speeches.filter((t) => /<\w/.test(t)).length).toBeGreaterThan(4);
	expect(reasons.filter((t) => /<\w/.test(t)).length).toBeGreaterThan(4);
	const file = join(mkdtempSync(join(tmpdir(), 'conclave-hostile-')), 'hostile.jsonl');
	writeFileSync(file, toJsonLines(runner.log.header, runner.log.events));

	await page.goto('/runs/');
	await page.getByTestId('import-file').setInputFiles(file);
	await expect(page.getByTestId('import-done')).toContainText('chain verified');
	expect(await injected(page)).toEqual([]);
	await page.getByTestId('run-row').first().getByRole('link', { name: 'Replay' }).click();
	await page.getByTestId('god-view').check();
	await page.getByTestId('speed').selectOption('instant');
	await playToEnd(page);
	// Every speech of the file is on the page character for character, as text.
	const shown = squash((await page.locator('main').textContent()) ?? '');
	for (const text of speeches) expect(shown).toContain(squash(text));
	expect(await injected(page)).toEqual([]);
	// The exported log of the replay holds the reasons as written: the text went through untouched.
	const download = page.waitForEvent('download');
	await page.getByTestId('export-log').click();
	const exported = await (await download).createReadStream();
	let body = '';
	for await (const chunk of exported) body += chunk;
	for (const reason of reasons) expect(body).toContain(JSON.stringify(reason).slice(1, -1));
	expect(fired).toEqual([]);
});

test('lessons a person edits with payloads are refused or saved as text, and run nothing', async ({
	page
}) => {
	test.setTimeout(120_000);
	const { fired } = await armTraps(page);
	const parsed = parseLesson('When a seat describes the word vaguely, vote for that seat.', 'en');
	if (!parsed.ok) throw new Error(parsed.error);
	const owner = { persona: 'vera', model: 'transformers:/test-models/tiny-chat', lang: 'en' as const };
	await page.goto('/lessons/');
	await seedLessons(page, [createLesson(owner, parsed, 1)]);
	await page.reload();
	const row = page.getByTestId('lesson-row');
	await expect(row).toHaveCount(1);

	// Markup is refused by the lesson form check, with its sentence shown as text; nothing is saved.
	for (const payload of XSS_PAYLOADS.filter((p) => /[<>]/.test(p) && p.length <= 150).slice(0, 40)) {
		await row.getByTestId('lesson-edit').click();
		await row.getByTestId('lesson-edit-text').fill(`When a seat says ${payload}, vote for that seat.`);
		await expect(row.getByTestId('lesson-draft-error')).toHaveText(
			'the lesson repeats the template; name a real situation and a real action'
		);
		await expect(row.getByTestId('lesson-save')).toBeDisabled();
		expect(await injected(page)).toEqual([]);
		await row.getByRole('button', { name: 'Cancel' }).click();
		await expect(row.getByTestId('lesson-text')).toHaveText(parsed.text);
	}
	// Payloads with no angle brackets pass the form and are saved: they show as written, and run nothing.
	for (const text of [
		'When a seat writes "javascript:alert(1)" or " onfocus=alert(1) autofocus x=", vote for that seat.',
		'When a speech says javascript:alert(document.domain) or &#x3C;script&#x3E;, vote for that seat.'
	]) {
		await row.getByTestId('lesson-edit').click();
		await row.getByTestId('lesson-edit-text').fill(text);
		await row.getByTestId('lesson-save').click();
		// As the form tidies it (a clause's trailing ";" goes), and otherwise character for character.
		const saved = parseLesson(text, 'en');
		if (!saved.ok) throw new Error(saved.error);
		await expect(row.getByTestId('lesson-text')).toHaveText(saved.text);
		expect(await injected(page)).toEqual([]);
		await page.reload();
		await expect(page.getByTestId('lesson-text')).toHaveText(saved.text);
		expect(await injected(page)).toEqual([]);
	}
	expect(fired).toEqual([]);
});

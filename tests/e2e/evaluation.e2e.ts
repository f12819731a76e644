/**
 * Evaluation results a researcher can publish: two models' runs of one evaluation set compared game by
 * game on the leaderboard (paired interval, McNemar, games needed), the tables and the comparison
 * downloaded as CSV and JSON, a chart saved as SVG, and the position and difficulty tables.
 *
 * The two "models" are played in Node by scripted policies (B votes for the last option it is offered,
 * A as scripted agents do) under model seat choices, so the page sees two model rows with real logs.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LogEvent, Policy } from '../../src/lib/core';
import type { ModelChoice } from '../../src/lib/engines/types';
import { createRunner } from '../../src/lib/run/play';
import { scriptedPolicy } from '../../src/lib/policies';
import { EVAL_SETS } from '../../src/lib/scenarios/undercover/eval-sets';
import { expect, test } from './fixtures';
import { startMockEndpoint } from './mock-endpoint';

const GAMES = 6;

function evalRecords(
	model: string,
	contrary: boolean,
	setId: 'smoke' | 'ck-arena' = 'smoke',
	games?: number[]
) {
	const set = EVAL_SETS[setId];
	const choice: ModelChoice = { engine: 'openai', model, baseUrl: 'http://localhost:1/v1' };
	const inner = scriptedPolicy('undercover');
	const policy: Policy = {
		label: `openai:${model}`,
		act: (obs, ask, ctx) =>
			contrary && ask.kind === 'vote' && ask.options?.length
				? { action: { target: ask.options.at(-1) } }
				: inner.act(obs, ask, ctx)
	};
	return Promise.all(
		(games ? games.map((i) => set.games[i]!) : set.games.slice(0, GAMES)).map(async (game) => {
			const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choice]));
			const runner = createRunner({ ...game.run, seats }, { policyFor: () => policy });
			await runner.run();
			const id = `ev-${set.id}-${model}-${game.index}`;
			return {
				record: {
					id,
					scenario: 'undercover',
					seed: game.run.seed,
					header: runner.log.header,
					status: 'finished',
					createdAt: game.index,
					updatedAt: game.index,
					events: runner.log.length,
					logHash: runner.hash,
					summary: `eval ${set.id} · ${game.id}`,
					eval: {
						set: set.id,
						version: set.version,
						game: game.id,
						queue: `q-${model}`,
						model: `openai:${model}`
					}
				},
				events: runner.log.events.map((e: LogEvent) => ({ ...e, runId: id }))
			};
		})
	);
}

/** Writes runs into the page's run database, with the schema storage/runs.ts creates. */
async function seedRuns(page: Page, runs: Awaited<ReturnType<typeof evalRecords>>) {
	await page.evaluate(async (items) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave', 1);
			req.onupgradeneeded = () => {
				const runs = req.result.createObjectStore('runs', { keyPath: 'id' });
				runs.createIndex('byUpdated', 'updatedAt');
				req.result.createObjectStore('events', { keyPath: ['runId', 'seq'] });
			};
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		await new Promise<void>((resolve, reject) => {
			const tx = db.transaction(['runs', 'events'], 'readwrite');
			for (const { record, events } of items) {
				tx.objectStore('runs').put(record);
				for (const e of events) tx.objectStore('events').put(e);
			}
			tx.oncomplete = () => resolve();
			tx.onerror = () => reject(tx.error);
		});
		db.close();
	}, runs);
}

async function download(page: Page, testid: string): Promise<{ name: string; text: string }> {
	const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).first().click()]);
	return { name: file.suggestedFilename(), text: readFileSync((await file.path()) as string, 'utf8') };
}

test('two models on one evaluation set: a paired comparison, CSV and JSON out, a chart as SVG', async ({
	page
}) => {
	test.setTimeout(120_000);
	const runs = [...(await evalRecords('a', false)), ...(await evalRecords('b', true))];
	await page.goto('/leaderboard/');
	await seedRuns(page, runs);
	await page.reload();
	await page.getByTestId('lb-scope').selectOption('eval:smoke');
	await expect(page.getByTestId('leaderboard-model').getByTestId('lb-row')).toHaveCount(2);

	await page.getByTestId('ab-a').selectOption('openai:a');
	await page.getByTestId('ab-b').selectOption('openai:b');
	await expect(page.getByTestId('ab-paired')).toContainText(`Paired over ${GAMES} evaluation games`);
	const table = page.locator('[data-testid="ab-table"][data-paired="true"]');
	await expect(table.getByTestId('ab-row')).toHaveCount(11);
	// One model at every seat: a game is a civilian win or not, so McNemar applies.
	await expect(table.locator('[data-metric="civilianWin"] [data-testid="ab-mcnemar"]')).toHaveText(
		/^\d\.\d{3}$/
	);
	await expect(table.locator('[data-metric="voteHit"]')).toContainText(/pts \[[−+±]\d+, [−+±]\d+\]/);

	const ab = await download(page, 'ab-export-csv');
	expect(ab.name).toMatch(/^conclave-ab-.*\.csv$/);
	const [head, ...lines] = ab.text
		.trim()
		.split('\r\n')
		.map((l) => l.split(','));
	expect(head!.slice(0, 6)).toEqual(['figure', 'a', 'b', 'method', 'games_a', 'games_b']);
	const col = (line: string[], name: string) => line[head!.indexOf(name)] as string;
	const win = lines.find((l) => l[0] === 'civilianWin')!;
	expect(col(win, 'method')).toBe('paired');
	expect(col(win, 'games_a')).toBe(String(GAMES));
	expect(col(win, 'a_n')).toBe(col(win, 'b_n')); // the same deals: the same civilian seats on each side
	// The page and the file say the same thing on every line: verdict, method and McNemar's p.
	expect(lines).toHaveLength(11);
	for (const line of lines) {
		const row = table.locator(`[data-metric="${col(line, 'figure')}"]`);
		await expect(row.getByTestId('ab-verdict')).toHaveAttribute('data-verdict', col(line, 'verdict'));
		expect(col(line, 'differs')).toBe(String(col(line, 'verdict') === 'differs'));
		await expect(row.getByTestId('ab-method')).toContainText(
			`${col(line, 'method')}, ${col(line, 'games_a')}`
		);
		const p = col(line, 'mcnemar_p');
		await expect(row.getByTestId('ab-mcnemar')).toHaveText(
			p === '' ? '–' : Number(p) < 0.001 ? '< 0.001' : Number(p).toFixed(3)
		);
	}

	const abJson = JSON.parse((await download(page, 'ab-export-json')).text);
	expect(abJson.lines).toHaveLength(11);
	expect(abJson.lines[0].games).toEqual({ a: GAMES, b: GAMES });
	expect(abJson.keys).toEqual({ a: 'openai:a', b: 'openai:b' });

	const csv = await download(page, 'export-csv');
	const rows = csv.text.trim().split('\r\n');
	expect(rows[0]).toMatch(
		/^by,key,label,kind,side,games,seat_games,civilianWin_x,civilianWin_n,civilianWin_rate,civilianWin_lower,civilianWin_upper/
	);
	expect(rows.filter((r) => r.startsWith('model,'))).toHaveLength(2);
	expect(rows.filter((r) => r.startsWith('position,'))).toHaveLength(6);
	expect(rows.some((r) => r.startsWith('difficulty,'))).toBe(true);
	const json = JSON.parse((await download(page, 'export-json')).text);
	expect(json.rows.find((r: { key: string }) => r.key === 'openai:a').rates.civilianWin).toMatchObject({
		n: expect.any(Number),
		lower: expect.any(Number),
		upper: expect.any(Number)
	});

	await expect(page.getByTestId('leaderboard-position').getByTestId('lb-row')).toHaveCount(6);
	await expect(page.locator('[data-testid="rates-chart"] g.bar').first()).toBeAttached();
	const svg = await download(page, 'save-svg');
	expect(svg.name).toBe('conclave-rates.svg');
	expect(svg.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
	expect(svg.text).toContain('xmlns="http://www.w3.org/2000/svg"');
	expect(svg.text).toContain('<title>Rates per model</title>');
});

test('the fair scripted baseline runs a set in the browser and is labelled apart from the oracle', async ({
	page
}) => {
	test.setTimeout(120_000);
	await page.goto('/leaderboard/');
	await expect(page.getByTestId('baselines-note')).toContainText('oracle');
	await page.getByTestId('eval-set').selectOption('smoke');
	await page.getByTestId('eval-model').selectOption('scripted:fair');
	await page.getByTestId('eval-start').click();
	await expect(page.getByTestId('eval-progress-text')).toHaveText('12/12 games', { timeout: 60_000 });
	const row = page.locator(
		'[data-testid="leaderboard-model"] [data-testid="lb-row"][data-key="scripted fair (no LLM)"]'
	);
	await expect(row.getByTestId('lb-kind')).toHaveText('fair');
	await expect(row.getByTestId('lb-games')).toHaveText('12');
});

/** Each finished game's log hash, by game id, from the queue the page keeps in localStorage. */
async function queueHashes(page: Page): Promise<Record<string, string>> {
	return page.evaluate(() => {
		const stored = JSON.parse(localStorage.getItem('conclave:eval-queue') ?? 'null') as {
			state: { results: { gameId: string; logHash: string }[] };
		};
		return Object.fromEntries(stored.state.results.map((r) => [r.gameId, r.logHash]));
	});
}

test('an evaluation against an OpenAI-compatible endpoint plays N games at once, each with its lone hash', async ({
	page
}) => {
	test.setTimeout(600_000);
	// Replies are a function of the request, so a game gets the same replies in any order of requests.
	const mock = await startMockEndpoint(() => 'Something most people keep at home.', {
		pure: true,
		latencyMs: 40
	});
	try {
		await page.goto('/leaderboard/');
		await page.getByTestId('eval-set').selectOption('smoke');
		await page.getByTestId('eval-model').selectOption('openai');
		await expect(page.getByTestId('eval-concurrency-note')).toContainText('one game at a time');
		// The endpoint is checked as everywhere else: plain http only to this machine.
		await page.getByTestId('endpoint-url').fill('http://example.com/v1');
		await page.getByTestId('endpoint-model').fill('mock');
		await expect(page.getByTestId('eval-seat-problem')).toContainText('must use https://');
		await expect(page.getByTestId('eval-start')).toBeDisabled();
		await page.getByTestId('endpoint-url').fill(mock.baseUrl);
		await expect(page.getByTestId('eval-seat-problem')).toHaveCount(0);

		const played: Record<string, string>[] = [];
		for (const n of [1, 4]) {
			mock.peak.clear();
			await page.getByTestId('eval-concurrency').fill(String(n));
			await page.getByTestId('eval-start').click();
			await expect(page.getByTestId('eval-progress')).toHaveAttribute('data-total', '12');
			await expect(page.getByTestId('eval-progress-text')).toHaveText('12/12 games', { timeout: 240_000 });
			played.push(await queueHashes(page));
			// A game asks its speeches one at a time: two speeches in flight are two games at once.
			if (n === 1) expect(mock.peak.get('speech')).toBe(1);
			else expect(mock.peak.get('speech')).toBeGreaterThan(1);
			await page.getByTestId('eval-discard').click();
			await expect(page.getByTestId('eval-progress')).toHaveCount(0);
		}
		expect(Object.keys(played[0]!)).toHaveLength(12);
		expect(played[1]).toEqual(played[0]);
	} finally {
		await mock.close();
	}
});

test('CK-Arena reproduced: figures beside the published ones, the CSV agreeing, and English paired with Chinese', async ({
	page
}) => {
	test.setTimeout(120_000);
	// Four English games of the CK-Arena set and their Chinese twins (games 24 on are the Chinese half).
	const runs = await evalRecords('a', false, 'ck-arena', [0, 1, 2, 3, 24, 25, 26, 27]);
	await page.goto('/leaderboard/');
	await seedRuns(page, runs);
	await page.reload();
	const panel = page.getByTestId('ck-panel');
	await expect(panel.getByTestId('ck-row')).toHaveCount(2);
	await expect(panel.getByTestId('ck-published')).toContainText('66.7%');
	await expect(panel.getByTestId('ck-source')).toContainText('frontier models');
	const en = panel.locator('[data-testid="ck-row"][data-lang="en"]');
	const shown = await en.getByTestId('ck-civ-win').textContent();
	expect(shown).toMatch(/^\d+\.\d% \[\d+\.\d, \d+\.\d\] \(\d\/4\)$/);

	const csv = (await download(page, 'ck-export-csv')).text.trim().split('\r\n');
	const head = csv[0]!.split(',');
	const line = csv.find((l) => l.startsWith('this browser,openai:a,en,'))!.split(',');
	const at = (name: string) => Number(line[head.indexOf(name)]);
	const pct = (v: number) => (v * 100).toFixed(1);
	expect(shown).toBe(
		`${pct(at('civiliansWin_rate'))}% [${pct(at('civiliansWin_lower'))}, ${pct(at('civiliansWin_upper'))}] (${at('civiliansWin_x')}/${at('civiliansWin_n')})`
	);

	// The same model in English against itself in Chinese: paired game by game on the concept.
	await page.getByTestId('ab-a').selectOption('openai:a@en');
	await page.getByTestId('ab-b').selectOption('openai:a@zh');
	await expect(page.getByTestId('ab-paired')).toContainText('Paired over 4 evaluation games');
	await expect(page.getByTestId('ab-paired')).toContainText('Across languages');
	const win = page.locator('[data-testid="ab-table"][data-paired="true"] [data-metric="civilianWin"]');
	await expect(win.getByTestId('ab-method')).toHaveText('paired, 4 games');

	await expect(page.getByTestId('leaks-row')).toHaveCount(2);
});

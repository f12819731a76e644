/**
 * Evaluation results a researcher can publish: two models' runs of one evaluation set compared game by
 * game on the leaderboard (paired interval, McNemar, games needed), the tables and the comparison
 * downloaded as CSV and JSON, a chart saved as SVG, and the position and difficulty tables.
 *
 * The two "models" are played in Node by scripted policies (B votes for the last option it is offered,
 * A as scripted agents do) under model seat choices, so the page sees two model rows with real logs.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { LogEvent, Policy } from '../../src/lib/core';
import type { ModelChoice } from '../../src/lib/engines/types';
import { csvRecords as csvRows, parseCsv } from '../../src/lib/analysis/csv';
import { createRunner } from '../../src/lib/run/play';
import { scriptedPolicy } from '../../src/lib/policies';
import { EVAL_SETS } from '../../src/lib/scenarios/undercover/eval-sets';
import { expect, serveTestModels, test } from './fixtures';
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

/** A stored run and its events, as the page's run database holds them (an eval tag or none). */
type SeededRun = {
	record: Omit<Awaited<ReturnType<typeof evalRecords>>[number]['record'], 'eval'> & { eval?: unknown };
	events: unknown[];
};

/** Writes runs into the page's run database, with the schema storage/runs.ts creates. */
async function seedRuns(page: Page, runs: SeededRun[]) {
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
	const [head, ...lines] = parseCsv(ab.text);
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
	const rows = parseCsv(csv.text).map((r) => r.join(','));
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

/** The leaderboard's cached per-game figures (storage/analysis-cache.ts), as the page stored them. */
async function cachedEntries(page: Page) {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave-analysis', 1);
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const all = await new Promise<{ runId: string; logHash: string; version: number }[]>((resolve) => {
			const req = db.transaction('games').objectStore('games').getAll();
			req.onsuccess = () => resolve(req.result as { runId: string; logHash: string; version: number }[]);
		});
		db.close();
		return all.map((e) => ({ runId: e.runId, logHash: e.logHash, version: e.version }));
	});
}

/** Rewrites every cached entry in place: `edit` runs in the page on each stored entry. */
async function editCache(page: Page, edit: string) {
	await page.evaluate(async (body) => {
		const change = new Function('e', body) as (e: Record<string, unknown>) => void;
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave-analysis', 1);
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		await new Promise<void>((resolve, reject) => {
			const tx = db.transaction('games', 'readwrite');
			const store = tx.objectStore('games');
			const req = store.getAll();
			req.onsuccess = () => {
				for (const e of req.result as Record<string, unknown>[]) {
					change(e);
					store.put(e);
				}
			};
			tx.oncomplete = () => resolve();
			tx.onerror = () => reject(tx.error);
		});
		db.close();
	}, edit);
}

test('a reload reads each game’s cached figures, and folds the logs again when the analysis version moved', async ({
	page
}) => {
	test.setTimeout(120_000);
	const runs = [...(await evalRecords('a', false)), ...(await evalRecords('b', true))];
	await page.goto('/leaderboard/');
	await seedRuns(page, runs);
	await page.reload();
	const rowA = page.locator('[data-testid="leaderboard-model"] [data-testid="lb-row"][data-key="openai:a"]');
	await expect(rowA.getByTestId('lb-games')).toHaveText(String(GAMES));
	const first = await download(page, 'export-csv');
	// One entry per stored run, folded from the log whose hash the run's record holds.
	const entries = await cachedEntries(page);
	expect(entries.map((e) => [e.runId, e.logHash]).sort()).toEqual(
		runs.map((r) => [r.record.id, r.record.logHash]).sort()
	);
	const version = entries[0]!.version;
	const modelA = csvRows(first.text).find((r) => r.by === 'model' && r.key === 'openai:a')!;
	expect(Number(modelA.civilianWin_x)).toBeGreaterThan(0);

	// The next load shows the same tables and the same download from the cache.
	await page.reload();
	await expect(rowA.getByTestId('lb-games')).toHaveText(String(GAMES));
	expect((await download(page, 'export-csv')).text).toBe(first.text);

	// It reads the cache rather than the logs: a cached entry that claims the civilians never won shows.
	await editCache(
		page,
		'for (const s of e.summary.facts.seats) s.won = s.role === "civilian" ? false : s.won;'
	);
	await page.reload();
	const civWin = page.locator(
		'[data-testid="leaderboard-model"] [data-testid="lb-row"][data-key="openai:a"] [data-metric="civilianWin"]'
	);
	await expect(civWin).toContainText('0% (0/');
	// Entries of another analysis version are folded again from the logs, and replaced.
	await editCache(page, 'e.version = e.version - 1;');
	await page.reload();
	await expect(rowA.getByTestId('lb-games')).toHaveText(String(GAMES));
	expect((await download(page, 'export-csv')).text).toBe(first.text);
	expect(new Set((await cachedEntries(page)).map((e) => e.version))).toEqual(new Set([version]));
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
		// Long enough that four games' first speeches are in flight together; the twelve games played one
		// at a time wait this long on every call (40 ms made that pass about 20 s of the suite).
		latencyMs: 10
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

	const csv = csvRows((await download(page, 'ck-export-csv')).text);
	const shownFrom = (lang: string, difficulty: string, figure: string) => {
		const line = csv.find(
			(r) =>
				r.source === 'this browser' &&
				r.model === 'openai:a' &&
				r.kind === 'model' &&
				r.lang === lang &&
				r.difficulty === difficulty
		)!;
		// Four games a language here, of one level: the whole and level 1 are the same games.
		expect(line.games).toBe('4');
		const at = (name: string) => Number(line[`${figure}_${name}`]);
		const pct = (v: number) => (v * 100).toFixed(1);
		return `${pct(at('rate'))}% [${pct(at('lower'))}, ${pct(at('upper'))}] (${at('x')}/${at('n')})`;
	};
	expect(shown).toBe(shownFrom('en', 'all', 'civiliansWin'));

	// By word-pair difficulty: games 0-3 and their twins are all zebra/giraffe, the set's level 1.
	const graded = panel.getByTestId('ck-difficulty-row');
	await expect(graded).toHaveCount(2);
	for (const lang of ['en', 'zh']) {
		const row = panel.locator(`[data-testid="ck-difficulty-row"][data-lang="${lang}"][data-difficulty="1"]`);
		await expect(row).toContainText('difficulty 1 (far apart)');
		for (const [cell, figure] of [
			['ck-civ-win', 'civiliansWin'],
			['ck-first-out', 'firstOutUndercover'],
			['ck-first-hits', 'firstRoundCivilianHits']
		] as const)
			await expect(row.getByTestId(cell)).toHaveText(shownFrom(lang, '1', figure));
	}

	// The same model in English against itself in Chinese: paired game by game on the concept.
	await page.getByTestId('ab-a').selectOption('openai:a@en');
	await page.getByTestId('ab-b').selectOption('openai:a@zh');
	await expect(page.getByTestId('ab-paired')).toContainText('Paired over 4 evaluation games');
	await expect(page.getByTestId('ab-paired')).toContainText('Across languages');
	const win = page.locator('[data-testid="ab-table"][data-paired="true"] [data-metric="civilianWin"]');
	await expect(win.getByTestId('ab-method')).toHaveText('paired, 4 games');

	await expect(page.getByTestId('leaks-row')).toHaveCount(2);
});

/** Games of the play page where three players met: models a and b and the oracle baseline, seats rotating. */
async function mixedRecords(n: number) {
	const choices: ModelChoice[] = [
		{ engine: 'openai', model: 'a', baseUrl: 'http://localhost:1/v1' },
		{ engine: 'openai', model: 'b', baseUrl: 'http://localhost:1/v1' },
		{ engine: 'scripted' }
	];
	const policy = scriptedPolicy('undercover');
	return Promise.all(
		EVAL_SETS.smoke.games.slice(0, n).map(async (game, g) => {
			const seats = Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), choices[(s + g) % 3]!]));
			const runner = createRunner({ ...game.run, seats }, { policyFor: () => policy });
			await runner.run();
			const id = `mixed-${g}`;
			return {
				record: {
					id,
					scenario: 'undercover',
					seed: game.run.seed,
					header: runner.log.header,
					status: 'finished',
					createdAt: g,
					updatedAt: g,
					events: runner.log.length,
					logHash: runner.hash,
					summary: `mixed ${g}`
				},
				events: runner.log.events.map((e: LogEvent) => ({ ...e, runId: id }))
			};
		})
	);
}

test('ratings drawn: deceiver against detector and head to head, as SVG and CSV with the page’s numbers, in both languages, at 360 px', async ({
	page
}) => {
	test.setTimeout(180_000);
	await page.goto('/leaderboard/');
	await seedRuns(page, await mixedRecords(6));
	await page.reload();
	const panel = page.getByTestId('ratings-panel');
	await expect(panel.getByTestId('ratings-row')).toHaveCount(3);

	// Every point of the chart is the side CSV's detection (across) and deception (up) for its model.
	const points = panel.locator('[data-testid="ratings-chart"] g.point');
	await expect(points).toHaveCount(3);
	const side = csvRows((await download(page, 'ratings-export-csv')).text);
	expect(side.map((r) => `${r.model}|${r.kind}|${r.figure}`)).toEqual([
		'openai:a|model|deception',
		'openai:a|model|detection',
		'openai:b|model|deception',
		'openai:b|model|detection',
		'scripted (no LLM)|oracle|deception',
		'scripted (no LLM)|oracle|detection'
	]);
	for (const model of ['openai:a', 'openai:b', 'scripted (no LLM)']) {
		const point = panel.locator(`[data-testid="ratings-chart"] g.point[data-key="${model}"]`);
		const rate = (figure: string) => Number(side.find((r) => r.model === model && r.figure === figure)!.rate);
		expect(Number(await point.getAttribute('data-x'))).toBeCloseTo(rate('detection'), 4);
		expect(Number(await point.getAttribute('data-y'))).toBeCloseTo(rate('deception'), 4);
	}
	// The oracle is drawn apart from the models, and the legend names it as the table does.
	await expect(panel.locator('[data-testid="ratings-chart"] g.item').nth(2)).toContainText(
		'3. scripted oracle (no LLM)'
	);

	// Every cell of the matrix that met is a line of the head-to-head CSV, at its rate.
	const h2h = csvRows((await download(page, 'h2h-export-csv')).text);
	expect(h2h.length).toBeGreaterThanOrEqual(6);
	await expect(panel.locator('[data-testid="h2h-chart"] g.cell:not([data-rate="null"])')).toHaveCount(
		h2h.length
	);
	await expect(panel.getByTestId('h2h-row')).toHaveCount(h2h.length);
	for (const r of h2h) {
		expect(r.table).toBe('head-to-head');
		const cell = panel.locator(
			`[data-testid="h2h-chart"] g.cell[data-deceiver="${r.model}"][data-detector="${r.opponent}"]`
		);
		expect(Number(await cell.getAttribute('data-rate'))).toBeCloseTo(Number(r.rate), 4);
		await expect(cell.locator('text.count')).toHaveText(`${r.x}/${r.n}`);
	}

	// Both charts save as standalone SVG files.
	for (const name of ['conclave-deceiver-detector', 'conclave-head-to-head']) {
		const [file] = await Promise.all([
			page.waitForEvent('download'),
			panel.locator(`[data-testid="save-svg"][data-name="${name}"]`).click()
		]);
		expect(file.suggestedFilename()).toBe(`${name}.svg`);
		const svg = readFileSync((await file.path()) as string, 'utf8');
		expect(svg).toMatch(/^<\?xml[^>]*>\n<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
		expect(svg).toContain(
			name === 'conclave-head-to-head' ? 'data-deceiver="openai:a"' : 'data-key="openai:b"'
		);
	}

	const axe = async () =>
		(
			await new AxeBuilder({ page })
				.include('[data-testid="ratings-panel"]')
				.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
				.analyze()
		).violations
			.filter((v) => v.impact === 'serious' || v.impact === 'critical')
			.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
	expect(await axe()).toEqual([]);

	// On a phone: each chart is redrawn as wide as the screen, not scaled down (its text stays 14px).
	await page.setViewportSize({ width: 360, height: 740 });
	for (const id of ['ratings-chart', 'h2h-chart']) {
		const svg = panel.locator(`[data-testid="${id}"] svg`);
		await expect
			.poll(async () => {
				const box = await svg.boundingBox();
				const vb = Number(((await svg.getAttribute('viewBox')) ?? '').split(' ')[2]);
				return box
					? [box.x >= 0 && box.x + box.width <= 360, Math.abs(vb - box.width) < 1.5, box.x, box.width, vb]
					: null;
			})
			.toEqual([true, true, expect.any(Number), expect.any(Number), expect.any(Number)]);
	}

	// In Chinese: the charts' names, axes and the matrix's cells speak it.
	await page.goto('/leaderboard/?locale=zh');
	await expect(panel.locator('[data-testid="ratings-chart"] svg')).toHaveAttribute(
		'aria-label',
		/^伪装者与识破者：/
	);
	await expect(panel.locator('[data-testid="ratings-chart"] text.axis-title').first()).toContainText('伪装');
	await expect(panel.locator('[data-testid="h2h-chart"] svg')).toHaveAttribute('aria-label', /^交手矩阵：/);
	await expect(
		panel.locator(
			'[data-testid="h2h-chart"] g.cell[data-deceiver="openai:a"][data-detector="openai:b"] title'
		)
	).toContainText('（卧底一方）对');
	expect(await axe()).toEqual([]);
});

test('the researcher’s path: CK-Arena against an endpoint, beside the published figures, English paired with Chinese, every CSV number on the page', async ({
	page
}) => {
	test.setTimeout(600_000);
	const mock = await startMockEndpoint(() => 'It has four legs and lives far from here.', { pure: true });
	try {
		await page.goto('/leaderboard/');
		await page.getByTestId('eval-set').selectOption('ck-arena');
		await page.getByTestId('eval-model').selectOption('openai');
		await page.getByTestId('endpoint-url').fill(mock.baseUrl);
		await page.getByTestId('endpoint-model').fill('mock');
		await page.getByTestId('eval-concurrency').fill('8');
		await page.getByTestId('eval-start').click();
		await expect(page.getByTestId('eval-progress')).toHaveAttribute('data-total', '48');
		await expect(page.getByTestId('eval-progress-text')).toHaveText('48/48 games', { timeout: 540_000 });

		// The three figures per language with their Wilson intervals, beside CK-Arena's, source and caveat named.
		const panel = page.getByTestId('ck-panel');
		await expect(panel.getByTestId('ck-row')).toHaveCount(2);
		await expect(panel.getByTestId('ck-published')).toContainText('66.7%');
		await expect(panel.getByTestId('ck-published')).toContainText('59.7%');
		await expect(panel.getByTestId('ck-published')).toContainText('67.8%');
		await expect(panel.getByTestId('ck-source')).toContainText('arXiv 2505.17512');
		await expect(panel.getByTestId('ck-source')).toContainText('frontier models');
		const ck = csvRows((await download(page, 'ck-export-csv')).text);
		expect(ck[0]!.source).toContain('frontier models');
		const shown = (r: Record<string, string>, figure: string) => {
			const pct = (v: string) => (Number(v) * 100).toFixed(1);
			return `${pct(r[`${figure}_rate`]!)}% [${pct(r[`${figure}_lower`]!)}, ${pct(r[`${figure}_upper`]!)}] (${r[`${figure}_x`]}/${r[`${figure}_n`]})`;
		};
		const FIGURES = [
			['ck-civ-win', 'civiliansWin'],
			['ck-first-out', 'firstOutUndercover'],
			['ck-first-hits', 'firstRoundCivilianHits']
		] as const;
		const mine = ck.slice(1);
		// Overall per language, then by difficulty: 8 games of each level in each language.
		expect(mine.map((r) => `${r.model}|${r.kind}|${r.lang}|${r.difficulty}|${r.games}`)).toEqual([
			'openai:mock|model|en|all|24',
			'openai:mock|model|zh|all|24',
			'openai:mock|model|en|1|8',
			'openai:mock|model|en|2|8',
			'openai:mock|model|en|3|8',
			'openai:mock|model|zh|1|8',
			'openai:mock|model|zh|2|8',
			'openai:mock|model|zh|3|8'
		]);
		for (const r of mine) {
			const row =
				r.difficulty === 'all'
					? panel.locator(`[data-testid="ck-row"][data-lang="${r.lang}"]`)
					: panel.locator(
							`[data-testid="ck-difficulty-row"][data-lang="${r.lang}"][data-difficulty="${r.difficulty}"]`
						);
			for (const [cell, figure] of FIGURES) await expect(row.getByTestId(cell)).toHaveText(shown(r, figure));
		}

		// The same model in Chinese as a paired A/B: McNemar and the paired bootstrap over the 24 concept twins.
		await page.getByTestId('ab-a').selectOption('openai:mock@en');
		await page.getByTestId('ab-b').selectOption('openai:mock@zh');
		await expect(page.getByTestId('ab-paired')).toContainText('Paired over 24 evaluation games');
		await expect(page.getByTestId('ab-paired')).toContainText('Across languages');
		const table = page.locator('[data-testid="ab-table"][data-paired="true"]');
		const ab = csvRows((await download(page, 'ab-export-csv')).text);
		expect(ab.length).toBeGreaterThan(5);
		await expect(table.getByTestId('ab-row')).toHaveCount(ab.length);
		for (const line of ab) {
			const row = table.locator(`[data-metric="${line.figure}"]`);
			await expect(row.getByTestId('ab-verdict')).toHaveAttribute('data-verdict', line.verdict!);
			expect(line.differs).toBe(String(line.verdict === 'differs'));
			const p = line.mcnemar_p!;
			await expect(row.getByTestId('ab-mcnemar')).toHaveText(
				p === '' ? '–' : Number(p) < 0.001 ? '< 0.001' : Number(p).toFixed(3)
			);
			if (line.method === 'paired')
				await expect(row.getByTestId('ab-method')).toHaveText(`paired, ${line.games_a} games`);
		}
		const win = ab.find((l) => l.figure === 'civilianWin')!;
		expect([win.method, win.games_a, win.games_b]).toEqual(['paired', '24', '24']);
		expect(win.mcnemar_p).not.toBe(''); // each game is a civilian win or not: McNemar applies
		// A rate's cells are its x/n from the file, and the difference is A − B in points with its interval.
		const pts = (v: string) => Math.round(Number(v) * 100);
		const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v)}`;
		await expect(table.locator('[data-metric="civilianWin"] [data-testid="ab-cell-a"]')).toContainText(
			`(${win.a_x}/${win.a_n})`
		);
		await expect(table.locator('[data-metric="civilianWin"] [data-testid="ab-diff"]')).toContainText(
			`${signed(pts(win.diff!))} pts [${signed(pts(win.lower!))}, ${signed(pts(win.upper!))}]`
		);
	} finally {
		await mock.close();
	}
});

/**
 * The same path with the project's tiny model in this tab (transformers.js on WASM, served by the test at
 * /test-models/, as a lab could host its own model beside the site). A reduced run, and named so: the
 * tiny model takes seconds a game here, so the test plays the set's first games (English, the level-1
 * concept) and pauses; the whole set and the English/Chinese pairing are the mock endpoint's test above.
 */
test('the tiny model plays the first CK-Arena games in this tab (a reduced run): its figures beside the published ones, the CSV agreeing', async ({
	page
}) => {
	test.setTimeout(600_000);
	// Two games: enough that the figures and the CSV add over games (the mock endpoint plays the whole set).
	const PLAYED = 2;
	await serveTestModels(page);
	await page.goto('/leaderboard/');
	await page.getByTestId('eval-set').selectOption('ck-arena');
	await page.getByTestId('eval-model').selectOption('transformers-site');
	// A folder on this site only: never another host.
	await page.getByTestId('eval-site-folder').fill('https://example.com/models/m');
	await expect(page.getByTestId('eval-seat-problem')).toContainText('starts with /');
	await expect(page.getByTestId('eval-start')).toBeDisabled();
	await page.getByTestId('eval-site-folder').fill('/test-models/tiny-chat');
	await expect(page.getByTestId('eval-seat-problem')).toHaveCount(0);
	await page.getByTestId('eval-start').click();
	const progress = page.getByTestId('eval-progress');
	await expect(progress).toHaveAttribute('data-total', '48');
	await expect
		.poll(async () => Number(await progress.getAttribute('data-done')), {
			timeout: 540_000,
			intervals: [1000]
		})
		.toBeGreaterThanOrEqual(PLAYED);
	await page.getByTestId('eval-pause').click();
	await expect(page.getByTestId('eval-resume')).toBeVisible({ timeout: 120_000 });
	const done = Number(await progress.getAttribute('data-done'));
	expect(done).toBeGreaterThanOrEqual(PLAYED);
	expect(done).toBeLessThanOrEqual(8); // the set's first 8 games: English, all of the level-1 concept

	const model = 'transformers:/test-models/tiny-chat';
	const panel = page.getByTestId('ck-panel');
	await expect(panel.getByTestId('ck-published')).toContainText('66.7%');
	await expect(panel.getByTestId('ck-source')).toContainText('frontier models');
	const en = panel.locator('[data-testid="ck-row"][data-lang="en"]');
	await expect(en.getByTestId('ck-civ-win')).toContainText(`/${done})`);
	const ck = csvRows((await download(page, 'ck-export-csv')).text).filter((r) => r.source === 'this browser');
	expect(ck.map((r) => `${r.model}|${r.kind}|${r.lang}|${r.difficulty}|${r.games}`)).toEqual([
		`${model}|model|en|all|${done}`,
		`${model}|model|en|1|${done}`
	]);
	const pct = (v: string) => (Number(v) * 100).toFixed(1);
	for (const r of ck) {
		const row =
			r.difficulty === 'all'
				? en
				: panel.locator('[data-testid="ck-difficulty-row"][data-lang="en"][data-difficulty="1"]');
		for (const [cell, figure] of [
			['ck-civ-win', 'civiliansWin'],
			['ck-first-out', 'firstOutUndercover'],
			['ck-first-hits', 'firstRoundCivilianHits']
		] as const)
			await expect(row.getByTestId(cell)).toHaveText(
				`${pct(r[`${figure}_rate`]!)}% [${pct(r[`${figure}_lower`]!)}, ${pct(r[`${figure}_upper`]!)}] (${r[`${figure}_x`]}/${r[`${figure}_n`]})`
			);
	}
	// Four civilians vote in the first round of every game, whatever the tiny model says.
	expect(ck[0]!.firstRoundCivilianHits_n).toBe(String(4 * done));
	// The model's row on the leaderboard is the tiny model's, by its engine and folder.
	await expect(
		page.locator(`[data-testid="leaderboard-model"] [data-testid="lb-row"][data-key="${model}"]`)
	).toHaveCount(1);
});

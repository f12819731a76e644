/**
 * Model-backed undercover in the browser, offline, with the generated tiny model: a person taking a
 * seat with the same rules as an agent, the god view's cached monologues, lessons given, scored and
 * written after a game, the leaderboard, and an evaluation queue that survives a reload.
 */
import type { Page } from '@playwright/test';
import { createLesson, parseLesson, type Lesson } from '../../src/lib/agents/lessons';
import type { ModelChoice } from '../../src/lib/engines/types';
import { personas } from '../../src/lib/scenarios/undercover/personas';
import { encodeShare } from '../../src/lib/share/link';
import { expect, seedLessons, serveTestModels, test } from './fixtures';

const TINY: ModelChoice = { engine: 'transformers', model: '/test-models/tiny-chat' };
const TINY_KEY = 'transformers:/test-models/tiny-chat';
const config = { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 2 };
const seats = (pick: (seat: number) => ModelChoice) =>
	Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), pick(s)]));

/** Every run saved in this browser, with its events, read straight from IndexedDB. */
async function savedRuns(page: Page) {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const all = <T>(store: string) =>
			new Promise<T[]>((resolve, reject) => {
				const req = db.transaction(store).objectStore(store).getAll();
				req.onsuccess = () => resolve(req.result as T[]);
				req.onerror = () => reject(req.error);
			});
		const runs = await all<{ id: string; createdAt: number; status: string; eval?: { set: string } }>('runs');
		const events = await all<{ runId: string; kind: string; data: Record<string, unknown> }>('events');
		db.close();
		return runs
			.sort((a, b) => b.createdAt - a.createdAt)
			.map((r) => ({ ...r, events: events.filter((e) => e.runId === r.id) }));
	});
}

async function storedLessons(page: Page): Promise<Lesson[]> {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('conclave-lessons');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		if (!db.objectStoreNames.contains('lessons')) return [];
		const out = await new Promise<Lesson[]>((resolve, reject) => {
			const req = db.transaction('lessons').objectStore('lessons').getAll();
			req.onsuccess = () => resolve(req.result as Lesson[]);
			req.onerror = () => reject(req.error);
		});
		db.close();
		return out;
	});
}

test('a person takes seat 6 beside five tiny models: own word only, the same rules, through the form', async ({
	page
}) => {
	test.setTimeout(180_000);
	// The setup page offers a person for one seat at a time, never for all seats at once.
	await page.goto('/undercover/');
	await expect(page.getByTestId('all-seats').locator('option[value="human"]')).toHaveCount(0);
	await page.getByTestId('seat-model-6').selectOption('human');
	await expect(page.getByTestId('seat-model-6')).toHaveValue('human');
	await expect(page.getByTestId('seat-model-5')).not.toHaveValue('human');

	await serveTestModels(page);
	const link = encodeShare({
		scenario: 'undercover',
		seed: 11,
		config,
		seats: seats((s) => (s === 6 ? { engine: 'human' } : TINY))
	});
	await page.goto(`/play/#${link}`);
	await page.getByTestId('speed').selectOption('instant');
	// The god view would show every word and role: it is locked while a person plays.
	await expect(page.getByTestId('god-view')).toBeDisabled();
	await expect(page.getByTestId('god-view-locked')).toBeVisible();
	await page.getByTestId('play').click();
	await expect(page.getByTestId('seat-6')).toContainText('a person', { timeout: 60_000 });

	const human = page.getByTestId('human-seat');
	const end = page.getByTestId('end-screen');
	const answered = new Set<string>();
	let rejectedShown = false;
	let spoke = 0;
	let voted = 0;
	for (let turn = 0; turn < 60; turn++) {
		await expect(human.or(end).first()).toBeVisible({ timeout: 120_000 });
		if (await end.isVisible()) break;
		const [ask, attempt] = [await human.getAttribute('data-ask'), await human.getAttribute('data-attempt')];
		const key = `${ask}#${attempt}`;
		if (!key.startsWith('null') && answered.has(key)) {
			// Still the question just answered: wait for the next one, or the end, not for a fixed time.
			const next = page.locator(
				`[data-testid="human-seat"]:not([data-ask="${ask}"][data-attempt="${attempt}"])`
			);
			await expect(next.or(end).first()).toBeVisible({ timeout: 120_000 });
			continue;
		}
		answered.add(key);
		// Only this seat's own word is shown; no role, no other word.
		await expect(page.locator('[data-testid^="secret-"]')).toHaveCount(0);
		const word = (await human.getByTestId('human-word').textContent()) ?? '';
		expect(word.length).toBeGreaterThan(0);
		if (await human.getByTestId('human-text').isVisible()) {
			if (!rejectedShown) {
				// Saying the word itself is rejected, with the reason shown, and the person may try again.
				await human.getByTestId('human-text').fill(`It is a ${word}, plainly.`);
				await human.getByTestId('human-submit').click();
				await expect(page.getByTestId('human-error')).toContainText('secret word');
				rejectedShown = true;
				answered.add(`${await human.getAttribute('data-ask')}#1`);
				await human.getByTestId('human-text').fill('Something many people know well.');
				await human.getByTestId('human-submit').click();
			} else {
				await human.getByTestId('human-text').fill(`A familiar thing, turn ${turn}.`);
				await human.getByTestId('human-submit').click();
			}
			spoke++;
		} else {
			const option = human.locator('[data-testid^="human-vote-"]').first();
			await option.click();
			voted++;
		}
	}
	await expect(page.getByTestId('run-status')).toContainText('finished');
	expect(rejectedShown).toBe(true);
	expect(spoke).toBeGreaterThan(0);
	expect(voted).toBeGreaterThan(0);
	// Over: the god view may be opened again.
	await expect(page.getByTestId('god-view')).toBeEnabled();

	// The log holds the person's turns exactly as an agent's: the rejection, the accepted speech, the vote.
	const [run] = await savedRuns(page);
	const mine = run!.events.filter((e) => e.data.seat === 6);
	expect(mine.some((e) => e.kind === 'action.rejected' && String(e.data.error).includes('secret word'))).toBe(
		true
	);
	expect(
		mine.some((e) => e.kind === 'speech.given' && e.data.text === 'Something many people know well.')
	).toBe(true);
	expect(mine.some((e) => e.kind === 'vote.cast')).toBe(true);
	expect(mine.some((e) => e.kind === 'model.called')).toBe(false);
});

test('the god view shows each model seat’s monologue, and viewing it again costs no model call', async ({
	page
}) => {
	test.setTimeout(180_000);
	await serveTestModels(page);
	const link = encodeShare({ scenario: 'undercover', seed: 5, config, seats: seats(() => TINY) });
	await page.goto(`/play/#${link}`);
	await page.getByTestId('god-view').check();
	// One step starts the agents and deals; the game then waits, so the table does not change.
	await page.getByTestId('step').click();
	await expect(page.getByTestId('workers')).toHaveText('6 agent workers · 1 engine workers', {
		timeout: 90_000
	});
	await expect(page.getByTestId('run-status')).toContainText('paused', { timeout: 60_000 });

	const calls = page.getByTestId('monologue-calls');
	const panel = page.getByTestId('monologue-panel');
	await expect(calls).toHaveText('0');
	await page.getByTestId('monologue-2').click();
	await expect(panel).toHaveAttribute('data-seat', '2', { timeout: 60_000 });
	await expect(panel.getByTestId('monologue-text')).toBeVisible();
	await expect(calls).toHaveText('1');
	await expect(page.getByTestId('monologue-cached')).toHaveCount(0);

	await page.getByTestId('monologue-close').click();
	await expect(panel).toHaveCount(0);
	await page.getByTestId('monologue-3').click();
	await expect(panel).toHaveAttribute('data-seat', '3', { timeout: 60_000 });
	await expect(calls).toHaveText('2');
	await expect(page.getByTestId('monologue-cached')).toHaveCount(0);

	await page.getByTestId('monologue-2').click();
	await expect(panel).toHaveAttribute('data-seat', '2');
	await expect(page.getByTestId('monologue-cached')).toBeVisible();
	await expect(calls).toHaveText('2');
	// A monologue is not part of the game: nothing was logged for it.
	const [run] = await savedRuns(page);
	expect(run!.events.some((e) => String(e.data.purpose ?? '') === 'monologue')).toBe(false);

	// Played on, each seat's private notes (its votes and why) show in the god view, as its agent keeps them.
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 150_000 });
	const [done] = await savedRuns(page);
	const firstVotes = done!.events.filter((e) => e.kind === 'vote.cast' && e.data.round === 1);
	expect(firstVotes.length).toBeGreaterThan(0);
	for (const v of firstVotes)
		await expect(page.getByTestId(`notes-${v.data.seat}`)).toContainText(
			`round 1: suspects seat ${v.data.target}`
		);
});

test('after a model game, lessons are scored and listed, and the leaderboard has the model', async ({
	page
}) => {
	test.setTimeout(180_000);
	await serveTestModels(page);
	// One lesson for every persona on the tiny model: whichever personas are dealt carry one into play.
	const seeded = personas.map((p) => {
		const parsed = parseLesson(
			'When a seat describes something no one else mentioned, vote for that seat.',
			'en'
		);
		if (!parsed.ok) throw new Error(parsed.error);
		return createLesson({ persona: p.id, model: TINY_KEY, lang: 'en' }, parsed, 0);
	});
	await page.goto('/lessons/');
	await seedLessons(page, seeded);
	await page.reload();
	await expect(page.getByTestId('memory-toggle')).toBeChecked();
	await expect(page.getByTestId('lesson-row')).toHaveCount(seeded.length);

	const link = encodeShare({ scenario: 'undercover', seed: 8, config, seats: seats(() => TINY) });
	await page.goto(`/play/#${link}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 150_000 });
	await expect(page.getByTestId('reflection-status')).toContainText('Reflections done', { timeout: 60_000 });

	// The lessons rode in the prompts: their ids are on the model calls of the seats that had them.
	const [run] = await savedRuns(page);
	const given = new Set(
		run!.events.filter((e) => e.kind === 'model.called').flatMap((e) => (e.data.lessons as string[]) ?? [])
	);
	expect(given.size).toBeGreaterThan(0);

	await page.goto('/lessons/');
	const stored = await storedLessons(page);
	// Each lesson given in the game was scored by it: one use, counted on the page.
	for (const id of given) {
		const l = stored.find((x) => x.id === id)!;
		expect(l.uses).toBe(1);
		const row = page.locator(`[data-testid="lesson-row"][data-lesson="${id}"]`);
		await expect(row.getByTestId('lesson-uses')).toHaveText('1');
		await expect(row.getByTestId('lesson-score')).toHaveText(l.score.toFixed(2));
	}
	// The seat reflections: what the page says about them matches what was stored.
	const fresh = stored.filter((l) => l.origin?.run === run!.id);
	const summary = page.getByTestId('reflection-summary');
	await expect(summary).toHaveAttribute('data-total', '6');
	const passed = Number(await summary.getAttribute('data-passed'));
	expect(passed).toBeGreaterThanOrEqual(fresh.length);
	if (passed === 0) {
		await expect(page.getByTestId('lessons-none-passed')).toContainText(
			'No lesson from the last game passed'
		);
		await expect(page.locator('[data-testid="reflection-note"][data-ok="false"]')).toHaveCount(6);
		expect(fresh).toHaveLength(0);
	} else {
		for (const l of fresh) await expect(page.locator(`[data-lesson="${l.id}"]`)).toBeVisible();
	}
	await expect(page.getByTestId('lesson-row')).toHaveCount(stored.length);

	// A person can pin a lesson, and switch memory off for a controlled experiment (kept on reload).
	const first = page.getByTestId('lesson-row').first();
	await first.getByTestId('lesson-pin').click();
	await expect(page.getByTestId('lesson-pinned').first()).toBeVisible();
	await page.getByTestId('memory-toggle').uncheck();
	// The page says "off" once the store has the switch (a reload before that would find it on).
	await expect(page.getByTestId('memory-state')).toContainText('Memory is off');
	await page.reload();
	await expect(page.getByTestId('memory-toggle')).not.toBeChecked();
	await page.getByTestId('memory-toggle').check();

	// An edit must keep the form: a vague text cannot be saved, a concrete one replaces the lesson.
	const id = await page.getByTestId('lesson-row').last().getAttribute('data-lesson');
	const target = page.locator(`[data-testid="lesson-row"][data-lesson="${id}"]`);
	await target.getByTestId('lesson-edit').click();
	await target.getByTestId('lesson-edit-text').fill('Be more careful.');
	await expect(target.getByTestId('lesson-save')).toBeDisabled();
	const edited = 'When two seats describe the same feature, vote for neither of them.';
	await target.getByTestId('lesson-edit-text').fill(edited);
	await target.getByTestId('lesson-save').click();
	await expect(target.getByTestId('lesson-text')).toHaveText(edited);
	const before = await page.getByTestId('lesson-row').count();
	await target.getByTestId('lesson-delete').click();
	await expect(page.getByTestId('lesson-row')).toHaveCount(before - 1);

	await page.goto('/leaderboard/');
	const row = page.locator(
		`[data-testid="leaderboard-model"] [data-testid="lb-row"][data-key="${TINY_KEY}"]`
	);
	await expect(row).toBeVisible();
	expect(Number(await row.getByTestId('lb-games').textContent())).toBeGreaterThanOrEqual(1);
	await expect(page.getByTestId('leaderboard-persona').getByTestId('lb-row')).not.toHaveCount(0);
	await expect(page.locator('[data-testid="rates-chart"] g.bar').first()).toBeAttached();

	// A second configuration (scripted agents on the smoke set) makes an A/B comparison possible.
	await page.getByTestId('eval-model').selectOption('scripted');
	await page.getByTestId('eval-start').click();
	await expect(page.getByTestId('eval-progress-text')).toHaveText('12/12 games', { timeout: 60_000 });
	await expect(page.getByTestId('ab-a')).toHaveValue(/./);
	await page.getByTestId('ab-a').selectOption(TINY_KEY);
	await page.getByTestId('ab-b').selectOption('scripted (no LLM)');
	const ab = page.getByTestId('ab-table');
	await expect(ab.getByTestId('ab-row')).toHaveCount(11);
	await expect(ab.locator('[data-metric="invalidReply"]')).toContainText(/pts \[[−+±]\d+, [−+±]\d+\]/);
});

test('an evaluation set runs in the browser, survives a reload mid-way and finishes 12/12', async ({
	page
}) => {
	test.setTimeout(180_000);
	await page.goto('/leaderboard/');
	await page.getByTestId('eval-set').selectOption('smoke');
	await page.getByTestId('eval-model').selectOption('scripted');
	await page.getByTestId('eval-start').click();
	const progress = page.getByTestId('eval-progress');
	await expect(progress).toHaveAttribute('data-done', /^(?:[2-9]|1[01])$/, { timeout: 60_000 });
	const before = Number(await progress.getAttribute('data-done'));

	await page.reload();
	// Resumed by itself from where it was, not from the start.
	await expect(progress).toBeVisible();
	expect(Number(await progress.getAttribute('data-done'))).toBeGreaterThanOrEqual(before);
	await expect(page.getByTestId('eval-progress-text')).toHaveText('12/12 games', { timeout: 120_000 });

	// Every game was saved once, as an ordinary run tagged with the set.
	const runs = (await savedRuns(page)).filter((r) => r.eval?.set === 'smoke');
	expect(runs).toHaveLength(12);
	expect(runs.every((r) => r.status === 'finished')).toBe(true);

	// The leaderboard counts them; narrowed to the set, two models can be compared on it.
	await page.getByTestId('lb-scope').selectOption('eval:smoke');
	const row = page.locator('[data-testid="leaderboard-model"] [data-testid="lb-row"]');
	await expect(row).toHaveCount(1);
	await expect(row.getByTestId('lb-games')).toHaveText('12');
	// One model on the set: the A/B still offers it, by the language of its games (issue 23's pairing):
	// the oracle over all its games, then in English only and in Chinese only.
	await expect(page.getByTestId('ab-empty')).toHaveCount(0);
	const options = page.getByTestId('ab-a').locator('option');
	await expect(options).toHaveText([
		'scripted oracle (no LLM)',
		'scripted oracle (no LLM) in English',
		'scripted oracle (no LLM) in Chinese'
	]);
	expect(await options.evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual([
		'scripted (no LLM)',
		'scripted (no LLM)@en',
		'scripted (no LLM)@zh'
	]);
});

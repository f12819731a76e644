import { readFileSync } from 'node:fs';
import { LESSONS, lessonPath } from '../../src/lib/classroom/lesson-pack';
import { createRunner } from '../../src/lib/run/play';
import { encodeShare } from '../../src/lib/share/link';
import { seriousViolations } from './axe';
import { undercoverGame } from './classroom-setup';
import { expect, test } from './fixtures';
import { expectNoEnglish } from './language';
import type { Page } from '@playwright/test';

const setup = undercoverGame(3);

test.use({ viewport: { width: 1280, height: 720 } });

/**
 * What a class must see at once on the projector, with nothing scrolled: the table, the class's
 * question (or the reveal), the live-votes chart and a lesson's goal, each wholly inside the screen.
 */
async function expectOneScreen(page: Page, what: 'predict-ask' | 'predict-reveal', where: string) {
	const screen = page.viewportSize()!;
	const presenter = page.getByTestId('presenter');
	expect(
		await presenter.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollTop === 0),
		`${where}: the presenter view fits without scrolling`
	).toBe(true);
	const goal = (await presenter.getByTestId('lesson-goal').count()) ? ['lesson-goal'] : [];
	for (const id of ['table', what, 'live-votes', ...goal]) {
		const box = await presenter.getByTestId(id).boundingBox();
		expect(box, `${where}: ${id} is shown`).toBeTruthy();
		expect(box!.y, `${where}: ${id} starts on screen`).toBeGreaterThanOrEqual(0);
		expect(box!.y + box!.height, `${where}: ${id} ends on screen`).toBeLessThanOrEqual(screen.height + 1);
		expect(box!.x + box!.width, `${where}: ${id} ends on screen`).toBeLessThanOrEqual(screen.width + 1);
	}
}

const events = async (page: Page) =>
	Number(/(\d+) events/.exec((await page.getByTestId('presenter-status').textContent()) ?? '')?.[1] ?? -1);

test('the presenter view at 1280x720: table and chart side by side, driven by the keyboard alone', async ({
	page
}) => {
	await page.goto(`/play/#${encodeShare(setup)}`);
	await page.getByTestId('presenter-open').focus();
	await page.keyboard.press('Enter');
	const presenter = page.getByTestId('presenter');
	await expect(presenter).toBeVisible();
	// No setup clutter: the page's own controls and share panel are gone.
	await expect(page.getByTestId('share-link')).toHaveCount(0);
	await expect(page.getByTestId('speed')).toHaveCount(0);
	// Large type, and the table beside the chart, both on screen, nothing scrolled sideways.
	const size = await presenter.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
	expect(size).toBeGreaterThanOrEqual(24);
	const table = await presenter.getByTestId('table').boundingBox();
	const chart = await presenter.getByTestId('live-votes').boundingBox();
	expect(table && chart).toBeTruthy();
	expect(table!.x + table!.width).toBeLessThanOrEqual(chart!.x + 1);
	expect(chart!.x + chart!.width).toBeLessThanOrEqual(1280);
	expect(await presenter.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

	// Arrow: one step.
	const before = await events(page);
	await page.keyboard.press('ArrowRight');
	await expect.poll(() => events(page)).toBeGreaterThan(before);
	// G: god view on and off.
	await page.keyboard.press('g');
	await expect(page.getByTestId('presenter-god')).toHaveText('God view on');
	await expect(presenter.getByTestId('secret-1')).toBeVisible();
	await page.keyboard.press('g');
	await expect(page.getByTestId('presenter-god')).toHaveText('God view off');
	// ?: the help overlay lists every key; Esc closes it.
	await page.keyboard.press('?');
	const help = page.getByTestId('presenter-help');
	await expect(help).toBeVisible();
	for (const k of ['Space', '→', 'G', 'F', '?', 'Esc']) await expect(help).toContainText(k);
	await page.keyboard.press('Escape');
	await expect(help).toHaveCount(0);
	// F: full screen and back.
	await page.keyboard.press('f');
	await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
	await page.keyboard.press('f');
	await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
	// Space: play, then pause.
	await page.keyboard.press(' ');
	await expect(page.getByTestId('presenter-status')).toContainText(/playing|finished/);
	await page.keyboard.press(' ');
	await expect(page.getByTestId('presenter-status')).toContainText(/paused|finished/);
	// Esc leaves the presenter view.
	await page.keyboard.press('Escape');
	await expect(presenter).toHaveCount(0);
	await expect(page.getByTestId('speed')).toBeVisible();
});

test('votes animate along the vote flow as they are cast; reduced motion draws them still', async ({
	page
}) => {
	const runner = createRunner(setup);
	while (!runner.log.events.some((e) => e.kind === 'vote.cast')) await runner.step();
	const cast = runner.log.events
		.filter((e) => e.kind === 'vote.cast')
		.map((e) => e.data as { seat: number; target: number });
	for (const motion of ['no-preference', 'reduce'] as const) {
		await page.emulateMedia({ reducedMotion: motion });
		await page.goto(`/play/?view=presenter#${encodeShare(setup)}`);
		await expect(page.getByTestId('presenter')).toBeVisible();
		const votes = page.getByTestId('live-vote');
		while ((await votes.count()) === 0) {
			const n = await events(page);
			await page.keyboard.press('ArrowRight');
			await expect.poll(() => events(page)).toBeGreaterThan(n);
		}
		await expect(votes).toHaveCount(cast.length);
		for (const [i, c] of cast.entries()) {
			await expect(votes.nth(i)).toHaveAttribute('data-voter', String(c.seat));
			await expect(votes.nth(i)).toHaveAttribute('data-target', String(c.target));
		}
		// The words for the last vote, for a screen reader.
		const last = cast.at(-1)!;
		await expect(page.getByTestId('live-votes-text')).toHaveText(
			`seat ${last.seat} voted for seat ${last.target}`
		);
		const animation = await votes.first().evaluate((el) => getComputedStyle(el).animationName);
		if (motion === 'reduce') expect(animation).toBe('none');
		else expect(animation).toMatch(/draw/);
	}
});

test.describe('in a Chinese class', () => {
	test.use({ locale: 'zh-CN' });

	test('a lesson link on the projector, predict mode played with the keyboard alone, all in Chinese', async ({
		page
	}) => {
		test.setTimeout(180_000);
		const zh = JSON.parse(readFileSync('messages/zh.json', 'utf8')) as Record<string, string>;
		const lesson = LESSONS.find((l) => l.id === 'undercover-tiebreak')!;
		await page.goto(
			lessonPath('', lesson, 'zh', encodeShare)
				// The teacher's own edit of the link: the projector view, and no waiting between turns.
				.replace('?', '?view=presenter&')
				.replace('speed=slow', 'speed=instant')
		);
		const presenter = page.getByTestId('presenter');
		await expect(presenter).toBeVisible();
		await expect(presenter.getByTestId('predict-mode')).toBeChecked();
		// The lesson's goal is on the projector too, above the class's question, within the screen.
		await expect(presenter.getByTestId('lesson-goal')).toContainText(zh.play_lesson_goal!.split('{')[0]!);
		const status = presenter.getByTestId('presenter-status');
		const focused = () =>
			page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? '');
		await page.keyboard.press(' ');
		let points = 0;
		for (;;) {
			const next = presenter.locator(
				`[data-testid="predict-ask"]:focus, [data-testid="presenter-status"]:has-text("${zh.play_presenter_finished}")`
			);
			await next.first().waitFor({ timeout: 90_000 });
			if (await status.filter({ hasText: zh.play_presenter_finished! }).count()) break;
			points++;
			await expectOneScreen(page, 'predict-ask', `asking, point ${points}`);
			// The question has the focus: Tab reaches the first outcome's "+", Enter counts a hand.
			await expect(presenter.locator('[data-testid^="predict-add-"]').first()).toBeEnabled();
			await page.keyboard.press('Tab');
			await expect.poll(focused).toMatch(/^predict-add-/);
			await page.keyboard.press('Enter');
			await page.keyboard.press('Enter');
			for (let stops = 0; (await focused()) !== 'predict-record'; stops++) {
				expect(stops, 'Tab reaches the record button').toBeLessThan(30);
				await page.keyboard.press('Tab');
			}
			await page.keyboard.press('Enter');
			await expect(presenter.getByTestId('predict-reveal')).toBeVisible();
			await expectOneScreen(page, 'predict-reveal', `revealing, point ${points}`);
			// Back to the run: Space plays on (the run also goes on by itself after a prediction).
			if ((await status.textContent())?.includes(zh.play_presenter_paused!)) {
				await page.locator('body').focus();
				await page.keyboard.press(' ');
			}
		}
		expect(points).toBeGreaterThan(1);
		await expect(presenter.getByTestId('predict-summary')).toContainText(`${points}`);
		await page.keyboard.press('g');
		await expect(page.getByTestId('presenter-god')).toHaveText(zh.play_presenter_god_on!);
		// One god-view state on screen: the preset holds it on at the end, and the notice says so, never
		// "held off" beside "on".
		await expect(page.getByTestId('presenter-notice')).toHaveText(zh.play_presenter_god_held_on!);
		await expectNoEnglish(page, 'the presenter at the end of a lesson, god view on');
		expect(await seriousViolations(page)).toEqual([]);
	});
});

test('on a 1920x1080 screen too, the table, the question and the chart fit on one screen, asking and revealing', async ({
	page
}) => {
	await page.setViewportSize({ width: 1920, height: 1080 });
	await page.goto(`/play/?view=presenter&predict=on&speed=instant#${encodeShare(setup)}`);
	const presenter = page.getByTestId('presenter');
	await expect(presenter).toBeVisible();
	await page.keyboard.press(' ');
	await expect(presenter.getByTestId('predict-ask')).toBeVisible({ timeout: 60_000 });
	// The class votes for seats by the names the table shows them by.
	const name = (await presenter.getByTestId('seat-2').locator('.name').textContent())!;
	await expect(presenter.getByTestId('predict-option-2')).toContainText(`${name} (seat 2)`);
	await expectOneScreen(page, 'predict-ask', 'asking at 1920x1080');
	await presenter.getByTestId('predict-add-2').click();
	await presenter.getByTestId('predict-record').click();
	await expect(presenter.getByTestId('predict-reveal')).toBeVisible({ timeout: 60_000 });
	await expectOneScreen(page, 'predict-reveal', 'revealing at 1920x1080');
});

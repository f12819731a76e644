/**
 * The walk: every page, and the states a visitor reaches on them (setup, running, paused, finished,
 * predict mode, the presenter, errors), in English and in Chinese, each checked on the smallest phone
 * in use (360x740), a common one (390x844), a projector (1280x720) and a large screen (1920x1080). In
 * each, nothing is wider than the screen, no two seat cards cover each other, no two of a chart's axis
 * or legend labels cover each other, axe-core (WCAG 2.1 AA) finds no serious or critical violation (at
 * one size of each layout: see SIZES), and the page is in one language: no English sentence, lone lower-case word or ASCII punctuation on a
 * Chinese page, no Chinese on an English one (tests/e2e/language.ts says what counts), so a message
 * missing from either messages file fails here. The pages' own language tests check what the messages
 * say; this one checks that nothing was left out.
 *
 * Each state is reached once a language, on the phone, and then checked at every size by resizing the
 * window, as a person turning a tablet or dragging a window would: the page re-lays itself (the charts
 * redraw on resize) without being reloaded. Playing a game to its end is what takes the time, so the
 * four sizes cost little more than one.
 */
import { encodeShare } from '../../src/lib/share/link';
import { seriousViolations } from './axe';
import { undercoverGame } from './classroom-setup';
import { expect, PAGES, test } from './fixtures';
import { chineseOnPage, englishOnPage } from './language';
import type { Page } from '@playwright/test';

const undercover = undercoverGame(3);
const governance = { scenario: 'governance', seed: 1, config: { rounds: 4 } };
const autonomy = { scenario: 'autonomy', seed: 1, config: { days: 5, legacyConsider: true } };
const amended = {
	scenario: 'governance',
	seed: 1,
	config: {
		policy: 'assigner-alone',
		rounds: 24,
		approval: 50,
		thresholds: { drift: 0.7, penetration: 0.4, conversion: 0.6 },
		fuseRounds: 10,
		fuseMode: 'soft',
		forceMetrics: false
	}
};
const votedOut = {
	scenario: 'undercover',
	seed: 1,
	config: { seats: 6, undercover: 1, blank: 0, lang: 'en', rounds: 3 }
};

async function playToFinish(page: Page): Promise<void> {
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toHaveClass(/status-finished/, { timeout: 60_000 });
}

interface State {
	name: string;
	url: string;
	/** From the page as loaded to the state; the page as loaded when absent. */
	reach?: (page: Page) => Promise<void>;
}

const STATES: State[] = [
	...PAGES.map((url) => ({ name: `${url} as it opens`, url })),
	{
		name: 'undercover ready',
		url: `/play/#${encodeShare(undercover)}`,
		reach: (page) => expect(page.getByTestId('play')).toBeEnabled()
	},
	{
		name: 'undercover paused part way, stepped by hand',
		url: `/play/#${encodeShare(undercover)}`,
		reach: async (page) => {
			for (let i = 0; i < 4; i++) {
				await expect(page.getByTestId('step')).toBeEnabled();
				await page.getByTestId('step').click();
			}
			await expect(page.getByTestId('run-status')).toHaveClass(/status-paused/);
		}
	},
	{
		name: 'undercover finished, god view on',
		url: `/play/#${encodeShare(undercover)}`,
		reach: async (page) => {
			await playToFinish(page);
			await page.getByTestId('god-view').check();
		}
	},
	{
		name: 'undercover in predict mode, the class asked, then a reveal',
		url: `/play/?predict=on&speed=instant#${encodeShare(undercover)}`,
		reach: async (page) => {
			await page.getByTestId('play').click();
			await expect(page.getByTestId('predict-ask')).toBeVisible({ timeout: 60_000 });
			await page.getByTestId('predict-add-1').click();
			await page.getByTestId('predict-record').click();
			await expect(page.getByTestId('predict-ask')).toBeVisible({ timeout: 60_000 });
		}
	},
	{
		name: 'a preset with problems',
		url: `/play/?speed=warp&fix=speed,god#${encodeShare(undercover)}`,
		reach: (page) => expect(page.getByTestId('preset-problems')).toBeVisible()
	},
	{
		name: 'the presenter view with its help open',
		url: `/play/?view=presenter#${encodeShare(undercover)}`,
		reach: async (page) => {
			await expect(page.getByTestId('presenter')).toBeVisible();
			await page.keyboard.press('?');
			await expect(page.getByTestId('presenter-help')).toBeVisible();
		}
	},
	{ name: 'governance finished', url: `/play/#${encodeShare(governance)}`, reach: playToFinish },
	{
		// R1 is amended in round 16 (governance.e2e.ts): the rule book shows a version no longer in force.
		name: 'governance finished after an amendment',
		url: `/play/#${encodeShare(amended)}`,
		reach: async (page) => {
			await playToFinish(page);
			await expect(page.getByTestId('amendment-count')).not.toContainText(/\b0\b/);
		}
	},
	{
		// Seat 4 speaks in every round and is voted out: its card shows its last words, out of the game.
		name: 'undercover finished, a seat voted out after speaking',
		url: `/play/#${encodeShare(votedOut)}`,
		reach: async (page) => {
			await playToFinish(page);
			await expect(page.locator('[data-testid="seat-4"] .bubble')).toBeVisible();
		}
	},
	{ name: 'autonomy finished', url: `/play/#${encodeShare(autonomy)}`, reach: playToFinish },
	{
		name: 'a broken link',
		url: '/play/#v1.not-a-link',
		reach: (page) => expect(page.getByTestId('link-error')).toBeVisible()
	},
	{
		name: 'the runs page with a saved run and a refused import',
		url: `/play/#${encodeShare(undercover)}`,
		reach: async (page) => {
			await playToFinish(page);
			await page.goto('/runs/');
			await expect(page.getByTestId('run-row').first()).toBeVisible();
			await page
				.getByTestId('import-file')
				.setInputFiles({ name: 'bad.jsonl', mimeType: 'text/plain', buffer: Buffer.from('not json\n') });
			await expect(page.getByTestId('import-error')).toBeVisible();
		}
	}
];

const LANGUAGES = [
	{ name: 'English', browser: 'en-US', html: 'en', other: 'Chinese', foreign: chineseOnPage },
	{ name: 'Chinese', browser: 'zh-CN', html: 'zh-CN', other: 'English', foreign: englishOnPage }
] as const;

/**
 * The smallest phone in use, a common phone, a projector and a large screen; the first is where each
 * state is reached. axe-core runs at the first of each layout (the phone's folded menu and stacked run
 * page below 1080 px, the desktop's above): an audit of every state at all four sizes took the walk
 * from 12.6 to 14.7 minutes on a busy two-core machine, and the rules it applies (names, roles,
 * contrast) do not change between two widths of one layout. Overflow, overlap, chart labels and the
 * language are checked at every size.
 */
const SIZES = [
	{ width: 360, height: 740, axe: true },
	{ width: 390, height: 844, axe: false },
	{ width: 1280, height: 720, axe: true },
	{ width: 1920, height: 1080, axe: false }
] as const;

/**
 * Resizes the window and waits until the page has re-laid itself: the document is as wide as the new
 * window, and two frames have passed (the charts redraw at most once a frame after their container's
 * resize is observed).
 */
async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
	await page.setViewportSize({ width: size.width, height: size.height });
	await page.waitForFunction((width) => window.innerWidth === width, size.width);
	await page.evaluate(
		() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))
	);
}

/** Fails when the page is wider than the screen (a person would have to scroll sideways). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
	const {
		page: wide,
		screen,
		widest
	} = await page.evaluate(() => {
		const screen = document.documentElement.clientWidth;
		// The outermost elements that stick out, to say what to fix.
		const widest = [...document.querySelectorAll('body *')]
			.filter((el) => el.getBoundingClientRect().right > screen + 1)
			.filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= screen + 1)
			.slice(0, 5)
			.map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`);
		return { page: document.documentElement.scrollWidth, screen, widest };
	});
	expect
		.soft(wide, `${where}: the page is ${wide} px wide on a ${screen} px screen (${widest.join(', ')})`)
		.toBeLessThanOrEqual(screen);
}

/** Fails when two of the undercover table's seat cards cover one another. */
async function expectSeatsApart(page: Page, where: string): Promise<void> {
	const boxes = await page.locator('[data-testid="table"] [data-testid^="seat-"]').evaluateAll((els) =>
		els.map((el) => {
			const r = el.getBoundingClientRect();
			return {
				id: el.getAttribute('data-testid'),
				left: r.left,
				right: r.right,
				top: r.top,
				bottom: r.bottom
			};
		})
	);
	const overlapping: string[] = [];
	for (const [i, a] of boxes.entries())
		for (const b of boxes.slice(i + 1))
			if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
				overlapping.push(`${a.id} and ${b.id}`);
	expect.soft(overlapping, `${where}: seat cards covering each other`).toEqual([]);
}

/**
 * Fails when two labels of one chart's axis or legend cover each other (the round numbers of a narrow
 * chart written over one another), or one sticks out of its chart.
 */
async function expectChartLabelsApart(page: Page, where: string): Promise<void> {
	const problems = await page.evaluate(() => {
		const found: string[] = [];
		const shown = (el: Element) => {
			const r = el.getBoundingClientRect();
			return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
		};
		const groups = document.querySelectorAll(
			'svg g.axis, svg g.x-axis, svg g.x-ticks, svg g.y-ticks, svg g.legend'
		);
		for (const group of groups) {
			const svg = group.closest('svg');
			if (!svg || !shown(svg)) continue;
			const chart = svg.getAttribute('data-testid') ?? svg.getAttribute('class') ?? 'svg';
			const frame = svg.getBoundingClientRect();
			const texts = [...group.querySelectorAll('text')].filter(shown).map((t) => ({
				text: t.textContent ?? '',
				box: t.getBoundingClientRect()
			}));
			for (const t of texts)
				if (t.box.left < frame.left - 1 || t.box.right > frame.right + 1)
					found.push(`${chart}: "${t.text}" sticks out of the chart`);
			for (const [i, a] of texts.entries())
				for (const b of texts.slice(i + 1))
					if (
						a.box.left < b.box.right - 1 &&
						b.box.left < a.box.right - 1 &&
						a.box.top < b.box.bottom - 1 &&
						b.box.top < a.box.bottom - 1
					)
						found.push(`${chart}: "${a.text}" and "${b.text}" overlap`);
		}
		return found;
	});
	expect.soft(problems, `${where}: chart labels`).toEqual([]);
}

// The walk in three parts a language, each in a tab of its own: the pages as they open, an undercover
// game's states, and the other runs with the error states. The six are independent, so they may run on
// several workers at once (as one test a language, the walk was the last file to finish, on one worker).
test.describe.configure({ mode: 'parallel' });

const firstOther = STATES.findIndex((s) => s.name === 'governance finished');
const PARTS = [
	{ name: 'every page as it opens', states: STATES.slice(0, PAGES.length) },
	{ name: 'an undercover game’s states', states: STATES.slice(PAGES.length, firstOther) },
	{ name: 'the other runs, a broken link and the runs page', states: STATES.slice(firstOther) }
];

// Each part walks its states in one tab (a page per state would start a browser context for each),
// reaches each once, and checks it at every size as a person would meet it. The checks are soft, so one
// run lists every problem of every state and size, not only the first.
for (const language of LANGUAGES)
	test.describe(`in ${language.name}`, () => {
		test.use({ locale: language.browser });
		for (const part of PARTS)
			test(`${part.name}: fits ${SIZES.map((s) => `${s.width}x${s.height}`).join(', ')}, in one language, with no serious axe violation`, async ({
				page
			}) => {
				expect(firstOther, 'the parts cover every state once').toBeGreaterThan(PAGES.length);
				expect(PARTS.flatMap((p) => p.states)).toEqual(STATES);
				test.setTimeout(part.states.length * 60_000);
				for (const state of part.states) {
					await resizeTo(page, SIZES[0]);
					await page.goto(state.url);
					await expect(page.locator('main')).toBeVisible();
					await expect(page.locator('html')).toHaveAttribute('lang', language.html);
					if (state.reach) await state.reach(page);
					else await page.waitForLoadState('networkidle');
					for (const size of SIZES) {
						const where = `${state.name} at ${size.width}x${size.height}`;
						await resizeTo(page, size);
						await expectNoSidewaysScroll(page, where);
						await expectSeatsApart(page, where);
						await expectChartLabelsApart(page, where);
						expect.soft(await language.foreign(page), `${language.other} on the page: ${where}`).toEqual([]);
						if (size.axe) expect.soft(await seriousViolations(page), where).toEqual([]);
					}
				}
			});
	});

/**
 * Between Start and the first speech the table says what it waits for, from the first frame: the
 * agents starting, the models loading, or which seat is thinking. And no pacing pause comes before the
 * first speech: the speed's pause belongs between turns. Every frame from the click to the first
 * speech is recorded in the page (requestAnimationFrame), so a single idle frame fails the test; a
 * pacing pause before the first turn would be such frames (playing, no seat asked), a hundred of them
 * at slow speed.
 */
import type { Page } from '@playwright/test';
import { encodeShare, type SharedRun } from '../../src/lib/share/link';
import { expect, test } from './fixtures';
import { expectNoEnglish } from './language';
import { startMockEndpoint } from './mock-endpoint';

interface Frame {
	waiting: string | null;
	bubbles: number;
	status: string;
}

/**
 * Starts recording every frame, then presses Play in the same task, so the first frame is recorded.
 * The run's view loads with the page (its scenario's `view.run`): a person presses Start on a table
 * they can see, so the recording starts once it is drawn.
 */
async function playRecording(page: Page): Promise<void> {
	await expect(page.getByTestId('table')).toBeVisible();
	await page.evaluate(() => {
		const frames: Frame[] = [];
		(window as unknown as { frames_: Frame[] }).frames_ = frames;
		const tick = () => {
			const table = document.querySelector('[data-testid="table"]');
			frames.push({
				waiting: table?.querySelector('[data-testid="waiting"]')?.textContent?.trim() || null,
				bubbles: table?.querySelectorAll('.bubble').length ?? 0,
				status: document.querySelector('[data-testid="run-status"]')?.className ?? ''
			});
			if (frames.at(-1)!.bubbles === 0 && frames.length < 20_000) requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
		(document.querySelector('[data-testid="play"]') as HTMLButtonElement).click();
	});
}

/** The frames from the click up to the first one with a speech on the table. */
async function framesToFirstSpeech(page: Page): Promise<Frame[]> {
	await expect(page.getByTestId('table').locator('.bubble')).toHaveCount(1, { timeout: 60_000 });
	await expect
		.poll(() => page.evaluate(() => (window as unknown as { frames_: Frame[] }).frames_.at(-1)?.bubbles ?? 0))
		.toBeGreaterThan(0);
	return page.evaluate(() => (window as unknown as { frames_: Frame[] }).frames_);
}

const scripted: SharedRun = { scenario: 'undercover', seed: 7, config: { seats: 5 } };

test('scripted seats at slow speed: the table says what it waits for, and the first speech comes without a pause', async ({
	page
}) => {
	await page.goto(`/play/#${encodeShare(scripted)}`);
	await page.getByTestId('speed').selectOption('slow');
	await playRecording(page);
	const frames = await framesToFirstSpeech(page);
	const before = frames.slice(0, -1);
	expect(before.length).toBeGreaterThan(0);
	// Every frame before the first speech names what the table waits for: a pacing pause before the
	// first turn would show frames playing with no seat asked.
	before.forEach((f, i) =>
		expect(f.waiting, `frame ${i} (${f.status})`).toMatch(/^(Starting the agents…|Seat \d is thinking…)$/)
	);
	// After the first speech comes the slow pause, in which no seat is asked and the table says none is.
	await expect(page.getByTestId('waiting')).toHaveCount(0);
});

test.describe('in Chinese, with model seats', () => {
	test.use({ locale: 'zh-CN' });

	test('the thinking seat is named on the table before its first speech', async ({ page }) => {
		// A slow endpoint: each reply takes 3 s, long enough to read the table while a seat thinks.
		const endpoint = await startMockEndpoint(() => 'It is round.', { latencyMs: 3000 });
		try {
			const seats = Object.fromEntries(
				[1, 2, 3, 4, 5].map((s) => [
					s,
					{ engine: 'openai' as const, model: 'mock', baseUrl: endpoint.baseUrl }
				])
			);
			await page.goto(`/play/#${encodeShare({ ...scripted, config: { seats: 5, lang: 'zh' }, seats })}`);
			await page.getByTestId('endpoint-confirm-button').click();
			await playRecording(page);
			const waiting = page.getByTestId('waiting');
			await expect(waiting).toHaveText(/^座位 \d 正在思考…$/);
			const seat = (await waiting.textContent())!.match(/\d/)![0];
			// The seat it names is the one whose turn it is, and it has not spoken yet.
			await expect(page.getByTestId(`seat-${seat}`)).toHaveClass(/thinking/);
			await expect(page.getByTestId('table').locator('.bubble')).toHaveCount(0);
			await expectNoEnglish(page, 'a seat thinking before the first speech');
			const frames = await framesToFirstSpeech(page);
			frames
				.slice(0, -1)
				.forEach((f, i) =>
					expect(f.waiting, `frame ${i} (${f.status})`).toMatch(/^(正在加载模型…|座位 \d 正在思考…)$/)
				);
			await expect(page.getByTestId(`seat-${seat}`).locator('.bubble')).toHaveCount(1);
		} finally {
			await endpoint.close();
		}
	});
});

/**
 * `npm run bench -- --only ck-tiny` (issue 23; opt-in, a full bench leaves it out: it takes many minutes):
 * the whole CK-Arena set (48 games, English and Chinese) played by the generated tiny chat model in one
 * Chromium tab, through the leaderboard's evaluation queue exactly as a researcher starts it (a model
 * folder hosted on the site, served here from the fixtures). The browser test plays only the first games
 * (`evaluation.e2e.ts`, a reduced run); this says how long the whole set takes in a tab.
 */
import type { Browser } from '@playwright/test';
import { serveTestModels } from './test-models';

export interface CkTinyFigures {
	/** Games finished, of `total`, when the run ended or the deadline passed. */
	done: number;
	total: number;
	/** Start to the last game recorded (or to the deadline), and to the first game recorded. */
	ms: number;
	firstMs: number | null;
	/** The CK-Arena panel's English and Chinese lines, as the page shows them. */
	lines: string[];
}

export async function ckTinyInBrowser(
	browser: Browser,
	origin: string,
	deadlineMs: number,
	now: () => number
): Promise<CkTinyFigures> {
	const context = await browser.newContext();
	try {
		await serveTestModels(context);
		const page = await context.newPage();
		await page.goto(`${origin}/leaderboard/`);
		await page.getByTestId('eval-set').selectOption('ck-arena');
		await page.getByTestId('eval-model').selectOption('transformers-site');
		await page.getByTestId('eval-site-folder').fill('/test-models/tiny-chat');
		const progress = page.getByTestId('eval-progress');
		const start = now();
		await page.getByTestId('eval-start').click();
		await progress.waitFor();
		const total = Number(await progress.getAttribute('data-total'));
		let done = 0;
		let firstMs: number | null = null;
		while (done < total && now() - start < deadlineMs) {
			await page.waitForTimeout(500);
			done = Number(await progress.getAttribute('data-done'));
			if (done > 0) firstMs ??= now() - start;
		}
		const ms = now() - start;
		// The tables take the new games in once the queue stops: wait for the panel's two languages.
		if (done === total) await page.getByTestId('ck-row').nth(1).waitFor({ timeout: 60_000 });
		const lines = await page.getByTestId('ck-row').allInnerTexts();
		return { done, total, ms, firstMs, lines: lines.map((l) => l.replace(/\s+/g, ' ').trim()) };
	} finally {
		await context.close();
	}
}

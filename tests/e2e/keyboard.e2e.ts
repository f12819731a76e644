/**
 * The keyboard alone: an undercover game and a governance run are set up on their setup pages, played
 * and read without a mouse. Every control the Tab key lands on on the way shows where the focus is
 * (an outline or a ring a person can see), and the results are reachable as text (the vote table,
 * the rule book), in the order the Tab key visits them.
 */
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/** The focused element's test id, and whether it draws a visible focus indicator. */
async function focused(page: Page): Promise<{ id: string; tag: string; visible: boolean }> {
	return page.evaluate(() => {
		const el = document.activeElement as HTMLElement | null;
		if (!el || el === document.body) return { id: '', tag: 'body', visible: true };
		const style = getComputedStyle(el);
		const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
		const ring = style.boxShadow !== 'none';
		return { id: el.dataset.testid ?? '', tag: el.tagName.toLowerCase(), visible: outline || ring };
	});
}

/** Presses Tab until the control with this test id has the focus, checking each stop on the way. */
async function tabTo(page: Page, testId: string): Promise<void> {
	const seen: string[] = [];
	for (let stops = 0; stops < 120; stops++) {
		await page.keyboard.press('Tab');
		const now = await focused(page);
		seen.push(`${now.tag}:${now.id}`);
		expect(now.visible, `the focus on <${now.tag}> ${now.id} can be seen`).toBe(true);
		if (now.id === testId) return;
	}
	throw new Error(`the Tab key never reached ${testId}: ${seen.join(' ')}`);
}

test('an undercover game: set up, played to the end and read with the keyboard alone', async ({ page }) => {
	test.setTimeout(120_000);
	await page.goto('/undercover/');
	await expect(page.getByTestId('start')).toBeVisible();
	// Every seat scripted (nothing to load): a closed select picks an option by typing its first letters.
	await tabTo(page, 'all-seats');
	await page.keyboard.type('Scripted oracle');
	await expect(page.getByTestId('all-seats')).toHaveValue('scripted');
	// The game starts playing on its own, as fast as it can.
	await tabTo(page, 'setup-speed');
	await page.keyboard.press('End');
	await expect(page.getByTestId('setup-speed')).toHaveValue('instant');
	await tabTo(page, 'start');
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/play\//);
	await expect(page.getByTestId('run-status')).toHaveClass(/status-finished/, { timeout: 60_000 });
	await tabTo(page, 'god-view');
	await page.keyboard.press('Space');
	await expect(page.getByTestId('god-view')).toBeChecked();
	// The votes are readable as text: the vote table is reached by the keyboard and lists every round.
	const table = page.getByTestId('vote-table');
	await expect(table).toBeVisible();
	await expect(table.locator('tbody tr').first()).toBeVisible();
});

test('a governance run: set up, played to the end and read with the keyboard alone', async ({ page }) => {
	test.setTimeout(120_000);
	await page.goto('/governance/');
	await expect(page.getByTestId('start')).toBeVisible();
	// The fourth seat, the tool agent, scripted; the run plays at once, as fast as it can.
	// Tab enters a group of radio buttons at its chosen one; the arrow keys choose another.
	await tabTo(page, 'seat4-human');
	await page.keyboard.press('ArrowDown');
	await expect(page.getByTestId('seat4-scripted')).toBeChecked();
	await tabTo(page, 'setup-speed');
	await page.keyboard.press('End');
	await expect(page.getByTestId('setup-speed')).toHaveValue('instant');
	await tabTo(page, 'start');
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/play\//);
	await expect(page.getByTestId('run-status')).toHaveClass(/status-finished/, { timeout: 90_000 });
	// The rule book, the rule-lineage chart's text equivalent, is on the page as text.
	await expect(page.getByTestId('rule-book')).toBeVisible();
});

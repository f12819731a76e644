/**
 * A scenario is one folder plus one registration line, on the page too: rock-paper-scissors
 * (`src/lib/scenarios/rps/`, registered in the build `npm run test:e2e` makes) plays from a link
 * with its own view, exports its log, and replays from the Runs page to the same hash.
 */
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { encodeShare } from '../../src/lib/share/link';
import { expect, playToEnd, test } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'conclave-rps-'));

test('rock-paper-scissors plays on the page, exports, and replays to the same hash', async ({ page }) => {
	const run = { scenario: 'rps', seed: 11, config: { seats: 3, rounds: 4 } };
	await page.goto(`/play/#${encodeShare(run)}`);
	await expect(page).toHaveTitle(/Rock-paper-scissors/);
	await expect(page.getByTestId('setup-info')).toContainText('3 seats · 4 rounds');
	await expect(page.getByTestId('rps-seat')).toHaveCount(3);
	const hash = await playToEnd(page);
	expect(hash).toMatch(/^[0-9a-f]{16,}$/);
	await expect(page.getByTestId('rps-winners')).toContainText('Won by seat');

	const download = page.waitForEvent('download');
	await page.getByTestId('export-log').click();
	const file = join(dir, 'rps.jsonl');
	await (await download).saveAs(file);
	expect((await download).suggestedFilename()).toBe('conclave-rps-11.jsonl');

	await page.goto('/runs/');
	await page.getByTestId('import-file').setInputFiles(file);
	await expect(page.getByTestId('import-done')).toContainText('chain verified');
	await page.getByTestId('import-replay').click();
	await expect(page.getByTestId('replay-mode')).toBeVisible();
	expect(await playToEnd(page)).toBe(hash);
	await expect(page.getByTestId('replay-verdict')).toContainText('Replayed exactly');
	await expect(page.getByTestId('rps-winners')).toContainText('Won by seat');
});

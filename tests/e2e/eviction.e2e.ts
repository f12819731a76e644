/**
 * Storage eviction: between two visits the browser clears the site's IndexedDB (as it may when the disk
 * runs short). The Runs page says which runs are gone instead of failing, and a link to one of them
 * says the same.
 */
import { encodeShare } from '../../src/lib/share/link';
import { expect, playToEnd, test } from './fixtures';

test('after the browser evicts the site’s storage, the Runs page says which runs are gone', async ({
	page,
	context
}) => {
	const run = { scenario: 'undercover', seed: 91, config: { seats: 5 } };
	await page.goto(`/play/#${encodeShare(run)}`);
	await playToEnd(page);
	await expect(page).toHaveURL(/#run=/);
	const link = page.url();
	await page.goto('/runs/');
	await expect(page.getByTestId('run-row')).toHaveCount(1);
	await expect(page.getByTestId('runs-gone')).toHaveCount(0);

	// Between visits: the browser drops the origin's IndexedDB, as eviction does.
	await page.goto('about:blank');
	const cdp = await context.newCDPSession(page);
	await cdp.send('Storage.clearDataForOrigin', {
		origin: new URL(link).origin,
		storageTypes: 'indexeddb'
	});

	await page.goto('/runs/');
	const gone = page.getByTestId('runs-gone');
	await expect(gone).toContainText('One run saved in this browser is gone');
	await expect(gone).toContainText('cleared this site’s storage');
	await expect(gone.getByTestId('gone-run')).toHaveText(/undercover, seed 91/);
	await expect(page.getByTestId('run-row')).toHaveCount(0);

	await page.goto(link);
	await expect(page.getByTestId('link-error')).toContainText('has since cleared this site’s storage');
	await expect(page.getByTestId('play')).toBeEnabled();

	// Forgotten on request, the notice does not come back.
	await page.goto('/runs/');
	await gone.getByRole('button', { name: 'Forget them' }).click();
	await expect(gone).toHaveCount(0);
	await page.reload();
	await expect(page.getByText('No saved runs yet')).toBeVisible();
	await expect(gone).toHaveCount(0);
});

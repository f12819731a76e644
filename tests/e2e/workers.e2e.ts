/**
 * Agents run in workers: a crashed worker is reported on the page and the run pauses, saved; pressing
 * play starts fresh workers and the game finishes exactly as an uninterrupted one would.
 */
import { simulate } from '../../scripts/sim';
import { encodeShare } from '../../src/lib/share/link';
import { eventCount, expect, playToEnd, test } from './fixtures';

const setup = {
	scenario: 'undercover',
	seed: 99,
	config: { seats: 6, undercover: 1, blank: false, lang: 'en', rounds: 6 }
};

test.use({ expectedPageErrors: ['simulated crash'] });

test('a crashed agent worker pauses the run, saved, and play resumes it to the uninterrupted result', async ({
	page
}) => {
	const { summary } = await simulate(setup);
	await page.goto(`/play/#${encodeShare(setup)}`);
	await page.getByTestId('speed').selectOption('slow');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('workers')).toContainText('6 agent workers');
	await expect.poll(() => eventCount(page)).toBeGreaterThan(4);

	// Make every agent worker throw an uncaught error, as a crash in agent code would.
	const agentWorkers = page.workers().filter((w) => w.url().includes('agent.worker'));
	expect(agentWorkers).toHaveLength(6);
	// All at once: the first crash pauses the run and terminates the other workers, so a worker may
	// be gone before its turn to crash (the pause below is what the test asserts).
	await Promise.all(
		agentWorkers.map((w) =>
			w
				.evaluate(() =>
					setTimeout(() => {
						throw new Error('simulated crash');
					})
				)
				.catch(() => undefined)
		)
	);

	await expect(page.getByTestId('run-status')).toContainText('paused', { timeout: 30_000 });
	await expect(page.getByRole('alert')).toContainText(/stopped working.*paused and saved/);
	await expect(page).toHaveURL(/#run=/);

	// Saved: a reload finds the run where it stopped.
	await page.reload();
	await expect(page.getByTestId('run-status')).toContainText('paused at event');
	expect(await playToEnd(page)).toBe(summary.logHash);
});

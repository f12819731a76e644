import { readFile } from 'node:fs/promises';
import { simulate } from '../../scripts/sim';
import { encodeShare } from '../../src/lib/share/link';
import { undercoverGame } from './classroom-setup';
import { expect, test } from './fixtures';

const setup = undercoverGame(3);

test('predict mode: the run pauses before each vote, the class’s tally is revealed against the agents, saved, exported and replayed', async ({
	page
}) => {
	const { runner, summary } = await simulate(setup);
	const tallies = runner.log.events.filter((e) => e.kind === 'votes.tallied');
	expect(tallies.length).toBeGreaterThan(0);
	await page.goto(`/play/#${encodeShare(setup)}`);
	await page.getByTestId('predict-mode').check();
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();

	let hits = 0;
	for (const t of tallies) {
		const ask = page.getByTestId('predict-ask');
		await expect(ask).toBeVisible({ timeout: 60_000 });
		const d = t.data as { round: number; stage: string; top: number[] };
		await expect(ask).toHaveAttribute('data-point', `r${d.round}:vote:${d.stage}`);
		// Held before the vote: no vote of this stage is cast yet, and the run is paused.
		await expect(page.getByTestId('run-status')).toContainText('paused');
		// The class: 3 hands on the first option, 1 on the second.
		const options = ask.locator('li');
		const first = (await options.first().getAttribute('data-testid'))!.replace('predict-option-', '');
		const second = (await options.nth(1).getAttribute('data-testid'))!.replace('predict-option-', '');
		for (let k = 0; k < 3; k++) await page.getByTestId(`predict-add-${first}`).click();
		await page.getByTestId(`predict-add-${second}`).click();
		await expect(page.getByTestId(`predict-count-${first}`)).toHaveText('3');
		await page.getByTestId('predict-record').click();
		const outcome = d.top.length === 1 ? String(d.top[0]) : 'tie';
		const hit = outcome === first;
		if (hit) hits++;
		// The reveal of this point: the agents' outcome, and whether the class's pick was right.
		const reveal = page.getByTestId('predict-reveal');
		await expect(reveal).toContainText(outcome === 'tie' ? /tie/ : `seat ${outcome}`, { timeout: 60_000 });
		await expect(reveal.getByTestId('predict-verdict')).toHaveText(hit ? /right/ : /missed/);
	}
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 60_000 });
	await expect(page.getByTestId('predict-summary')).toContainText(
		`${hits} of ${tallies.length} predictions right`
	);
	// The agents' game is the one a run without a class gives.
	await expect(page.getByTestId('log-hash')).toHaveText(summary.logHash);

	// Exported with the run: the agents' lines, then the class's chain.
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByTestId('export-log').click()
	]);
	const text = await readFile((await download.path())!, 'utf8');
	const lines = text
		.trim()
		.split('\n')
		.map((l) => JSON.parse(l));
	expect(lines.length).toBe(1 + summary.events + 1 + tallies.length);
	expect(lines[1 + summary.events].scenario).toBe('predictions');
	expect(lines.at(-1).kind).toBe('prediction.recorded');

	// Saved: the run's replay shows the class's predictions and the same hit rate.
	const id = /#run=(\w+)/.exec(page.url())![1];
	await page.goto(`/play/#replay=${id}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('replay-verdict')).toBeVisible({ timeout: 60_000 });
	await expect(page.getByTestId('predict-summary')).toContainText(
		`${hits} of ${tallies.length} predictions right`
	);
	await expect(page.getByTestId('predict-mode')).toHaveCount(0);

	// Imported from the file on another visit: the predictions come with it.
	await page.goto('/runs/');
	await page
		.getByTestId('import-file')
		.setInputFiles({ name: 'run.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
	await expect(page.getByTestId('import-done')).toBeVisible();
});

test('predict mode: a tampered prediction in an imported file is refused with a sentence, and nothing is imported', async ({
	page
}) => {
	const { runner } = await simulate(setup);
	const agents = [runner.log.header, ...runner.log.events].map((x) => JSON.stringify(x)).join('\n') + '\n';
	const header = { format: 1, scenario: 'predictions', seed: 3, config: { of: 'not this run' }, engines: {} };
	await page.goto('/runs/');
	await page.getByTestId('import-file').setInputFiles({
		name: 'run.jsonl',
		mimeType: 'application/x-ndjson',
		buffer: Buffer.from(agents + JSON.stringify(header) + '\n')
	});
	await expect(page.getByTestId('import-error')).toContainText(
		'the class’s predictions belong to another run'
	);
	await expect(page.getByTestId('import-error')).toContainText('Nothing was imported');
});

for (const run of [
	{ scenario: 'governance', seed: 1, config: { rounds: 4 }, point: /:review:/, option: 'veto' },
	{
		scenario: 'autonomy',
		seed: 1,
		config: { days: 6, legacyConsider: true },
		point: /decide|spend/,
		option: 'IMPROVE'
	}
]) {
	test(`predict mode in ${run.scenario}: held before the decision, revealed, and kept across a reload`, async ({
		page
	}) => {
		await page.goto(`/play/#${encodeShare(run)}`);
		await page.getByTestId('predict-mode').check();
		await page.getByTestId('speed').selectOption('instant');
		await page.getByTestId('play').click();
		const ask = page.getByTestId('predict-ask');
		await expect(ask).toBeVisible({ timeout: 60_000 });
		await expect(ask).toHaveAttribute('data-point', run.point);
		await page.getByTestId(`predict-add-${run.option}`).click();
		await page.getByTestId('predict-record').click();
		await expect(page.getByTestId('predict-agents')).toBeVisible({ timeout: 60_000 });
		// The next point holds the run again; a reload resumes it with the class's log.
		await expect(ask).toBeVisible({ timeout: 60_000 });
		await expect(page).toHaveURL(/#run=/);
		await page.reload();
		await expect(page.getByTestId('predict-mode')).toBeChecked();
		await expect(page.getByTestId('predict-reveal')).toBeVisible();
	});
}

/**
 * A real trained model (stories260K, converted from llama2.c by `npm run fixtures`) at every seat of
 * undercover in Chromium: it cannot follow instructions, so only the engine's constrained decoding
 * keeps its votes legal. The game must end by its rules with no vote forfeited, every vote held to its
 * options in the log, the same replies as the same game in Node, and a replay to the page's hash.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromJsonLines, type ModelCall } from '../../src/lib/core';
import type { ModelChoice } from '../../src/lib/engines/types';
import { encodeShare, type SharedRun } from '../../src/lib/share/link';
import { localModel, undercoverRun } from '../../scripts/model-games';
import { simulate, simulateReplay, readReplayFile } from '../../scripts/sim';
import { expect, serveTestModels, test } from './fixtures';

const STORIES: ModelChoice = { engine: 'transformers', model: '/test-models/stories260K' };

// The same game played live in Node, started with the page's: the two run side by side, so on a busy
// machine the test waits for the slower of them rather than for both in turn (about 4 minutes in all
// on an idle 2-core machine; each took over 5 minutes, one after the other, at load 25).
test('stories260K at all four seats: every vote legal and constrained, the game ends by the rules, the same replies as in Node', async ({
	page
}) => {
	test.setTimeout(1_200_000);
	const inNode = simulate(undercoverRun(localModel('stories260K'), 1, 4, 'en'));
	// Awaited below; a failure before then must not surface as an unhandled rejection.
	inNode.catch(() => undefined);
	await serveTestModels(page);
	const run: SharedRun = undercoverRun(STORIES, 1, 4, 'en');
	await page.goto(`/play/#${encodeShare(run)}`);
	await page.getByTestId('speed').selectOption('instant');
	await page.getByTestId('play').click();
	await expect(page.getByTestId('run-status')).toContainText('finished', { timeout: 1_000_000 });
	const hash = (await page.getByTestId('log-hash').textContent()) ?? '';

	const download = page.waitForEvent('download');
	await page.getByTestId('export-log').click();
	const file = join(mkdtempSync(join(tmpdir(), 'conclave-stories-')), 'stories.jsonl');
	await (await download).saveAs(file);
	const { events } = fromJsonLines(readFileSync(file, 'utf8'));
	const calls = events.filter((e) => e.kind === 'model.called').map((e) => e.data as ModelCall);
	const votes = calls.filter((c) => c.purpose.endsWith('vote'));
	expect(votes.length).toBeGreaterThan(0);
	for (const v of votes) expect(v.constraint).toBe('options');
	expect(events.filter((e) => e.kind === 'action.forfeited')).toEqual([]);
	expect(events.some((e) => e.kind === 'game.ended')).toBe(true);

	// The log replays in Node to the page's hash.
	expect((await simulateReplay(readReplayFile(file))).summary.logHash).toBe(hash);
	// The same game played live in Node gives the same replies, move for move.
	const node = await inNode;
	const nodeReplies = node.runner.log.events
		.filter((e) => e.kind === 'model.called')
		.map((e) => (e.data as ModelCall).reply);
	expect(calls.map((c) => c.reply)).toEqual(nodeReplies);
});

/**
 * Issue 20's goal on a representative subset (the full 20-seed sweep is `npm run bench`): with a real
 * trained model (stories260K, at two seats of an undercover game here; in every role of governance and
 * autonomy) or the n-gram tiny-chat at every model seat, no structured decision is
 * forfeited, every game ends by its rules before its round cap, every choice was held to its options
 * by the engine, and the log replays to the same hash.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MODEL, MODELS_DIR, STORY_MODEL, generateFixtures } from './fixtures/index';
import {
	autonomyRun,
	governanceRun,
	localModel,
	playModelGame,
	undercoverRun,
	type GameFigures
} from './model-games';

beforeAll(() => {
	if (!existsSync(join(MODELS_DIR, STORY_MODEL, 'onnx/model.onnx'))) generateFixtures();
});

function expectPlayedByTheRules(g: GameFigures): void {
	expect(g.structuredAsks).toBeGreaterThan(0);
	expect(g.structuredForfeits).toBe(0);
	expect(g.constrainedCalls).toBe(g.structuredCalls);
	expect(g.ended).toBe(true);
	expect(g.replayed).toBe(true);
}

describe(`undercover with ${STORY_MODEL} at two of four seats (en, seed 2), the others scripted`, () => {
	// The real model's whole-table game (every seat, 20 seeds) is `npm run bench`: 3-4 minutes a game
	// under load, too slow here. Two model seats still speak, defend and vote through the real engine
	// path, and the scripted seats end the game by the rules in two rounds (about 50 s under load).
	it('casts every vote legally and ends by the rules before the round cap, replaying to the same hash', async () => {
		const story = localModel(STORY_MODEL);
		const run = undercoverRun(story, 2, 4, 'en');
		run.seats = { 1: story, 2: story, 3: { engine: 'scripted' }, 4: { engine: 'scripted' } };
		const g = await playModelGame(run);
		expectPlayedByTheRules(g);
		expect(g.rounds).toBeLessThanOrEqual(g.roundCap!);
	}, 300_000);
});

describe.each([
	[CHAT_MODEL, 4, 'en', 2],
	[CHAT_MODEL, 6, 'zh', 3]
] as const)('undercover with %s at all %i seats (%s, seed %i)', (model, seats, lang, seed) => {
	it('casts every vote legally and ends by the rules before the round cap, replaying to the same hash', async () => {
		const g = await playModelGame(undercoverRun(localModel(model), seed, seats, lang));
		expectPlayedByTheRules(g);
		expect(g.rounds).toBeLessThanOrEqual(g.roundCap!);
	}, 300_000);
});

describe(`${STORY_MODEL} in every model role`, () => {
	it('autonomy: every spend decision is IMPROVE or SKIP, none forfeited, and the run replays', async () => {
		expectPlayedByTheRules(await playModelGame(autonomyRun(localModel(STORY_MODEL), 1, 3)));
	}, 300_000);

	it('governance: no structured decision forfeited in a round, and the run replays', async () => {
		expectPlayedByTheRules(await playModelGame(governanceRun(localModel(STORY_MODEL), 1, 1)));
	}, 600_000);
});

describe('a game ended by its rules, told from one stopped by its round cap', () => {
	// Scripted seed 24 (4 seats) is won in its fourth round: with a cap of 4 it is won in the cap's own
	// round, which is an end by the rules; with a cap of 3 the runner halts it, which is not. (Seed 1,
	// used before, ties its revote in round 2 and has ended there by lot since that rule.)
	const scripted = { engine: 'scripted' } as const;
	it('a win in the cap round counts as ended by the rules', async () => {
		const g = await playModelGame(undercoverRun(scripted, 24, 4, 'en', 4));
		expect(g.rounds).toBe(4);
		expect(g.ended).toBe(true);
	});
	it('a game halted at its cap does not', async () => {
		const g = await playModelGame(undercoverRun(scripted, 24, 4, 'en', 3));
		expect(g.rounds).toBe(3);
		expect(g.ended).toBe(false);
	});
});

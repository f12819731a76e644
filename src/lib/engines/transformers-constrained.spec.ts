import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MODEL, MODELS_DIR, STORY_MODEL, generateFixtures } from '../../../scripts/fixtures/index';
import { voteSchema } from '../scenarios/undercover/schemas';
import { DECIDE_SCHEMA } from '../scenarios/autonomy/prompts';
import { TransformersEngine, loadTransformers } from './transformers';
import type { ChatMessage, ChatRequest } from './types';

const remoteRequests: string[] = [];
beforeAll(async () => {
	if (!existsSync(join(MODELS_DIR, STORY_MODEL, 'onnx/model.onnx'))) generateFixtures();
	const { env } = await loadTransformers();
	env.fetch = async (input: string | URL) => {
		remoteRequests.push(String(input));
		throw new TypeError('fetch failed: tests have no network');
	};
});
afterAll(() => expect(remoteRequests).toEqual([]));

const engines = [STORY_MODEL, CHAT_MODEL].map(
	(model) => new TransformersEngine({ model, localModelPath: MODELS_DIR, device: 'cpu' })
);
afterAll(() => Promise.all(engines.map((e) => e.unload())));

const VOTE: ChatMessage[] = [
	{ role: 'system', content: 'You play Who is the Undercover as seat 2.' },
	{ role: 'user', content: 'Vote now: seat 1, 3 or 4. Reply with JSON {"target": <seat>, "reason": "..."}.' }
];
const vote = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
	messages: VOTE,
	temperature: 0,
	seed: 7,
	max_tokens: 40,
	schema: voteSchema([4, 1, 3]),
	...extra
});

describe.each(engines)('constrained choices on transformers.js ($model)', (engine) => {
	it('a vote comes back as one of its options, complete JSON within max_tokens, marked as constrained', async () => {
		const r = await engine.chat(vote());
		const v = JSON.parse(r.text) as { target: number; reason: string };
		expect([1, 3, 4]).toContain(v.target);
		expect(typeof v.reason).toBe('string');
		expect(r.constraint).toBe('options');
		expect(r.finishReason).toBe('stop');
		expect(r.usage.completionTokens).toBeLessThanOrEqual(40);
	}, 60_000);

	it('sampled choices are legal for every seed, and the same seed gives the same reply', async () => {
		const seen = new Set<number>();
		for (let seed = 1; seed <= 6; seed++) {
			const r = await engine.chat(vote({ temperature: 1, seed }));
			const target = (JSON.parse(r.text) as { target: number }).target;
			expect([1, 3, 4]).toContain(target);
			seen.add(target);
			expect((await engine.chat(vote({ temperature: 1, seed }))).text).toBe(r.text);
		}
		expect(seen.size).toBeGreaterThan(0);
	}, 120_000);

	it('autonomy’s decision is IMPROVE or SKIP with room for little else', async () => {
		const r = await engine.chat({
			messages: [{ role: 'user', content: 'Improve this file, or SKIP?' }],
			temperature: 0.7,
			seed: 3,
			max_tokens: 24,
			schema: DECIDE_SCHEMA as unknown as Record<string, unknown>
		});
		expect(['IMPROVE', 'SKIP']).toContain((JSON.parse(r.text) as { decision: string }).decision);
	}, 60_000);

	it('free text (a schema with no choice) stays unconstrained', async () => {
		const r = await engine.chat({
			messages: VOTE,
			temperature: 0,
			seed: 1,
			max_tokens: 12,
			schema: { type: 'object', properties: { speech: { type: 'string' } }, required: ['speech'] }
		});
		expect(r.constraint).toBe('none');
	}, 60_000);
});

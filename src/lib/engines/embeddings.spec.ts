import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_MODEL, MODELS_DIR, generateFixtures } from '../../../scripts/fixtures/index';
import { Embedder, cosine } from './embeddings';
import { loadTransformers } from './transformers';

const remoteRequests: string[] = [];

beforeAll(async () => {
	if (!existsSync(join(MODELS_DIR, EMBED_MODEL, 'onnx/model.onnx'))) generateFixtures();
	const { env } = await loadTransformers();
	env.fetch = async (input: string | URL) => {
		remoteRequests.push(String(input));
		throw new TypeError('fetch failed: tests have no network');
	};
});

afterAll(() => {
	expect(remoteRequests).toEqual([]);
});

const embedder = new Embedder({ model: EMBED_MODEL, localModelPath: MODELS_DIR });
afterAll(() => embedder.unload());

describe('Embedder on the tiny fixture model', () => {
	it('gives one unit-length vector per text', async () => {
		const texts = ['It is often found in a kitchen.', '它长在树上。', 'x', 'A much longer text. '.repeat(20)];
		const vectors = await embedder.embed(texts);
		expect(vectors).toHaveLength(texts.length);
		for (const v of vectors) {
			expect(v).toHaveLength(32);
			expect(Math.abs(Math.hypot(...v) - 1)).toBeLessThan(1e-4);
		}
		expect(await embedder.embed([])).toEqual([]);
	});

	it('embeds a text the same alone and in a batch', async () => {
		const [alone] = await embedder.embed(['It grows on a tree.']);
		const [batched] = await embedder.embed(['It grows on a tree.', 'a longer text that forces padding']);
		expect(cosine(alone!, batched!)).toBeGreaterThan(0.9999);
	});

	it('scores similar sentences above unrelated ones', async () => {
		const triples: [string, string, string][] = [
			[
				'It is often found in a kitchen.',
				'It is usually found in the kitchen.',
				'I vote for seat 3 because they hesitated.'
			],
			['It grows on a tree.', 'It grows on trees and is sweet.', 'The meeting starts at noon tomorrow.'],
			['它通常出现在厨房里。', '它常常出现在厨房。', '我投3号，因为他犹豫了。'],
			['a cat sleeps on the sofa', 'the cat is sleeping on a sofa', 'stock prices fell sharply today']
		];
		for (const [a, b, c] of triples) {
			const [ea, eb, ec] = (await embedder.embed([a, b, c])) as [number[], number[], number[]];
			expect(cosine(ea, eb)).toBeGreaterThan(cosine(ea, ec) + 0.2);
		}
	});

	it("reports a missing model folder as 'bad-model-files'", async () => {
		const scratch = mkdtempSync(join(tmpdir(), 'conclave-embed-'));
		try {
			const missing = new Embedder({ model: 'nothing-here', localModelPath: scratch });
			await expect(missing.load()).rejects.toMatchObject({ code: 'bad-model-files' });
		} finally {
			rmSync(scratch, { recursive: true, force: true });
		}
	});
});

describe('cosine', () => {
	it('is 1 for the same direction, 0 for orthogonal, -1 for opposite', () => {
		expect(cosine([1, 2], [2, 4])).toBeCloseTo(1);
		expect(cosine([1, 0], [0, 3])).toBe(0);
		expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1);
		expect(cosine([0, 0], [1, 1])).toBe(0);
		expect(() => cosine([1], [1, 2])).toThrow();
	});
});

import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MODEL, MODELS_DIR, generateFixtures } from '../../../scripts/fixtures/index';
import { nucleusFilter, ReplyText, TransformersEngine, loadTransformers } from './transformers';
import { EngineError, type ChatMessage, type ChatRequest, type LoadProgress } from './types';

/** Every non-local request fails the test: nothing may come from a model hub. */
const remoteRequests: string[] = [];

beforeAll(async () => {
	if (!existsSync(join(MODELS_DIR, CHAT_MODEL, 'onnx/model.onnx'))) generateFixtures();
	const { env } = await loadTransformers();
	env.fetch = async (input: string | URL) => {
		remoteRequests.push(String(input));
		throw new TypeError('fetch failed: tests have no network');
	};
});

afterAll(() => {
	expect(remoteRequests).toEqual([]);
});

const engine = new TransformersEngine({ model: CHAT_MODEL, localModelPath: MODELS_DIR, device: 'cpu' });
afterAll(() => engine.unload());

function request(messages: ChatMessage[], extra: Partial<ChatRequest> = {}): ChatRequest {
	return { messages, temperature: 0, seed: 1, max_tokens: 96, ...extra };
}

const SPEAK: ChatMessage[] = [
	{ role: 'system', content: 'You play Who is the Undercover as seat 2. Your secret word is "apple".' },
	{
		role: 'user',
		content:
			'Round 1. Describe your word in one sentence without saying it. Reply with JSON {"speech": "..."}.'
	}
];

/** Whether the text holds a JSON object anywhere (what a lenient reply parser would find). */
function hasJsonObject(text: string): boolean {
	for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
		for (let j = text.indexOf('}', i); j >= 0; j = text.indexOf('}', j + 1)) {
			try {
				const v: unknown = JSON.parse(text.slice(i, j + 1));
				if (v && typeof v === 'object' && !Array.isArray(v)) return true;
			} catch {
				// not this span
			}
		}
	}
	return false;
}

const SPEECH_SCHEMA = {
	type: 'object',
	properties: { speech: { type: 'string', maxLength: 300 } },
	required: ['speech']
};
const VOTE_SCHEMA = {
	type: 'object',
	properties: { target: { type: 'integer', enum: [1, 2, 4, 5] }, reason: { type: 'string' } },
	required: ['target', 'reason']
};

/** Prompts shaped like the undercover policy's: rules, persona and word, then history and the ask. */
function undercoverPrompt(i: number): Pick<ChatRequest, 'messages' | 'schema'> {
	const zh = i % 4 >= 2;
	const vote = i % 2 === 1;
	const seat = (i % 6) + 1;
	const word = zh ? ['饺子', '苹果', '咖啡'][i % 3]! : ['apple', 'coffee', 'cat', 'pencil', 'honey'][i % 5]!;
	const system = zh
		? `一个${6}人的猜词游戏。你是${seat}号。你的词是「${word}」。不要说出你的词。`
		: `A word game for 6 players, in seats 1 to 6. You are in seat ${seat}. Your secret word is "${word}". Never say your word.`;
	const history = zh
		? `到目前为止：第1轮，1号：它很甜。第1轮，${(seat % 6) + 1}号：家里常见。`
		: `What has been said so far:\nRound 1, seat 1: It is sweet.\nRound 1, seat ${(seat % 6) + 1}: You can find it at home.`;
	const ask = zh
		? vote
			? '只回复一个JSON对象，含两个字段："target"，你要投的座位号（数字）；"reason"，一句简短的理由。'
			: '只回复一个JSON对象，含一个字段"speech"，内容是你要说出口的话。'
		: vote
			? 'Time to vote. Reply with only a JSON object with two fields: "target", the number of the seat you vote for, and "reason", one short sentence.'
			: 'Your turn to speak. Reply with only a JSON object with one field, "speech": the words you say aloud.';
	return {
		messages: [
			{ role: 'system', content: system },
			{ role: 'user', content: `${history}\n${ask}` }
		],
		// Every third prompt also carries the schema, as the policies send it.
		...(i % 3 === 0 ? { schema: vote ? VOTE_SCHEMA : SPEECH_SCHEMA } : {})
	};
}

describe('TransformersEngine on the tiny fixture model', () => {
	it('loads with progress that ends at 1', async () => {
		const seen: LoadProgress[] = [];
		await engine.load((p) => seen.push(p));
		expect(seen.length).toBeGreaterThan(0);
		expect(seen.at(-1)?.fraction).toBe(1);
		const fractions = seen.map((p) => p.fraction).filter((f): f is number => f !== null);
		expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
	});

	it('generates a reply with sane usage', async () => {
		const r = await engine.chat(request(SPEAK));
		expect(r.text.length).toBeGreaterThan(0);
		expect(r.usage.promptTokens).toBeGreaterThan(50);
		expect(r.usage.completionTokens).toBeGreaterThan(0);
		expect(r.usage.completionTokens).toBeLessThanOrEqual(96);
		expect(r.usage.ttftMs).toBeGreaterThanOrEqual(0);
		expect(r.usage.totalMs).toBeGreaterThanOrEqual(r.usage.ttftMs);
		expect(r.usage.decodeTokensPerSecond).toBeGreaterThan(0);
		console.info(
			`tiny-chat (node): ${r.usage.completionTokens} tokens, ttft ${r.usage.ttftMs.toFixed(1)} ms, ` +
				`${r.usage.decodeTokensPerSecond.toFixed(0)} tokens/s: ${JSON.stringify(r.text)}`
		);
	});

	it('gives the same text for the same request, greedy or seeded', async () => {
		const greedy = await engine.chat(request(SPEAK));
		expect((await engine.chat(request(SPEAK))).text).toBe(greedy.text);
		const sampled = request(SPEAK, { temperature: 0.8, seed: 42 });
		const a = await engine.chat(sampled);
		const b = await engine.chat(sampled);
		expect(b.text).toBe(a.text);
		// The seed matters: a handful of seeds do not all give the same reply.
		const texts = new Set<string>();
		for (let seed = 1; seed <= 6; seed++) texts.add((await engine.chat({ ...sampled, seed })).text);
		expect(texts.size).toBeGreaterThan(1);
	});

	it('honours top_p: a nucleus of one token samples the greedy reply, whatever the seed', async () => {
		const greedy = (await engine.chat(request(SPEAK, { max_tokens: 24 }))).text;
		const hot = request(SPEAK, { temperature: 1.5, max_tokens: 24 });
		const free = new Set<string>();
		const nucleus = new Set<string>();
		for (let seed = 1; seed <= 4; seed++) {
			free.add((await engine.chat({ ...hot, seed })).text);
			nucleus.add((await engine.chat({ ...hot, seed, top_p: 1e-6 })).text);
		}
		// Without top_p, hot sampling wanders from seed to seed; with it, only the likeliest token is left.
		expect(free.size).toBeGreaterThan(1);
		expect([...nucleus]).toEqual([greedy]);
	});

	it('gives each concurrent call the reply it would get alone', async () => {
		const reqs = [0, 1, 2, 3].map((i) => {
			const { messages, schema } = undercoverPrompt(i);
			return request(messages, { schema, temperature: 0.7, seed: 100 + i });
		});
		const alone: string[] = [];
		for (const r of reqs) alone.push((await engine.chat(r)).text);
		const together = await Promise.all(reqs.map((r) => engine.chat(r)));
		expect(together.map((r) => r.text)).toEqual(alone);
	});

	it('streams deltas that add up to the text', async () => {
		const deltas: string[] = [];
		const r = await engine.chat(
			request(SPEAK, { temperature: 0.9, seed: 7, onDelta: (d) => deltas.push(d) })
		);
		expect(deltas.length).toBeGreaterThan(1);
		expect(deltas.join('')).toBe(r.text);
	});

	it('cuts the text at the first stop string', async () => {
		const full = await engine.chat(request(SPEAK));
		const stop = full.text.slice(3, 5);
		expect(stop.length).toBe(2);
		const deltas: string[] = [];
		const r = await engine.chat(
			request(SPEAK, { stop: ['never-there', stop], onDelta: (d) => deltas.push(d) })
		);
		expect(r.text).toBe(full.text.slice(0, full.text.indexOf(stop)));
		expect(r.finishReason).toBe('stop');
		expect(r.usage.completionTokens).toBeLessThan(full.usage.completionTokens);
		expect(deltas.join('')).toBe(r.text);
	});

	it("reports 'length' when max_tokens ends the reply", async () => {
		const r = await engine.chat(request(SPEAK, { max_tokens: 5 }));
		expect(r.finishReason).toBe('length');
		expect(r.usage.completionTokens).toBe(5);
		const done = await engine.chat(request(SPEAK, { max_tokens: 400 }));
		expect(done.finishReason).toBe('stop');
	});

	it('honours an aborted signal', async () => {
		const controller = new AbortController();
		controller.abort();
		await expect(engine.chat(request(SPEAK, { signal: controller.signal }))).rejects.toMatchObject({
			code: 'aborted'
		});
		const late = new AbortController();
		const p = engine.chat(
			request(SPEAK, { max_tokens: 400, signal: late.signal, onDelta: () => late.abort() })
		);
		await expect(p).rejects.toMatchObject({ code: 'aborted' });
	});

	it('replies to undercover prompts with JSON some of the time, votes when asked to vote', async () => {
		const rates: string[] = [];
		for (const temperature of [0, 0.7]) {
			let parsed = 0;
			let fitting = 0;
			for (let i = 0; i < 20; i++) {
				const { messages, schema } = undercoverPrompt(i);
				const r = await engine.chat(
					request(messages, { schema, temperature, seed: 1000 + i, max_tokens: 128 })
				);
				if (hasJsonObject(r.text)) parsed++;
				if (r.text.includes(i % 2 === 1 ? '"target"' : '"speech"')) fitting++;
			}
			rates.push(`temperature ${temperature}: ${parsed}/20 hold JSON, ${fitting}/20 use the asked field`);
			if (temperature > 0) {
				expect(parsed).toBeGreaterThan(0);
				expect(parsed).toBeLessThan(20);
			}
			expect(fitting).toBeGreaterThan(10);
		}
		console.info(`tiny-chat on undercover prompts: ${rates.join('; ')}`);
	});
});

describe('TransformersEngine failures', () => {
	let scratch = '';
	beforeAll(() => {
		scratch = mkdtempSync(join(tmpdir(), 'conclave-models-'));
	});
	afterAll(() => rmSync(scratch, { recursive: true, force: true }));

	it("names the missing folder in a 'bad-model-files' error", async () => {
		const missing = new TransformersEngine({ model: 'no-such-model', localModelPath: scratch });
		const err = await missing.load().catch((e: unknown) => e);
		expect(err).toBeInstanceOf(EngineError);
		expect((err as EngineError).code).toBe('bad-model-files');
		expect((err as EngineError).message).toContain(join(scratch, 'no-such-model'));
	});

	it("reports a corrupt weights file as 'bad-model-files'", async () => {
		cpSync(join(MODELS_DIR, CHAT_MODEL), join(scratch, 'broken'), { recursive: true });
		writeFileSync(join(scratch, 'broken/onnx/model.onnx'), 'not a model');
		const broken = new TransformersEngine({ model: 'broken', localModelPath: scratch });
		await expect(broken.load()).rejects.toMatchObject({ code: 'bad-model-files' });
	});

	it("reports a missing weights file as 'bad-model-files'", async () => {
		cpSync(join(MODELS_DIR, CHAT_MODEL), join(scratch, 'partial'), { recursive: true });
		rmSync(join(scratch, 'partial/onnx/model.onnx'));
		const partial = new TransformersEngine({ model: 'partial', localModelPath: scratch });
		await expect(partial.load()).rejects.toMatchObject({ code: 'bad-model-files' });
	});

	it('cancels a load whose signal is aborted', async () => {
		const fresh = new TransformersEngine({ model: CHAT_MODEL, localModelPath: MODELS_DIR });
		const controller = new AbortController();
		const p = fresh.load(undefined, controller.signal);
		controller.abort();
		await expect(p).rejects.toMatchObject({ code: 'aborted' });
		// The engine is still usable afterwards.
		await fresh.load();
		expect((await fresh.chat(request(SPEAK, { max_tokens: 4 }))).usage.completionTokens).toBe(4);
		await fresh.unload();
	});
});

describe('nucleusFilter', () => {
	it('keeps the fewest likeliest tokens that reach top_p in each row', () => {
		// Row 1: probabilities about 0.64, 0.24, 0.09, 0.03; row 2: one certain token.
		const logits = Float32Array.from([3, 2, 1, 0, 0, 10, 0, 0]);
		nucleusFilter(logits, 4, 0.8);
		expect([...logits]).toEqual([3, 2, -Infinity, -Infinity, -Infinity, 10, -Infinity, -Infinity]);
	});

	it('always keeps the likeliest token, and keeps all at top_p 1', () => {
		const tiny = Float32Array.from([0, 1, 0.5]);
		nucleusFilter(tiny, 3, 1e-9);
		expect([...tiny]).toEqual([-Infinity, 1, -Infinity]);
		const all = Float32Array.from([0, 1, 0.5]);
		nucleusFilter(all, 3, 1);
		expect([...all]).toEqual([0, 1, 0.5]);
	});
});

describe('ReplyText', () => {
	const bytes = (ids: number[]): string => new TextDecoder().decode(Uint8Array.from(ids));
	const feed = (text: string, stops: string[]): { deltas: string[]; final: string; stopped: boolean } => {
		const deltas: string[] = [];
		const reply = new ReplyText(bytes, stops, (d) => deltas.push(d));
		for (const b of new TextEncoder().encode(text)) if (reply.push([b])) break;
		return { deltas, final: reply.finish(), stopped: reply.stopped };
	};

	it('never streams half a character', () => {
		const { deltas, final } = feed('它长在树上。ok', []);
		expect(final).toBe('它长在树上。ok');
		expect(deltas.join('')).toBe(final);
		expect(deltas.some((d) => d.includes('\uFFFD'))).toBe(false);
	});

	it('holds back what may begin a stop string, and cuts at it', () => {
		const { deltas, final, stopped } = feed('{"a":1}\n\nmore', ['\n\n', 'zz']);
		expect(final).toBe('{"a":1}');
		expect(stopped).toBe(true);
		expect(deltas.join('')).toBe(final);
		const none = feed('a\nb', ['\n\n']);
		expect(none.final).toBe('a\nb');
		expect(none.stopped).toBe(false);
		expect(none.deltas.join('')).toBe('a\nb');
	});

	it('keeps invalid bytes as replacement characters in the final text', () => {
		const deltas: string[] = [];
		const reply = new ReplyText(bytes, [], (d) => deltas.push(d));
		reply.push([0x61, 0xe5, 0x62]);
		reply.push([0xe5]);
		expect(reply.finish()).toBe('a\uFFFDb\uFFFD');
		expect(deltas.join('')).toBe('a\uFFFDb\uFFFD');
	});
});

/**
 * Lessons from earlier games in the LLM policy's prompts: the seat's own persona, model and language
 * only, never retired ones, at most three, listed under "Lessons from earlier games", and their ids
 * recorded on the call so the game can score them. No lessons: the prompt is exactly as before.
 */
import { describe, expect, it } from 'vitest';
import { createLesson, observationText, parseLesson, retrieve, type Lesson } from '../../agents/lessons';
import { createStream, seatId, type Ask, type PolicyContext } from '../../core';
import type { ChatRequest } from '../../engines/types';
import type { UndercoverObservation } from '../../scenarios/undercover';
import { actionPrompt, monologuePrompt } from '../../scenarios/undercover/prompts';
import type { ChatClient } from './chat-client';
import {
	createLlmUndercoverPolicy,
	LESSONS_PER_PROMPT
} from '../../scenarios/undercover/policies/llm/undercover';

const usage = { promptTokens: 10, completionTokens: 5, ttftMs: 1, totalMs: 2, decodeTokensPerSecond: 1 };

function fake(): ChatClient & { requests: ChatRequest[] } {
	const requests: ChatRequest[] = [];
	return {
		engine: 'fake',
		model: 'tiny-1',
		contextWindow: 4096,
		requests,
		async chat(req) {
			requests.push(req);
			const props = (req.schema?.properties ?? {}) as Record<string, { enum?: number[] }>;
			const text = props.target
				? JSON.stringify({ target: props.target.enum?.[0], reason: 'too quiet' })
				: JSON.stringify({ speech: 'Something you see every day.' });
			return { text, finishReason: 'stop', usage };
		}
	};
}

function obs(patch: Partial<UndercoverObservation> = {}): UndercoverObservation {
	return {
		seat: seatId(2),
		lang: 'en',
		word: 'apple',
		persona: { id: 'vera', name: 'Vera', temperament: 'INTJ', style: 'Calm.' },
		round: 1,
		phase: 'SPEAK',
		alive: [1, 2, 3, 4].map(seatId),
		seats: [1, 2, 3, 4].map(seatId),
		speeches: [],
		votes: [],
		eliminated: [],
		tied: [],
		memory: { mySpeeches: [] },
		...patch
	};
}

function lesson(
	text: string,
	owner: Partial<Pick<Lesson, 'persona' | 'model' | 'lang'>> = {},
	patch: Partial<Lesson> = {}
) {
	const o = { persona: 'vera', model: 'fake:tiny-1', lang: 'en' as const, ...owner };
	const parsed = parseLesson(text, o.lang);
	if (!parsed.ok) throw new Error(`${text}: ${parsed.error}`);
	return { ...createLesson(o, parsed, 0), ...patch };
}

const speakAsk: Ask = { id: 'r1:speak:2', seat: seatId(2), kind: 'speak', attempt: 0 };
const voteAsk: Ask = {
	id: 'r1:vote:vote:2',
	seat: seatId(2),
	kind: 'vote',
	options: [1, 3, 4].map(seatId),
	attempt: 0
};
const ctx = (ask: Ask): PolicyContext => {
	const streamName = `policy:${ask.id}:${ask.attempt}`;
	return { rng: createStream(3, streamName), seed: 3, streamName, tick: 1 };
};
const promptText = (req: ChatRequest) => req.messages.map((m) => m.content).join('\n');

const mine = [
	lesson('When one seat describes a different feature in the first round, vote for that seat.'),
	lesson('When the vote is tied, defend with a detail only the common word has.', {}, { score: 0.9 }),
	lesson('When everyone describes colours, describe a use instead of a colour.'),
	lesson('When a seat repeats an earlier speech, suspect that seat.', {}, { score: 0.2 })
];
const others = [
	lesson('When a seat is vague in round one, vote for it.', { persona: 'theo' }),
	lesson('When a seat is vague in round two, vote for it.', { model: 'fake:other' }),
	lesson('当有人第一轮描述很笼统时，投他一票。', { lang: 'zh' }),
	lesson('When a seat stays silent, vote for that seat.', {}, { retired: true, score: 0.1 })
];

describe('lessons in the LLM policy', () => {
	it('adds the top lessons of its own persona, model and language to speak and vote prompts', async () => {
		const client = fake();
		const policy = createLlmUndercoverPolicy(client, { lessons: [...mine, ...others] });
		for (const [o, ask] of [
			[obs(), speakAsk],
			[obs({ phase: 'VOTE' }), voteAsk]
		] as const) {
			const reply = await policy.act(o, ask, ctx(ask));
			const text = promptText(client.requests.at(-1)!);
			expect(text).toContain('Lessons from earlier games');
			const ids = reply.calls?.[0]?.lessons ?? [];
			expect(ids).toHaveLength(LESSONS_PER_PROMPT);
			const allowed = new Set(mine.map((l) => l.id));
			for (const id of ids) expect(allowed.has(id)).toBe(true);
			for (const l of others) expect(text).not.toContain(l.text);
			for (const id of ids) expect(text).toContain(mine.find((l) => l.id === id)!.text);
			// Bulleted, never numbered: small models copy numbering into their speech.
			expect(text).not.toMatch(/^\s*1\./m);
		}
		// Ranked by score x fit to the table (retrieve's order); the poorly scoring one is left out.
		const first = await policy.act(obs(), speakAsk, ctx(speakAsk));
		const expected = retrieve(
			[...mine, ...others],
			{ persona: 'vera', model: 'fake:tiny-1', lang: 'en', observationText: observationText(obs()) },
			LESSONS_PER_PROMPT
		);
		expect(first.calls?.[0]?.lessons).toEqual(expected.map((l) => l.id));
		expect(first.calls?.[0]?.lessons).not.toContain(mine[3]!.id);
	});

	it('leaves prompts and calls as before without lessons, or when none fit the seat', async () => {
		const bare = fake();
		const none = await createLlmUndercoverPolicy(bare).act(obs(), speakAsk, ctx(speakAsk));
		const unfit = fake();
		const other = await createLlmUndercoverPolicy(unfit, { lessons: others }).act(
			obs(),
			speakAsk,
			ctx(speakAsk)
		);
		expect(promptText(bare.requests[0]!)).not.toContain('Lessons from earlier games');
		expect(none.calls?.[0]).not.toHaveProperty('lessons');
		expect(other.calls?.[0]).not.toHaveProperty('lessons');
		expect(unfit.requests[0]!.messages).toEqual(bare.requests[0]!.messages);
	});

	it('keeps lessons in the system message, in the seat’s language, and out of private monologues', () => {
		const en = actionPrompt('speak', obs(), { lessons: ['When a seat is vague, vote for it.'] });
		expect(
			en.messages
				.filter((m) => m.role === 'system')
				.map((m) => m.content)
				.join('\n')
		).toContain('Lessons from earlier games');
		const zh = actionPrompt('speak', obs({ lang: 'zh', word: '苹果' }), {
			lessons: ['当有人很笼统时，投他一票。']
		});
		expect(zh.messages.map((m) => m.content).join('\n')).toContain('以往对局的经验');
		expect(actionPrompt('speak', obs(), { lessons: [] }).messages).toEqual(
			actionPrompt('speak', obs()).messages
		);
		expect(
			monologuePrompt(obs())
				.messages.map((m) => m.content)
				.join('\n')
		).not.toContain('Lessons');
	});
});

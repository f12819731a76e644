import { describe, expect, it } from 'vitest';
import { createStream, Runner, seatId, type SeatId } from '../../core';
import { scriptedUndercover } from './policies/scripted/undercover';
import { parseUndercoverConfig, undercover, type UndercoverObservation, type Speech, type Vote } from '.';
import { REPLY_ERRORS } from './parse';
import {
	actionPrompt,
	defendPrompt,
	monologuePrompt,
	reflectPrompt,
	replyBudget,
	replyReserve,
	REPLY_BUDGET,
	speakPrompt,
	summaryFromState,
	votePrompt,
	type GameSummary,
	type Prompt
} from './prompts';
import { estimateMessages, estimateTokens } from '../../core/tokens';
import { fitToContext, type PromptMessage } from '../shared/prompt';
import { mentionsWord } from './text';
import { packs, type Lang } from './words';

const S = (...ns: number[]): SeatId[] => ns.map(seatId);

function observation(patch: Partial<UndercoverObservation> = {}): UndercoverObservation {
	return {
		seat: seatId(2),
		lang: 'en',
		word: 'apple',
		persona: { id: 'vera', name: 'Vera', temperament: 'INTJ', style: 'Calm.' },
		round: 1,
		phase: 'SPEAK',
		alive: S(1, 2, 3, 4, 5, 6),
		seats: S(1, 2, 3, 4, 5, 6),
		speeches: [],
		votes: [],
		eliminated: [],
		tied: [],
		memory: { mySpeeches: [] },
		...patch
	};
}

const speech = (
	round: number,
	seat: number,
	text: string | null,
	kind: Speech['kind'] = 'speech'
): Speech => ({
	round,
	seat: seatId(seat),
	kind,
	text
});
const vote = (round: number, voter: number, target: number | null, stage: Vote['stage'] = 'vote'): Vote => ({
	round,
	stage,
	voter: seatId(voter),
	target: target === null ? null : seatId(target)
});

const textOf = (p: Prompt | PromptMessage[]) =>
	(Array.isArray(p) ? p : p.messages).map((m) => `${m.role}: ${m.content}`).join('\n');

const over: Extract<GameSummary, { over: true }> = {
	over: true,
	rounds: 2,
	eliminated: S(3, 5),
	winner: 'minority',
	commonWord: 'Ω',
	differentWord: 'Ψ',
	seats: [
		{ seat: seatId(1), word: 'Ω', side: 'majority' },
		{ seat: seatId(2), word: 'Ω', side: 'majority' },
		{ seat: seatId(3), word: 'Ψ', side: 'minority' },
		{ seat: seatId(4), word: null, side: 'blank' }
	]
};

/** Every fixed sentence a prompt can hold: all kinds, history of every shape, retries, summaries. */
function everyPrompt(lang: Lang): Prompt[] {
	const persona =
		lang === 'en'
			? { id: 'x', name: 'Vera', temperament: 'INTJ', style: 'Calm.' }
			: { id: 'x', name: '蘅', temperament: 'INTJ', style: '冷静。' };
	const base = observation({
		lang,
		word: null,
		persona,
		round: 2,
		phase: 'TIEBREAK',
		alive: S(1, 2, 4, 6),
		eliminated: S(3, 5),
		tied: S(2, 4),
		speeches: [speech(1, 1, null), speech(1, 2, null), speech(2, 2, null, 'defence')],
		votes: [vote(1, 1, 3), vote(1, 2, null), vote(1, 4, 3, 'revote')]
	});
	const errors = [
		...Object.values(REPLY_ERRORS),
		'the reply is ambiguous: it names more than one seat (3, 5); vote for exactly one',
		'you cannot vote for yourself (seat 2)',
		'seat 9 is not in play; vote for one of 1, 4',
		'the target must be a whole seat number, not "3.5"',
		'the lesson must read "when <situation>, <what to do>"',
		"the lesson names this game's words; keep it general"
	];
	const prompts: Prompt[] = [];
	for (const previousError of [undefined, ...errors]) {
		const opts = previousError ? { previousError } : {};
		prompts.push(
			speakPrompt(base, opts),
			defendPrompt(base, opts),
			votePrompt(base, opts),
			votePrompt({ ...base, phase: 'VOTE' }, opts),
			monologuePrompt(base, opts),
			reflectPrompt({ observation: base, summary: over }, opts),
			reflectPrompt({ observation: base, summary: { ...over, winner: 'majority' } }, opts),
			reflectPrompt({ observation: base, summary: { ...over, winner: 'draw' } }, opts),
			reflectPrompt({ observation: base, summary: { over: false, rounds: 1, eliminated: [] } }, opts),
			speakPrompt({ ...base, speeches: [], votes: [] }, opts)
		);
	}
	return prompts;
}

describe('prompt wording', () => {
	for (const lang of ['en', 'zh'] as const) {
		it(`(${lang}) contains no word of any pack and no role name, so it can hint at nothing`, () => {
			const text = everyPrompt(lang).map(textOf).join('\n');
			const hits = packs[lang]
				.flatMap((p) => [p.a.word, p.b.word])
				.filter((w) => mentionsWord(text, w, lang));
			expect(hits).toEqual([]);
			expect(text).not.toMatch(/undercover|civilian|卧底|平民|"role"/i);
		});

		it(`(${lang}) has no numbered format lines, names the JSON fields and says never to say the word`, () => {
			for (const p of everyPrompt(lang)) {
				const text = textOf(p);
				expect(text).not.toMatch(/^\s*(?:\w+: )?\d+\s*[.)、]\s/m);
				const field = {
					speak: '"speech"',
					defend: '"speech"',
					vote: '"target"',
					monologue: '"thoughts"',
					reflect: '"lesson"'
				}[p.kind];
				expect(text).toContain(field);
			}
			const never = lang === 'en' ? 'Never say your word' : '绝不能说出你的词';
			const o = observation({ lang });
			expect(textOf(speakPrompt(o))).toContain(never);
			expect(textOf(defendPrompt({ ...o, tied: S(2, 3) }))).toContain(never);
		});
	}

	it('puts the own word and persona in the system prompt, and the blank seat is told it has none', () => {
		const p = speakPrompt(observation());
		expect(p.messages[0]).toMatchObject({ role: 'system' });
		expect(p.messages[0]?.content).toContain('Your secret word is "apple"');
		expect(p.messages[0]?.content).toContain('You are Vera (INTJ), in seat 2. Calm.');
		expect(textOf(speakPrompt(observation({ word: null })))).toContain('You were given no word');
		expect(textOf(speakPrompt(observation({ lang: 'zh', word: '保安' })))).toContain('你的秘密词是「保安」');
	});

	it('quotes the previous error on a retry', () => {
		const p = speakPrompt(observation(), { previousError: 'the reply was empty' });
		expect(textOf(p)).toContain('Your previous reply was rejected: the reply was empty. Reply again.');
		expect(textOf(speakPrompt(observation({ lang: 'zh' }), { previousError: 'x.' }))).toContain(
			'你上一次的回复被拒绝了：x。请重新回复。'
		);
	});

	it('marks the seat’s own lines and renders forfeits, defences and votes', () => {
		const text = textOf(
			speakPrompt(
				observation({
					round: 2,
					speeches: [speech(1, 2, 'It is red.'), speech(1, 3, null), speech(1, 3, 'Mine is too.', 'defence')],
					votes: [vote(1, 1, 3), vote(1, 4, null)]
				})
			)
		);
		expect(text).toContain('Round 1, seat 2 (you): It is red.');
		expect(text).toContain('Round 1, seat 3: (said nothing)');
		expect(text).toContain('Round 1, seat 3 defending: Mine is too.');
		expect(text).toContain('Round 1 vote: seat 1 → seat 3; seat 4 did not vote.');
	});
});

describe('vote options', () => {
	const obs = observation({ phase: 'VOTE' });

	it('lists the seats in seat order without an rng, never the seat itself', () => {
		const p = votePrompt(obs);
		expect(p.optionOrder).toEqual(S(1, 3, 4, 5, 6));
		expect(textOf(p)).toContain(
			'You may vote for seat 1, seat 3, seat 4, seat 5 or seat 6; not for yourself.'
		);
	});

	it('shuffles from the seed, records the order and lists it as recorded', () => {
		const orders = new Set<string>();
		for (let seed = 0; seed < 40; seed++) {
			const p = votePrompt(obs, { rng: createStream(seed, 'policy:r1:vote:vote:2:0:options') });
			const again = votePrompt(obs, { rng: createStream(seed, 'policy:r1:vote:vote:2:0:options') });
			expect(again.optionOrder).toEqual(p.optionOrder);
			expect([...(p.optionOrder ?? [])].sort()).toEqual(S(1, 3, 4, 5, 6));
			const listed = [...textOf(p).matchAll(/seat (\d+)[,;]? (?:or )?/g)].map((m) => Number(m[1]));
			expect(listed.slice(-5)).toEqual(p.optionOrder);
			orders.add(JSON.stringify(p.optionOrder));
		}
		expect(orders.size).toBeGreaterThan(10);
	});

	it('uses the ask’s options (a revote among the tied seats)', () => {
		const p = votePrompt(observation({ phase: 'TIEBREAK', tied: S(3, 5) }), { options: S(3, 5) });
		expect(p.optionOrder).toEqual(S(3, 5));
		expect(textOf(p)).toContain('Vote again among them');
		expect(actionPrompt('vote', observation({ phase: 'TIEBREAK', tied: S(2, 5) })).optionOrder).toEqual(S(5));
	});
});

describe('reply budgets', () => {
	it('sizes replies for small models, and to the seed’s figures for reasoning models', () => {
		expect(REPLY_BUDGET).toEqual({
			speak: { plain: 192, reasoning: 8000 },
			defend: { plain: 192, reasoning: 8000 },
			vote: { plain: 96, reasoning: 4000 },
			monologue: { plain: 192, reasoning: 4000 },
			reflect: { plain: 160, reasoning: 6000 }
		});
		expect(replyBudget('vote')).toEqual({ maxTokens: 96 });
		expect(replyBudget('speak', true)).toEqual({ maxTokens: 8000 });
		expect(replyBudget('reflect', true)).toEqual({ maxTokens: 6000 });
		// A reserve of a quarter of the window, at least 256 tokens, at most the budget.
		expect(replyReserve('speak', 1024)).toBe(192);
		expect(replyReserve('speak', 4096)).toBe(192);
		expect(replyReserve('vote', 4096)).toBe(96);
		expect(replyReserve('speak', 32_768, true)).toBe(8000);
		expect(replyReserve('speak', 1024, true)).toBe(256);
		expect(replyReserve('speak', 32_768, true)).toBe(8000);
	});
});

describe('fitToContext', () => {
	const filler = (lang: Lang, seat: number, round: number, n: number) =>
		lang === 'en'
			? `Seat ${seat} in round ${round} says: ${'it is quite ordinary, really, '.repeat(n)}`.trim()
			: `${seat}号第${round}轮：${'它很普通，真的很常见，'.repeat(n)}`;

	function lateGame(lang: Lang, n: number): UndercoverObservation {
		const speeches: Speech[] = [];
		const votes: Vote[] = [];
		for (let r = 1; r <= 5; r++) {
			for (let s = 1; s <= 8; s++) speeches.push(speech(r, s, filler(lang, s, r, n)));
			if (r < 5) for (let s = 1; s <= 8; s++) votes.push(vote(r, s, (s % 8) + 1));
		}
		return observation({
			lang,
			word: lang === 'en' ? 'apple' : '保安',
			round: 5,
			alive: S(1, 2, 3, 4, 5, 6, 7, 8),
			seats: S(1, 2, 3, 4, 5, 6, 7, 8),
			speeches,
			votes
		});
	}

	it('estimates conservatively: one token per CJK character, one per three others', () => {
		expect(estimateTokens('abcdef')).toBe(2);
		expect(estimateTokens('abcdefg')).toBe(3);
		expect(estimateTokens('保安abc')).toBe(3);
		expect(estimateTokens('')).toBe(0);
	});

	it('leaves a prompt that fits alone, merging parts into alternating messages', () => {
		const p = speakPrompt(observation({ speeches: [speech(1, 1, 'It is red.')] }));
		const fitted = fitToContext(p.messages, 32_768, 1024);
		expect(fitted.map((m) => m.role)).toEqual(['system', 'user']);
		expect(textOf(fitted)).not.toContain('left out');
		expect(textOf(fitted)).toContain('Round 1, seat 1: It is red.');
	});

	for (const lang of ['en', 'zh'] as const) {
		it(`(${lang}) fits a 1024-token window: oldest speeches dropped first, word, persona and the latest round kept`, () => {
			const obs = lateGame(lang, 1);
			for (const kind of ['speak', 'vote'] as const) {
				const reserve = replyReserve(kind, 1024);
				expect(reserve).toBe(REPLY_BUDGET[kind].plain);
				const fitted = fitToContext(actionPrompt(kind, obs).messages, 1024, reserve);
				expect(estimateMessages(fitted)).toBeLessThanOrEqual(1024 - reserve);
				const text = textOf(fitted);
				expect(fitted[0]?.content).toContain(lang === 'en' ? 'Your secret word is "apple"' : '「保安」');
				expect(fitted[0]?.content).toContain(obs.persona.style);
				for (let s = 1; s <= 8; s++) expect(text).toContain(filler(lang, s, 5, 1));
				expect(text).not.toContain(filler(lang, 1, 1, 1));
				expect(text).toContain(lang === 'en' ? 'left out' : '已省略');
				// What survives of the history is its most recent part: a suffix, in order.
				const kept = obs.speeches.filter((s) => text.includes(s.text as string));
				const firstKept = obs.speeches.indexOf(kept[0] as Speech);
				expect(kept).toEqual(obs.speeches.slice(firstKept));
			}
		});

		it(`(${lang}) still fits 1024 tokens when the latest round alone is too long, by shortening it`, () => {
			const obs = lateGame(lang, 12);
			const fitted = fitToContext(speakPrompt(obs).messages, 1024, 256);
			expect(estimateMessages(fitted)).toBeLessThanOrEqual(768);
			expect(fitted[0]?.content).toContain(lang === 'en' ? 'apple' : '保安');
			expect(textOf(fitted)).toContain(lang === 'en' ? 'Your turn to speak' : '轮到你发言了');
		});
	}
});

describe('the reflect input', () => {
	it('reveals words and sides only once the game is over', async () => {
		const parsed = parseUndercoverConfig({ seats: 5, lang: 'en' });
		if (!parsed.ok) throw new Error(parsed.error);
		const runner = new Runner({
			scenario: undercover,
			config: parsed.config,
			seed: 11,
			policyFor: () => scriptedUndercover
		});
		await runner.step();
		await runner.step();
		const during = summaryFromState(runner.state);
		expect(during.over).toBe(false);
		expect(Object.keys(during).sort()).toEqual(['eliminated', 'over', 'rounds']);
		await runner.run();
		const after = summaryFromState(runner.state);
		if (!after.over) throw new Error('the game should be over');
		const deal = runner.state.deal!;
		expect(after.commonWord).toBe(deal.civilianWord);
		expect(after.differentWord).toBe(deal.undercoverWord);
		expect(after.seats.filter((x) => x.side === 'minority')).toHaveLength(1);
		const seat = runner.state.seats[0]!;
		const text = textOf(
			reflectPrompt({ observation: undercover.observe(runner.state, seat.id), summary: after })
		);
		expect(text).toContain(`The common word was "${deal.civilianWord}"`);
		expect(text).toContain('when <situation>, <what to do>');
		expect(text).not.toMatch(/undercover|civilian/i);
	});
});

/** The private replies: the god view's monologue and the lesson after a game. */
import { describe, expect, it } from 'vitest';
import { lessonInReply, parseMonologue, parseReply, REPLY_ERRORS } from './parse';
import { seatId } from '../../core';
import { PHRASES } from './prompts';

describe('lessonInReply', () => {
	it.each([
		[
			'{"lesson": "When one seat describes a trait the rest never mention, vote for that seat."}',
			'When one seat describes a trait the rest never mention, vote for that seat.'
		],
		[
			'Lesson: If two seats repeat each other, press the second one.',
			'If two seats repeat each other, press the second one.'
		],
		[
			'{"lesson": "当有人的描述只符合相近的另一个词时，优先投他。"}',
			'当有人的描述只符合相近的另一个词时，优先投他。'
		],
		[
			'<think>想一想</think>如果我的词和多数人不同，就描述两个词共有的特征。',
			'如果我的词和多数人不同，就描述两个词共有的特征。'
		],
		[
			'When a tie comes, defend with a feature. ###META### {"confidence": 1}',
			'When a tie comes, defend with a feature.'
		],
		// Salvage only: a vague sentence is still a sentence here; parseLesson refuses it.
		['{"lesson": "Be more careful next time."}', 'Be more careful next time.']
	])('salvages the lesson sentence from %j', (reply, text) => {
		expect(lessonInReply(reply)).toEqual({ ok: true, text });
	});

	it("says when there is no lesson at all; the form is parseLesson's (agents/lessons.ts)", () => {
		expect(lessonInReply('<think>lessons...')).toEqual({ ok: false, error: REPLY_ERRORS.allReasoning });
		expect(lessonInReply('')).toEqual({ ok: false, error: REPLY_ERRORS.empty });
		expect(lessonInReply('{"lesson": ""}')).toEqual({ ok: false, error: 'the reply has no lesson' });
	});
});

describe('parseMonologue', () => {
	const ctx = { self: 2, alive: [1, 2, 3, 4] };

	it('reads thoughts and a suspect one could vote for', () => {
		expect(parseMonologue('{"thoughts": "Seat 3 sounds off.", "suspect": 3}', ctx)).toEqual({
			ok: true,
			thoughts: 'Seat 3 sounds off.',
			suspect: 3
		});
		expect(parseMonologue('{"thoughts": "3号的描述太具体。", "suspect": "3号"}', ctx)).toMatchObject({
			suspect: 3
		});
	});

	it('drops a suspect that is the seat itself or out of play, and takes prose as thoughts', () => {
		expect(parseMonologue('{"thoughts": "Hmm.", "suspect": 2}', ctx)).toEqual({ ok: true, thoughts: 'Hmm.' });
		expect(parseMonologue('{"thoughts": "Hmm.", "suspect": 6}', ctx)).toEqual({ ok: true, thoughts: 'Hmm.' });
		expect(parseMonologue('The others all talk about trees. ###META### {"x": 1}', ctx)).toEqual({
			ok: true,
			thoughts: 'The others all talk about trees.'
		});
		expect(parseMonologue('<think>only this', ctx)).toEqual({ ok: false, error: REPLY_ERRORS.allReasoning });
	});
});

describe('parseReply details', () => {
	it('keeps the error sentences quotable: plain, lower-case, no trailing full stop', () => {
		for (const e of Object.values(REPLY_ERRORS)) expect(e).toMatch(/^[a-z][^\n]*[^.]$/);
	});

	it('infers the language from the word when none is given', () => {
		expect(parseReply('speak', '它是一个保安。', { self: 1, alive: [1, 2], word: '保安' })).toEqual({
			ok: false,
			error: REPLY_ERRORS.ownWord
		});
	});

	it('does not split a decimal number when it cuts a long speech', () => {
		const text = `${'a'.repeat(390)} 3.5 apples are here.`;
		const r = parseReply('speak', text, { self: 1, alive: [1, 2], word: 'pear', lang: 'en' });
		expect(r.ok && 'text' in r.action && r.action.text.length <= 400 && !r.action.text.endsWith('3.')).toBe(
			true
		);
	});
});

describe('replies to the Chinese prompt', () => {
	const ctx = { self: 2, alive: [1, 2, 3, 4], word: '保安', lang: 'zh' as const };

	it('reads the fields the Chinese prompt names, as a model fills them in', () => {
		// The prompt asks for "speech", and for "target" and "reason": the parser reads those names.
		expect(PHRASES.zh.speak).toContain('"speech"');
		expect(PHRASES.zh.vote([1, 3].map(seatId), false)).toContain('"target"');
		expect(parseReply('speak', '{"speech": "他们晚上也要值班，守着大门。"}', ctx)).toEqual({
			ok: true,
			action: { text: '他们晚上也要值班，守着大门。' }
		});
		expect(parseReply('vote', '{"target": 3, "reason": "3号的描述太笼统了。"}', ctx)).toMatchObject({
			ok: true,
			action: { target: 3 }
		});
		expect(
			parseReply('vote', '```json\n{"target": "4号", "reason": "他一直在附和别人"}\n```', ctx)
		).toMatchObject({
			ok: true,
			action: { target: 4 }
		});
		expect(parseMonologue('{"thoughts": "大家说的像是门卫。", "suspect": "1号"}', ctx)).toMatchObject({
			ok: true,
			suspect: 1
		});
	});

	it('reads full-width punctuation around the JSON a Chinese reply often has', () => {
		expect(parseReply('speak', '好的：{"speech"：“这个工作需要很有责任心。”}', ctx)).toMatchObject({
			ok: true
		});
	});
});

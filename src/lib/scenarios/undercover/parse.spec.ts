/** The private replies: the god view's monologue and the lesson after a game. */
import { describe, expect, it } from 'vitest';
import { parseLesson, parseMonologue, parseReply, REPLY_ERRORS } from './parse';

describe('parseLesson', () => {
	it('accepts "when <situation>, <what to do>" from JSON or prose, in English and Chinese', () => {
		expect(
			parseLesson(
				'{"lesson": "When one seat describes a trait the rest never mention, vote for that seat."}',
				'en'
			)
		).toEqual({
			ok: true,
			lesson: 'When one seat describes a trait the rest never mention, vote for that seat.'
		});
		expect(parseLesson('Lesson: If two seats repeat each other, press the second one.', 'en')).toMatchObject({
			ok: true,
			lesson: 'If two seats repeat each other, press the second one.'
		});
		expect(parseLesson('{"lesson": "当有人的描述只符合相近的另一个词时，优先投他。"}', 'zh')).toMatchObject({
			ok: true,
			lesson: '当有人的描述只符合相近的另一个词时，优先投他。'
		});
		expect(
			parseLesson('<think>想一想</think>如果我的词和多数人不同，就描述两个词共有的特征。', 'zh')
		).toMatchObject({
			ok: true
		});
	});

	it('rejects the vague kind, the copied template, the game’s words and pure reasoning', () => {
		expect(parseLesson('{"lesson": "Be more careful next time."}', 'en')).toEqual({
			ok: false,
			error: 'the lesson must read "when <situation>, <what to do>"'
		});
		expect(parseLesson('{"lesson": "下次要更细心。"}', 'zh')).toEqual({
			ok: false,
			error: 'the lesson must read "当<局面>时，<做法>"'
		});
		expect(parseLesson('{"lesson": "when <situation>, <what to do>"}', 'en')).toMatchObject({
			ok: false,
			error: /template/
		});
		expect(
			parseLesson('When someone says it bounces, remember the word was ball.', 'en', ['ball', 'balloon'])
		).toMatchObject({ ok: false, error: /this game's words/ });
		expect(parseLesson('<think>lessons...', 'en')).toEqual({ ok: false, error: REPLY_ERRORS.allReasoning });
		expect(parseLesson('', 'en')).toEqual({ ok: false, error: REPLY_ERRORS.empty });
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

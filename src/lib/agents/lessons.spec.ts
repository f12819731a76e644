import { describe, expect, it } from 'vitest';
import type { UndercoverObservation } from '../scenarios/undercover';
import {
	createLesson,
	editLesson,
	lessonFromReply,
	lessonId,
	observationText,
	parseLesson,
	rankLessons,
	recordOutcome,
	relevance,
	retrieve,
	scoreLesson,
	setPinned,
	shouldRetire,
	type Lesson,
	type LessonOwner,
	type SeatOutcome
} from './lessons';

const owner: LessonOwner = { persona: 'vera', model: 'openai:qwen', lang: 'en' };

function lesson(text: string, clock = 0, o: LessonOwner = owner): Lesson {
	const parsed = parseLesson(text, o.lang);
	if (!parsed.ok) throw new Error(parsed.error);
	return createLesson(o, parsed, clock);
}

const win: SeatOutcome = { won: true, role: 'civilian', voteHits: 1, voteTotal: 1 };
const loss: SeatOutcome = { won: false, role: 'civilian', voteHits: 0, voteTotal: 1 };

describe("lessonFromReply: a model's reflection, salvaged, then the one enforced form", () => {
	it("reads the lesson out of a reply and normalises it as a person's", () => {
		expect(
			lessonFromReply(
				'<think>hmm</think>{"lesson": "When one seat describes a trait the rest never mention, vote for that seat."}',
				'en'
			)
		).toMatchObject({
			ok: true,
			text: 'When one seat describes a trait the rest never mention, vote for that seat.'
		});
		expect(lessonFromReply('{"lesson": "如果第一轮有人说出独有特征，就跟票投他"}', 'zh')).toMatchObject({
			ok: true,
			text: '如果第一轮有人说出独有特征，跟票投他。'
		});
	});

	it.each([
		['{"lesson": "Be more careful next time."}', /must read/, 'shape'],
		['{"lesson": "when <situation>, <what to do>"}', /template/, 'template'],
		['<think>lessons...', /all reasoning and no answer/, 'no-lesson']
	])('rejects %j as parseLesson would, or as a reply with no lesson', (reply, error, code) => {
		expect(lessonFromReply(reply, 'en')).toMatchObject({ ok: false, error, code });
	});

	it('holds a lesson to the same rule for saying a word as a speech: plurals, and "苹 果" in Chinese', () => {
		expect(
			lessonFromReply('When a seat says the apples are red, vote for that seat.', 'en', { avoid: ['apple'] })
		).toMatchObject({ ok: false, error: /this game's words/ });
		expect(lessonFromReply('当有人说苹 果很甜时，投给那个座位。', 'zh', { avoid: ['苹果'] })).toMatchObject({
			ok: false,
			error: /this game's words/
		});
	});
});

describe('parseLesson', () => {
	it.each([
		['', 'en', 'empty'],
		[`When a seat speaks, ${'vote for it '.repeat(30)}`, 'en', 'too-long'],
		['Vote for the quiet seat.', 'en', 'shape'],
		['投给最安静的座位。', 'zh', 'shape'],
		['When a seat is vague, be more careful.', 'en', 'vague'],
		['When it rains, vote for seat 3.', 'en', 'unobservable'],
		['When a seat hesitates, vote.', 'en', 'action-short'],
		['当平票时，投票给平票的人', 'zh', null],
		['When a tie, a tie.', 'en', 'repeats']
	] as const)('refuses %j with a code a page can say in its language (%s: %s)', (text, lang, code) => {
		const r = parseLesson(text, lang);
		if (code === null) expect(r.ok).toBe(true);
		else expect(r).toMatchObject({ ok: false, code, error: expect.any(String) });
	});

	it('names the vague words it found, so a page can quote them as the lesson’s own', () => {
		expect(parseLesson('When a seat is vague, be more careful.', 'en')).toMatchObject({
			code: 'vague',
			phrase: 'be more careful'
		});
	});

	it('splits an English lesson into situation and action, normalised', () => {
		const r = parseLesson(
			'  "when a seat describes only what both words share, vote for it in round 2"  ',
			'en'
		);
		expect(r).toEqual({
			ok: true,
			situation: 'a seat describes only what both words share',
			action: 'vote for it in round 2',
			text: 'When a seat describes only what both words share, vote for it in round 2.'
		});
		expect(
			parseLesson('Lesson: If I am tied with one seat, then name a feature only my word has.', 'en')
		).toMatchObject({
			ok: true,
			situation: 'I am tied with one seat',
			action: 'name a feature only my word has'
		});
	});

	it('reads both Chinese forms and the seed’s arrow', () => {
		expect(parseLesson('当两个座位的描述都很模糊时，先投描述更泛的那个。', 'zh')).toEqual({
			ok: true,
			situation: '两个座位的描述都很模糊',
			action: '先投描述更泛的那个',
			text: '当两个座位的描述都很模糊时，先投描述更泛的那个。'
		});
		expect(parseLesson('如果第一轮有人说出独有特征，就跟票投他', 'zh')).toMatchObject({
			ok: true,
			situation: '第一轮有人说出独有特征',
			action: '跟票投他',
			text: '如果第一轮有人说出独有特征，跟票投他。'
		});
		expect(parseLesson('当平票答辩时→用一个具体特征自证', 'zh')).toMatchObject({
			ok: true,
			situation: '平票答辩'
		});
	});

	it('rejects the wrong form, the template, and vague filler', () => {
		expect(parseLesson('Vote for the quiet seat.', 'en')).toMatchObject({ ok: false });
		expect(parseLesson('When <situation>, <what to do>.', 'en')).toMatchObject({ ok: false });
		expect(parseLesson('When a seat is vague, be more careful next time.', 'en')).toMatchObject({
			ok: false,
			error: expect.stringContaining('too vague')
		});
		expect(parseLesson('当有人描述模糊时，下次要更细心。', 'zh')).toMatchObject({ ok: false });
		expect(parseLesson('下次要更细心', 'zh')).toMatchObject({ ok: false });
		expect(parseLesson('When seat 2 dodged the vote, vote for it first next time.', 'en')).toMatchObject({
			ok: true
		});
	});

	it('requires an observable situation and a real action', () => {
		expect(parseLesson('When in doubt, trust your instincts and go with them.', 'en')).toMatchObject({
			ok: false,
			error: expect.stringContaining('see at the table')
		});
		expect(parseLesson('当心里没底时，相信直觉。', 'zh')).toMatchObject({ ok: false });
		expect(parseLesson('When a seat votes late, wait.', 'en')).toMatchObject({
			ok: false,
			error: expect.stringContaining('too short')
		});
	});

	it('refuses a lesson that names the game’s words', () => {
		const r = parseLesson('When a seat says painter, vote for the seat that said sculpting tools.', 'en', {
			avoid: ['painter', 'sculptor']
		});
		expect(r).toMatchObject({ ok: false, error: expect.stringContaining("game's words") });
		expect(
			parseLesson('当有人提到保镖的贴身跟随时，投他。', 'zh', { avoid: ['保安', '保镖'] })
		).toMatchObject({
			ok: false
		});
	});
});

describe('scoreLesson', () => {
	it('starts at the prior and one use is never 100%', () => {
		const l = lesson('When a seat repeats the previous speech, vote for that seat.');
		expect(l.score).toBeCloseTo(0.5);
		const [once] = recordOutcome([l], win, 1);
		expect(once!.score).toBeCloseTo(0.7 * (3 / 5) + 0.3 * (3 / 5));
		expect(once!.score).toBeLessThan(0.65);
	});

	it('counts a draw as half a win and weighs wins over vote hits', () => {
		const base = { uses: 4, wins: 0, losses: 0, voteHits: 0, voteTotal: 0 };
		expect(scoreLesson(base)).toBeCloseTo(0.5); // four draws: exactly the prior
		const winsNoHits = scoreLesson({ uses: 4, wins: 4, losses: 0, voteHits: 0, voteTotal: 4 });
		const hitsNoWins = scoreLesson({ uses: 4, wins: 0, losses: 4, voteHits: 4, voteTotal: 4 });
		expect(winsNoHits).toBeGreaterThan(hitsNoWins);
	});

	it('moves with evidence: more wins, higher score', () => {
		let l = lesson('When a seat repeats the previous speech, vote for that seat.');
		const scores: number[] = [];
		for (let i = 1; i <= 6; i++) {
			[l] = recordOutcome([l], win, i) as [Lesson];
			scores.push(l.score);
		}
		expect(scores).toEqual([...scores].sort((a, b) => a - b));
		expect(l.uses).toBe(6);
		expect(l.wins).toBe(6);
		expect(l.updatedAt).toBe(6);
	});
});

describe('retirement', () => {
	it('retires a lesson below the threshold only after minUses uses', () => {
		let l = lesson('When the first speech is vague, vote for the first speaker.');
		for (let i = 1; i <= 4; i++) {
			[l] = recordOutcome([l], loss, i) as [Lesson];
			expect(l.retired).toBe(false);
		}
		expect(l.score).toBeLessThan(0.35);
		[l] = recordOutcome([l], loss, 5) as [Lesson];
		expect(l.uses).toBe(5);
		expect(l.retired).toBe(true);
	});

	it('keeps a lesson that scores above the threshold', () => {
		let l = lesson('When the first speech is vague, vote for the first speaker.');
		for (let i = 1; i <= 10; i++) [l] = recordOutcome([l], i % 2 ? win : loss, i) as [Lesson];
		expect(l.retired).toBe(false);
	});

	it('honours custom threshold and minUses', () => {
		let l = lesson('When the first speech is vague, vote for the first speaker.');
		[l] = recordOutcome([l], loss, 1, { threshold: 0.5, minUses: 1 }) as [Lesson];
		expect(l.retired).toBe(true);
	});

	it('never retires a pinned lesson, and pinning brings a retired one back', () => {
		let pinned = setPinned(lesson('When the first speech is vague, vote for the first speaker.'), true, 0);
		for (let i = 1; i <= 8; i++) [pinned] = recordOutcome([pinned], loss, i) as [Lesson];
		expect(pinned.score).toBeLessThan(0.35);
		expect(pinned.retired).toBe(false);
		expect(shouldRetire(pinned)).toBe(false);

		const unpinned = setPinned(pinned, false, 9);
		expect(shouldRetire(unpinned)).toBe(true);
		const [retired] = recordOutcome([unpinned], loss, 10) as [Lesson];
		expect(retired.retired).toBe(true);
		const back = setPinned(retired, true, 11);
		expect(back.retired).toBe(false);
		expect(back.pinned).toBe(true);
	});

	it('does not change the lessons it is given', () => {
		const l = lesson('When the first speech is vague, vote for the first speaker.');
		const copy = structuredClone(l);
		recordOutcome([l], win, 1);
		expect(l).toEqual(copy);
	});
});

describe('editLesson', () => {
	it('re-parses, keeps the counts unless told to reset, and keeps the id', () => {
		let l = lesson('When the first speech is vague, vote for the first speaker.');
		[l] = recordOutcome([l], win, 1) as [Lesson];
		const edited = editLesson(l, 'When the first speech is vague, vote for the first speaker in round 1.', 2);
		expect(edited).toMatchObject({ ok: true, lesson: { id: l.id, uses: 1, wins: 1, updatedAt: 2 } });
		const reset = editLesson(l, 'When a tie is declared, defend with a feature only my word has.', 3, {
			resetScore: true
		});
		expect(reset).toMatchObject({ ok: true, lesson: { uses: 0, wins: 0, score: 0.5 } });
		expect(editLesson(l, 'be more careful', 4)).toMatchObject({ ok: false });
	});
});

describe('retrieve', () => {
	const obsText = 'round 2\nvote\nSeat 3 said it is an artist.\nSeat 5 described galleries and shows.';

	it('prefers a high-scoring relevant lesson over the newest one', () => {
		let old = lesson('When a seat describes galleries and shows, vote for that seat.', 1);
		for (let i = 2; i <= 6; i++) [old] = recordOutcome([old], win, i) as [Lesson];
		const newest = lesson('When a tie is declared, defend with a feature only my word has.', 50);
		const newestUntried = lesson('When the opening seat hesitates, ask it a direct question.', 51);
		const got = retrieve([newest, newestUntried, old], { ...owner, observationText: obsText }, 2);
		expect(got[0]?.id).toBe(old.id);
	});

	it('prefers relevance when scores are equal, and recency only breaks exact ties', () => {
		const relevant = lesson('When a seat describes galleries, vote for that seat.', 1);
		const other = lesson('When a tie is declared, defend with a feature only my word has.', 9);
		expect(retrieve([other, relevant], { ...owner, observationText: obsText }, 1)[0]?.id).toBe(relevant.id);

		const a = lesson('When a seat hesitates, ask it a direct question first.', 3);
		const b = lesson('When a seat hesitates, ask it a direct question now.', 7);
		expect(relevance(a.situation, obsText)).toBe(relevance(b.situation, obsText));
		expect(retrieve([a, b], { ...owner, observationText: obsText }, 2).map((l) => l.id)).toEqual([
			b.id,
			a.id
		]);
	});

	it('never returns retired lessons, or another persona’s, model’s or language’s', () => {
		const mine = lesson('When a seat describes galleries, vote for that seat.');
		const retired = { ...lesson('When a seat says shows, vote for that seat.'), retired: true };
		const other = lesson('When a seat describes galleries, vote for it.', 0, { ...owner, persona: 'theo' });
		const otherModel = lesson('When a seat describes galleries, vote for it.', 0, {
			...owner,
			model: 'scripted'
		});
		const zh = lesson('当有人描述画廊时，投他。', 0, { ...owner, lang: 'zh' });
		const got = retrieve([mine, retired, other, otherModel, zh], { ...owner, observationText: obsText }, 10);
		expect(got.map((l) => l.id)).toEqual([mine.id]);
	});

	it('puts pinned lessons first and honours k', () => {
		let strong = lesson('When a seat describes galleries, vote for that seat.');
		for (let i = 1; i <= 5; i++) [strong] = recordOutcome([strong], win, i) as [Lesson];
		const pinned = setPinned(
			lesson('When a tie is declared, defend with a feature only my word has.'),
			true,
			0
		);
		const got = retrieve([strong, pinned], { ...owner, observationText: obsText }, 2);
		expect(got.map((l) => l.id)).toEqual([pinned.id, strong.id]);
		expect(retrieve([strong, pinned], { ...owner, observationText: obsText }, 1)).toHaveLength(1);
		expect(retrieve([strong, pinned], { ...owner, observationText: obsText }, 0)).toEqual([]);
	});

	it('returns nothing with memory off', () => {
		const l = lesson('When a seat describes galleries, vote for that seat.');
		expect(retrieve([l], { ...owner, observationText: obsText, memory: false })).toEqual([]);
		expect(rankLessons([l], { ...owner, observationText: obsText, memory: false })).toEqual([]);
	});

	it('matches Chinese situations by character pairs', () => {
		const zhOwner = { ...owner, lang: 'zh' as const };
		const tie = lesson('当我被平票需要答辩时，说出一个只有我的词才有的特征。', 0, zhOwner);
		const first = lesson('当第一轮有人描述得很泛时，第二轮再投他。', 0, zhOwner);
		const got = retrieve(
			[first, tie],
			{ ...zhOwner, observationText: '第3轮\n平票 答辩 重投\n我被平票 需要答辩' },
			1
		);
		expect(got[0]?.id).toBe(tie.id);
	});
});

describe('ids and observation text', () => {
	it('gives the same lesson the same id whatever its punctuation', () => {
		expect(lessonId(owner, 'When a tie, defend.')).toBe(lessonId(owner, 'when a tie defend'));
		expect(lessonId(owner, 'When a tie, defend.')).not.toBe(
			lessonId({ ...owner, persona: 'x' }, 'When a tie, defend.')
		);
	});

	it('builds cue words from what the seat sees, in its language', () => {
		const obs = {
			seat: 2,
			lang: 'en',
			word: 'painter',
			persona: { id: 'vera', name: 'Vera', temperament: 'INTJ', style: '' },
			round: 1,
			phase: 'TIEBREAK',
			alive: [1, 2, 3],
			seats: [1, 2, 3],
			speeches: [{ round: 1, seat: 1, kind: 'speech', text: 'It uses brushes.' }],
			votes: [],
			eliminated: [],
			tied: [2, 3],
			memory: { mySpeeches: [] }
		} as unknown as UndercoverObservation;
		const text = observationText(obs);
		expect(text).toContain('first round');
		expect(text).toContain('I am tied');
		expect(text).toContain('It uses brushes.');
		expect(text).not.toContain('painter');
	});
});

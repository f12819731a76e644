import { describe, expect, it } from 'vitest';
import type { LessonOwner, SeatOutcome } from '../agents/lessons';
import { LessonStore, memoryBackend, openLessonStore } from './lessons';

const owner: LessonOwner = { persona: 'vera', model: 'openai:qwen', lang: 'en' };
const win: SeatOutcome = { won: true, role: 'civilian', voteHits: 2, voteTotal: 2 };
const loss: SeatOutcome = { won: false, role: 'undercover', voteHits: 0, voteTotal: 2 };
const obs = 'round 2\nvote\nSeat 3 described galleries.';

async function added(store: LessonStore, text: string, o: LessonOwner = owner) {
	const r = await store.add(o, text);
	if (!r.ok) throw new Error(r.error);
	return r.lesson;
}

describe('LessonStore', () => {
	it('adds lessons in the enforced form, refuses vague ones, and does not duplicate', async () => {
		const store = new LessonStore(memoryBackend());
		const l = await added(store, 'When a seat describes galleries, vote for that seat.');
		expect(l).toMatchObject({ uses: 0, score: 0.5, createdAt: 0, pinned: false, retired: false });
		expect(await store.add(owner, 'be more careful next time')).toMatchObject({ ok: false });
		expect(await store.add(owner, 'when a seat describes galleries vote for that seat')).toMatchObject({
			ok: false // no comma: not the form
		});
		const again = await store.add(owner, 'When a seat describes galleries, vote for that seat');
		expect(again).toMatchObject({ ok: true, duplicate: true, lesson: { id: l.id } });
		expect(await store.list()).toHaveLength(1);
		expect(
			await store.add(owner, 'When a seat says painter, vote for it.', { avoid: ['painter'] })
		).toMatchObject({ ok: false });
	});

	it('lists, edits, pins and deletes: what the lessons page needs', async () => {
		const store = new LessonStore(memoryBackend());
		const a = await added(store, 'When a seat describes galleries, vote for that seat.');
		const b = await added(store, 'When a tie is declared, defend with a feature only my word has.');
		const c = await added(store, 'When a seat is tied, keep my vote.', { ...owner, persona: 'theo' });

		expect((await store.list({ persona: 'vera' })).map((l) => l.id).sort()).toEqual([a.id, b.id].sort());
		expect(await store.list({ persona: 'theo' })).toEqual([c]);

		const edited = await store.updateText(b.id, 'When a tie is declared, name a feature only my word has.');
		expect(edited).toMatchObject({
			ok: true,
			lesson: { id: b.id, action: 'name a feature only my word has' }
		});
		expect(await store.updateText(b.id, 'try harder')).toMatchObject({ ok: false, code: 'shape' });
		expect(await store.updateText('gone', 'When a tie is declared, vote.')).toMatchObject({
			ok: false,
			code: 'missing'
		});

		expect(await store.setPinned(b.id, true)).toMatchObject({ pinned: true });
		expect((await store.list({ persona: 'vera' }))[0]?.id).toBe(b.id);
		expect(await store.setPinned('gone', true)).toBeNull();

		await store.delete(a.id);
		expect(await store.get(a.id)).toBeUndefined();
		expect((await store.list()).map((l) => l.id).sort()).toEqual([b.id, c.id].sort());
	});

	it('scores lessons by the games they were given to, advancing its clock, and retires the bad ones', async () => {
		const store = new LessonStore(memoryBackend());
		const good = await added(store, 'When a seat describes galleries, vote for that seat.');
		const bad = await added(store, 'When the first speech is short, vote for the first speaker.');
		for (let i = 0; i < 5; i++)
			await store.recordGame([
				{ lessonIds: [good.id], outcome: win },
				{ lessonIds: [bad.id], outcome: loss }
			]);
		expect(await store.clock()).toBe(5);
		const g = (await store.get(good.id))!;
		const b = (await store.get(bad.id))!;
		expect(g).toMatchObject({ uses: 5, wins: 5, voteHits: 10, voteTotal: 10, retired: false, updatedAt: 5 });
		expect(b).toMatchObject({ uses: 5, losses: 5, retired: true });
		expect(g.score).toBeGreaterThan(b.score);
		// Retired lessons are listed for the page but never retrieved.
		expect(await store.list({ retired: false })).toHaveLength(1);
		expect((await store.retrieve({ ...owner, observationText: obs }, 5)).map((l) => l.id)).toEqual([good.id]);
		// New lessons are stamped with the clock.
		const later = await added(store, 'When a tie is declared, defend with a feature only my word has.');
		expect(later.createdAt).toBe(5);
	});

	it('retrieves the owner’s best relevant lessons, and nothing with memory off', async () => {
		const store = new LessonStore(memoryBackend());
		const relevant = await added(store, 'When a seat describes galleries, vote for that seat.');
		await added(store, 'When a tie is declared, defend with a feature only my word has.');
		await added(store, 'When a seat describes galleries, vote for it.', { ...owner, model: 'other' });
		const ranked = await store.retrieveRanked({ ...owner, observationText: obs }, 1);
		expect(ranked.map((r) => r.lesson.id)).toEqual([relevant.id]);
		expect(ranked[0]!.relevance).toBeGreaterThan(0);

		expect(await store.memoryEnabled()).toBe(true);
		await store.setMemoryEnabled(false);
		expect(await store.memoryEnabled()).toBe(false);
		expect(await store.retrieve({ ...owner, observationText: obs })).toEqual([]);
		await store.setMemoryEnabled(true);
		expect(await store.retrieve({ ...owner, observationText: obs })).toHaveLength(2);
	});

	it('serialises concurrent updates so none is lost', async () => {
		const store = new LessonStore(memoryBackend());
		const l = await added(store, 'When a seat describes galleries, vote for that seat.');
		await Promise.all(
			Array.from({ length: 10 }, () => store.recordGame([{ lessonIds: [l.id], outcome: win }]))
		);
		expect(await store.get(l.id)).toMatchObject({ uses: 10 });
		expect(await store.clock()).toBe(10);
	});

	it('skips lessons deleted before the game was recorded', async () => {
		const store = new LessonStore(memoryBackend());
		const l = await added(store, 'When a seat describes galleries, vote for that seat.');
		await store.delete(l.id);
		expect(await store.recordGame([{ lessonIds: [l.id], outcome: win }])).toEqual([]);
	});

	it('falls back to memory without IndexedDB, and says so', async () => {
		const store = await openLessonStore();
		expect(store.problem).toMatch(/cannot be saved/);
		expect(await store.add(owner, 'When a seat describes galleries, vote for that seat.')).toMatchObject({
			ok: true
		});
	});
});

/**
 * Lessons across games, kept in IndexedDB: the `conclave-lessons` database, separate from `conclave`
 * (runs and events) so that neither schema's version depends on the other's.
 *
 * All the rules (the form, scoring, retirement, ranking) are pure functions in `agents/lessons.ts`;
 * this layer only keeps records, a game counter (the lessons' clock) and the memory switch, and
 * serialises its writes so a read-modify-write never loses an update. Without IndexedDB (Node, a
 * private window, blocked storage) it works in memory and says so through `problem`.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
	createLesson,
	editLesson,
	parseLesson,
	rankLessons,
	recordOutcome,
	setPinned,
	type Lesson,
	type LessonFailure,
	type LessonOwner,
	type RankedLesson,
	type RetireOptions,
	type RetrieveQuery,
	type SeatOutcome
} from '../agents/lessons';

const LESSONS_DB = 'conclave-lessons';
const LESSONS_DB_VERSION = 1;

type MetaKey = 'clock' | 'memory';

interface LessonsDB extends DBSchema {
	lessons: { key: string; value: Lesson; indexes: { byOwner: [string, string, string] } };
	meta: { key: MetaKey; value: { key: MetaKey; value: unknown } };
}

/** Where records live: IndexedDB on the page, a Map in Node and in tests. */
export interface LessonBackend {
	all(): Promise<Lesson[]>;
	byOwner(owner: LessonOwner): Promise<Lesson[]>;
	get(id: string): Promise<Lesson | undefined>;
	put(lessons: readonly Lesson[]): Promise<void>;
	delete(id: string): Promise<void>;
	getMeta(key: MetaKey): Promise<unknown>;
	setMeta(key: MetaKey, value: unknown): Promise<void>;
}

export function memoryBackend(): LessonBackend {
	const lessons = new Map<string, Lesson>();
	const meta = new Map<MetaKey, unknown>();
	const copy = (l: Lesson): Lesson => structuredClone(l);
	return {
		all: async () => [...lessons.values()].map(copy),
		byOwner: async (o) =>
			[...lessons.values()]
				.filter((l) => l.persona === o.persona && l.model === o.model && l.lang === o.lang)
				.map(copy),
		get: async (id) => {
			const l = lessons.get(id);
			return l && copy(l);
		},
		put: async (ls) => {
			for (const l of ls) lessons.set(l.id, copy(l));
		},
		delete: async (id) => {
			lessons.delete(id);
		},
		getMeta: async (k) => meta.get(k),
		setMeta: async (k, v) => {
			meta.set(k, v);
		}
	};
}

async function idbBackend(): Promise<LessonBackend> {
	const db: IDBPDatabase<LessonsDB> = await openDB<LessonsDB>(LESSONS_DB, LESSONS_DB_VERSION, {
		upgrade(d) {
			const lessons = d.createObjectStore('lessons', { keyPath: 'id' });
			lessons.createIndex('byOwner', ['persona', 'model', 'lang']);
			d.createObjectStore('meta', { keyPath: 'key' });
		}
	});
	return {
		all: () => db.getAll('lessons'),
		byOwner: (o) => db.getAllFromIndex('lessons', 'byOwner', [o.persona, o.model, o.lang]),
		get: (id) => db.get('lessons', id),
		put: async (ls) => {
			const tx = db.transaction('lessons', 'readwrite');
			await Promise.all([...ls.map((l) => tx.store.put(l)), tx.done]);
		},
		delete: (id) => db.delete('lessons', id),
		getMeta: async (k) => (await db.get('meta', k))?.value,
		setMeta: async (k, v) => {
			await db.put('meta', { key: k, value: v });
		}
	};
}

export type AddResult = { ok: true; lesson: Lesson; duplicate: boolean } | LessonFailure;
export type EditResult = { ok: true; lesson: Lesson } | LessonFailure;

export interface ListFilter {
	persona?: string;
	model?: string;
	lang?: Lesson['lang'];
	/** Retired lessons are listed too unless this is false. */
	retired?: boolean;
}

/** One seat's share of a finished game: the lessons it was given, and how the game went for it. */
export interface GivenLessons {
	lessonIds: readonly string[];
	outcome: SeatOutcome;
}

export class LessonStore {
	readonly #backend: LessonBackend;
	readonly #retire: Partial<RetireOptions>;
	#queue: Promise<unknown> = Promise.resolve();
	/** Set when the store fell back to memory: the page says lessons will not be kept. */
	readonly problem: string | null;

	constructor(
		backend: LessonBackend,
		opts: { problem?: string | null; retire?: Partial<RetireOptions> } = {}
	) {
		this.#backend = backend;
		this.problem = opts.problem ?? null;
		this.#retire = opts.retire ?? {};
	}

	/** Writes run one at a time, in call order. */
	#serial<T>(job: () => Promise<T>): Promise<T> {
		const run = this.#queue.then(job);
		this.#queue = run.catch(() => undefined);
		return run;
	}

	/** Games recorded so far: the lessons' clock. */
	async clock(): Promise<number> {
		const c = await this.#backend.getMeta('clock');
		return typeof c === 'number' ? c : 0;
	}

	/** Memory on (default) or off; off, `retrieve` gives nothing, for controlled experiments. */
	async memoryEnabled(): Promise<boolean> {
		return (await this.#backend.getMeta('memory')) !== false;
	}

	setMemoryEnabled(on: boolean): Promise<void> {
		return this.#serial(() => this.#backend.setMeta('memory', on));
	}

	/** For the lessons page: pinned first, then by score, then newest. */
	async list(filter: ListFilter = {}): Promise<Lesson[]> {
		const all = await this.#backend.all();
		return all
			.filter(
				(l) =>
					(filter.persona === undefined || l.persona === filter.persona) &&
					(filter.model === undefined || l.model === filter.model) &&
					(filter.lang === undefined || l.lang === filter.lang) &&
					(filter.retired !== false || !l.retired)
			)
			.sort(
				(a, b) =>
					Number(b.pinned) - Number(a.pinned) ||
					b.score - a.score ||
					b.updatedAt - a.updatedAt ||
					(a.id < b.id ? -1 : 1)
			);
	}

	get(id: string): Promise<Lesson | undefined> {
		return this.#backend.get(id);
	}

	/** A new lesson (a reflection, or typed by a person). The same lesson again is not duplicated. */
	add(
		owner: LessonOwner,
		text: string,
		opts: { avoid?: readonly string[]; origin?: Lesson['origin'] } = {}
	): Promise<AddResult> {
		return this.#serial(async () => {
			const parsed = parseLesson(text, owner.lang, { avoid: opts.avoid });
			if (!parsed.ok) return parsed;
			const lesson = createLesson(owner, parsed, await this.clock(), opts.origin);
			const existing = await this.#backend.get(lesson.id);
			if (existing) return { ok: true, lesson: existing, duplicate: true };
			await this.#backend.put([lesson]);
			return { ok: true, lesson, duplicate: false };
		});
	}

	/** A person's edit; the form is enforced again. The id stays, so scores follow the lesson. */
	updateText(id: string, text: string, opts: { resetScore?: boolean } = {}): Promise<EditResult> {
		return this.#serial(async () => {
			const l = await this.#backend.get(id);
			if (!l) return { ok: false, error: 'that lesson no longer exists', code: 'missing' };
			const edited = editLesson(l, text, await this.clock(), opts);
			if (edited.ok) await this.#backend.put([edited.lesson]);
			return edited;
		});
	}

	setPinned(id: string, pinned: boolean): Promise<Lesson | null> {
		return this.#serial(async () => {
			const l = await this.#backend.get(id);
			if (!l) return null;
			const next = setPinned(l, pinned, await this.clock());
			await this.#backend.put([next]);
			return next;
		});
	}

	delete(id: string): Promise<void> {
		return this.#serial(() => this.#backend.delete(id));
	}

	/** The lessons to give a seat now (none with memory off), with why each was chosen. */
	async retrieveRanked(query: Omit<RetrieveQuery, 'memory'>, k = 3): Promise<RankedLesson[]> {
		if (!(await this.memoryEnabled()) || k <= 0) return [];
		return rankLessons(await this.#backend.byOwner(query), query).slice(0, k);
	}

	async retrieve(query: Omit<RetrieveQuery, 'memory'>, k = 3): Promise<Lesson[]> {
		return (await this.retrieveRanked(query, k)).map((r) => r.lesson);
	}

	/**
	 * After a game: advances the clock once and scores every lesson given to a seat by that seat's
	 * outcome (retiring those that stay below the threshold). Lessons deleted meanwhile are skipped.
	 */
	recordGame(given: readonly GivenLessons[]): Promise<Lesson[]> {
		return this.#serial(async () => {
			const clock = (await this.clock()) + 1;
			const updated = new Map<string, Lesson>();
			for (const g of given)
				for (const id of new Set(g.lessonIds)) {
					const l = updated.get(id) ?? (await this.#backend.get(id));
					if (!l) continue;
					updated.set(id, recordOutcome([l], g.outcome, clock, this.#retire)[0] as Lesson);
				}
			await this.#backend.put([...updated.values()]);
			await this.#backend.setMeta('clock', clock);
			return [...updated.values()];
		});
	}
}

/** The store on the page: IndexedDB when it can be opened, memory (with a problem to show) when not. */
export async function openLessonStore(opts: { retire?: Partial<RetireOptions> } = {}): Promise<LessonStore> {
	try {
		if (typeof indexedDB === 'undefined' || indexedDB === null) throw new Error('no IndexedDB');
		return new LessonStore(await idbBackend(), opts);
	} catch (err) {
		const why = err instanceof Error ? err.message : String(err);
		return new LessonStore(memoryBackend(), {
			...opts,
			problem: `Lessons cannot be saved in this browser (${why}): they are kept until the page closes.`
		});
	}
}

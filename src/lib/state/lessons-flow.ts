/**
 * Lessons across games, on the page: which lessons a run's agents are given when they start, and what
 * happens after a game with model seats ends (memory on): every lesson a seat carried into its prompts
 * is scored by how the game went for that seat, and every model seat reflects once, in the enforced
 * form "when <situation>, <what to do>". Lessons that fail the form are not stored; each attempt is
 * noted (in this browser) so the lessons page can say what was written and why it was rejected.
 *
 * The rules (form, scoring, retirement, retrieval) are pure, in agents/lessons.ts; records live in
 * storage/lessons.ts.
 */
import type { Lesson, LessonErrorCode, SeatOutcome } from '$lib/agents/lessons';
import type { LogEvent, LogHeader } from '$lib/core';
import { needsEngine } from '$lib/engines/spec';
import type { ModelChoice } from '$lib/engines/types';
import { modelKey } from '$lib/scenarios/undercover/analysis/leaderboard';
import type { LessonResult } from '$lib/scenarios/undercover/policies/llm/undercover';
import type { SharedRun } from '$lib/share/link';
import { openLessonStore, type GivenLessons, type LessonStore } from '$lib/storage/lessons';
import type { AgentPool } from './agent-pool.svelte';

/**
 * What the flow asks of a scenario whose model seats keep lessons across games: its
 * `scenarios/<id>/ui/lesson-memory.ts`, found by that path. A scenario without one keeps no lessons.
 */
export interface LessonMemory {
	/** The scenario's id (the registry's). */
	readonly scenario: string;
	/** How a seat's game went, by which the lessons it carried are scored; null for no such seat. */
	seatOutcome(log: { header: LogHeader; events: readonly LogEvent[] }, seat: number): SeatOutcome | null;
	/** What a finished game's model seats reflect on; null where there is nothing to (no deal). */
	reflection(view: unknown): GameReflection | null;
}

/** One finished game's reflections. */
export interface GameReflection {
	/** Words no stored lesson may contain (the game's secrets). */
	avoid: readonly string[];
	/** A seat's reflection: what its model is given, and who wrote the lesson. */
	seat(seat: number): {
		input: unknown;
		persona: string;
		lang: Lesson['lang'];
		role?: NonNullable<Lesson['origin']>['role'];
	};
}

const memories = new Map(
	Object.values(
		import.meta.glob<{ memory: LessonMemory }>('../scenarios/*/ui/lesson-memory.ts', { eager: true })
	).map(({ memory }) => [memory.scenario, memory])
);

let shared: Promise<LessonStore> | null = null;
/** One lesson store per tab: one IndexedDB connection, one write queue. */
export function lessonStore(): Promise<LessonStore> {
	shared ??= openLessonStore();
	return shared;
}

const scripted: ModelChoice = { engine: 'scripted' };

/** The model seats of a run and each one's model key (as lessons and the leaderboard name it). */
function modelSeats(setup: SharedRun): { seat: number; model: string }[] {
	return Object.entries(setup.seats ?? {})
		.map(([seat, choice]) => ({ seat: Number(seat), choice: choice ?? scripted }))
		.filter(({ choice }) => needsEngine(choice))
		.map(({ seat, choice }) => ({ seat, model: modelKey(choice) as string }));
}

const given = new WeakMap<SharedRun, Promise<Record<number, Lesson[]> | undefined>>();

/**
 * The lessons each model seat starts with: every active lesson of its model, in the game's language,
 * for every persona (the persona comes with the deal; the agent picks its own per prompt). Nothing
 * with memory off, for other scenarios, or without model seats. Read once per run, so the agents
 * restarted after a crash get the same lessons.
 */
export function lessonsForRun(setup: SharedRun): Promise<Record<number, Lesson[]> | undefined> {
	let p = given.get(setup);
	if (!p) {
		p = loadLessons(setup).catch(() => undefined);
		given.set(setup, p);
	}
	return p;
}

async function loadLessons(setup: SharedRun): Promise<Record<number, Lesson[]> | undefined> {
	const seats = modelSeats(setup);
	if (!memories.has(setup.scenario) || !seats.length) return undefined;
	const store = await lessonStore();
	if (!(await store.memoryEnabled())) return undefined;
	const lang = setup.config.lang;
	const active = await store.list({ retired: false });
	const out: Record<number, Lesson[]> = {};
	for (const { seat, model } of seats) {
		const mine = active.filter((l) => l.model === model && (lang === undefined || l.lang === lang));
		if (mine.length) out[seat] = mine;
	}
	return Object.keys(out).length ? out : undefined;
}

// ---------------------------------------------------------------------------------------------
// After a game

/** One reflection, as the lessons page lists it. */
export interface ReflectionNote {
	run: string;
	seat: number;
	persona: string;
	model: string;
	lang: string;
	/** The lesson as stored, or what the model wrote when it was rejected. */
	text: string;
	ok: boolean;
	/** Why it was rejected (the model's reply could not be read, or the form check failed). */
	error?: string;
	/** The same reason as data, for the page to say in its language (absent: a thrown error, `error` only). */
	code?: LessonErrorCode;
	phrase?: string;
	duplicate?: boolean;
	/** Wall-clock time, for the page only. */
	at: number;
}

/** A refusal's code and phrase, for a note (a result from a worker may lack them). */
function failure(r: { code?: LessonErrorCode; phrase?: string }): Pick<ReflectionNote, 'code' | 'phrase'> {
	return { ...(r.code ? { code: r.code } : {}), ...(r.phrase === undefined ? {} : { phrase: r.phrase }) };
}

const NOTES_KEY = 'conclave:reflections';
const NOTES_KEPT = 60;

export function reflectionNotes(): ReflectionNote[] {
	try {
		const raw = JSON.parse(localStorage.getItem(NOTES_KEY) ?? '[]') as unknown;
		return Array.isArray(raw) ? (raw as ReflectionNote[]) : [];
	} catch {
		return [];
	}
}

function addNotes(notes: ReflectionNote[]): void {
	try {
		const all = [...notes, ...reflectionNotes()].slice(0, NOTES_KEPT);
		localStorage.setItem(NOTES_KEY, JSON.stringify(all));
	} catch {
		// Storage full or blocked: the notes are a convenience; the lessons themselves are in IndexedDB.
	}
}

export function clearReflectionNotes(): void {
	try {
		localStorage.removeItem(NOTES_KEY);
	} catch {
		// nothing to clear
	}
}

export interface ReflectionStatus {
	state: 'reflecting' | 'done' | 'off' | 'failed';
	/** Model seats that reflected (or are reflecting). */
	seats: number;
	saved: number;
	duplicates: number;
	rejected: number;
	/** Lessons given in this game and scored by its outcome. */
	scored: number;
	error?: string;
}

/** What the after-game flow needs of a GameSession. */
export interface FinishedGame {
	readonly setup: SharedRun;
	/** The game's state, as its scenario's `LessonMemory` reads it. */
	readonly view: unknown;
	readonly events: readonly LogEvent[];
	readonly header: LogHeader;
	readonly pool: AgentPool | null;
	readonly runId: string | null;
	readonly replaying: boolean;
	afterFinish: ((session: never) => Promise<void>) | null;
}

/** Reflections run this many at a time: seed 002's pool of three, so one slow model cannot stall all. */
const REFLECT_AT_ONCE = 3;

/**
 * Sets the session's after-game hook for runs with model seats whose scenario keeps lessons (has a
 * `LessonMemory`). The memory switch is read when the game ends: off, nothing is scored or written (a
 * controlled experiment).
 */
export function installLessonsFlow(
	session: FinishedGame,
	onStatus: (status: ReflectionStatus) => void = () => {}
): void {
	const memory = memories.get(session.setup.scenario);
	if (session.replaying || !memory || !modelSeats(session.setup).length) return;
	session.afterFinish = async () => {
		const status: ReflectionStatus = {
			state: 'reflecting',
			seats: modelSeats(session.setup).length,
			saved: 0,
			duplicates: 0,
			rejected: 0,
			scored: 0
		};
		const report = () => onStatus({ ...status });
		report();
		try {
			const store = await lessonStore();
			if (!(await store.memoryEnabled())) {
				status.state = 'off';
				return report();
			}
			status.scored = (await scoreGivenLessons(store, memory, session)).length;
			report();
			await reflectAll(store, memory, session, status, report);
			status.state = 'done';
			report();
		} catch (err) {
			status.state = 'failed';
			status.error = err instanceof Error ? err.message : String(err);
			report();
			throw err;
		}
	};
}

/** The lessons each seat's prompts carried (their ids are on its model calls in the log). */
function lessonsGivenBySeat(events: readonly LogEvent[]): Map<number, Set<string>> {
	const bySeat = new Map<number, Set<string>>();
	for (const e of events) {
		if (e.kind !== 'model.called') continue;
		const d = e.data as { seat?: number; lessons?: unknown };
		if (typeof d.seat !== 'number' || !Array.isArray(d.lessons)) continue;
		const ids = bySeat.get(d.seat) ?? new Set<string>();
		for (const id of d.lessons) if (typeof id === 'string') ids.add(id);
		bySeat.set(d.seat, ids);
	}
	return bySeat;
}

async function scoreGivenLessons(
	store: LessonStore,
	memory: LessonMemory,
	game: FinishedGame
): Promise<Lesson[]> {
	const log = { header: game.header, events: game.events };
	const given: GivenLessons[] = [];
	for (const [seat, ids] of lessonsGivenBySeat(game.events)) {
		const outcome = memory.seatOutcome(log, seat);
		if (outcome && ids.size) given.push({ lessonIds: [...ids], outcome });
	}
	// Called even with nothing given: the store's clock counts games, and this was one.
	return store.recordGame(given);
}

async function reflectAll(
	store: LessonStore,
	memory: LessonMemory,
	game: FinishedGame,
	status: ReflectionStatus,
	report: () => void
): Promise<void> {
	const pool = game.pool;
	const reflection = pool ? memory.reflection(game.view) : null;
	if (!pool || !reflection) return;
	const { avoid } = reflection;
	const queue = modelSeats(game.setup).filter(({ seat }) => pool.isModelSeat(seat));
	const notes: ReflectionNote[] = [];
	const one = async ({ seat, model }: { seat: number; model: string }) => {
		const { input, persona, lang, role } = reflection.seat(seat);
		const note = {
			run: game.runId ?? '',
			seat,
			persona,
			model,
			lang,
			at: Date.now()
		};
		let result: LessonResult;
		try {
			result = (await pool.reflect(seat, input, {
				seed: game.setup.seed,
				streamName: `reflect:${seat}`
			})) as LessonResult;
		} catch (err) {
			status.rejected++;
			notes.push({ ...note, ok: false, text: '', error: err instanceof Error ? err.message : String(err) });
			return;
		}
		if (!result.ok) {
			status.rejected++;
			notes.push({
				...note,
				ok: false,
				text: result.call.reply.slice(0, 300),
				error: result.error,
				...failure(result)
			});
			return;
		}
		// The store checks the form again (agents/lessons.ts is the one definition of a lesson).
		const added = await store.add({ persona, model, lang }, result.lesson, {
			avoid,
			origin: { run: game.runId ?? undefined, seat, ...(role ? { role } : {}) }
		});
		if (!added.ok) {
			status.rejected++;
			notes.push({ ...note, ok: false, text: result.lesson, error: added.error, ...failure(added) });
		} else {
			if (added.duplicate) status.duplicates++;
			else status.saved++;
			notes.push({ ...note, ok: true, text: added.lesson.text, duplicate: added.duplicate });
		}
	};
	const workers = Array.from({ length: Math.min(REFLECT_AT_ONCE, queue.length) }, async () => {
		for (let next = queue.shift(); next; next = queue.shift()) {
			await one(next);
			report();
		}
	});
	try {
		await Promise.all(workers);
	} finally {
		addNotes(notes.sort((a, b) => a.seat - b.seat));
	}
}

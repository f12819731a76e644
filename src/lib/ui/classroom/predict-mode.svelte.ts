/**
 * Predict mode on the page: holds the run before each point a class can predict, records the class's
 * tally in the run's class log (saved with the run, beside its events), and scores each prediction
 * against what the agents did. On a replay it shows the predictions recorded with the run, each once
 * the replay has reached the point where it was made.
 */
import {
	PredictionLog,
	scoreClassLog,
	upcomingPoint,
	type ClassLog,
	type ClassSummary,
	type PredictionEvent,
	type PredictionPoint,
	type Scored
} from '$lib/classroom/predictions';
import type { GameSession } from '$lib/state/game.svelte';
import { runStore } from '$lib/state/run-store';

export class PredictMode {
	readonly session: GameSession;
	/** Whether the run stops for the class before each point (live runs only). */
	on = $state(false);
	/** The point the run is held at, waiting for the class's tally. */
	pending: PredictionPoint | null = $state.raw(null);
	events: PredictionEvent[] = $state.raw([]);
	error: string | null = $state(null);
	/** Why the class's predictions saved with this run could not be read (then they are not shown). */
	unreadable: string | null = $state(null);
	#log: PredictionLog | null = null;
	/** Points the teacher passed on: not state the page draws, so a plain Set. */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	#skipped = new Set<string>();
	#resumeAfter = false;

	constructor(session: GameSession, opts: { on?: boolean } = {}) {
		this.session = session;
		try {
			this.#log = new PredictionLog(session.header, session.classLog);
			this.events = this.#log.events.slice();
		} catch (err) {
			this.unreadable = err instanceof Error ? err.message : String(err);
			this.#log = session.replaying ? null : new PredictionLog(session.header);
		}
		this.on = this.live && (opts.on === true || this.events.length > 0);
		session.holdBefore = () => this.#hold();
	}

	/** A live run this tab writes: the only kind a class can predict in (a replay shows what was recorded). */
	get live(): boolean {
		return !this.session.replaying && !this.session.readOnly && this.session.status !== 'finished';
	}

	#hold(): boolean {
		const s = this.session;
		if (!this.on || !this.live || !this.#log) return false;
		// The latest state, not the one shown: at instant speed the page shows a tick behind.
		const p = upcomingPoint(s.setup.scenario, s.latest, s.setup.seed);
		if (!p || this.#log.has(p.id) || this.#skipped.has(p.id)) return false;
		this.pending = p;
		this.#resumeAfter = s.status === 'playing';
		return true;
	}

	/** Switching predict mode on while the run is held nowhere takes effect before the next point. */
	setOn(on: boolean): void {
		this.on = on && this.live;
		if (!this.on) this.#release(false);
	}

	/** Records the class's tally at the held point, saves it with the run, and lets the run go on. */
	record(tally: Record<string, number>): void {
		const p = this.pending;
		const s = this.session;
		if (!p || !this.#log) return;
		try {
			this.#log.record(p, tally, { length: s.events.length, hash: s.hash });
		} catch (err) {
			this.error = err instanceof Error ? err.message : String(err);
			return;
		}
		this.error = null;
		this.events = this.#log.events.slice();
		if (s.runId) void runStore().update(s.runId, { predictions: this.#log.toJSON() });
		this.#release(true);
	}

	/** Goes on without a prediction at this point. */
	skip(): void {
		if (!this.pending) return;
		this.#skipped.add(this.pending.id);
		this.#release(true);
	}

	#release(resume: boolean): void {
		this.pending = null;
		const again = resume && this.#resumeAfter;
		this.#resumeAfter = false;
		if (again) void this.session.play();
	}

	/** The class log as saved and exported. */
	get json(): ClassLog | null {
		return this.#log?.toJSON() ?? null;
	}

	/** The predictions made by the point the run (or its replay) has reached, each scored against the agents. */
	get scored(): Scored[] {
		return scoreClassLog(this.events, this.session.events).scored;
	}

	get summary(): ClassSummary {
		return scoreClassLog(this.events, this.session.events).summary;
	}

	dispose(): void {
		if (this.session.holdBefore) this.session.holdBefore = null;
	}
}

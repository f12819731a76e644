/**
 * One run on the page: the runner, its pacing (play, pause, step, speed), saving to IndexedDB, and
 * replay of a finished log. The page renders `view` and `events`; only this class drives the runner.
 * What it may do is read from tables (`session-status.ts`): its status (ready, playing, paused…), its
 * mode (a live run, a replay, a followed run) and its turn (one in flight or not), each changing only
 * by its table, and each action allowed or refused by those and a link's pending consent. Its store,
 * agent pool, clock and locks are injected (`SessionDeps`, session-deps.ts), so that a spec drives it
 * in Node with fakes (`game.spec.ts`). Each idea it uses has a module of its own: a link's consent
 * (link-consent), saving (session-persistence), following another tab (session-follow), a replay's
 * step (replay-step) and pacing (pacing); this class decides when each is used.
 */
import { driftEmbedderFor, type PageDriftEmbedder } from './drift-embedder';
import { problemOf, ProblemError, type Problem, type ProblemCode } from '$lib/problem';
import {
	canonicalJson,
	isRunInterrupted,
	seatId,
	verifyChain,
	LogIntegrityError,
	type LogEvent,
	type LogHeader
} from '$lib/core';
import type { ModelChoice } from '$lib/engines/types';
import { choiceLabel, needsEngine } from '$lib/engines/spec';
import { isGpuLoss } from '$lib/engines/host';
import type { SlowDownload } from '$lib/engines/slow-downloads';
import type { AgentPool } from './agent-pool.svelte';
import { createRunner, seatsAfter, type AnyRunner } from '$lib/run/play';
import { loadScenario } from '$lib/scenarios/registry';
import { scenarios, seatCount } from '$lib/scenarios';
import type { FileSystemState } from '$lib/tools/types';
import type { SharedRun } from '$lib/share/link';
import type { StorageProblem } from '$lib/storage/runs';
import { SPEEDS, type Speed } from './speeds';
// Replays, their verifier and the lessons of model seats are imported when a run needs them: a
// fresh game of scripted seats (the play page's first load) carries none of their code.
import type { Replay, ReplayInput } from '$lib/run/replay';
import { pageDeps, type SessionDeps } from './session-deps';
import { LinkConsent, type EndpointAsk } from './link-consent.svelte';
import { SessionPersistence } from './session-persistence.svelte';
import { follow, savedLog } from './session-follow';
import { replayStep } from './replay-step';
import { onlySetsTheStage, Pacer } from './pacing';
import {
	allows,
	modeTransition,
	refusal,
	transition,
	turnTransition,
	type Action,
	type Consent,
	type Mode,
	type Refusal,
	type SessionState,
	type Status,
	type Turn
} from './session-status';
import { panelChangeRefusal } from './model-change';

export type { Mode, Status };
import { wasSaved } from '$lib/storage/run-ledger';
import type { ClassLog } from '$lib/classroom/predictions';

export class GameSession<S = unknown> {
	readonly setup: SharedRun;
	#status: Status = $state('ready');
	/** Where the session stands; it moves only through `#to`, by the table in session-status.ts. */
	get status(): Status {
		return this.#status;
	}
	#mode: Mode = $state('live');
	/** What kind of session this is (live, replay, following…); it moves only through `#toMode`. */
	get mode(): Mode {
		return this.#mode;
	}
	#turn: Turn = $state('idle');
	/** Whether a turn is in flight (or a fresh run's stage being set); it moves only through `#toTurn`. */
	get turn(): Turn {
		return this.#turn;
	}
	/** Whether a link's endpoints or slow downloads still wait for the person's word. */
	get consent(): Consent {
		return this.#consent.consent;
	}
	/** Where the session stands in its tables (session-status.ts). */
	get tableState(): SessionState {
		return { status: this.#status, mode: this.#mode, turn: this.#turn, consent: this.consent };
	}
	/** Whether the table allows `action` now (the page's controls ask the same). */
	allows(action: Action): boolean {
		return allows(action, this.tableState);
	}
	/** Why the table refuses `action` now; null when it allows it. */
	refusal(action: Action): Refusal | null {
		return refusal(action, this.tableState);
	}
	speed: Speed = $state('normal');
	/** The scenario state after the last shown event. */
	view: S = $state.raw() as S;
	/**
	 * The scenario state after the last event played, which at instant speed may be ahead of `view`
	 * (shown ten times a second). Not reactive: for code that decides what happens next (the
	 * classroom's hold), which must see every tick without forcing the page to draw each one.
	 */
	get latest(): S {
		return this.#runner.state as S;
	}
	events: LogEvent[] = $state.raw([]);
	hash = $state('');
	/** What went wrong with IndexedDB (missing, full): the page's banner; the run goes on in memory. */
	get storageProblem(): StorageProblem | null {
		return this.#saving.problem;
	}
	/**
	 * What went wrong, in English (saved with the run), and as a problem where its kind is known. Raw:
	 * always replaced whole, and the problem is stored in IndexedDB, which cannot clone a state proxy.
	 */
	#error: { text: string; problem: Problem | null } | null = $state.raw(null);
	/** What went wrong, as the English sentence saved with the run; setting it clears the problem. */
	get error(): string | null {
		return this.#error?.text ?? null;
	}
	set error(text: string | null) {
		this.#error = text === null ? null : { text, problem: null };
	}
	/** The same as a problem (a kind and its values), which the page says in its own language. */
	get errorProblem(): Problem | null {
		return this.#error?.problem ?? null;
	}
	/**
	 * The seats asked in the live turn being decided (their agents thinking, a person's form open), so
	 * the table says what it waits for; empty between turns and in replays. Pacing only, never logged.
	 */
	asking: number[] = $state.raw([]);
	/** True when this is a replay of a recorded log rather than a live run. */
	get replaying(): boolean {
		return this.#reexec !== null;
	}
	/**
	 * How a replay was verified before it is shown, and is shown: `reexecuted` runs the scenario again
	 * with the recorded replies (no model, no worker) and checks that it ends on the recorded hash;
	 * `checked` does the same for a run a person played a seat of, the person's moves taken from the
	 * log and each put through the scenario's validation in the state the log has reached.
	 */
	get replayMode(): Replay['method'] | null {
		return this.#reexec?.method ?? null;
	}
	/**
	 * True once a re-executed replay has ended exactly on the recorded log hash: a replay reaches
	 * `finished` only through that check (a miss or a divergence fails it).
	 */
	get replayVerified(): boolean {
		return this.#reexec !== null && this.#status === 'finished';
	}
	/** The id the run is saved under; null until it is first saved (a fresh run's first play). */
	get runId(): string | null {
		return this.#saving.runId;
	}
	/**
	 * How many events of this run are committed to IndexedDB: what the page may call saved. It trails
	 * `events` by the write in flight; a crash loses at most what is above it.
	 */
	get saved(): number {
		return this.#saving.saved;
	}
	/**
	 * True while another tab writes this run: this one shows it read-only and follows it live. Once
	 * that tab has let go, `canTakeOver` turns true and `takeOver()` makes this tab the writer.
	 */
	get readOnly(): boolean {
		return this.#mode === 'following' || this.#mode === 'unheld';
	}
	get canTakeOver(): boolean {
		return this.allows('takeOver');
	}

	/**
	 * The seats' workers; created on the first play, terminated when the run ends or the page is left.
	 * Replaced (with its workers) when a person gives a seat another model.
	 */
	pool: AgentPool | null = $state.raw(null);
	/**
	 * The endpoints a link's seats name, until the person confirms them (`confirmEndpoints`): a link
	 * never chooses where a request, or a saved key, goes. Empty for a run the person set up.
	 */
	get endpointsToConfirm(): EndpointAsk[] {
		return this.#consent.endpoints;
	}
	/**
	 * The WebLLM downloads a link's seats would start on a software WebGPU adapter (unplayably slow
	 * there), until the person says yes (`confirmDownloads`) or plays the game another way. Empty for a
	 * run the person set up, and on any other device.
	 */
	get downloadsToConfirm(): SlowDownload[] {
		return this.#consent.downloads;
	}
	/** What a link's seats wait for (`link-consent.svelte.ts`); nothing for the person's own setup. */
	#consent: LinkConsent;
	/** Each seat's player now: the setup's, with the log's `seat.model-changed` events applied. */
	choices: Record<number, ModelChoice> = $state.raw({});
	#runner: AnyRunner;
	/** The run's record, its events in IndexedDB, its lock and channel (`session-persistence.svelte.ts`). */
	readonly #saving: SessionPersistence;
	readonly #deps: SessionDeps;
	readonly #reexec: Replay | null;
	/** The next turn's timer and the pending show at instant speed (`pacing.ts`). */
	readonly #pacer: Pacer;
	/** Whether the last tick played only set the stage: the next one then follows without a pause. */
	#lastTickQuiet = false;
	/** The run's drift model (null: its drift is lexical), loaded at first use; it ends with the session. */
	#driftEmbedder: PageDriftEmbedder | null | undefined = undefined;

	/** What `createRunner` gets for a governance run that names a drift model: its embedder. */
	#drift(): { embedder?: PageDriftEmbedder } {
		if (this.#driftEmbedder === undefined) this.#driftEmbedder = driftEmbedderFor(this.setup);
		return this.#driftEmbedder ? { embedder: this.#driftEmbedder } : {};
	}

	private constructor(
		setup: SharedRun,
		resume: { header: LogHeader; events: LogEvent[] } | null,
		deps: SessionDeps,
		kind: { replay: Replay } | { following: boolean } = { following: false },
		opts: { id?: string; consent?: LinkConsent } = {}
	) {
		this.setup = setup;
		this.#deps = deps;
		this.#pacer = new Pacer(deps.clock);
		const replay = 'replay' in kind ? kind.replay : null;
		this.#reexec = replay;
		this.#mode = replay ? 'replay' : 'following' in kind && kind.following ? 'following' : 'live';
		this.#saving = new SessionPersistence(deps, opts.id);
		this.#consent = opts.consent ?? new LinkConsent();
		// A replay starts no worker of any kind: its model calls are answered from the recording.
		this.choices = { ...seatChoices(setup), ...seatsAfter(undefined, resume?.events ?? []) };
		this.pool = this.replaying ? null : deps.pool(setup.scenario, this.choices, (url) => this.#sendsKey(url));
		this.#runner =
			this.#reexec?.runner ??
			createRunner(setup, {
				resume: resume ?? undefined,
				policyFor: this.pool ? (seat) => this.pool?.policyFor(seat) : undefined,
				...this.#drift()
			});
		this.#sync();
		if (this.#runner.done && !this.replaying) this.#to('finished');
	}

	/**
	 * A new run from a setup; nothing is saved until it is first played. `fromLink`: the setup came in
	 * a link, not from the person's own choices: its endpoints wait for the person's confirmation, and
	 * no saved key goes to any of them unless the person attaches it.
	 */
	static fresh(
		setup: SharedRun,
		opts: { fromLink?: boolean } = {},
		deps: SessionDeps = pageDeps()
	): GameSession {
		// A link must not start a download the device cannot play: on a software adapter its WebLLM
		// seats wait for the person's word. Play waits for this check (`#ensureAgents`).
		const consent = opts.fromLink
			? LinkConsent.forLink(seatChoices(setup), () => deps.detectGpu())
			: undefined;
		return new GameSession(setup, null, deps, { following: false }, { consent });
	}

	/**
	 * The person's word on a link's endpoints: requests may go to them now, each with this browser's
	 * saved key only where `attachKey` names it.
	 */
	confirmEndpoints(attachKey: readonly string[] = []): void {
		this.#consent.confirmEndpoints(attachKey);
	}

	/** The person's yes to a link's slow WebLLM downloads (`downloadsToConfirm`): play may load them now. */
	confirmDownloads(): void {
		this.#consent.confirmDownloads();
	}

	#sendsKey(baseUrl: string): boolean {
		return this.#consent.sendsKey(baseUrl);
	}

	/** A saved run, folded from its log: paused where it stopped (or finished), or replayed from the start. */
	static async load(
		id: string,
		mode: 'resume' | 'replay',
		deps: SessionDeps = pageDeps()
	): Promise<GameSession> {
		const saved = await deps.store.loadRun(id);
		if (!saved)
			throw wasSaved(id)
				? new ProblemError(
						'That run was saved in this browser, but the browser has since cleared this site’s storage, so it is gone.',
						{ code: 'run-evicted' }
					)
				: new ProblemError(
						'That saved run is not in this browser (it may have been deleted, or saved in another browser).',
						{ code: 'run-missing' }
					);
		const { run, events } = saved;
		try {
			verifyChain(run.header, events);
		} catch (err) {
			if (err instanceof LogIntegrityError)
				throw new ProblemError(
					`This saved run is damaged: ${err.message}.`,
					{ code: 'run-damaged', values: { detail: err.message, event: err.seq } },
					{ cause: err }
				);
			throw err;
		}
		const setup: SharedRun = {
			scenario: run.header.scenario,
			seed: run.header.seed,
			config: run.header.config,
			...(run.header.seats ? { seats: run.header.seats as SharedRun['seats'] } : {})
		};
		if (mode === 'replay') {
			// Through the one verifier, as an imported file: a saved run's log could have been edited.
			const { replayInputOf } = await import('$lib/run/replay');
			const replay = await GameSession.replayOf(replayInputOf(run.header, events), deps);
			replay.classLog = run.predictions ?? null;
			return replay;
		}
		if (run.imported)
			throw new ProblemError(
				'That run was imported from a file: it can be replayed, not resumed (a file cannot say which models may be called).',
				{ code: 'run-imported' }
			);
		// The page loads the descriptor of the scenario it plays, and no other's (scenarios/registry.ts).
		await loadScenario(setup.scenario);
		// Only one tab writes a run; a second one opening it follows the writer, read-only.
		const lock = await deps.locks.claim(id);
		const session = new GameSession(
			setup,
			{ header: run.header, events },
			deps,
			{ following: lock.state === 'follower' },
			{ id, consent: new LinkConsent(run.keysAttached) }
		);
		session.#saving.adopt(events.length, lock);
		session.classLog = run.predictions ?? null;
		if (session.status !== 'finished') session.#to('paused');
		if (session.#mode === 'following') session.#follow();
		return session;
	}

	/**
	 * A recorded run (a link with its replies, a saved run) verified by the one verifier every door
	 * uses (run/verify.ts, as the Runs page's import and `sim --replay`): re-executed to the recorded
	 * final hash before anything is shown. Refused, it throws a ProblemError whose sentence names the
	 * event or the header field. Verified, the page then replays it move for move the same way.
	 */
	static async replayOf(input: ReplayInput, deps: SessionDeps = pageDeps()): Promise<GameSession> {
		const [{ verifyRun }, { createReplay }] = await Promise.all([
			import('$lib/run/verify'),
			import('$lib/run/replay')
		]);
		const verified = await verifyRun(input);
		if (!verified.ok) throw new ProblemError(verified.error, verified.problem);
		const replay = createReplay(input);
		return new GameSession(replay.setup, null, deps, { replay });
	}

	/** Reads the run again from IndexedDB each time its writer says it committed more. */
	#follow(): void {
		follow(this.#saving, {
			behind: (saved) => this.allows('catchUp') && saved > this.saved,
			catchUp: () => this.#reload(),
			unheld: () => {
				if (this.#mode === 'closed') return false;
				this.#toMode('unheld');
				return true;
			},
			failed: (err) =>
				this.#fail(
					`This tab could not follow the run: ${err instanceof Error ? err.message : String(err)}. Reload the page.`,
					'run-follow-failed',
					err
				)
		});
	}

	/** Folds the run's saved log again (a follower catching up, or taking over). */
	async #reload(): Promise<void> {
		const saved = await savedLog(() => this.#saving.load(), this.saved);
		if (!saved) return;
		// The writer may have changed a seat's model: this tab's agents must be the log's.
		const choices = { ...seatChoices(this.setup), ...seatsAfter(undefined, saved.events) };
		if (this.pool && canonicalChoices(choices) !== canonicalChoices(this.choices)) this.#newPool(choices);
		this.#runner = createRunner(this.setup, {
			resume: saved,
			policyFor: this.pool ? (seat) => this.pool?.policyFor(seat) : undefined,
			...this.#drift()
		});
		this.#saving.caughtUp(saved.events.length);
		this.#sync();
		this.#to(this.#runner.done ? 'finished' : 'paused');
	}

	/** Once the writing tab has let go: this tab writes the run from where it was saved. */
	async takeOver(): Promise<void> {
		if (!this.allows('takeOver')) return;
		await this.#reload();
		this.#toMode('live');
	}

	get header(): LogHeader {
		return this.#runner.log.header;
	}

	get outcome(): unknown {
		return this.replaying ? scenarios[this.setup.scenario]!.outcome(this.view) : this.#runner.outcome();
	}

	/**
	 * Shows the runner's state after a tick: at once, or at instant speed at most every
	 * `INSTANT_SHOW_MS`, in an animation frame. Ticks then come faster than frames, and drawing each one
	 * would cost the page more than playing it (and nobody reads 30 pictures a second of a run going by):
	 * the page shows the latest state ten times a second, and all of it when the run stops or pauses.
	 */
	#show(): void {
		if (this.speed === 'instant' && this.status === 'playing' && this.#pacer.showSoon(() => this.#sync()))
			return;
		this.#sync();
	}

	#sync(): void {
		this.#pacer.shown();
		this.view = this.#runner.state as S;
		this.events = this.#runner.log.events.slice();
		this.hash = this.#runner.hash;
	}

	/** Saves a fresh run on its first play or step: its record, this tab's lock, the events so far. */
	#saveStart(): void {
		if (this.runId || this.replaying) return;
		const log = this.#runner.log;
		this.#saving.start(
			{
				scenario: this.setup.scenario,
				seed: this.setup.seed,
				header: log.header,
				keysAttached: this.#consent.keysAttached
			},
			// Events written before this point (none, for a fresh run) are covered by the first append.
			log.events,
			{ length: log.length, hash: this.#runner.hash }
		);
	}

	#persist(events: LogEvent[]): void {
		if (!this.runId) return;
		const finished = this.#runner.done;
		this.#saving.append(events, {
			length: this.#runner.log.length,
			hash: this.#runner.hash,
			status: finished ? 'finished' : this.status === 'playing' ? 'running' : 'paused',
			summary: finished ? summarize(this.#runner.outcome()) : undefined
		});
	}

	/**
	 * What the Runs page shows for this run: written after the turn's events (the store keeps order),
	 * so a run that paused on its own is stored as paused, with the sentence the page showed.
	 */
	#storeStatus(status: 'running' | 'paused' | 'failed', because?: string): void {
		if (this.replaying) return;
		// The problem beside the sentence: the Runs page says it in its own language.
		this.#saving.storeStatus(status, because, because ? this.errorProblem : null);
	}

	/**
	 * An error to show, in English (saved with the run), and as a problem `code` whose cause is what
	 * went wrong where its kind is known (an engine's, a worker's, a run file's). Without one the page
	 * frames the English in its own language (i18n/errors.ts `errorText`).
	 */
	#fail(text: string, code: ProblemCode, err: unknown): void {
		const cause = problemOf(err);
		this.#error = { text, problem: cause ? { code, cause } : null };
	}

	/**
	 * Advances one turn. Returns false once the run (or replay) is over, or refused (a follower never
	 * steps: another tab writes the run); true, to try again, when refused because a turn is in flight.
	 */
	async #step(): Promise<boolean> {
		const refused = this.refusal('turn');
		if (refused) return refused.by === 'turn';
		this.#toTurn('turn');
		try {
			if (this.#reexec) return await this.#reexecStep(this.#reexec);
			this.#saveStart();
			const before = this.#runner.log.length;
			let more: boolean;
			this.asking = this.#nextAsked();
			try {
				more = await this.#runner.step();
			} finally {
				this.asking = [];
				// Also when the turn was interrupted: the failed calls it logged are part of the chain, and
				// a log saved without them would read as damaged.
				const written = this.#runner.log.events.slice(before);
				this.#lastTickQuiet = onlySetsTheStage(written);
				this.#persist(written);
			}
			this.#show();
			if (!more) this.#finish();
			return more;
		} catch (err) {
			this.#pacer.stop();
			if (isRunInterrupted(err)) {
				// Not the agents' doing: pause, saved, so that play retries the same turn.
				// "transport:" marks the kind of failure for the policies; the person reads the sentence.
				this.#fail(
					`${err.message.replace(/^transport:\s*/, '')} Press play to retry.`,
					'run-paused-retry',
					err
				);
				// The turn's failed calls are in the log and saved: the page shows them too.
				this.#sync();
				this.#to('paused');
				this.#storeStatus('paused', this.error ?? undefined);
				// A crashed worker, or a lost GPU device (which a worker cannot get back): new workers on resume.
				if (err.reason === 'crash' || isGpuLoss(err.message)) this.#newPool(this.choices);
				return false;
			}
			this.#fail(
				`The run stopped: ${err instanceof Error ? err.message : String(err)}. It is saved up to the last event shown.`,
				'run-stopped',
				err
			);
			this.#to('failed');
			this.#storeStatus('failed', this.error ?? undefined);
			return false;
		} finally {
			this.#toTurn('idle');
		}
	}

	/** One turn of a re-executed replay; at its end, the check that it reached the recorded hash. */
	async #reexecStep(replay: Replay): Promise<boolean> {
		const step = await replayStep(replay);
		if (step.kind === 'stopped') {
			this.#sync();
			this.#pacer.stop();
			this.#fail(step.text, 'run-replay-stopped', step.err);
			this.#to('failed');
			return false;
		}
		this.#show();
		if (step.kind === 'more') return true;
		this.#finish();
		return false;
	}

	/**
	 * Work to do once a live run has finished, while its agents are still running (e.g. each model
	 * seat reflecting on the game). Errors are shown, never thrown: the game itself is already saved.
	 */
	afterFinish: ((session: GameSession) => Promise<void>) | null = null;

	/**
	 * Asked before each turn of play or step: true holds the run (paused) where it is, so that
	 * something outside the agents' game (the class predicting, in predict mode) can happen first.
	 */
	holdBefore: (() => boolean) | null = null;
	/** The class's predictions saved with this run beside its log (predict mode), as stored. */
	classLog: ClassLog | null = null;

	#to(next: Status): void {
		this.#status = transition(this.#status, next);
	}

	#toMode(next: Mode): void {
		this.#mode = modeTransition(this.#mode, next);
	}

	#toTurn(next: Turn): void {
		this.#turn = turnTransition(this.#turn, next);
	}

	#finish(): void {
		this.#sync();
		this.#to('finished');
		this.#pacer.stop();
		const after = this.replaying ? null : this.afterFinish;
		if (!after) {
			this.pool?.dispose();
			return;
		}
		void after(this)
			.catch((err) => {
				this.#fail(
					`After the game: ${err instanceof Error ? err.message : String(err)}`,
					'run-after-game',
					err
				);
			})
			.finally(() => this.pool?.dispose());
	}

	/** Starts the seats' workers and loads their models; nothing is saved until this succeeds. */
	async #ensureAgents(): Promise<boolean> {
		if (!this.pool) return true;
		// Awaited only where there is a check: otherwise the run shows 'loading' in this same call.
		const check = this.#consent.checking;
		if (check) await check;
		// Play and step are refused while a link waits for the person's word; the device's check (a
		// link's WebLLM seats on a software adapter) may have asked for it while it was awaited.
		if (this.consent === 'asked') return false;
		const before = this.status;
		this.#to('loading');
		try {
			// Scenarios with files (governance) hand them to the run's Tool Agent, folded from the log.
			const files = (this.#runner.state as { fs?: FileSystemState }).fs;
			// Model seats start with their lessons from earlier games (none with memory off), read from
			// IndexedDB while the workers start. Scripted seats have none.
			const lessons = Object.values(this.choices).some(needsEngine)
				? import('./lessons-flow').then((flow) => flow.lessonsForRun(this.setup))
				: undefined;
			await this.pool.start({ runId: this.#saving.id, files, lessons });
			return true;
		} catch (err) {
			const cause = problemOf(err);
			this.#error = {
				text: `${err instanceof Error ? err.message : String(err)}${this.runId ? ' The run is saved; press play to try again.' : ' Nothing was started.'}`,
				problem: cause ? { code: this.runId ? 'run-start-retry' : 'run-not-started', cause } : null
			};
			this.#to(before === 'loading' ? 'ready' : before);
			return false;
		}
	}

	async play(): Promise<void> {
		if (!this.allows('play')) return;
		this.error = null;
		// The opening ticks need no agent (the deal): played while the workers start, so the table
		// shows the seats at once. Saved with the first append, once the agents have started.
		const agents = this.#ensureAgents();
		await this.#setTheStage();
		if (!(await agents)) return;
		this.#to('playing');
		this.#saveStart();
		this.#storeStatus('running');
		this.#schedule(0);
	}

	/** The seats the next turn asks, read from the rules (`next` is pure: the runner calls it the same way). */
	#nextAsked(): number[] {
		const runner = this.#runner;
		if (runner.done) return [];
		const next = runner.scenario.next(runner.state, runner.rng);
		return next.type === 'asks' ? [...new Set(next.asks.map((a) => Number(a.seat)))] : [];
	}

	pause(): void {
		if (!this.allows('pause')) return;
		if (this.#pacer.showPending) this.#sync();
		this.#to('paused');
		this.#pacer.stop();
		// A turn in flight still waits for its seats (its step clears this when it ends); none else does.
		if (this.#turn === 'idle') this.asking = [];
		this.#storeStatus('paused');
	}

	async stepOnce(): Promise<void> {
		if (!this.allows('step')) return;
		if (this.status === 'playing') this.pause();
		// Loading the agents shows 'loading'; a step leaves the run as it found it (ready or paused).
		const before = this.status;
		if (!this.replaying && !(await this.#ensureAgents())) return;
		this.#to(before);
		if (this.holdBefore?.()) return;
		const more = await this.#step();
		if (more && this.status === 'ready') this.#to('paused');
	}

	/**
	 * Plays a live run's next ticks while they are system events that only set the stage (a fresh
	 * run's deal and first round), before anything is saved: no agent is asked, and the first append
	 * after the agents start covers them (`#saveStart`).
	 */
	async #setTheStage(): Promise<void> {
		const runner = this.#runner;
		// Only before anything is saved (a saved run's stage is in its log already).
		if (!this.allows('stage') || this.runId || this.holdBefore?.()) return;
		this.#toTurn('staging');
		try {
			while (!runner.done) {
				const next = runner.scenario.next(runner.state, runner.rng);
				if (next.type !== 'events' || !onlySetsTheStage(next.events)) break;
				await runner.step();
			}
		} finally {
			this.#toTurn('idle');
		}
		this.#sync();
	}

	#schedule(delay: number): void {
		// A turn played at once (the first after Start: no pacing comes before it, nor after a tick that
		// only set the stage) is shown as asked in this frame already, not an idle table until the timer.
		if (delay === 0) this.asking = this.#nextAsked();
		this.#pacer.after(delay, async () => {
			if (this.status !== 'playing') return;
			// The classroom's hold reads `latest`, not the state shown, so a prediction point passed
			// between two shown frames still holds the run, and nothing is drawn per tick for it.
			if (this.holdBefore?.()) return this.pause();
			const more = await this.#step();
			if (more && this.status === 'playing') this.#schedule(this.#lastTickQuiet ? 0 : SPEEDS[this.speed]);
		});
	}

	/**
	 * Gives a model seat another model while the run is paused (after a lost GPU, say): a
	 * `seat.model-changed` event in the log, saved like any other, and fresh workers for the new
	 * choices on the next play. Returns a sentence when the change is not possible now.
	 */
	changeModel(seat: number, to: ModelChoice): string | null {
		const from = this.choices[seat];
		if (!this.allows('changeModel') || !this.runId)
			return 'A seat’s model can be changed only while this tab’s run is paused.';
		if (!from || !needsEngine(from)) return `Seat ${seat} is not played by a model.`;
		if (!needsEngine(to)) return 'A model seat can only be given another model.';
		if (canonicalChoices({ 1: from }) === canonicalChoices({ 1: to })) return null;
		const panel = panelChangeRefusal(seat, from, to);
		if (panel) return panel;
		const before = this.#runner.log.length;
		this.#runner.changeModel(seatId(seat), from, to);
		this.#persist(this.#runner.log.events.slice(before));
		this.#sync();
		// The person chose this endpoint here: its saved key may go with it.
		const keys = to.engine === 'openai' && to.baseUrl ? this.#consent.attach(to.baseUrl) : null;
		if (keys) this.#saving.storeKeys(keys);
		this.#newPool({ ...this.choices, [seat]: to });
		this.error = null;
		return null;
	}

	/**
	 * New workers for these choices; the old ones are terminated (their models unloaded with them). The
	 * runner is folded again from its own log, as after a reload, so that each new agent is handed its
	 * seat's earlier calls (`Policy.restore`) before its next turn.
	 */
	#newPool(choices: Record<number, ModelChoice>): void {
		this.pool?.dispose();
		this.choices = choices;
		this.pool = this.#deps.pool(this.setup.scenario, choices, (url) => this.#sendsKey(url));
		this.#runner = createRunner(this.setup, {
			resume: { header: this.#runner.log.header, events: this.#runner.log.events.slice() },
			policyFor: (seat) => this.pool?.policyFor(seat),
			...this.#drift()
		});
	}

	/** Cancels loading models: terminating the engine workers stops their downloads. */
	cancelLoading(): void {
		if (!this.allows('cancelLoading')) return;
		this.pool?.dispose();
	}

	/** Each seat's player, as shown on the table. */
	get labels(): Record<number, string> {
		return Object.fromEntries(Object.entries(this.choices).map(([seat, c]) => [seat, choiceLabel(c)]));
	}

	/** Stops pacing (when the page is left); the log is already saved. */
	dispose(): void {
		if (this.status === 'playing') this.pause();
		this.#toMode('closed');
		this.#pacer.dispose();
		this.pool?.dispose();
		this.#driftEmbedder?.dispose();
		// Let go of the run only after its last write, so a tab taking over reads all of it.
		this.#saving.close();
	}
}

/**
 * Each seat's player: the link's choice, else a scripted agent. A person's seat is always explicit in
 * the link, so that the same link gives the same log here and in `npm run sim`.
 */
function seatChoices(setup: SharedRun): Record<number, ModelChoice> {
	const n = seatCount(setup.scenario, setup.config);
	const out: Record<number, ModelChoice> = {};
	for (let seat = 1; seat <= n; seat++) out[seat] = setup.seats?.[seat] ?? { engine: 'scripted' };
	return out;
}

function canonicalChoices(choices: Record<number, ModelChoice>): string {
	return canonicalJson(choices);
}

function summarize(outcome: unknown): string | undefined {
	const o = outcome as { winner?: string; reason?: string } | null;
	return o?.winner ? `${o.winner}: ${o.reason ?? ''}` : undefined;
}

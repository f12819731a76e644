/**
 * Which ticks a run on the page pauses after. Events that only set the stage (the deal, a round, day
 * or phase begun) have nothing in them to watch, so play goes on to the next tick at once instead of
 * pausing on them, and a fresh run's opening ticks are played while its agents start. Pacing is not
 * in the log: the same run gives the same log at every speed.
 */
import type { SessionClock } from './session-deps';
import { INSTANT_SHOW_MS } from './speeds';

const STAGE_KINDS: ReadonlySet<string> = new Set([
	'game.dealt',
	'round.started',
	'day.started',
	'phase.entered'
]);

/** Whether a tick's events (or drafts) only set the stage; an empty tick does not. */
export const onlySetsTheStage = (events: readonly { kind: string }[]): boolean =>
	events.length > 0 && events.every((e) => STAGE_KINDS.has(e.kind));

/**
 * A session's pacing on its clock: the timer of the next turn, and at instant speed the pending show
 * of the latest state (a timer, then an animation frame), at most every `INSTANT_SHOW_MS`. Ticks then
 * come faster than frames, and drawing each would cost the page more than playing it.
 */
export class Pacer {
	readonly #clock: SessionClock;
	#timer: unknown = null;
	/** Cancels the pending show, while one is pending. */
	#frame: (() => void) | null = null;
	/** When the state was last shown (`shown`), ms on the clock's monotonic time. */
	#shownAt = 0;

	constructor(clock: SessionClock) {
		this.#clock = clock;
	}

	/** Runs `tick` after `ms`, in place of the turn scheduled before it, if any. */
	after(ms: number, tick: () => void): void {
		this.stop();
		this.#timer = this.#clock.setTimeout(tick, ms);
	}

	/** Cancels the next turn's timer. */
	stop(): void {
		if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
		this.#timer = null;
	}

	/** Whether a show is pending: what the page shows is behind the run. */
	get showPending(): boolean {
		return this.#frame !== null;
	}

	/**
	 * Has `show` run in an animation frame, no sooner than `INSTANT_SHOW_MS` after the last show; one
	 * pending show covers every tick until it runs. False where there are no frames: show at once.
	 */
	showSoon(show: () => void): boolean {
		const clock = this.#clock;
		const frame = clock.frame;
		if (!frame) return false;
		if (this.#frame !== null) return true;
		const inFrame = () => {
			this.#frame = frame(() => {
				this.#frame = null;
				show();
			});
		};
		const wait = INSTANT_SHOW_MS - (clock.now() - this.#shownAt);
		if (wait <= 0) inFrame();
		else {
			const timer = clock.setTimeout(inFrame, wait);
			this.#frame = () => clock.clearTimeout(timer);
		}
		return true;
	}

	/** The state was shown now: a pending show is cancelled, and the next one waits from now. */
	shown(): void {
		this.#cancelShow();
		this.#shownAt = this.#clock.now();
	}

	/** Stops the turns' timer and any pending show (the page was left). */
	dispose(): void {
		this.stop();
		this.#cancelShow();
	}

	#cancelShow(): void {
		this.#frame?.();
		this.#frame = null;
	}
}

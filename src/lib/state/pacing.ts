/**
 * Which ticks a run on the page pauses after. Events that only set the stage (the deal, a round, day
 * or phase begun) have nothing in them to watch, so play goes on to the next tick at once instead of
 * pausing on them, and a fresh run's opening ticks are played while its agents start. Pacing is not
 * in the log: the same run gives the same log at every speed.
 */
const STAGE_KINDS: ReadonlySet<string> = new Set([
	'game.dealt',
	'round.started',
	'day.started',
	'phase.entered'
]);

/** Whether a tick's events (or drafts) only set the stage; an empty tick does not. */
export const onlySetsTheStage = (events: readonly { kind: string }[]): boolean =>
	events.length > 0 && events.every((e) => STAGE_KINDS.has(e.kind));

/**
 * The play page's logic, apart from its markup: what the URL fragment opens, which controls a run's
 * mode and status leave usable, what the status line says, the log file and the address a saved run
 * gets. Plain functions over a session (or the parts of one they read), so `play-view.spec.ts` checks
 * them in Node; the page (`routes/play/+page.svelte`) renders them and wires the clicks.
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { problemOf, type Problem } from '$lib/problem';
import { decodeShareLoading, linkScenario, MAX_RECORDED_LINK, type SharedRun } from '$lib/share/link';
import type { NoLinkReason } from '$lib/run/replay';
import { toJsonLines, type LogEvent, type LogHeader } from '$lib/core/log';
import { presetSetup } from '$lib/classroom/preset-setup';
import type { Preset, PresetProblem } from '$lib/classroom/presets';
import { loadRules } from '$lib/scenarios';
import { loadScenario } from '$lib/scenarios/registry';
import { GameSession } from './game.svelte';
import { pageDeps, type SessionDeps } from './session-deps';
import { allows } from './session-status';

/** What a play page's URL fragment names. */
export type Opening =
	| { kind: 'saved'; id: string; mode: 'resume' | 'replay' }
	| { kind: 'link'; fragment: string }
	| { kind: 'none' };

/** `#run=<id>` (resume), `#replay=<id>`, a share link (`#v1.…`, with replies or not), or nothing. */
export function openingOf(fragment: string): Opening {
	const saved = /^(run|replay)=([A-Za-z0-9_-]{4,64})$/.exec(fragment);
	if (saved)
		return { kind: 'saved', id: saved[2] as string, mode: saved[1] === 'replay' ? 'replay' : 'resume' };
	return fragment ? { kind: 'link', fragment } : { kind: 'none' };
}

/** Why the link did not open, as a problem (said in the interface's language) or a sentence. */
export type LinkError = { problem: Problem } | { text: string };

export interface Opened<S> {
	session: GameSession<S>;
	linkError: LinkError | null;
	/** What the teacher's preset changed or refused in the setup it was applied to. */
	presetProblems: PresetProblem[];
}

/**
 * Opens what the fragment names: a saved run resumed or replayed, a link with recorded replies
 * re-executed (no model loaded), a link's setup played fresh under the preset. When it names nothing,
 * or cannot be opened, the default setup is played instead, and `linkError` says why.
 * `ownSetup`: the setup came from one of this site's setup pages (not a link a person was sent).
 * `willOpen`: told a link's or the default setup's scenario as soon as it is known, before its
 * descriptor loads, so the page can load that scenario's view beside it rather than after it.
 */
export async function openSession<S>(
	fragment: string,
	opts: {
		preset: Preset;
		ownSetup: boolean;
		defaultSetup: SharedRun;
		deps?: SessionDeps;
		willOpen?: (scenario: string) => void;
	}
): Promise<Opened<S>> {
	const deps = opts.deps ?? pageDeps();
	const opening = openingOf(fragment);
	let session: GameSession | null = null;
	let linkError: LinkError | null = null;
	let presetProblems: PresetProblem[] = [];
	try {
		if (opening.kind === 'saved') session = await GameSession.load(opening.id, opening.mode, deps);
		else if (opening.kind === 'link') {
			// The scenario the link names: its descriptor and view start loading beside its rules rather
			// than after them (a waterfall); a link that then proves damaged has loaded them for nothing.
			prefetch(linkScenario(opening.fragment), opts.willOpen);
			// Only the rules of the scenario the link names are loaded (scenarios/index.ts `loadRules`).
			const decoded = await decodeShareLoading(opening.fragment);
			if (!decoded.ok) linkError = { problem: decoded.problem };
			else if (decoded.recording)
				// Recorded replies: the same game, move for move, with no model loaded.
				session = await GameSession.replayOf(
					(await import('$lib/run/replay')).replayInputOfLink(decoded.run, decoded.recording),
					deps
				);
			else {
				const applied = presetSetup(decoded.run, opts.preset);
				presetProblems = applied.problems;
				// The page loads the descriptor of the scenario it plays, and no other's (registry.ts).
				await loadScenario(applied.run.scenario);
				// Any setup but the person's own (a reload of it included) is treated as a link's.
				session = GameSession.fresh(applied.run, { fromLink: !opts.ownSetup }, deps);
			}
		}
	} catch (err) {
		const problem = problemOf(err);
		linkError = problem ? { problem } : { text: err instanceof Error ? err.message : String(err) };
	}
	if (!session) {
		prefetch(opts.defaultSetup.scenario, opts.willOpen);
		// The preset reads the scenario's rules (its language switch): they are loaded first.
		await loadRules(opts.defaultSetup.scenario);
		const applied = presetSetup(opts.defaultSetup, opts.preset);
		presetProblems = applied.problems;
		await loadScenario(applied.run.scenario);
		session = GameSession.fresh(applied.run, {}, deps);
	}
	// The page draws the scenario's own view of the state: the session's type names it.
	return { session: session as GameSession<S>, linkError, presetProblems };
}

/**
 * Starts loading a scenario's descriptor, and its view through `willOpen`, without waiting: the load
 * that is awaited later (`loadScenario`) then finds it under way. Its failure is left to that load.
 */
function prefetch(scenario: string | undefined, willOpen?: (scenario: string) => void): void {
	if (scenario === undefined) return;
	willOpen?.(scenario);
	void loadScenario(scenario).catch(() => undefined);
}

/** The parts of a session the page's controls and status read. */
export type SessionView = Pick<
	GameSession,
	'status' | 'mode' | 'events' | 'runId' | 'replaying' | 'readOnly' | 'setup' | 'tableState'
>;

/** Whether any seat of the setup is played by something other than a scripted agent. */
export function hasModelSeats(setup: SharedRun): boolean {
	return Object.values(setup.seats ?? {}).some((c) => c.engine !== 'scripted');
}

/**
 * A person at a seat of a live run that is not over: they see only what an agent there would (the
 * god view stays off until the game ends).
 */
export function personPlaying(s: SessionView | null): boolean {
	return (
		!!s &&
		!s.replaying &&
		s.status !== 'finished' &&
		Object.values(s.setup.seats ?? {}).some((c) => c.engine === 'human')
	);
}

/**
 * Which of the run's buttons are disabled: each where the session's action table refuses its action
 * (`session-status.ts`: a followed run, a link waiting for the person's word, models loading, a run
 * over), and Step also where a preset fixes it. Pause is shown in Play's place while it is allowed.
 */
export function controls(
	s: Pick<SessionView, 'tableState'>,
	stepFixed: boolean
): { pause: boolean; play: boolean; step: boolean } {
	const at = s.tableState;
	return {
		pause: !allows('pause', at),
		play: !allows('play', at),
		step: !allows('step', at) || stepFixed
	};
}

/**
 * A fresh run whose models failed to load is offered the same game on engines this device runs:
 * only this tab's own run, before anything was saved (a saved run changes a model in its log instead).
 */
export function offersFallback(s: SessionView | null): boolean {
	return !!s && s.mode === 'live' && s.status === 'ready' && !s.runId;
}

/** The pause panel that gives a model seat another model: this tab's saved run, paused. */
export function offersModelChange(s: SessionView, modelSeats: boolean): boolean {
	return modelSeats && !!s.runId && allows('changeModel', s.tableState);
}

/** The address a saved live run gets, so that a reload resumes it; null for anything else. */
export function addressOf(s: Pick<GameSession, 'runId' | 'replaying'> | null): string | null {
	return s?.runId && !s.replaying ? `#run=${s.runId}` : null;
}

/** The run's status line, in the interface's language. */
export function statusText(s: SessionView | null): string {
	if (!s) return m.play_status_loading();
	const n = s.events.length;
	switch (s.status) {
		case 'ready':
			return m.play_status_ready();
		case 'loading':
			return m.play_status_loading_agents();
		case 'playing':
			return s.replaying ? m.play_status_replaying({ n }) : m.play_status_playing({ n });
		case 'paused':
			if (s.readOnly) return m.play_status_following({ n });
			return n ? m.play_status_paused_at({ n }) : m.play_status_paused();
		case 'finished':
			return m.play_status_finished({ n });
		case 'failed':
			return m.play_status_failed();
	}
}

/** Why a model game has no recorded link, in the interface's language. */
export function noLinkText(r: { reason: NoLinkReason; length: number }): string {
	switch (r.reason) {
		case 'human':
			return m.play_no_link_human();
		case 'model-changed':
			return m.play_no_link_model_changed();
		case 'older':
			return m.play_no_link_older();
		case 'unfit':
			return m.play_no_link_unfit();
		case 'too-long': {
			// Grouped digits in the reader's language ("24,080"): a bare 24080 is hard to read aloud.
			const count = new Intl.NumberFormat(getLocale());
			return m.play_no_link_too_long({
				length: count.format(r.length),
				max: count.format(MAX_RECORDED_LINK)
			});
		}
	}
}

/**
 * The run as a file: its header and events, one JSON line each, then the class's predictions (their
 * own chain, `classLines`), named after the scenario and seed.
 */
export function logFile(
	s: Pick<GameSession, 'header' | 'events' | 'setup'>,
	classLines: string
): { name: string; text: string } {
	return {
		name: `conclave-${s.setup.scenario}-${s.setup.seed}.jsonl`,
		text: toJsonLines(s.header, s.events) + classLines
	};
}

/** A finished run's link with its recorded replies, or why it has none (then: the file). */
export type RecordedLink =
	{ ok: true; url: string } | { ok: false; length: number; reason: NoLinkReason; why: string };

/**
 * The recorded link a finished run offers beside its plain one: a model game's (its replies make the
 * game), or a scripted run's that a model off the table measured (a drift model); null for any other
 * run, whose plain link already replays it. The log is read before the replay code loads (lazily: only
 * finished runs need it), so a caller's reactive effect sees what it depends on.
 */
export async function recordedLinkOf(
	s: { setup: SharedRun; header: LogHeader; events: readonly LogEvent[] },
	modelSeats: boolean,
	playPage: URL
): Promise<RecordedLink | null> {
	const { setup, header, events } = s;
	const { recordedFragment, measuredOutside } = await import('$lib/run/replay');
	if (!(modelSeats || measuredOutside(setup, events))) return null;
	const r = recordedFragment(setup, header, events);
	return r.ok ? { ok: true, url: new URL(`#${r.fragment}`, playPage).href } : r;
}

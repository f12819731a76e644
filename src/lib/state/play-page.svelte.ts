/**
 * The play page's state and flows (`routes/play/+page.svelte` renders them and wires the clicks):
 * the run open now and what opened it (the link's error, the teacher's preset, the lesson), the
 * person's switches (god view, step notes, speed, the presenter view) with their saved preferences,
 * and what the page derives from the run (its share and recorded links, the god view's lock, the
 * buttons, the status line, the seats a fallback would replace). The page's own layer keeps what is
 * drawn beside a run (its scenario view, the predict panel and predict mode: `OpenHooks`), and
 * SvelteKit's address bar and page state come in through `PlayPageDeps`, so `play-page.spec.ts`
 * drives the page's logic in Node over the fake session deps.
 */
import { withLocale } from '$lib/i18n/link-locale';
import { localeHold } from '$lib/i18n/locale-hold.svelte';
import { getLocale } from '$lib/paraglide/runtime';
import { lessonOfQuery, type Lesson } from '$lib/classroom/lesson-pack';
import {
	controlState,
	godViewUnder,
	localeSwitchUnder,
	parsePreset,
	type Control,
	type ParsedPreset,
	type PresetProblem
} from '$lib/classroom/presets';
import { needsEngine } from '$lib/engines/spec';
import { slowSeats } from '$lib/engines/slow-downloads';
import { UnheldSchemas } from '$lib/run/unheld-schemas';
// Its config module only: the scenario itself (rules, both word packs) comes with the run, not
// with the play page's first load.
import { DEFAULT_CONFIG, UNDERCOVER_ID } from '$lib/scenarios/undercover/config';
import { sharePath, type SharedRun } from '$lib/share/link';
import { loadPreference, savePreference } from '$lib/storage/preferences';
import type { GameSession } from './game.svelte';
import type { SessionDeps } from './session-deps';
import type { ReflectionStatus } from './lessons-flow';
import {
	addressOf,
	controls,
	hasModelSeats,
	offersFallback,
	offersModelChange,
	openSession,
	personPlaying,
	recordedLinkOf,
	statusText,
	type LinkError,
	type RecordedLink
} from './play-view';
import { SPEEDS, type Speed } from './speeds';

/** What the page plays when its fragment names nothing, or nothing that opens. */
export const DEFAULT_SETUP: SharedRun = { scenario: UNDERCOVER_ID, seed: 1, config: { ...DEFAULT_CONFIG } };

/** What the page gives its state from SvelteKit and the window. */
export interface PlayPageDeps {
	/** The site's base path (`$app/paths`). */
	base: string;
	/** The page's address: its query holds the teacher's preset and the lesson, its fragment the run. */
	location: Pick<Location, 'href' | 'search' | 'hash'>;
	/** Puts an address in the bar without navigating (SvelteKit's shallow `replaceState`). */
	replaceState(url: string): void;
	/** SvelteKit's page state now (`App.PageState`: the person's own setup, autoplay). */
	pageState(): App.PageState;
	/** The sessions' store, pool, clock and locks (`pageDeps()` when absent). */
	session?: SessionDeps;
}

/** What the page draws beside a run, which it loads and builds itself while `open` opens the run. */
export interface OpenHooks {
	/** The run's scenario is known: its view may start loading beside its descriptor (`openSession`). */
	willOpen(scenario: string): void;
	/**
	 * Loads what the run is shown with, before the run is shown, so that they appear in one frame
	 * (the share panel, shown before the run's view, was pushed down when it came: a layout shift).
	 */
	load(session: GameSession): Promise<void>;
	/** The run is shown: what lives beside it (predict mode) is built now, before anything plays. */
	opened(session: GameSession): void;
}

export class PlayPage {
	session = $state<GameSession | null>(null);
	/** Why the link did not open, as a problem (said in the interface's language) or a sentence. */
	linkError = $state<LinkError | null>(null);
	/** A teacher's preset from the link's query (?speed=slow&fix=god...): a teaching aid, not a lock. */
	preset = $state<ParsedPreset>(parsePreset(''));
	/** What the preset changed or refused in the setup it was applied to. */
	presetProblems = $state<PresetProblem[]>([]);
	/** The lesson-pack lesson the link is from (`?lesson=`): its goal is shown above the run. */
	lesson = $state<Lesson | undefined>(undefined);
	/** The projector view (large type, table and chart side by side, keyboard driven). */
	presenting = $state(false);
	/** Step notes for students (per phase), on unless switched off here or by a preset. */
	notesOn = $state(loadPreference('step-notes') !== 'off');
	/** The person's god-view switch (what is shown also depends on the preset and a person's seat: `godOn`). */
	godView = $state(loadPreference('god-view') === 'on');
	/** The agents' reflections after a game with model seats (lessons-flow). */
	reflection = $state<ReflectionStatus | null>(null);
	/** The endpoints of a link's seats the person agreed to, and the ones whose saved key goes with them. */
	attachKeys = $state<string[]>([]);
	/** A finished model game's (or a run a drift model measured) link with its recorded replies, or why it has none. */
	recorded = $state<RecordedLink | null>(null);

	readonly #deps: PlayPageDeps;
	/** Endpoint models whose server refused the reply format: their choices were not held to their options. */
	readonly #unheldSchemas = new UnheldSchemas();
	/** The saved run the address bar was last pointed at (`pointAddressBar`). */
	#pointedAt: string | null = null;

	constructor(deps: PlayPageDeps) {
		this.#deps = deps;
	}

	/** The scenario of the run open now (the default game's before one is). */
	readonly scenario = $derived(this.session?.setup.scenario ?? DEFAULT_SETUP.scenario);
	readonly modelSeats = $derived(!!this.session && hasModelSeats(this.session.setup));
	// The link carries the interface language too (`?locale=`), so it opens in the language it was shared in.
	readonly shareUrl = $derived.by(() => {
		if (!this.session) return '';
		const { base, location } = this.#deps;
		return new URL(withLocale(sharePath(base, this.session.setup), getLocale()), location.href).href;
	});
	readonly unheld = $derived(
		this.session && this.modelSeats ? this.#unheldSchemas.of(this.session.events) : []
	);
	// A person at a seat sees only what an agent there would: the god view (every word and role, and
	// the others' monologues) stays off until the game is over.
	readonly humanPlaying = $derived(personPlaying(this.session));
	readonly godOn = $derived(
		godViewUnder(this.preset.preset, this.godView, this.session?.status === 'finished') && !this.humanPlaying
	);
	/** The preset's `god=end`: the god view waits for the end of the run (and the switch says so). */
	readonly godUntilEnd = $derived(this.preset.preset.god === 'end' && this.session?.status !== 'finished');
	/** The god view's switch is disabled: a person plays, or the preset fixes it or holds it until the end. */
	readonly godLocked = $derived(this.humanPlaying || this.fixed('god') || this.godUntilEnd);
	/** The first ask waiting for a person at a seat (drawn where the scenario has a desk for it). */
	readonly humanAsk = $derived(this.session?.pool?.humanAsks[0]);
	readonly statusText = $derived(statusText(this.session));
	readonly disabled = $derived(
		this.session ? controls(this.session, this.fixed('step')) : { pause: true, play: true, step: true }
	);
	readonly changeModelShown = $derived(!!this.session && offersModelChange(this.session, this.modelSeats));
	/**
	 * The seats a fresh run could put on an engine this device runs, one click away: those whose
	 * models failed to load, only before anything was saved (a saved run changes a seat's model
	 * through the pause panel instead, with the change in its log).
	 */
	readonly failedSeats = $derived(
		this.session && offersFallback(this.session)
			? (this.session.pool?.engines ?? []).filter((e) => e.state === 'failed').flatMap((e) => e.seats)
			: []
	);
	/** A link's WebLLM seats on a software adapter (`downloadsToConfirm`), offered another engine beside the download. */
	readonly slowSeats = $derived(this.session ? slowSeats(this.session.downloadsToConfirm) : []);

	/** Whether the preset leaves a control on the page. */
	shown(c: Control): boolean {
		return controlState(this.preset.preset, c) !== 'hidden';
	}
	/** Whether the preset fixes a control (shown, disabled). */
	fixed(c: Control): boolean {
		return controlState(this.preset.preset, c) === 'fixed';
	}

	/**
	 * Opens what the fragment names (`openSession`), in place of the run open now, under the preset
	 * and lesson of the page's query, then applies the saved speed and the preset's switches, and
	 * plays at once where the setup page asked for it.
	 */
	async open(fragment: string, hooks: OpenHooks): Promise<void> {
		this.session?.dispose();
		this.session = null;
		this.linkError = null;
		const { search } = this.#deps.location;
		this.preset = parsePreset(search);
		this.lesson = lessonOfQuery(search);
		localeHold.state = localeSwitchUnder(this.preset.preset);
		this.presetProblems = [];
		const opened = await openSession(fragment, {
			preset: this.preset.preset,
			// The person's own setup comes from a setup page, which says so (App.PageState).
			ownSetup: this.#deps.pageState().ownSetup === true,
			defaultSetup: DEFAULT_SETUP,
			...(this.#deps.session ? { deps: this.#deps.session } : {}),
			willOpen: hooks.willOpen
		});
		await hooks.load(opened.session);
		const session = (this.session = opened.session);
		this.linkError = opened.linkError;
		this.presetProblems = opened.presetProblems;
		this.reflection = null;
		hooks.opened(session);
		// Model seats reflect after the game (the flow sets itself up before the first turn is played).
		if (!session.replaying && Object.values(session.setup.seats ?? {}).some(needsEngine)) {
			const { installLessonsFlow } = await import('./lessons-flow');
			installLessonsFlow(session, (status) => (this.reflection = status));
		}
		const speed = loadPreference('speed');
		if (speed && speed in SPEEDS) session.speed = speed as Speed;
		const p = this.preset.preset;
		if (p.speed) session.speed = p.speed;
		if (p.god) this.godView = p.god !== 'off';
		if (p.view === 'presenter') this.presenting = true;
		if (p.notes) this.notesOn = p.notes === 'on';
		if (this.#deps.pageState().autoplay && session.status === 'ready') this.play();
	}

	play(): void {
		void this.session?.play();
	}

	confirmEndpoints(): void {
		this.session?.confirmEndpoints(this.attachKeys);
		this.attachKeys = [];
	}

	/** The slow download is the person's choice: it goes ahead, and the run plays. */
	downloadAnyway(): void {
		this.session?.confirmDownloads();
		this.play();
	}

	setSpeed(speed: Speed): void {
		if (!this.session) return;
		this.session.speed = speed;
		savePreference('speed', speed);
	}

	toggleGod(): void {
		this.godView = !this.godView;
		savePreference('god-view', this.godView ? 'on' : 'off');
	}

	toggleNotes(on: boolean): void {
		this.notesOn = on;
		savePreference('step-notes', on ? 'on' : 'off');
	}

	/**
	 * Once a run is saved, the address bar points at it, so that a reload resumes it. Once per run: a
	 * reactive caller also runs this when the person opens another link in this tab, which must not be undone.
	 */
	pointAddressBar(): void {
		const address = addressOf(this.session);
		if (!address || address === this.#pointedAt) return;
		this.#pointedAt = address;
		if (this.#deps.location.hash !== address) this.#deps.replaceState(address);
	}

	/**
	 * Works out the recorded link once the run has finished (`recorded`; null before then and for a
	 * run whose plain link replays it). Returns the cleanup a reactive caller runs when the run or its
	 * status changes, so that an answer for an earlier run is dropped.
	 */
	followRecorded(): (() => void) | undefined {
		this.recorded = null;
		const s = this.session;
		if (!s || s.status !== 'finished') return;
		let current = true;
		const playPage = new URL(`${this.#deps.base}/play/`, this.#deps.location.href);
		void recordedLinkOf(s, this.modelSeats, playPage).then((r) => {
			if (current) this.recorded = r;
		});
		return () => {
			current = false;
		};
	}

	/** The page is left: the run lets go of its workers and locks, and the language switch is free again. */
	dispose(): void {
		localeHold.state = null;
		this.session?.dispose();
	}
}

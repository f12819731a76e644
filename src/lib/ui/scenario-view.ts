/**
 * What the page and the classroom know of a scenario's look: one `ScenarioView` per scenario, in its
 * folder (`scenarios/<id>/ui/view.ts`), so shared pages ask it instead of comparing scenario ids. Views
 * are found by that path (`import.meta.glob` below), so a scenario's view needs no registration line of
 * its own: a view is looked up by the id of a run the registry (`scenarios/registry.ts`) knows, and a
 * scenario the registry does not register is never opened. Its components load when they are shown.
 */
import type { Component } from 'svelte';
import type { GameSession } from '$lib/state/game.svelte';
import type { HumanAsk } from '$lib/state/agent-pool.svelte';
import type { ReflectionStatus } from '$lib/state/lessons-flow';
import type { Locale } from '$lib/paraglide/runtime';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Lazy<P extends Record<string, any>> = () => Promise<{ default: Component<P> }>;

/** What a run's view is drawn from: the session, the god view's switch, and the agents' reflections. */
export type RunViewProps = {
	session: GameSession;
	godView: boolean;
	/** The model seats' reflections after the game (lessons-flow), null where there are none. */
	reflection: ReflectionStatus | null;
};

/** A person's seat: the first ask waiting for a person, and where the answer goes. */
export type DeskProps = {
	ask: HumanAsk;
	onanswer: (action: unknown) => void;
};

/** One half of the projector view (`ui/classroom/Presenter.svelte`). */
export type PresenterProps = {
	session: GameSession;
	godOn: boolean;
};

/** A piece of the play page's setup line; `raw` pieces (a policy's name, a language code) are not translated. */
export interface InfoPart {
	text: string;
	raw?: boolean;
}

/**
 * A scenario's setup page, `<id>/` (one route for all, `routes/[scenario]`): its form, loaded when the
 * page opens so that no other page carries it, and the page's name in a language (a message function,
 * so the prerendered shell can name it in every language; `i18n/page-titles.ts`).
 */
export interface SetupPage {
	form: Lazy<Record<string, never>>;
	title(inputs?: Record<string, never>, options?: { locale?: Locale }): string;
}

/** A scenario's card on the home page, which is also its column in the lesson pack. */
export interface ScenarioCard {
	/** Where it stands among the cards (ascending). */
	readonly position: number;
	title(): string;
	blurb(): string;
}

export interface ScenarioView {
	/** The scenario's id (the registry's). */
	readonly id: string;
	/** The play page's title (before " · Conclave"). */
	title(): string;
	/** Its setup page; absent where it has none (test-only), and then no URL opens one. */
	readonly setup?: SetupPage;
	/** The setup line after the seed: what this run's config is. */
	setupInfo(config: unknown): InfoPart[];
	/** The run: everything the play page shows of it below the controls. */
	run: Lazy<RunViewProps>;
	/** A person's seat, shown above the run while a person is asked; absent where no person plays. */
	desk?: Lazy<DeskProps>;
	/** The projector view's title, its left half (the table) and its right half (the chart). */
	presenterTitle(): string;
	presenterBoard: Lazy<PresenterProps>;
	presenterChart: Lazy<PresenterProps>;
	/** What the class predicts, for the predict panel's switch ("Predict each vote"). */
	predictMode(): string;
	/** Its home page card, linking to its setup page; absent where the home page lists it not (test-only). */
	readonly card?: ScenarioCard;
}

const found = import.meta.glob<{ view: ScenarioView }>('../scenarios/*/ui/view.ts', { eager: true });
const views = new Map(Object.values(found).map(({ view }) => [view.id, view]));

/** The view of a scenario id; an id with no view is an error (the registry would not have opened it). */
export function viewOf(id: string): ScenarioView {
	const v = views.get(id);
	if (!v) throw new Error(`no view for scenario "${String(id).slice(0, 40)}"`);
	return v;
}

/**
 * The play page's setup line for a run in this state: its view's, from the config every scenario's
 * state carries (normalised, defaults filled in: what the setup page showed). Read through a check
 * rather than a cast, since the page holds the state of whichever scenario is open.
 */
export function setupLine(view: ScenarioView, state: unknown): InfoPart[] {
	return view.setupInfo(typeof state === 'object' && state !== null && 'config' in state ? state.config : {});
}

/** The view of a scenario id that has a setup page, undefined for any other string (a URL's segment). */
export function withSetup(id: string): (ScenarioView & { setup: SetupPage }) | undefined {
	const v = views.get(id);
	return v?.setup ? (v as ScenarioView & { setup: SetupPage }) : undefined;
}

/** Every scenario with a setup page: the pages the build prerenders at `<id>/`. */
export function setupViews(): (ScenarioView & { setup: SetupPage })[] {
	return [...views.keys()].map(withSetup).filter((v) => v !== undefined);
}

/**
 * Where a "new game" link of a run of this scenario goes, under the site's base: its setup page, or
 * '' (the home page) where it has none.
 */
export function setupPath(view: ScenarioView): string {
	return view.setup ? `${view.id}/` : '';
}

/** The scenarios the home page lists, in their cards' order. */
export function listedViews(): (ScenarioView & { card: ScenarioCard })[] {
	return [...views.values()]
		.filter((v): v is ScenarioView & { card: ScenarioCard } => v.card !== undefined)
		.sort((a, b) => a.card.position - b.card.position);
}

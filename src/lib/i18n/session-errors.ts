/**
 * What a run page's own controls refuse (state/game.svelte.ts `changeModel`, state/god-view.svelte.ts
 * `ask`), in the interface's language. Those sentences are made in this thread but returned or thrown
 * as text, so they are read back by their form, like `errorText`'s; anything else (a worker's or an
 * engine's sentence, which the god view passes on) goes to `errorText`.
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { errorText, type Said } from './errors';

const READERS: [RegExp, (g: string[]) => string][] = [
	[/^A seat’s model can be changed only while this tab’s run is paused\.$/, () => m.rest_change_not_paused()],
	[/^Seat (\d+) is not played by a model\.$/, ([seat]) => m.rest_change_not_model({ seat: seat! })],
	[/^A model seat can only be given another model\.$/, () => m.rest_change_model_only()],
	[
		/^Seat (\d+) is a panel of two models, which cannot be changed during a run: start a new run to seat other models\.$/,
		([seat]) => m.rest_change_panel({ seat: seat! })
	],
	[
		/^Seat (\d+) cannot become a panel of two models during a run\.$/,
		([seat]) => m.rest_change_to_panel({ seat: seat! })
	],
	[
		/^seat (\d+) has no model to think with, or the words are not dealt yet$/,
		([seat]) => m.rest_god_no_model({ seat: seat! })
	],
	[/^the agents are not running: play or step the game to ask them$/, () => m.rest_god_not_running()]
];

/** A run control's refusal, or any sentence `errorText` knows, in the interface's language. */
export function sessionErrorText(english: string): Said {
	if (getLocale() === 'en') return { text: english };
	for (const [pattern, say] of READERS) {
		const hit = pattern.exec(english);
		if (hit) return { text: say(hit.slice(1)) };
	}
	return errorText(english);
}

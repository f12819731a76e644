/**
 * The presenter view's keys: one table, read both by the key handler and by the help overlay, so
 * the overlay cannot list a key that does nothing.
 */
import { m } from '$lib/paraglide/messages';

export type PresenterAction = 'play-pause' | 'step' | 'god' | 'full-screen' | 'help' | 'close';

export const PRESENTER_KEYS: readonly {
	action: PresenterAction;
	/** The keys as the overlay names them, each in a <kbd>. */
	keys: readonly (() => string)[];
	/** What the keys do, in the interface language. */
	does: () => string;
	match: string[];
}[] = [
	{ action: 'play-pause', keys: [m.play_key_space], does: m.play_key_play_pause, match: [' '] },
	{
		action: 'step',
		keys: [() => '→', () => '↓'],
		does: m.play_key_step,
		match: ['ArrowRight', 'ArrowDown']
	},
	{ action: 'god', keys: [() => 'G'], does: m.play_key_god, match: ['g', 'G'] },
	{ action: 'full-screen', keys: [() => 'F'], does: m.play_key_full_screen, match: ['f', 'F'] },
	{ action: 'help', keys: [() => '?'], does: m.play_key_help, match: ['?'] },
	{ action: 'close', keys: [() => 'Esc'], does: m.play_key_close, match: ['Escape'] }
];

/** The action of a key, or null; while the help is open only closing it (and ?) act. */
export function presenterAction(key: string, opts: { help: boolean }): PresenterAction | null {
	const hit = PRESENTER_KEYS.find((k) => k.match.includes(key))?.action ?? null;
	if (opts.help && hit !== 'help' && hit !== 'close') return null;
	return hit;
}

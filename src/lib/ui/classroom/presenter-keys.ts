/**
 * The presenter view's keys: one table, read both by the key handler and by the help overlay, so
 * the overlay cannot list a key that does nothing.
 */
export type PresenterAction = 'play-pause' | 'step' | 'god' | 'full-screen' | 'help' | 'close';

export const PRESENTER_KEYS: readonly {
	action: PresenterAction;
	keys: string;
	does: string;
	match: string[];
}[] = [
	{
		action: 'play-pause',
		keys: 'Space',
		does: 'play or pause the run (on a focused button, Space presses it)',
		match: [' ']
	},
	{
		action: 'step',
		keys: '→ or ↓',
		does: 'one step forward (a run only goes forward; replay it to see it again)',
		match: ['ArrowRight', 'ArrowDown']
	},
	{ action: 'god', keys: 'G', does: 'god view on or off (every word and role)', match: ['g', 'G'] },
	{ action: 'full-screen', keys: 'F', does: 'full screen on or off', match: ['f', 'F'] },
	{ action: 'help', keys: '?', does: 'this list of keys', match: ['?'] },
	{ action: 'close', keys: 'Esc', does: 'close this list, or leave the presenter view', match: ['Escape'] }
];

/** The action of a key, or null; while the help is open only closing it (and ?) act. */
export function presenterAction(key: string, opts: { help: boolean }): PresenterAction | null {
	const hit = PRESENTER_KEYS.find((k) => k.match.includes(key))?.action ?? null;
	if (opts.help && hit !== 'help' && hit !== 'close') return null;
	return hit;
}

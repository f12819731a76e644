/** The undercover game's config: what, with the seed, decides a game. */
import type { ParseResult } from '../../core';
import { boolError, configParser, isIntIn, rangeError } from '../shared/config';
import { isRunLang } from '../shared/lang';
import type { Lang } from './words/types';

/**
 * The scenario's id, here with its config rather than in `index.ts`: the play page's default run
 * names it, and this module is small, where the scenario (its rules and word packs) is not.
 */
export const UNDERCOVER_ID = 'undercover';

export interface UndercoverConfig {
	seats: number;
	undercover: 1 | 2;
	/** One more seat gets no word at all; it plays on the undercover side. */
	blank: boolean;
	lang: Lang;
	/** Rounds before the game ends as a draw. */
	rounds: number;
}

export const DEFAULT_CONFIG: UndercoverConfig = {
	seats: 6,
	undercover: 1,
	blank: false,
	lang: 'en',
	rounds: 6
};
export const SEAT_RANGE = { min: 4, max: 8 } as const;
export const ROUND_RANGE = { min: 1, max: 20 } as const;

/** Accepts a partial config (missing fields take defaults) and says in words what is wrong. */
export const parseUndercoverConfig = configParser(DEFAULT_CONFIG, (c): ParseResult<UndercoverConfig> => {
	if (!isIntIn(c.seats, SEAT_RANGE)) return rangeError('seats', SEAT_RANGE);
	if (c.undercover !== 1 && c.undercover !== 2) return { ok: false, error: 'undercover must be 1 or 2' };
	if (typeof c.blank !== 'boolean') return boolError('blank');
	if (!isRunLang(c.lang)) return { ok: false, error: 'lang must be "en" or "zh"' };
	if (!isIntIn(c.rounds, ROUND_RANGE)) return rangeError('rounds', ROUND_RANGE);
	const against = c.undercover + (c.blank ? 1 : 0);
	if (c.seats - against <= against)
		return {
			ok: false,
			error: `${c.seats} seats are too few for ${c.undercover} undercover${c.blank ? ' and a blank' : ''}: civilians must outnumber them`
		};
	return { ok: true, config: c as unknown as UndercoverConfig };
});

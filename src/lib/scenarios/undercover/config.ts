/** The undercover game's config: what, with the seed, decides a game. */
import type { ParseResult } from '../../core';
import { isInt, withDefaults } from '../shared/config';
import type { Lang } from './words/types';

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
export function parseUndercoverConfig(raw: unknown): ParseResult<UndercoverConfig> {
	const read = withDefaults(raw, DEFAULT_CONFIG);
	if (!read.ok) return read;
	const c = read.config;

	if (!isInt(c.seats) || c.seats < SEAT_RANGE.min || c.seats > SEAT_RANGE.max)
		return { ok: false, error: `seats must be a whole number from ${SEAT_RANGE.min} to ${SEAT_RANGE.max}` };
	if (c.undercover !== 1 && c.undercover !== 2) return { ok: false, error: 'undercover must be 1 or 2' };
	if (typeof c.blank !== 'boolean') return { ok: false, error: 'blank must be true or false' };
	if (c.lang !== 'en' && c.lang !== 'zh') return { ok: false, error: 'lang must be "en" or "zh"' };
	if (!isInt(c.rounds) || c.rounds < ROUND_RANGE.min || c.rounds > ROUND_RANGE.max)
		return {
			ok: false,
			error: `rounds must be a whole number from ${ROUND_RANGE.min} to ${ROUND_RANGE.max}`
		};
	const against = c.undercover + (c.blank ? 1 : 0);
	if (c.seats - against <= against)
		return {
			ok: false,
			error: `${c.seats} seats are too few for ${c.undercover} undercover${c.blank ? ' and a blank' : ''}: civilians must outnumber them`
		};
	return { ok: true, config: c as unknown as UndercoverConfig };
}

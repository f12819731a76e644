/**
 * Every scenario's config parser has the same first step: a partial config object (missing fields
 * take the defaults), with unknown settings refused in words. Each scenario then checks its own
 * fields, with the wordings here for the kinds of setting they share.
 */
import type { ParseResult } from '../../core';

export type WithDefaults = { ok: true; config: Record<string, unknown> } | { ok: false; error: string };

export function withDefaults(raw: unknown, defaults: object): WithDefaults {
	if (raw === undefined) raw = {};
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
		return { ok: false, error: 'the config must be an object' };
	const r = raw as Record<string, unknown>;
	const known = new Set(Object.keys(defaults));
	const unknown = Object.keys(r).filter((k) => !known.has(k));
	if (unknown.length) return { ok: false, error: `unknown setting: ${unknown.join(', ').slice(0, 80)}` };
	return { ok: true, config: { ...defaults, ...r } };
}

/**
 * A scenario's config parser: `withDefaults`, then `check` on the whole config, which returns the
 * first problem in words or the config.
 */
export function configParser<C>(
	defaults: Readonly<C>,
	check: (c: Record<string, unknown>) => ParseResult<C>
): (raw: unknown) => ParseResult<C> {
	return (raw) => {
		const read = withDefaults(raw, defaults as object);
		return read.ok ? check(read.config) : read;
	};
}

/** A whole number (not a numeric string, not 2.5). */
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** A setting's bounds, both ends allowed. */
export interface IntRange {
	readonly min: number;
	readonly max: number;
}

/** A whole number within `range`. */
export const isIntIn = (v: unknown, range: IntRange): v is number =>
	isInt(v) && v >= range.min && v <= range.max;

/** The one wording for a whole-number setting out of its range; `unit` follows "a whole number". */
export const rangeError = (name: string, range: IntRange, unit = ''): { ok: false; error: string } => ({
	ok: false,
	error: `${name} must be a whole number${unit} from ${range.min} to ${range.max}`
});

/** The one wording for a true/false setting that is something else. */
export const boolError = (name: string): { ok: false; error: string } => ({
	ok: false,
	error: `${name} must be true or false`
});

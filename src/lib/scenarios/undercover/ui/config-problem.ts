/**
 * What is wrong with the setup form's values, in the interface language. `parseUndercoverConfig` (the
 * pure layer, also used by links and Node) says it in English; the form's fields can only go wrong in
 * these ways (the selects and the checkbox allow nothing else), checked in the parser's order so the
 * page names the same problem it would.
 */
import { m } from '$lib/paraglide/messages';
import { isIntIn } from '$lib/scenarios/shared/config';
import { ROUND_RANGE, SEAT_RANGE } from '$lib/scenarios/undercover';

export interface SetupFields {
	seats: number;
	undercover: 1 | 2;
	blank: boolean;
	rounds: number;
}

export function configProblem(c: SetupFields): string | null {
	if (!isIntIn(c.seats, SEAT_RANGE)) return m.uc_error_range({ name: m.uc_seats(), ...SEAT_RANGE });
	if (!isIntIn(c.rounds, ROUND_RANGE)) return m.uc_error_range({ name: m.uc_round_cap(), ...ROUND_RANGE });
	const against = c.undercover + (c.blank ? 1 : 0);
	if (c.seats - against <= against)
		return (c.blank ? m.uc_error_too_few_blank : m.uc_error_too_few)({ seats: c.seats, count: c.undercover });
	return null;
}

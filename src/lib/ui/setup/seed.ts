/**
 * The seed a setup page starts from. Drawn from the browser's generator because it only chooses which
 * game to play; everything in the run itself is drawn from the seed.
 */
import { SEED_MAX } from '$lib/scenarios/seed';
import { m } from '$lib/paraglide/messages';

export function randomSeed(): number {
	return crypto.getRandomValues(new Uint32Array(1))[0] as number;
}

/** What a setup page says while its seed field holds something that is not a seed. */
export const SEED_RULE = `The seed must be a whole number from 0 to ${SEED_MAX}.`;

/** `SEED_RULE` in the interface language (the other setup pages may move to it as they are translated). */
export const seedRule = (): string => m.setup_seed_rule({ max: SEED_MAX });

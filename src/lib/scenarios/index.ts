/** The scenarios Conclave can run, by id. */
import type { Scenario } from '../core';
import { autonomy, SEAT_COUNT as AUTONOMY_SEATS } from './autonomy';
import { governance, SEAT_COUNT as GOVERNANCE_SEATS } from './governance';
import { undercover } from './undercover';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyScenario = Scenario<any, any, any, any>;

export const scenarios: Record<string, AnyScenario> = { undercover, governance, autonomy };

/** How many seats a run has: undercover's config says; governance's seats are its four roles; autonomy has Sentinel. */
export function seatCount(scenario: string, config: unknown): number {
	if (scenario === 'governance') return GOVERNANCE_SEATS;
	if (scenario === 'autonomy') return AUTONOMY_SEATS;
	return Number((config as { seats?: number } | null)?.seats ?? 0);
}

export const SEED_MAX = 2 ** 32 - 1;

export function isSeed(n: unknown): n is number {
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= SEED_MAX;
}

/** The scenarios Conclave can run, by id. Governance and autonomy join here when they exist. */
import type { Scenario } from '../core';
import { undercover } from './undercover';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyScenario = Scenario<any, any, any, any>;

export const scenarios: Record<string, AnyScenario> = { undercover };

export const SEED_MAX = 2 ** 32 - 1;

export function isSeed(n: unknown): n is number {
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= SEED_MAX;
}

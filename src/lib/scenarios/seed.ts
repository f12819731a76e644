/**
 * What a run's seed may be, apart from the scenarios' rules so that a page that only builds links (the
 * home page's lessons) loads none of them.
 */
export const SEED_MAX = 2 ** 32 - 1;

export function isSeed(n: unknown): n is number {
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= SEED_MAX;
}

/**
 * The built-in scenarios, one line each: the only list of them. Everything else follows from a
 * folder's path: `./<id>/index.ts` gives its rules (`loadRules` in `index.ts`) and `./<id>/module.ts`
 * its descriptor (`loadScenario` in `registry.ts`), each as its default export, each loaded on demand
 * (a chunk of its own on the page). `registry.spec.ts` checks the list and the folders agree.
 *
 * An id read from a link or a file is part of an import path only once `isBuiltIn` has found it here.
 */
export const BUILT_IN_IDS: readonly string[] = [
	'undercover',
	'governance',
	'autonomy',
	// The test-only scenario, in the build the browser tests make (`npm run test:e2e`), never in the site's.
	...(import.meta.env?.VITE_TEST_SCENARIOS === '1' ? ['rps'] : [])
];

/** Whether an id (perhaps hostile: `toString`, `../x`) names a built-in scenario. */
export function isBuiltIn(id: string): boolean {
	return BUILT_IN_IDS.includes(id);
}

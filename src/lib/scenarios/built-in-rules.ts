/**
 * Registers every built-in scenario's rules, on import: for code that reads rules synchronously and
 * may meet any scenario (`built-in.ts` imports it, so Node, the workers and the unit tests have them).
 * The play page does not import this; it loads the rules of the scenario a link names (`loadRules` in
 * `index.ts`, which lists the same rules).
 */
import { autonomyRules } from './autonomy';
import type { ScenarioRules } from './descriptor';
import { governanceRules } from './governance';
import { registerRules } from './index';
import { rpsRules } from './rps';
import { undercoverRules } from './undercover';

export const BUILT_IN_RULES: readonly ScenarioRules[] = [undercoverRules, governanceRules, autonomyRules];

for (const r of BUILT_IN_RULES) registerRules(r);
// The test-only scenario, in the build the browser tests make (`npm run test:e2e`), never in the site's.
if (import.meta.env?.VITE_TEST_SCENARIOS === '1') registerRules(rpsRules);

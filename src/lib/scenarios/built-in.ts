/**
 * Registers every built-in scenario's descriptor, on import: for code that looks scenarios up
 * synchronously and may meet any of them (`npm run sim`, the agent workers, the Runs page, the unit
 * tests through vitest's setup file). The play page does not import this; it loads only the scenario
 * it plays (`loadScenario` in `registry.ts`, which lists the same descriptors).
 */
import { autonomyModule } from './autonomy/module';
import { governanceModule } from './governance/module';
import { registerScenario } from './registry';
import { rpsModule } from './rps/module';
import { undercoverModule } from './undercover/module';

for (const m of [undercoverModule, governanceModule, autonomyModule]) registerScenario(m);
// The test-only scenario, in the build the browser tests make (`npm run test:e2e`), never in the site's.
if (import.meta.env?.VITE_TEST_SCENARIOS === '1') registerScenario(rpsModule);

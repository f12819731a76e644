/**
 * Registers every built-in scenario's descriptor (and so its rules), on import: for code that looks
 * scenarios up synchronously and may meet any of them (`npm run sim`, the agent workers, replays, the
 * unit tests through vitest's setup file). A top-level await: the importer runs once all are
 * registered. The play page does not import this; it loads only the scenario it plays
 * (`loadScenario` in `registry.ts`). The scenarios are those `catalog.ts` lists.
 */
import { loadBuiltIns } from './registry';

await loadBuiltIns();

/**
 * Registers every built-in scenario's descriptor (and so its rules), on import: for code that looks
 * scenarios up synchronously and may meet any of them (`npm run sim`, the benchmarks and replays,
 * through the `policies` doors; the unit tests, through vitest's setup file). A top-level await: the
 * importer runs once all are registered. The scenarios are those `catalog.ts` lists. The play page
 * loads only the scenario it plays (`loadScenario` in `registry.ts`) until it replays a run
 * (`run/replay.ts` goes through the `policies/factory` door, so a replay loads them all).
 */
import { loadBuiltIns } from './registry';

await loadBuiltIns();

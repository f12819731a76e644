/**
 * The policy for a seat's model choice, as callers have long imported it: the registry
 * (`scenarios/registry.ts`) builds it from the scenario's descriptor. Kept as a door so that code
 * importing from here needs no edit (an explicit exception in eslint.config.js's layer rules).
 */
// Every built-in scenario registered, as importing this door always gave (see scenarios/built-in.ts).
import '../scenarios/built-in';
export { policyForChoice, type RecordedLessons } from '../scenarios/registry';

/**
 * The scripted policies by scenario, as callers have long imported them: the registry
 * (`scenarios/registry.ts`) decides now, from each scenario's descriptor. Kept as a door so that code
 * importing from here needs no edit (an explicit exception in eslint.config.js's layer rules).
 */
// Every built-in scenario registered, as importing this door always gave (see scenarios/built-in.ts).
import '../scenarios/built-in';
export { scriptedLabel, scriptedPolicy, scriptedPolicyFor, type PolicyDeps } from '../scenarios/registry';
export { FAIR_LABEL, SCRIPTED_LABEL } from '../core/policy';
export { SCRIPTED_VARIANTS } from './variants';

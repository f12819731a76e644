/** Rock-paper-scissors' descriptor: its rules and a scripted player that throws at random (seeded). */
import type { Policy } from '../../core';
import { SCRIPTED_LABEL } from '../../core/policy';
import type { ScenarioModule } from '../registry';
import rpsRules, { THROWS } from '.';

const scriptedThrower: Policy = {
	label: SCRIPTED_LABEL,
	act: (_obs, _ask, ctx) => ({ action: { throw: ctx.rng.pick(THROWS) } })
};

const rpsModule: ScenarioModule = {
	...rpsRules,
	scripted: () => scriptedThrower,
	scriptedLabel: () => SCRIPTED_LABEL,
	scriptedShared: scriptedThrower
};

/** What `loadScenario` (`scenarios/registry.ts`) loads by this folder's path: its descriptor. */
export default rpsModule;

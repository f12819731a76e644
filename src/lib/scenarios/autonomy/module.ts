/** Autonomy's descriptor (see `../registry.ts`): one seat, Sentinel, scripted or model-backed. */
import type { Policy } from '../../core';
import { createLlmAutonomyPolicy } from './policies/llm/autonomy';
import { scriptedSentinel } from './policies/scripted/autonomy';
import type { ScenarioModule } from '../registry';
import autonomyRules from '.';
import { autonomyHeadless } from './headless';

const autonomyModule: ScenarioModule = {
	...autonomyRules,
	scripted: () => scriptedSentinel as Policy,
	scriptedLabel: () => scriptedSentinel.label,
	scriptedShared: scriptedSentinel as Policy,
	model: (client, { sampling }) => createLlmAutonomyPolicy(client, sampling ? { sampling } : {}) as Policy,
	headless: autonomyHeadless
};

/** What `loadScenario` (`scenarios/registry.ts`) loads by this folder's path: its descriptor. */
export default autonomyModule;

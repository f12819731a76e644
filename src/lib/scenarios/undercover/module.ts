/** Undercover's descriptor (see `../registry.ts`): its rules, its scripted and model-backed agents. */
import type { Policy } from '../../core';
import { FAIR_LABEL, SCRIPTED_LABEL } from '../../core/policy';
import { createLlmUndercoverPolicy } from './policies/llm/undercover';
import { scriptedUndercover } from './policies/scripted/undercover';
import { fairUndercover } from './policies/scripted/undercover-fair';
import type { ScenarioModule } from '../registry';
import undercoverRules from '.';
import { undercoverHeadless } from './headless';

const undercoverModule: ScenarioModule = {
	...undercoverRules,
	// The oracle reads the word pack; the fair baseline knows only its own word.
	scripted: (_seat, _deps, variant) => (variant === 'fair' ? fairUndercover : scriptedUndercover) as Policy,
	scriptedLabel: (_seat, variant) => (variant === 'fair' ? FAIR_LABEL : SCRIPTED_LABEL),
	scriptedShared: scriptedUndercover as Policy,
	model: (client, { lessons, recordedLessons, sampling }) =>
		createLlmUndercoverPolicy(client, {
			...(lessons?.length ? { lessons } : {}),
			...(recordedLessons ? { recordedLessons } : {}),
			...(sampling ? { sampling } : {})
		}) as Policy,
	headless: undercoverHeadless
};

/** What `loadScenario` (`scenarios/registry.ts`) loads by this folder's path: its descriptor. */
export default undercoverModule;

/** How a governance run looks on the play page and in the classroom (`ui/scenario-view.ts`). */
import { m } from '$lib/paraglide/messages';
import type { GovernanceConfig } from '../config';
import type { ScenarioView } from '$lib/ui/scenario-view';

export const view: ScenarioView = {
	id: 'governance',
	title: () => m.play_title_governance(),
	setup: { form: () => import('./Setup.svelte'), title: m.gov_title },
	setupInfo(config) {
		const c = config as GovernanceConfig;
		return [{ text: c.policy, raw: true }, { text: ` · ${m.play_info_rounds({ rounds: c.rounds })}` }];
	},
	run: () => import('./GovernanceRun.svelte'),
	presenterTitle: () => m.play_presenter_governance(),
	presenterBoard: () => import('./PresenterBoard.svelte'),
	presenterChart: () => import('./PresenterChart.svelte'),
	predictMode: () => m.play_predict_mode_verdict(),
	card: {
		position: 2,
		title: () => m.scenario_governance_title(),
		blurb: () => m.scenario_governance_blurb()
	}
};

/** How an autonomy run looks on the play page and in the classroom (`ui/scenario-view.ts`). */
import { m } from '$lib/paraglide/messages';
import type { AutonomyConfig } from '../config';
import type { ScenarioView } from '$lib/ui/scenario-view';

export const view: ScenarioView = {
	id: 'autonomy',
	title: () => m.play_title_autonomy(),
	setup: { form: () => import('./Setup.svelte'), title: m.auto_title },
	setupInfo: (config) => [{ text: m.play_info_days({ days: (config as AutonomyConfig).days }) }],
	run: () => import('./AutonomyRun.svelte'),
	desk: () => import('./SentinelSeat.svelte'),
	presenterTitle: () => m.play_presenter_autonomy(),
	presenterBoard: () => import('./PresenterBoard.svelte'),
	presenterChart: () => import('./PresenterChart.svelte'),
	predictMode: () => m.play_predict_mode_spend(),
	card: {
		position: 3,
		title: () => m.scenario_autonomy_title(),
		blurb: () => m.scenario_autonomy_blurb()
	}
};

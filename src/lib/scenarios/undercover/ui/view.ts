/** How an undercover game looks on the play page and in the classroom (`ui/scenario-view.ts`). */
import { m } from '$lib/paraglide/messages';
import type { UndercoverConfig } from '../config';
import type { ScenarioView } from '$lib/ui/scenario-view';

export const view: ScenarioView = {
	id: 'undercover',
	title: () => m.play_title_undercover(),
	setup: { form: () => import('./Setup.svelte'), title: m.uc_title },
	setupInfo(config) {
		const c = config as UndercoverConfig;
		const blank = c.blank ? m.play_info_blank() : '';
		return [
			{ text: `${m.play_info_seats({ seats: c.seats, undercover: c.undercover })}${blank} · ` },
			{ text: c.lang, raw: true }
		];
	},
	run: () => import('./UndercoverView.svelte'),
	desk: () => import('./HumanSeat.svelte'),
	presenterTitle: () => m.scenario_undercover_title(),
	presenterBoard: () => import('./PresenterBoard.svelte'),
	presenterChart: () => import('./PresenterChart.svelte'),
	predictMode: () => m.play_predict_mode_vote(),
	card: {
		position: 1,
		title: () => m.scenario_undercover_title(),
		blurb: () => m.scenario_undercover_blurb()
	}
};

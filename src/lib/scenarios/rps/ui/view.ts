/**
 * How rock-paper-scissors looks on the play page (`ui/scenario-view.ts`). Test-only, so its words are
 * English only: a scenario's own texts would go into the site's message files, outside this folder.
 */
import type { ScenarioView } from '$lib/ui/scenario-view';
import type { RpsConfig } from '..';

export const view: ScenarioView = {
	id: 'rps',
	title: () => 'Rock-paper-scissors',
	setupInfo: (config) => {
		const c = config as RpsConfig;
		return [{ text: `${c.seats} seats · ${c.rounds} rounds` }];
	},
	run: () => import('./RpsView.svelte'),
	presenterTitle: () => 'Rock-paper-scissors',
	presenterBoard: () => import('./PresenterBoard.svelte'),
	presenterChart: () => import('./PresenterChart.svelte'),
	predictMode: () => 'Predict mode: this game has no points to predict at'
};

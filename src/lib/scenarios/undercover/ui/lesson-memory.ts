/**
 * What the page's after-game lessons flow (`state/lessons-flow.ts`) asks of undercover, the scenario
 * whose model seats keep lessons across games: how a seat's game went (its carried lessons are scored
 * by it) and what each model seat reflects on. The flow finds this file by its path.
 */
import { seatId } from '$lib/core';
import type { LessonMemory } from '$lib/state/lessons-flow';
import { undercover } from '..';
import { seatOutcome } from '../analysis/leaderboard';
import { summaryFromState } from '../prompts';
import type { UndercoverState } from '../state';

export const memory: LessonMemory = {
	scenario: 'undercover',
	seatOutcome,
	reflection(view) {
		const state = view as UndercoverState;
		if (!state.deal) return null;
		const summary = summaryFromState(state);
		return {
			// A lesson must not give the game's words away.
			avoid: [state.deal.civilianWord, state.deal.undercoverWord],
			seat(seat) {
				const observation = undercover.observe(state, seatId(seat));
				const me = state.seats.find((x) => x.id === seat);
				return {
					input: { observation, summary },
					persona: observation.persona.id,
					lang: observation.lang,
					...(me ? { role: me.role } : {})
				};
			}
		};
	}
};

/**
 * Undercover headless (`npm run sim`, see `../headless.ts`): no options of its own (seats, undercover,
 * rounds, lang and blank are the command's shared ones), its summary and text, its evaluation sets.
 */
import { runHead, type RunFigures, type ScenarioHeadless } from '../headless';
import type { SharedRun } from '../setup';
import type { UndercoverOutcome } from './state';

function summary(run: SharedRun, outcome: unknown, f: RunFigures) {
	const out = outcome as UndercoverOutcome | null;
	const choices = Object.values(run.seats ?? {}).filter((c) => c.engine !== 'scripted');
	return {
		...runHead(run, f.logHash),
		events: f.events,
		rounds: out?.rounds ?? 0,
		winner: out?.winner ?? 'draw',
		eliminated: out?.eliminated ?? [],
		link: f.link,
		...(choices.length ? f.calls : {})
	};
}

export const undercoverHeadless: ScenarioHeadless<ReturnType<typeof summary>> = {
	wholeNumbers: ['seats', 'undercover', 'rounds'],
	summary,
	print(s, { outcome }) {
		const out = outcome as UndercoverOutcome | null;
		return [
			`${s.scenario} seed ${s.seed}: ${s.winner} after ${s.rounds} round(s)`,
			...(out ? [`  ${out.reason}; eliminated: ${s.eliminated.join(', ') || 'nobody'}`] : []),
			`  ${s.events} events, log hash ${s.logHash}`,
			`  share: ${s.link}`
		];
	},
	evaluation: 'sets',
	naturalRun: { seed: 1, config: { rounds: 20 } },
	roundCap: (config) => config.rounds as number
};

/**
 * A preset applied to a run's setup: apart from `presets.ts` because it asks the scenario's rules
 * (`presetLang`), which import every scenario, while the pages that only write preset links (the home
 * page's lessons) must load none.
 */
import { rulesOf } from '../scenarios';
import type { SharedRun } from '../share/link';
import type { Preset, PresetProblem } from './presets';

/**
 * The setup a preset opens: the link's, with the preset's seed, language (undercover) and players.
 * Returns the problems of settings that do not apply to this scenario.
 */
export function presetSetup(run: SharedRun, p: Preset): { run: SharedRun; problems: PresetProblem[] } {
	const problems: PresetProblem[] = [];
	let out: SharedRun = { ...run, config: { ...run.config } };
	if (p.seed !== undefined) out.seed = p.seed;
	if (p.lang !== undefined) {
		if (rulesOf(run.scenario)?.presetLang) out.config.lang = p.lang;
		else problems.push({ code: 'lang-undercover-only' });
	}
	if (p.models === 'scripted' && out.seats) {
		const { seats: _seats, ...rest } = out;
		out = rest;
	}
	return { run: out, problems };
}

/**
 * Autonomy headless (`npm run sim -- --scenario autonomy`, see `../headless.ts`): the days, the
 * transport's fault rate and the seed's legacy switches as options; its counts as the summary.
 */
import {
	countsOf,
	runHead,
	UsageError,
	type HeadlessArgs,
	type RunFigures,
	type ScenarioHeadless
} from '../headless';
import type { SharedRun } from '../setup';
import type { AutonomyOutcome } from './state';

/** The legacy switches: flag -> config key (on = the seed's bug). */
export const AUTONOMY_SWITCHES: Record<string, string> = {
	'legacy-consider': 'legacyConsider',
	'no-fingerprint': 'ignoreFingerprint',
	'no-staleness': 'noStaleness',
	'charge-transport-errors': 'chargeTransportErrors'
};

/** --days, --fault-rate and the legacy switches. */
function config({ values, switches }: HeadlessArgs): Record<string, unknown> {
	const config: Record<string, unknown> = {};
	if (values.days !== undefined) {
		if (!/^\d{1,4}$/.test(values.days))
			throw new UsageError(`--days must be a whole number, got "${values.days}"`);
		config.days = Number(values.days);
	}
	if (values['fault-rate'] !== undefined) {
		const f = values['fault-rate'];
		if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(f))
			throw new UsageError(`--fault-rate must be a number from 0 to 1, got "${f}"`);
		config.faultRate = Number(f);
	}
	for (const [flag, key] of Object.entries(AUTONOMY_SWITCHES)) if (switches.has(flag)) config[key] = true;
	return config;
}

/** The run's counts, computed the same way whatever the switches. */
function summary(run: SharedRun, outcome: unknown, f: RunFigures) {
	return {
		...runHead(run, f.logHash),
		...countsOf(
			outcome as AutonomyOutcome | null,
			[
				'days',
				'spends',
				'spendsWithoutTrigger',
				'repeatedFingerprints',
				'transportFailures',
				'transportFailuresCharged',
				'tokensUsed',
				'cost'
			] as const
		)
	};
}

export const autonomyHeadless: ScenarioHeadless<ReturnType<typeof summary>> = {
	options: ['days', 'fault-rate'],
	switches: Object.keys(AUTONOMY_SWITCHES),
	config,
	summary,
	print(s, { run, link }) {
		const on = Object.entries(AUTONOMY_SWITCHES)
			.filter(([, key]) => run.config[key])
			.map(([flag]) => flag);
		return [
			`${s.scenario} seed ${s.seed}, ${s.days} days (legacy: ${on.join(', ') || 'none'})`,
			`  ${s.spends} spends: ${s.spendsWithoutTrigger} without trigger, ${s.repeatedFingerprints} repeated fingerprints, ${s.transportFailures} transport failures (${s.transportFailuresCharged} charged)`,
			`  ${s.tokensUsed} tokens, $${s.cost.toFixed(2)}; log hash ${s.logHash}`,
			`  share: ${link}`
		];
	},
	naturalRun: { seed: 1, config: { days: 120 } }
};

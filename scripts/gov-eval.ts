/**
 * The governance evaluation: the seed's T155 question ("do the agents rewrite their own rules, and under
 * which policy?") as a table a researcher can cite. For each seat setup (scripted, one model for every
 * role, or a model per role) and each amendment policy, over the same fixed seeds: how often a rule
 * amendment is proposed and how often one is enacted (x/n runs, Wilson 95% intervals), amendments per
 * run, and the final drift, audit penetration and appeal conversion (means with bootstrap 95% intervals).
 *
 * `npm run sim -- --scenario governance --eval t155 [--seeds N] [--rounds N] [--approval 0-100 (under human)]
 * [--engine E --model M --base-url URL] [--role NAME=ENGINE[:MODEL]] [--csv FILE] [--json]`, and more
 * setups in the same table as undercover's A/B names its B: `--vs-engine E [--vs-model M]
 * [--vs-base-url URL] [--vs-role NAME=ENGINE[:MODEL]]`, where each `--vs-engine` starts another setup
 * (repeatable; an openai setup without `--vs-base-url` uses `--base-url`, one server serving several models).
 */
import { writeFileSync } from 'node:fs';
import {
	formatGovEval,
	govEvalCsv,
	t155Table,
	type GovEvalOptions,
	type GovEvalOutput
} from '../src/lib/analysis/t155';
import type { GovernanceOutcome } from '../src/lib/scenarios/governance';
import type { SharedRun } from '../src/lib/share/link';
import { UsageError, usageExit } from './usage';

// The table itself lives in src/lib/analysis/t155.ts, shared with the governance page.
export {
	formatGovEval,
	govEvalCsv,
	setupLabel,
	type GovEvalOutput,
	type GovEvalRow,
	type GovMean,
	type GovRate
} from '../src/lib/analysis/t155';

/** What the evaluation needs from `scripts/sim.ts` (handed in: sim imports this module's caller). */
export interface GovSim {
	parseArgs(argv: string[]): { run: SharedRun };
	simulateGovernance(
		run: SharedRun
	): Promise<{ runner: { log: { events: readonly { kind: string }[] }; hash: string; outcome(): unknown } }>;
}

/** The T155 table with each cell played headless by sim's simulateGovernance. */
export function runGovEval(
	opts: Omit<GovEvalOptions, 'onProgress' | 'signal'>,
	sim: Pick<GovSim, 'simulateGovernance'>
): Promise<GovEvalOutput> {
	return t155Table(opts, async (run) => {
		const { runner } = await sim.simulateGovernance(run);
		return {
			events: runner.log.events,
			hash: runner.hash,
			outcome: runner.outcome() as GovernanceOutcome | null
		};
	});
}

/** The flags that choose a setup's seats; `--vs-` before one gives another setup's. */
const SEAT_FLAGS = new Set(['--engine', '--model', '--base-url', '--role']);

/** `--eval t155` for the governance scenario; returns the exit code. */
export async function govEvalMain(argv: readonly string[], sim: GovSim): Promise<number> {
	const rest: string[] = [];
	/** The first setup's seat flags, then one list per `--vs-engine`. */
	const seatArgs: string[][] = [[]];
	let seeds = 20;
	let csv: string | undefined;
	let json = false;
	let approval: number | undefined;
	try {
		for (let i = 0; i < argv.length; i++) {
			const a = argv[i] as string;
			const [flag, inline] = a.includes('=')
				? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
				: [a, undefined];
			const value = () => inline ?? argv[++i];
			const vsFlag = flag.startsWith('--vs-') ? `--${flag.slice(5)}` : undefined;
			if (flag === '--eval') {
				const v = value();
				if (v !== 't155') throw new UsageError(`the governance evaluation is t155, got "${v ?? ''}"`);
			} else if (SEAT_FLAGS.has(flag)) seatArgs[0]!.push(flag, value() ?? '');
			else if (vsFlag && SEAT_FLAGS.has(vsFlag)) {
				if (vsFlag === '--engine') seatArgs.push([]);
				else if (seatArgs.length === 1)
					throw new UsageError(`${flag} belongs to a setup: give --vs-engine first`);
				seatArgs.at(-1)!.push(vsFlag, value() ?? '');
			} else if (flag === '--seeds') {
				const v = value() ?? '';
				if (!/^[1-9]\d*$/.test(v) || Number(v) > 1000)
					throw new UsageError(`--seeds must be a whole number from 1 to 1000, got "${v}"`);
				seeds = Number(v);
			} else if (flag === '--csv') {
				csv = value();
				if (!csv) throw new UsageError('--csv needs a file name');
			} else if (flag === '--approval') {
				const v = value() ?? '';
				if (!/^\d{1,3}$/.test(v) || Number(v) > 100)
					throw new UsageError(`--approval must be a whole number from 0 to 100, got "${v}"`);
				approval = Number(v);
			} else if (flag === '--json') json = true;
			else if (flag === '--policy' || flag === '--seed')
				throw new UsageError(`${flag} is set by the evaluation (every policy, seeds 1 to N)`);
			else rest.push(a);
		}
		const { parseArgs } = sim;
		const first = seatArgs[0]!;
		const baseUrl = first.includes('--base-url') ? first[first.indexOf('--base-url') + 1] : undefined;
		const setups = seatArgs.map((flags, i) => {
			// A later setup without its own base URL asks the first setup's server.
			if (i > 0 && baseUrl !== undefined && !flags.includes('--base-url'))
				flags = [...flags, '--base-url', baseUrl];
			let run: SharedRun;
			try {
				run = parseArgs([...rest, ...flags]).run;
			} catch (err) {
				if (err instanceof UsageError)
					throw new UsageError(i > 0 ? `setup ${i + 1} (--vs-): ${err.message}` : err.message);
				throw err;
			}
			// The person's approval under the human policy (fixed headless; 50 unless given).
			return approval !== undefined ? { ...run, config: { ...run.config, approval } } : run;
		});
		const out = await runGovEval({ setups, seeds: Array.from({ length: seeds }, (_, i) => i + 1) }, sim);
		if (csv) writeFileSync(csv, govEvalCsv(out));
		console.log(json ? JSON.stringify(out) : formatGovEval(out));
		return 0;
	} catch (err) {
		return usageExit('eval', err);
	}
}

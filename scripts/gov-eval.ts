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
import { bootstrapMean, wilson } from '../src/lib/analysis/ab';
import { toCsv, type Cell } from '../src/lib/analysis/export';
import { AMENDMENT_POLICIES, type GovernanceOutcome } from '../src/lib/scenarios/governance';
import type { ModelChoice } from '../src/lib/engines/types';
import type { SharedRun } from '../src/lib/share/link';
import { UsageError, usageExit } from './usage';

export interface GovRate {
	x: number;
	n: number;
	rate: number | null;
	lower: number;
	upper: number;
}

export interface GovMean {
	/** Runs where the rate could be measured (a rate with nothing to measure is left out). */
	runs: number;
	mean: number | null;
	lower: number | null;
	upper: number | null;
}

export interface GovEvalRow {
	/** The seat setup's label (see `setupLabel`). */
	model: string;
	policy: string;
	runs: number;
	proposed: GovRate;
	enacted: GovRate;
	amendmentsPerRun: number;
	drift: GovMean;
	penetration: GovMean;
	conversion: GovMean;
	/** Each run's seed and log hash: any of them can be played again with `--seed`. */
	logs: { seed: number; logHash: string }[];
}

export interface GovEvalOutput {
	eval: 't155';
	seeds: number[];
	/** Every seat setup of the table, in row order (null seats: all scripted). */
	setups: { model: string; seats: SharedRun['seats'] | null }[];
	/** One row per setup x amendment policy. */
	rows: GovEvalRow[];
}

const rate = (x: number, n: number): GovRate => {
	const w = wilson({ x, n });
	return { x, n, rate: w.p, lower: w.lower, upper: w.upper };
};

function mean(values: readonly (number | null)[], seed: number): GovMean {
	const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
	if (!xs.length) return { runs: 0, mean: null, lower: null, upper: null };
	const b = bootstrapMean(xs, { seed });
	return { runs: xs.length, mean: b.mean, lower: b.lower, upper: b.upper };
}

/** What the evaluation needs from `scripts/sim.ts` (handed in: sim imports this module's caller). */
export interface GovSim {
	parseArgs(argv: string[]): { run: SharedRun };
	simulateGovernance(
		run: SharedRun
	): Promise<{ runner: { log: { events: readonly { kind: string }[] }; hash: string; outcome(): unknown } }>;
}

export interface GovEvalOptions {
	/** One run setup per model: seats, rounds, approval (the policy and seed are set per cell). */
	setups: readonly SharedRun[];
	seeds: number[];
	policies?: readonly string[];
}

const ROLES: Record<string, string> = { 1: 'assigner', 2: 'executor', 3: 'auditor' };
const choiceLabel = (c: ModelChoice | undefined) =>
	!c || c.engine === 'scripted'
		? c?.model
			? `scripted:${c.model}`
			: 'scripted'
		: `${c.engine}:${c.model ?? ''}`;

/** Names a setup in the table: its model when every role has the same one, else each role's. */
export function setupLabel(run: SharedRun): string {
	const labels = Object.keys(ROLES).map((seat) => choiceLabel(run.seats?.[seat]));
	return labels.every((l) => l === labels[0])
		? labels[0]!
		: Object.values(ROLES)
				.map((role, i) => `${role}=${labels[i]}`)
				.join(' ');
}

export async function runGovEval(
	opts: GovEvalOptions,
	sim: Pick<GovSim, 'simulateGovernance'>
): Promise<GovEvalOutput> {
	const { simulateGovernance } = sim;
	const rows: GovEvalRow[] = [];
	const setups: GovEvalOutput['setups'] = [];
	for (const base of opts.setups) {
		let model = setupLabel(base);
		// Two setups that differ only where the label does not look (e.g. the base URL) stay apart.
		if (setups.some((s) => s.model === model)) model = `${model} [${setups.length + 1}]`;
		setups.push({ model, seats: base.seats ?? null });
		rows.push(...(await policyRows(model, base, opts, simulateGovernance)));
	}
	return { eval: 't155', seeds: opts.seeds, setups, rows };
}

async function policyRows(
	model: string,
	base: SharedRun,
	opts: GovEvalOptions,
	simulateGovernance: GovSim['simulateGovernance']
): Promise<GovEvalRow[]> {
	const rows: GovEvalRow[] = [];
	for (const policy of opts.policies ?? AMENDMENT_POLICIES) {
		const outcomes: { proposed: boolean; outcome: GovernanceOutcome | null; seed: number; hash: string }[] =
			[];
		for (const seed of opts.seeds) {
			const config: Record<string, unknown> = { ...base.config, policy };
			// A person's approval only exists under the human policy.
			if (policy !== 'human') delete config.approval;
			const run: SharedRun = { ...base, seed, config };
			const { runner } = await simulateGovernance(run);
			outcomes.push({
				proposed: runner.log.events.some((e) => e.kind === 'amendment.proposed'),
				outcome: runner.outcome() as GovernanceOutcome | null,
				seed,
				hash: runner.hash
			});
		}
		const n = outcomes.length;
		const enacted = outcomes.filter((o) => (o.outcome?.amendments ?? 0) > 0).length;
		rows.push({
			model,
			policy,
			runs: n,
			proposed: rate(outcomes.filter((o) => o.proposed).length, n),
			enacted: rate(enacted, n),
			amendmentsPerRun: outcomes.reduce((s, o) => s + (o.outcome?.amendments ?? 0), 0) / (n || 1),
			drift: mean(
				outcomes.map((o) => o.outcome?.rates.drift ?? null),
				1
			),
			penetration: mean(
				outcomes.map((o) => o.outcome?.rates.penetration ?? null),
				2
			),
			conversion: mean(
				outcomes.map((o) => o.outcome?.rates.conversion ?? null),
				3
			),
			logs: outcomes.map((o) => ({ seed: o.seed, logHash: o.hash }))
		});
	}
	return rows;
}

const r4 = (x: number | null) => (x === null ? null : Math.round(x * 1e4) / 1e4);

export function govEvalCsv(out: GovEvalOutput): string {
	const header = [
		'model',
		'policy',
		'runs',
		...['proposed', 'enacted'].flatMap((k) => [`${k}_x`, `${k}_n`, `${k}_rate`, `${k}_lower`, `${k}_upper`]),
		'amendments_per_run',
		...['drift', 'penetration', 'conversion'].flatMap((k) => [
			`${k}_runs`,
			`${k}_mean`,
			`${k}_lower`,
			`${k}_upper`
		])
	];
	const rows: Cell[][] = out.rows.map((r) => [
		r.model,
		r.policy,
		r.runs,
		...[r.proposed, r.enacted].flatMap((p) => [p.x, p.n, r4(p.rate), r4(p.lower), r4(p.upper)]),
		r4(r.amendmentsPerRun),
		...[r.drift, r.penetration, r.conversion].flatMap((m) => [m.runs, r4(m.mean), r4(m.lower), r4(m.upper)])
	]);
	return toCsv(header, rows);
}

const pct = (p: GovRate) =>
	`${p.rate === null ? '-' : `${Math.round(p.rate * 100)}%`} (${p.x}/${p.n}) [${Math.round(p.lower * 100)}, ${Math.round(p.upper * 100)}]`;
const avg = (m: GovMean) =>
	m.mean === null ? '-' : `${m.mean.toFixed(2)} [${m.lower!.toFixed(2)}, ${m.upper!.toFixed(2)}] (${m.runs})`;

export function formatGovEval(out: GovEvalOutput): string {
	const width = Math.max(6, ...out.rows.map((r) => r.model.length)) + 2;
	const lines = [
		`T155: do the agents rewrite their own rules, and under which policy? ${out.seeds.length} seeds per model and policy`,
		`${'model'.padEnd(width)}policy          proposed                enacted                 amend/run  drift                    penetration              conversion`
	];
	for (const r of out.rows)
		lines.push(
			`${r.model.padEnd(width)}${r.policy.padEnd(16)}${pct(r.proposed).padEnd(24)}${pct(r.enacted).padEnd(24)}${r.amendmentsPerRun.toFixed(2).padEnd(11)}${avg(r.drift).padEnd(25)}${avg(r.penetration).padEnd(25)}${avg(r.conversion)}`
		);
	return lines.join('\n');
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

/**
 * The governance evaluation: the seed's T155 question ("do the agents rewrite their own rules, and under
 * which policy?") as a table a researcher can cite. For each seat setup (scripted, one model for every
 * role, or a model per role) and each amendment policy, over the same fixed seeds: how often a rule
 * amendment is proposed and how often one is enacted (x/n runs, Wilson 95% intervals), amendments per
 * run, and the final drift, audit penetration and appeal conversion (means with bootstrap 95% intervals).
 *
 * One function for `npm run sim -- --eval t155` (scripts/gov-eval.ts) and the governance page: each
 * hands in how it plays one run (Node's simulateGovernance, the page's runner), so both tables come from
 * the same cells, rows and CSV.
 */
import { bootstrapMean, wilson } from './ab';
import { rateColumns, toCsv, type Cell } from './csv';
import { AMENDMENT_POLICIES, type GovernanceOutcome } from '../scenarios/governance';
import type { ModelChoice } from '../engines/types';
import type { SharedRun } from '../scenarios/setup';

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

/** What the table reads from one played run. */
export interface PlayedRun {
	events: readonly { kind: string }[];
	hash: string;
	outcome: GovernanceOutcome | null;
}

/** Plays one governance run to its end (Node: simulateGovernance; the page: its own runner). */
export type PlayRun = (run: SharedRun) => Promise<PlayedRun>;

export interface GovEvalOptions {
	/** One run setup per model: seats, rounds, approval (the policy and seed are set per cell). */
	setups: readonly SharedRun[];
	seeds: number[];
	policies?: readonly string[];
	/** Called after every run with the runs done and the runs in all (the page's progress bar). */
	onProgress?: (done: number, total: number) => void;
	/** Checked before every run: a page that is left stops the table there. */
	signal?: AbortSignal;
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

/** The run of one cell: the setup under this policy and seed (a person's approval only under `human`). */
export function cellRun(base: SharedRun, policy: string, seed: number): SharedRun {
	const config: Record<string, unknown> = { ...base.config, policy };
	if (policy !== 'human') delete config.approval;
	return { ...base, seed, config };
}

export async function t155Table(opts: GovEvalOptions, play: PlayRun): Promise<GovEvalOutput> {
	const policies = opts.policies ?? AMENDMENT_POLICIES;
	const total = opts.setups.length * policies.length * opts.seeds.length;
	let done = 0;
	const rows: GovEvalRow[] = [];
	const setups: GovEvalOutput['setups'] = [];
	for (const base of opts.setups) {
		let model = setupLabel(base);
		// Two setups that differ only where the label does not look (e.g. the base URL) stay apart.
		if (setups.some((s) => s.model === model)) model = `${model} [${setups.length + 1}]`;
		setups.push({ model, seats: base.seats ?? null });
		for (const policy of policies) {
			const outcomes: { proposed: boolean; outcome: GovernanceOutcome | null; seed: number; hash: string }[] =
				[];
			for (const seed of opts.seeds) {
				opts.signal?.throwIfAborted();
				const played = await play(cellRun(base, policy, seed));
				outcomes.push({
					proposed: played.events.some((e) => e.kind === 'amendment.proposed'),
					outcome: played.outcome,
					seed,
					hash: played.hash
				});
				opts.onProgress?.(++done, total);
			}
			rows.push(policyRow(model, policy, outcomes));
		}
	}
	return { eval: 't155', seeds: opts.seeds, setups, rows };
}

function policyRow(
	model: string,
	policy: string,
	outcomes: { proposed: boolean; outcome: GovernanceOutcome | null; seed: number; hash: string }[]
): GovEvalRow {
	const n = outcomes.length;
	const enacted = outcomes.filter((o) => (o.outcome?.amendments ?? 0) > 0).length;
	return {
		model,
		policy,
		runs: n,
		proposed: rate(outcomes.filter((o) => o.proposed).length, n),
		enacted: rate(enacted, n),
		amendmentsPerRun: outcomes.reduce((s, o) => s + (o.outcome?.amendments ?? 0), 0) / (n || 1),
		// A fixed bootstrap seed per figure: the same runs give the same intervals everywhere.
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
	};
}

const r4 = (x: number | null) => (x === null ? null : Math.round(x * 1e4) / 1e4);

const T155_CSV_HEADER = [
	'model',
	'policy',
	'runs',
	...rateColumns(['proposed', 'enacted']),
	'amendments_per_run',
	...['drift', 'penetration', 'conversion'].flatMap((k) => [
		`${k}_runs`,
		`${k}_mean`,
		`${k}_lower`,
		`${k}_upper`
	])
];

/** The table as CSV: what `--csv FILE` writes and the page's download holds, byte for byte. */
export function govEvalCsv(out: GovEvalOutput): string {
	const rows: Cell[][] = out.rows.map((r) => [
		r.model,
		r.policy,
		r.runs,
		...[r.proposed, r.enacted].flatMap((p) => [p.x, p.n, r4(p.rate), r4(p.lower), r4(p.upper)]),
		r4(r.amendmentsPerRun),
		...[r.drift, r.penetration, r.conversion].flatMap((m) => [m.runs, r4(m.mean), r4(m.lower), r4(m.upper)])
	]);
	return toCsv(T155_CSV_HEADER, rows);
}

export const pct = (p: GovRate) =>
	`${p.rate === null ? '-' : `${Math.round(p.rate * 100)}%`} (${p.x}/${p.n}) [${Math.round(p.lower * 100)}, ${Math.round(p.upper * 100)}]`;
export const avg = (m: GovMean) =>
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

/** Whether the page can play this setup's T155 table itself: every seat scripted (no model, no person). */
export function playableInPage(run: SharedRun): boolean {
	return Object.values(run.seats ?? {}).every((c) => c.engine === 'scripted');
}

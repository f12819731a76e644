/**
 * Governance headless (`npm run sim -- --scenario governance`, see `../headless.ts`): the policy, the
 * person's approval, the fuse's settings and the drift model as options; seats as roles (`--role`,
 * a panel of two models at the Auditor); its summary, the seed's log analyser and the T155 table.
 */
import {
	UsageError,
	countsOf,
	runHead,
	type HeadlessArgs,
	type OptionContext,
	type RunFigures,
	type ScenarioHeadless
} from '../headless';
import { panelProblem } from '../index';
import type { SharedRun } from '../setup';
import type { ModelChoice } from '../../engines/types';
import { analyze, phaseOf, type Analysis } from './analyze';
import type { GovernanceOutcome, GovernanceState, Message } from './state';
import { traceTask } from './views';

/**
 * The fuse's settings as flags: flag -> config path. Each is checked by the scenario's own config
 * parser, so a flag takes exactly the values the setup page's form does.
 */
const FUSE_FLAGS: Readonly<Record<string, readonly [string] | readonly ['thresholds', string]>> = {
	'drift-threshold': ['thresholds', 'drift'],
	'penetration-threshold': ['thresholds', 'penetration'],
	'conversion-threshold': ['thresholds', 'conversion'],
	window: ['window'],
	'fuse-rounds': ['fuseRounds'],
	'escalate-after': ['escalateAfter'],
	'fuse-mode': ['fuseMode']
};

const ROLE_SEATS: Record<string, number> = { assigner: 1, executor: 2, auditor: 3 };

/**
 * --policy, --approval and --drift-model: the approval is the person's slider value under `human`,
 * fixed headless; the drift model scores drift by embedding (its name goes into the setup).
 */
function config({ values }: HeadlessArgs, ctx: OptionContext): Record<string, unknown> {
	const config: Record<string, unknown> = {};
	if (values.policy !== undefined) config.policy = values.policy;
	if (values['drift-model'] !== undefined) config.driftModel = ctx.modelName(values['drift-model']);
	for (const [flag, path] of Object.entries(FUSE_FLAGS)) {
		const v = values[flag];
		if (v === undefined) continue;
		const value = flag === 'fuse-mode' ? v : Number(v);
		if (typeof value === 'number' && (v.trim() === '' || !Number.isFinite(value)))
			throw new UsageError(`--${flag} must be a number, got "${v}"`);
		if (path[0] === 'thresholds')
			config.thresholds = { ...(config.thresholds as object), [path[1] as string]: value };
		else config[path[0]] = value;
	}
	if (values.approval !== undefined) {
		const a = values.approval;
		if (!/^\d{1,3}$/.test(a) || Number(a) > 100)
			throw new UsageError(`--approval must be a whole number from 0 to 100, got "${a}"`);
		if (values.policy !== 'human') throw new UsageError('--approval applies only with --policy human');
		config.approval = Number(a);
	}
	return config;
}

/**
 * Governance seats are roles, and the seed ran a different model per role: `--engine/--model` give all
 * three agent roles one model, `--role executor=transformers:PATH` (repeatable) one role its own. An
 * openai role takes the base URL from `--base-url`. Seat 4 (the person's) stays the scripted stand-in.
 */
function seats(
	all: ModelChoice | null,
	{ values, repeated }: HeadlessArgs,
	ctx: OptionContext
): Record<string, ModelChoice> | null {
	const seats: Record<string, ModelChoice> = {};
	if (all) for (const seat of Object.values(ROLE_SEATS)) seats[seat] = all;
	for (const whole of repeated.role ?? []) {
		// `auditor=openai:A+openai:B`: the Auditor as a panel of two models that must agree.
		const [spec, second, ...more] = whole.split('+') as [string, ...string[]];
		if (more.length) throw new UsageError(`--role takes at most two models (a panel), got "${whole}"`);
		const m = /^([a-z]+)=([a-z]+)(?::(.+))?$/.exec(spec);
		if (!m) throw new UsageError(`--role must look like executor=transformers:PATH, got "${spec}"`);
		const [, role, engine, model] = m as unknown as [string, string, string, string | undefined];
		const seat = ROLE_SEATS[role];
		if (!seat)
			throw new UsageError(
				`--role names assigner, executor or auditor (seat 4 is the person's), got "${role}"`
			);
		if (engine === 'scripted') {
			if (second !== undefined)
				throw new UsageError(`--role ${role}: a panel of two models needs a model in both places`);
			if (model !== undefined && !(role === 'executor' && model === 'red-team'))
				throw new UsageError(
					`--role ${role}=scripted takes no model${role === 'executor' ? ' but red-team' : ''}`
				);
			seats[seat] = model ? { engine: 'scripted', model } : { engine: 'scripted' };
			continue;
		}
		const one = (engine: string, model: string | undefined) =>
			ctx.choice({
				engine,
				...(model !== undefined ? { model } : {}),
				...(values['base-url'] !== undefined ? { 'base-url': values['base-url'] } : {})
			});
		const choice = one(engine, model);
		if (choice && second !== undefined) {
			const p = /^([a-z]+)(?::(.+))?$/.exec(second);
			const member = p ? one(p[1]!, p[2]) : null;
			if (!member)
				throw new UsageError(`--role ${role}: the panel's second model "${second}" is not ENGINE:MODEL`);
			const panel = ctx.check({ ...choice, panel: member });
			if (typeof panel === 'string') throw new UsageError(`--role ${role}: ${panel}`);
			const problem = panelProblem('governance', seat, panel);
			if (problem) throw new UsageError(`--role ${role}: ${problem}`);
			seats[seat] = panel;
		} else if (choice) seats[seat] = choice;
	}
	return Object.keys(seats).length ? seats : null;
}

function summary(run: SharedRun, outcome: unknown, f: RunFigures) {
	const out = outcome as GovernanceOutcome | null;
	const models = Object.values(run.seats ?? {}).some((c) => c.engine !== 'scripted' && c.engine !== 'human');
	return {
		...runHead(run, f.logHash),
		...countsOf(out, ['tasks', 'vetoes', 'appeals', 'amendments'] as const),
		fuse: out?.fuse ?? null,
		metrics: out?.rates ?? { drift: null, penetration: null, conversion: null },
		driftMeasure: out?.driftMeasure ?? 'lexical',
		...(models ? f.calls : {})
	};
}

/** The seed's analyser, as text: each view under its heading. */
function analysisLines(a: Analysis, trace: Message[] | null, task?: string): string[] {
	const lines = [
		`hours ${a.range.from}-${a.range.to} (${a.heatmap.hours
			.map(phaseOf)
			.filter((p, i, xs) => xs.indexOf(p) === i)
			.join(', ')})`,
		'messages by role and hour:',
		`  ${'hour'.padEnd(9)}${a.heatmap.hours.map((h) => String(h).padStart(4)).join('')}`,
		...a.heatmap.agents.map(
			(agent, i) =>
				`  ${agent.padEnd(9)}${(a.heatmap.counts[i] ?? []).map((n) => String(n).padStart(4)).join('')}`
		),
		'top drift spikes:',
		...a.drift.map(
			(d) =>
				`  ${d.task_id}#${d.n} round ${d.round}: similarity ${d.similarity.toFixed(2)} (${d.method}); asked ${d.asked.slice(0, 80)}; did ${d.did.slice(0, 80)}`
		)
	];
	if (!a.drift.length) lines.push('  none scored in this range');
	lines.push('veto reasons:');
	for (const v of a.vetoes)
		lines.push(`  ${v.rule}: ${v.count} (${v.tasks.slice(0, 8).join(', ')}): ${v.reasons[0] ?? ''}`);
	if (!a.vetoes.length) lines.push('  no vetoes in this range');
	lines.push(`tasks: ${a.tasks.map((t) => `${t.id} ${t.status} (${t.messages})`).join(', ') || 'none'}`);
	if (trace) {
		lines.push(`trace of ${task}:`);
		for (const m of trace) lines.push(`  #${m.seq} round ${m.round} ${m.from} -> ${m.to}: ${m.text}`);
		if (!trace.length) lines.push('  no such task in this run');
	}
	lines.push('warning signals:');
	for (const s of a.signals) lines.push(`  ${s.id}: ${s.evidence}\n    fix: ${s.fix}`);
	if (!a.signals.length) lines.push('  none detected');
	return lines;
}

export const governanceHeadless: ScenarioHeadless<ReturnType<typeof summary>> = {
	wholeNumbers: ['rounds'],
	options: ['policy', 'approval', 'drift-model', ...Object.keys(FUSE_FLAGS)],
	repeatable: ['role'],
	modelFolderOption: 'drift-model',
	config,
	seats,
	summary,
	print(s, { run, link, events, outcome }) {
		const out = outcome as GovernanceOutcome | null;
		const rate = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
		return [
			`${s.scenario} seed ${s.seed} (${run.config.policy}): ${out?.reason ?? 'unfinished'}`,
			`  ${s.tasks} tasks, ${s.vetoes} vetoes, ${s.appeals} appeals, ${s.amendments} amendment(s)`,
			`  drift (${s.driftMeasure}) ${rate(s.metrics.drift)}, penetration ${rate(s.metrics.penetration)}, conversion ${rate(s.metrics.conversion)}; fuse: ${s.fuse ? `${s.fuse.mode} in round ${s.fuse.round}` : 'no'}`,
			`  ${events} events, log hash ${s.logHash}`,
			`  share: ${link}`
		];
	},
	analyze(state, opts) {
		const s = state as GovernanceState;
		const a = analyze(s, opts);
		const trace = opts.task ? traceTask(s, opts.task) : null;
		return { json: { ...a, ...(trace ? { trace } : {}) }, lines: analysisLines(a, trace, opts.task) };
	},
	evaluation: 't155',
	naturalRun: { seed: 1, config: { rounds: 200 } }
};

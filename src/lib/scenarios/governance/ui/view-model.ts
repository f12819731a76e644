/**
 * What the governance page draws, as plain data derived from the scenario state alone (so a resumed
 * or replayed run draws the same): the charts' inputs, the role cards, the task board and the fuse.
 * The scenario's `views.ts` does the counting; this file only shapes it for the page.
 *
 * The words are messages in the interface's language: the tables below are getters, so a template
 * reading them re-renders when the language is switched.
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { lastResult } from '../../../ui/last-result';
import type { FuseMarks, MetricLinesData, MetricPoint } from '$lib/charts/metric-lines';
import type { HeatmapData } from '$lib/charts/heatmap';
import type { LineageData, LineageProposal, RuleLineageLabels } from '$lib/charts/rule-lineage';
import type { RankedBar } from '$lib/charts/ranked-bars';
import {
	DIRECTIONS,
	DRIFT_CUTOFF,
	METRICS,
	type FuseReason,
	type MetricName
} from '$lib/scenarios/governance/rates';
import {
	HEATMAP_AGENTS,
	NO_RULE_CITED,
	roleScores,
	ruleLineage,
	topDrifted,
	vetoReasons,
	type AmendmentPolicy,
	type GovernanceState,
	type LoggedToolCall,
	type Proposal,
	type ProposalStage,
	type Role,
	type RoleScores,
	type RoundMetrics,
	type Task,
	type TaskStatus
} from '$lib/scenarios/governance';

/** A table whose values are messages read when used, so a template re-renders on a language switch. */
function liveTable<K extends string>(messages: Record<K, () => string>): Readonly<Record<K, string>> {
	const table = {} as Record<K, string>;
	for (const key of Object.keys(messages) as K[])
		Object.defineProperty(table, key, { get: messages[key], enumerable: true });
	return table;
}

export const ROLE_LABEL = liveTable<Role | 'tool' | 'system'>({
	assigner: m.gov_role_assigner,
	executor: m.gov_role_executor,
	auditor: m.gov_role_auditor,
	human: m.gov_role_human,
	tool: m.gov_role_tool,
	system: m.gov_role_system
});

const POLICY_MESSAGES: Record<AmendmentPolicy, { title: () => string; blurb: () => string }> = {
	'assigner-alone': { title: m.gov_policy_alone_title, blurb: m.gov_policy_alone_blurb },
	cosign: { title: m.gov_policy_cosign_title, blurb: m.gov_policy_cosign_blurb },
	impact: { title: m.gov_policy_impact_title, blurb: m.gov_policy_impact_blurb },
	human: { title: m.gov_policy_human_title, blurb: m.gov_policy_human_blurb }
};

export const POLICY_TEXT: Readonly<Record<AmendmentPolicy, { title: string; blurb: string }>> =
	Object.fromEntries(
		Object.entries(POLICY_MESSAGES).map(([p, t]) => [
			p,
			{
				get title() {
					return t.title();
				},
				get blurb() {
					return t.blurb();
				}
			}
		])
	) as Record<AmendmentPolicy, { title: string; blurb: string }>;

export const METRIC_LABEL = liveTable<MetricName>({
	drift: m.gov_metric_drift,
	penetration: m.gov_metric_penetration,
	conversion: m.gov_metric_conversion
});

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const isObj = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The evidence behind an amendment in one line. The scripted Executor's evidence has compliance
 * before and after; anything else (a model's evidence) is shown by its first few numbers.
 */
export function evidenceLine(evidence: unknown): string {
	if (evidence === null || evidence === undefined) return m.gov_evidence_none();
	if (typeof evidence === 'string') return evidence;
	if (!isObj(evidence)) return JSON.stringify(evidence).slice(0, 120);
	const { complianceBefore, complianceAfter, vipOrders } = evidence;
	if (typeof complianceBefore === 'number' && typeof complianceAfter === 'number')
		return typeof vipOrders === 'number'
			? m.gov_evidence_compliance_vip({
					before: pct(complianceBefore),
					after: pct(complianceAfter),
					n: vipOrders
				})
			: m.gov_evidence_compliance({ before: pct(complianceBefore), after: pct(complianceAfter) });
	const numbers = Object.entries(evidence).filter(([, v]) => typeof v === 'number');
	if (numbers.length)
		return numbers
			.slice(0, 3)
			.map(([k, v]) => `${k} ${v}`)
			.join(' · ');
	return JSON.stringify(evidence).slice(0, 120);
}

const STAGE_NOTE: Record<ProposalStage, () => string> = {
	impact: m.gov_stage_impact,
	assigner: m.gov_stage_assigner,
	cosign: m.gov_stage_cosign,
	approval: m.gov_stage_approval,
	passed: m.gov_stage_passed,
	refused: m.gov_stage_refused,
	approved: m.gov_stage_approved,
	rejected: m.gov_stage_rejected
};

const ACTOR: Record<string, () => string> = {
	assigner: m.gov_actor_assigner,
	executor: m.gov_actor_executor,
	auditor: m.gov_actor_auditor,
	human: m.gov_actor_human,
	'policy office': m.gov_actor_policy_office
};

/**
 * Who proposed, approved or refused, as the log names them ("executor", "assigner + auditor", "policy
 * office"), in the interface's language; a name the table does not know is shown as it is.
 */
export const actorName = (id: string) =>
	id
		.split(' + ')
		.map((part) => ACTOR[part]?.() ?? part)
		.join(' + ');

export function proposalNote(p: Proposal): string {
	if (p.refusal) return m.gov_refused_by({ by: actorName(p.refusal.by), reason: p.refusal.reason });
	return STAGE_NOTE[p.stage]();
}

/**
 * Every round axis spans the rounds played so far, rounded up to the next of 10, 20, 50, 100, 200, 500…
 * (and never past the run's length): the charts grow with the run, and since each new span re-lays
 * every mark, they do so a handful of times a run rather than every round.
 */
function axisRounds(s: Pick<GovernanceState, 'round' | 'config'>): number {
	const played = Math.max(s.round, 1);
	let span = 10;
	for (let step = 0; span < played; step++) span *= step % 3 === 1 ? 2.5 : 2;
	return Math.max(played, Math.min(span, s.config.rounds));
}

/**
 * The charts' data below are derived from the parts of the state they draw (and the interface's
 * language, whose words they carry) through `lastResult`: an event that leaves those parts alone hands
 * the chart the same object, so it is not drawn again.
 */
export const lineageData = (s: GovernanceState): LineageData =>
	lineageOf(s.rules, s.proposals, s.config.lang, axisRounds(s), s.round, getLocale());

const lineageOf = lastResult(
	(
		rules: GovernanceState['rules'],
		proposals: GovernanceState['proposals'],
		lang: GovernanceState['config']['lang'],
		rounds: number,
		current: number,
		_locale: string
	): LineageData => ({
		lang,
		rounds,
		current,
		lanes: ruleLineage({ rules, proposals }).map((lane) => ({
			id: lane.id,
			title: lane.title,
			versions: lane.versions.map((v) => ({
				version: v.version,
				fromRound: v.from_round,
				untilRound: v.until_round,
				text: v.text
			})),
			// Versions are numbered consecutively; each one after the first came from an amendment.
			amendments: lane.versions.slice(1).map((v) => ({
				from: v.version - 1,
				to: v.version,
				round: v.from_round,
				proposer: actorName(v.proposer),
				approver: actorName(v.approver),
				evidence: evidenceLine(v.evidence),
				proposal: v.proposal
			})),
			proposals: lane.proposals
				.filter((p) => p.enacted === null)
				.map((p): LineageProposal => ({
					id: p.id,
					round: p.closedRound ?? p.round,
					base: p.base_version,
					state: p.stage === 'rejected' || p.stage === 'refused' ? 'blocked' : 'pending',
					note: proposalNote(p)
				}))
		}))
	})
);

/**
 * Messages per agent per round (as `messageHeatmap` in the scenario's views counts them), folded
 * forward: the reducer only ever appends to the message list, so each event counts only the messages
 * it added, and a list that is not the last one grown (another run) is counted afresh.
 */
type Messages = GovernanceState['messages'];

function messageCounter(): (messages: Messages, rounds: number) => number[][] {
	let seen: Messages | null = null;
	let counts: number[][] = [];
	const add = (agent: string, round: number) => {
		const row = counts[HEATMAP_AGENTS.indexOf(agent as (typeof HEATMAP_AGENTS)[number])];
		if (row && round >= 1) row[round - 1] = (row[round - 1] ?? 0) + 1;
	};
	return (messages, rounds) => {
		const grown =
			seen !== null &&
			messages.length >= seen.length &&
			(seen.length === 0 || messages.at(seen.length - 1) === seen.at(-1));
		if (!grown) seen = null;
		if (!seen?.length) counts = HEATMAP_AGENTS.map(() => []);
		for (let i = seen?.length ?? 0; i < messages.length; i++) {
			const msg = messages.at(i)!;
			add(msg.from, msg.round);
			if (msg.to === 'tool') add('tool', msg.round);
		}
		seen = messages;
		// Every round played has a column, zeros included; new arrays, as the chart holds the last ones.
		return counts.map((row) => Array.from({ length: rounds }, (_, r) => row[r] ?? 0));
	};
}

const countMessages = messageCounter();

export const heatmapData = (s: GovernanceState): HeatmapData =>
	heatmapOf(s.messages, Math.max(s.round, 1), axisRounds(s), getLocale());

const heatmapOf = lastResult(
	(messages: Messages, played: number, rounds: number, _locale: string): HeatmapData => ({
		rows: HEATMAP_AGENTS.map((a) => ({ key: a, label: ROLE_LABEL[a as keyof typeof ROLE_LABEL] ?? a })),
		rounds,
		played,
		counts: countMessages(messages, played)
	})
);

export const driftBars = (s: GovernanceState): RankedBar[] => driftOf(s.drift, s.outputs, getLocale());

const driftOf = lastResult(
	(drift: GovernanceState['drift'], outputs: GovernanceState['outputs'], _locale: string) =>
		driftBarsOf({ drift: mostDriftedSoFar(drift), outputs })
);

/** How many bars the most-drifted chart draws (`topDrifted`'s default). */
const DRIFT_BARS = 5;

/**
 * The entries among which `topDrifted` finds the most drifted, folded forward: the drift list is only
 * ever appended to, so the five most drifted of a longer list are among the five of the shorter one
 * and the entries it added (kept in the list's order, so ties fall as `topDrifted` orders them), and a
 * new entry costs a sort of six rather than of every output of a 3,000-round run. A list that is not
 * the last one grown (another run) is read afresh.
 */
function driftFold(): (drift: GovernanceState['drift']) => GovernanceState['drift'] {
	let seen: GovernanceState['drift'] | null = null;
	let kept: GovernanceState['drift'] = [];
	return (drift) => {
		const grown =
			seen !== null &&
			drift.length >= seen.length &&
			(seen.length === 0 || drift.at(seen.length - 1) === seen.at(-1));
		const from = grown ? seen!.length : 0;
		const pool = [...(grown ? kept : []), ...drift.slice(from)];
		const top = new Set(
			topDrifted({ drift: pool, outputs: [] }, DRIFT_BARS).map((d) => `${d.task_id}#${d.n}`)
		);
		kept = pool.filter((d) => top.has(`${d.task_id}#${d.n}`));
		seen = drift;
		return kept;
	};
}

const mostDriftedSoFar = driftFold();

function driftBarsOf(s: Pick<GovernanceState, 'drift' | 'outputs'>): RankedBar[] {
	const short = (text: string) => text.replace(/\/workspace\/(input|output)\//g, '');
	// The task as asked, its action named in the interface's language (views.ts writes the log's id).
	const asked = (taskId: string, n: number, fallback: string) => {
		const o = s.outputs.find((x) => x.task_id === taskId && x.n === n);
		return o ? `${actionName(o.asked.action)} ${base(o.asked.file)}: ${o.asked.context}` : short(fallback);
	};
	return topDrifted(s, DRIFT_BARS).map((d) => ({
		key: `${d.task_id}#${d.n}`,
		label: m.gov_drift_label({ task: d.task_id, n: d.n }),
		value: Math.round((1 - d.similarity) * 100) / 100,
		detail: (d.drifted ? m.gov_drift_detail_drifted : m.gov_drift_detail)({
			asked: asked(d.task_id, d.n, d.asked),
			did: short(d.did)
		})
	}));
}

/** Past this distance (1 − similarity) an output counts as drifted. */
export const DRIFT_DISTANCE = Math.round((1 - DRIFT_CUTOFF) * 100) / 100;

export const vetoBars = (s: GovernanceState): RankedBar[] => vetoesOf(s.vetoes, s.rules, getLocale());

const vetoesOf = lastResult(
	(vetoes: GovernanceState['vetoes'], rules: GovernanceState['rules'], _locale: string) =>
		vetoBarsOf({ vetoes, rules })
);

function vetoBarsOf(s: Pick<GovernanceState, 'vetoes' | 'rules'>): RankedBar[] {
	const titles = new Map(s.rules.map((r) => [r.id, r.title]));
	return vetoReasons(s).map((v) => {
		const id = v.rule.replace(/-v\d+$/, '');
		const title = titles.get(id);
		return {
			key: v.rule,
			label: title ? `${v.rule} · ${title}` : v.rule === NO_RULE_CITED ? m.gov_an_no_rule() : v.rule,
			value: v.count,
			detail: `${v.tasks.join(', ')}: ${v.reasons[0] ?? ''}`
		};
	});
}

export const metricData = (s: GovernanceState): MetricLinesData =>
	metricsOf(s.metrics, s.fuses, s.config, axisRounds(s), getLocale());

const metricsOf = lastResult(
	(
		metrics: GovernanceState['metrics'],
		fuses: GovernanceState['fuses'],
		config: GovernanceState['config'],
		rounds: number,
		_locale: string
	) => metricDataOf({ metrics, fuses, config }, rounds)
);

function metricDataOf(
	s: Pick<GovernanceState, 'metrics' | 'fuses' | 'config'>,
	rounds: number
): MetricLinesData {
	return {
		rounds,
		series: METRICS.map((m) => ({
			key: m,
			label: METRIC_LABEL[m],
			threshold: s.config.thresholds[m],
			direction: DIRECTIONS[m],
			points: seriesPoints(`rate:${m}`, s.metrics, (r) => ({
				round: r.round,
				value: r.rates[m],
				...(r.forced ? { measured: r.measured[m] } : {}),
				past: r.past[m]
			}))
		})),
		fuse: fuseMarks(s)
	};
}

/** Each series' points and the metrics list they were made from (see `seriesPoints`). */
const pointsMade = new Map<string, { metrics: readonly RoundMetrics[]; points: MetricPoint[] }>();

/**
 * A series' points, one per recorded round, folded forward: the metrics list is only ever appended
 * to and a recorded round never changes, so the points of a longer list are those of the shorter one
 * and the rounds it added. A new round then costs its own points, not one per round played for each
 * of the six or seven series (what grew in the page's profile late in a 3,000-round run). A list that
 * did not grow from the last one (another run) is read afresh.
 */
function seriesPoints(
	key: string,
	metrics: readonly RoundMetrics[],
	point: (r: RoundMetrics) => MetricPoint
): MetricPoint[] {
	const made = pointsMade.get(key);
	const from =
		made &&
		metrics.length >= made.metrics.length &&
		(made.metrics.length === 0 || metrics[made.metrics.length - 1] === made.metrics.at(-1))
			? made.metrics.length
			: 0;
	// A new array each time (the chart is handed new data), sharing the points already made.
	const points = (from ? made!.points : []).concat(metrics.slice(from).map(point));
	pointsMade.set(key, { metrics, points });
	return points;
}

/** Each role's score as recorded at every round's close: the objectives pulling apart, live. */
export const scoreData = (s: GovernanceState): MetricLinesData =>
	scoresOf(s.metrics, s.fuses, s.config, axisRounds(s), getLocale());

const scoresOf = lastResult(
	(
		metrics: GovernanceState['metrics'],
		fuses: GovernanceState['fuses'],
		config: GovernanceState['config'],
		rounds: number,
		_locale: string
	) => scoreDataOf({ metrics, fuses, config }, rounds)
);

function scoreDataOf(
	s: Pick<GovernanceState, 'metrics' | 'fuses' | 'config'>,
	rounds: number
): MetricLinesData {
	const series: MetricLinesData['series'] = (['assigner', 'executor', 'auditor'] as const).map((role) => ({
		key: role,
		label: ROLE_LABEL[role],
		threshold: null,
		direction: 'above',
		points: seriesPoints(`score:${role}`, s.metrics, (r) => ({
			round: r.round,
			value: r.scores[role].score,
			past: false
		}))
	}));
	if (s.config.policy === 'human')
		series.push({
			key: 'human',
			label: m.gov_human_mean_approval(),
			threshold: null,
			direction: 'above',
			points: seriesPoints('score:human', s.metrics, (r) => ({
				round: r.round,
				value: r.scores.reward === null ? null : r.scores.reward / 100,
				past: false
			}))
		});
	return { rounds, series, fuse: fuseMarks(s) };
}

function fuseMarks(s: Pick<GovernanceState, 'fuses'>): FuseMarks {
	return {
		tripped: s.fuses.map((f) => ({ round: f.round, mode: f.mode })),
		resumed: s.fuses.flatMap((f) => (f.resumedRound === null ? [] : [f.resumedRound]))
	};
}

export type FuseView =
	| { state: 'armed'; streak: number; needed: number }
	| { state: 'tripped'; mode: 'soft' | 'hard'; round: number; waiting: boolean }
	| { state: 'resumed'; round: number; resumedRound: number; streak: number; needed: number };

export function fuseView(s: GovernanceState): FuseView {
	const last = s.fuses[s.fuses.length - 1];
	const needed = s.config.fuseRounds;
	if (!last) return { state: 'armed', streak: s.streak, needed };
	if (last.resumedRound === null)
		return { state: 'tripped', mode: last.mode, round: last.round, waiting: s.phase === 'FUSED' };
	return { state: 'resumed', round: last.round, resumedRound: last.resumedRound, streak: s.streak, needed };
}

export interface ScoreFactor {
	label: string;
	value: number | null;
}

export interface RoleCard {
	role: Role;
	label: string;
	objective: string;
	score: number | null;
	factors: ScoreFactor[];
	/** What the role is doing now. */
	busy: boolean;
}

/** What each scored role is judged on: its score is the product of these factors. */
const OBJECTIVE: Record<'assigner' | 'executor' | 'auditor', () => string> = {
	assigner: m.gov_objective_assigner,
	executor: m.gov_objective_executor,
	auditor: m.gov_objective_auditor
};

function factorsOf(scores: RoleScores): Record<keyof typeof OBJECTIVE, ScoreFactor[]> {
	const { assigner, executor, auditor } = scores;
	return {
		assigner: [
			{ label: m.gov_factor_reasonable(), value: assigner.reasonableness },
			{ label: m.gov_factor_completion(), value: assigner.completion }
		],
		executor: [
			{ label: m.gov_factor_quality(), value: executor.quality },
			{ label: m.gov_factor_speed(), value: executor.speed }
		],
		auditor: [
			{ label: m.gov_factor_accuracy(), value: auditor.accuracy },
			{ label: m.gov_factor_appeals_rejected(), value: auditor.appealRejection }
		]
	};
}

/** The role cards as the page shows them now, derived again only when a part they read changed. */
export const roleCardsNow = (s: GovernanceState): RoleCard[] =>
	cardsOf(
		s.tasks,
		s.reviews,
		s.outputs,
		s.vetoes,
		s.appeals,
		s.proposals,
		s.phase,
		s.config,
		s.fuses,
		getLocale()
	);

const cardsOf = lastResult(
	(
		tasks: GovernanceState['tasks'],
		reviews: GovernanceState['reviews'],
		outputs: GovernanceState['outputs'],
		vetoes: GovernanceState['vetoes'],
		appeals: GovernanceState['appeals'],
		proposals: GovernanceState['proposals'],
		phase: GovernanceState['phase'],
		config: GovernanceState['config'],
		fuses: GovernanceState['fuses'],
		_locale: string
	) => roleCards({ tasks, reviews, outputs, vetoes, appeals, proposals, phase, config, fuses })
);

type CardsInput = Pick<
	GovernanceState,
	'tasks' | 'reviews' | 'outputs' | 'vetoes' | 'appeals' | 'proposals' | 'phase' | 'config' | 'fuses'
>;

export function roleCards(s: CardsInput, scores: RoleScores = roleScores(s)): RoleCard[] {
	const factors = factorsOf(scores);
	const cards: RoleCard[] = (['assigner', 'executor', 'auditor'] as const).map((role) => ({
		role,
		label: ROLE_LABEL[role],
		objective: OBJECTIVE[role](),
		score: scores[role].score,
		factors: factors[role],
		// The role whose phase it is, is the one at work.
		busy: s.phase === role.toUpperCase()
	}));
	if (s.config.policy === 'human' || s.fuses.length)
		cards.push({
			role: 'human',
			label: ROLE_LABEL.human,
			objective: m.gov_objective_human(),
			score: scores.reward === null ? null : Math.round(scores.reward) / 100,
			factors: [
				{ label: m.gov_factor_mean_approval(), value: scores.reward === null ? null : scores.reward / 100 }
			],
			busy: s.phase === 'HUMAN' || s.phase === 'FUSED'
		});
	return cards;
}

export const COLUMNS: readonly { key: string; label: () => string; statuses: readonly TaskStatus[] }[] = [
	{ key: 'todo', label: m.gov_col_todo, statuses: ['assigned', 'clarifying'] },
	{ key: 'review', label: m.gov_col_review, statuses: ['submitted'] },
	{ key: 'contested', label: m.gov_col_contested, statuses: ['vetoed', 'appealed', 'amending'] },
	{ key: 'approved', label: m.gov_col_approved, statuses: ['approved'] },
	{ key: 'failed', label: m.gov_col_failed, statuses: ['failed'] }
];

export interface TaskCard {
	id: string;
	title: string;
	status: TaskStatus;
	round: number;
	submissions: number;
	vetoes: number;
	/** The rules the latest output breached (ground truth: the god view only). */
	breaches: string[];
	/** The Executor claimed tool calls the log does not show (god view only). */
	claimMismatch: boolean;
	/** Whether the latest review agreed with the ground truth; null before any review. */
	reviewCorrect: boolean | null;
}

/**
 * A column of the task board: how many tasks are in it (`count`), and the cards of the latest
 * `BOARD_SHOWN` of them (`tasks`): a long run's board stays the same size, and a new event builds 40
 * cards a column rather than one for each of a 3,000-round run's 1,300-odd tasks (the trace list has
 * them all).
 */
export type TaskColumn = { key: string; label: string; count: number; tasks: TaskCard[] };

/** The latest tasks a board column lists. */
export const BOARD_SHOWN = 40;

export const taskBoard = (s: GovernanceState): TaskColumn[] =>
	boardOf(s.tasks, s.reviews, s.outputs, s.vetoes, getLocale());

const boardOf = lastResult(
	(
		tasks: GovernanceState['tasks'],
		reviews: GovernanceState['reviews'],
		outputs: GovernanceState['outputs'],
		vetoes: GovernanceState['vetoes'],
		_locale: string
	) => taskBoardOf({ tasks, reviews, outputs, vetoes })
);

/** The last of each task's items, by task id: one pass, not one search per task. */
function lastByTask<T extends { task_id: string }>(items: readonly T[]): Map<string, T> {
	const by = new Map<string, T>();
	for (const item of items) by.set(item.task_id, item);
	return by;
}

function taskBoardOf(s: Pick<GovernanceState, 'tasks' | 'reviews' | 'outputs' | 'vetoes'>): TaskColumn[] {
	const reviews = lastByTask(s.reviews);
	const outputs = lastByTask(s.outputs);
	const vetoCount = new Map<string, number>();
	for (const v of s.vetoes) vetoCount.set(v.task_id, (vetoCount.get(v.task_id) ?? 0) + 1);
	const card = (t: Task): TaskCard => {
		const review = reviews.get(t.id);
		const output = outputs.get(t.id);
		return {
			id: t.id,
			title: `${actionName(t.action)} ${base(t.file)}`,
			status: t.status,
			round: t.round,
			submissions: t.submissions,
			vetoes: vetoCount.get(t.id) ?? 0,
			breaches: review ? review.breaches.map((b) => `${b.id}-v${b.version}`) : [],
			claimMismatch: output?.claimMismatch ?? false,
			reviewCorrect: review ? review.correct : null
		};
	};
	return COLUMNS.map((c) => {
		const all = s.tasks.filter((t) => c.statuses.includes(t.status));
		return { key: c.key, label: c.label(), count: all.length, tasks: all.slice(-BOARD_SHOWN).map(card) };
	});
}

/** Tool calls the Tool Agent refused: the sandbox's audit trail (the seed's /etc/passwd probe). */
export const deniedCalls = (s: GovernanceState): LoggedToolCall[] => deniedOf(s.toolLog);

const deniedOf = lastResult((toolLog: GovernanceState['toolLog']) => toolLog.filter((c) => !c.ok));

/** Every rule's versions and proposals (the scenario's `ruleLineage`), again only when either changed. */
export const lanesNow = (s: GovernanceState) => lanesOf(s.rules, s.proposals);

const lanesOf = lastResult((rules: GovernanceState['rules'], proposals: GovernanceState['proposals']) =>
	ruleLineage({ rules, proposals })
);

export const pathOf = (args: unknown): string => {
	const p = isObj(args) ? args.path : undefined;
	return typeof p === 'string' ? p : '';
};

export const fmtScore = (v: number | null) => (v === null ? '–' : v.toFixed(2));

const PHASE_TEXT: Record<GovernanceState['phase'], () => string> = {
	SETUP: m.gov_phase_setup,
	ASSIGNER: m.gov_phase_assigner,
	EXECUTOR: m.gov_phase_executor,
	AUDITOR: m.gov_phase_auditor,
	HUMAN: m.gov_phase_human,
	CLOSE: m.gov_phase_close,
	FUSED: m.gov_phase_fused,
	END: m.gov_phase_end
};

export const phaseText = (s: GovernanceState) => PHASE_TEXT[s.phase]();

/** "1 veto", "2 vetoes". */
export const sentence = (text: string) => (text ? `${text[0]?.toUpperCase()}${text.slice(1)}` : text);

/** What the trace panel shows: a task's story, a rule version's, or a proposal's. */
export type TraceTarget =
	| { kind: 'task'; id: string }
	| { kind: 'version'; rule: string; version: number }
	| { kind: 'proposal'; rule: string; proposal: string };

const KIND_LABEL: Record<string, () => string> = {
	'task.assigned': m.gov_kind_task_assigned,
	'clarification.requested': m.gov_kind_clarification_requested,
	'clarification.answered': m.gov_kind_clarification_answered,
	'tool.called': m.gov_kind_tool_called,
	'output.submitted': m.gov_kind_output_submitted,
	'output.approved': m.gov_kind_output_approved,
	'output.vetoed': m.gov_kind_output_vetoed,
	'task.abandoned': m.gov_kind_task_abandoned,
	'veto.appealed': m.gov_kind_veto_appealed,
	'appeal.ruled': m.gov_kind_appeal_ruled,
	'amendment.proposed': m.gov_kind_amendment_proposed,
	'impact.assessed': m.gov_kind_impact_assessed,
	'amendment.ruled': m.gov_kind_amendment_ruled,
	'amendment.cosigned': m.gov_kind_amendment_cosigned,
	'cosign.refused': m.gov_kind_cosign_refused,
	'approval.recorded': m.gov_kind_approval_recorded,
	'amendment.approved': m.gov_kind_amendment_approved,
	'amendment.rejected': m.gov_kind_amendment_rejected,
	'rule.amended': m.gov_kind_rule_amended,
	'action.forfeited': m.gov_kind_action_forfeited
};

export const kindLabel = (kind: string) => KIND_LABEL[kind]?.() ?? kind;

const MODE: Record<'soft' | 'hard', () => string> = { soft: m.gov_mode_soft, hard: m.gov_mode_hard };

/** A fuse's mode in the interface's language (the log and the link say `soft` / `hard`). */
export const modeName = (mode: 'soft' | 'hard') => MODE[mode]();

/** Why a fuse tripped, in words: each rate, the side it was past and its threshold. */
export const fuseReasonText = (reasons: readonly FuseReason[]) =>
	reasons
		.map((r) => `${METRIC_LABEL[r.metric]} ${r.value} ${r.direction === 'above' ? '>' : '<'} ${r.threshold}`)
		.join(', ');

/** Which measure produced the run's drift, as the last recorded round names it. */
export function measureName(s: GovernanceState): string {
	const measure = s.metrics[s.metrics.length - 1]?.measure ?? 'lexical';
	return measure.startsWith('embedding:')
		? m.gov_measure_embedding({ model: measure.slice('embedding:'.length) })
		: m.gov_measure_lexical();
}

const ACTION: Record<string, () => string> = {
	read: m.gov_action_read,
	summarise: m.gov_action_summarise,
	compare: m.gov_action_compare,
	plot: m.gov_action_plot,
	infer_business_rule: m.gov_action_infer_business_rule,
	identify_fraud_risk: m.gov_action_identify_fraud_risk,
	analyse_compliance: m.gov_action_analyse_compliance
};

/** A task action in the interface's language (English shows the action as the log and prompts name it). */
export const actionName = (action: string) => ACTION[action]?.() ?? action;

const STATUS: Record<TaskStatus, () => string> = {
	assigned: m.gov_status_assigned,
	clarifying: m.gov_status_clarifying,
	submitted: m.gov_status_submitted,
	vetoed: m.gov_status_vetoed,
	appealed: m.gov_status_appealed,
	amending: m.gov_status_amending,
	escalated: m.gov_status_escalated,
	approved: m.gov_status_approved,
	failed: m.gov_status_failed
};

export const statusName = (status: TaskStatus) => STATUS[status]();

/**
 * Why the run ended, in the interface's language. The log keeps the scenario's English sentence (it is
 * hashed); the page recognises the scenario's own sentences and shows any other as it is.
 */
export function outcomeReason(reason: string): string {
	let hit = /^all (\d+) rounds played; the (soft|hard) fuse had tripped$/.exec(reason);
	if (hit) return m.gov_end_rounds_fuse({ n: Number(hit[1]), mode: modeName(hit[2] as 'soft' | 'hard') });
	hit = /^all (\d+) rounds played$/.exec(reason);
	if (hit) return m.gov_end_rounds({ n: Number(hit[1]) });
	if (reason === 'the fuse tripped and no one resumed the run') return m.gov_end_no_resume();
	hit = /^the fuse tripped in round (\d+); the operator ended the run$/.exec(reason);
	if (hit) return m.gov_end_operator({ round: Number(hit[1]) });
	return reason;
}

/** How much of the run the live region has already announced. */
export interface NewsMark {
	reviews: number;
	versions: number;
	/** Blocked proposals by id: proposals are not blocked in the order they were made. */
	blocked: readonly string[];
}

const blockedIds = (s: GovernanceState) =>
	s.proposals.filter((p) => p.stage === 'rejected' || p.stage === 'refused').map((p) => p.id);

export const newsMark = (s: GovernanceState): NewsMark => ({
	reviews: s.reviews.length,
	versions: s.rules.length,
	blocked: blockedIds(s)
});

/**
 * What the live region says about what happened since `since`: each audit verdict, each amendment
 * enacted and each proposal blocked, in the order a listener needs them, in the interface's language.
 */
export function news(s: GovernanceState, since: NewsMark): string[] {
	const lines: string[] = [];
	for (const r of s.reviews.slice(since.reviews)) {
		const at = { task: r.task_id, n: r.n };
		if (r.verdict === 'approve') lines.push(m.gov_live_approve(at));
		else if (r.rule) lines.push(m.gov_live_veto({ ...at, rule: `${r.rule.id} v${r.rule.version}` }));
		else lines.push(m.gov_live_veto_norule(at));
	}
	for (const v of s.rules.slice(since.versions))
		if (v.proposal) lines.push(m.gov_live_amended({ rule: v.id, version: v.version, proposal: v.proposal }));
	for (const p of s.proposals)
		if ((p.stage === 'rejected' || p.stage === 'refused') && !since.blocked.includes(p.id))
			lines.push(
				m.gov_live_blocked({ proposal: p.id, rule: p.rule_id, note: proposalNote(p).replace(/\.$/, '') })
			);
	return lines;
}

/**
 * The lineage chart's words, in the interface's language (the chart module takes them as given): the
 * run page's chart and the presenter's draw with the same.
 */
export const LINEAGE_LABELS: RuleLineageLabels = {
	get round() {
		return m.gov_ln_round();
	},
	summary: (rules, versions, amendments) => m.gov_ln_summary({ rules, versions, amendments }),
	version: (rule, version, inForce) =>
		(inForce ? m.gov_ln_version_in_force : m.gov_ln_version)({ rule, version }),
	amendment: (a, rule) =>
		m.gov_ln_amendment({
			rule,
			from: a.from,
			to: a.to,
			round: a.round,
			proposal: a.proposal ? `${m.paren_open()}${a.proposal}${m.paren_close()}` : '',
			proposer: a.proposer,
			approver: a.approver,
			evidence: a.evidence
		}),
	state: (state) => (state === 'blocked' ? m.gov_ln_blocked() : m.gov_ln_pending()),
	proposal: (p, rule) => m.gov_ln_proposal({ id: p.id, round: p.round, rule, base: p.base, note: p.note })
};

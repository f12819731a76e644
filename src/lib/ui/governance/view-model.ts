/**
 * What the governance page draws, as plain data derived from the scenario state alone (so a resumed
 * or replayed run draws the same): the charts' inputs, the role cards, the task board and the fuse.
 * The scenario's `views.ts` does the counting; this file only shapes it for the page.
 */
import type { FuseMarks, MetricLinesData } from '$lib/charts/metric-lines';
import type { HeatmapData } from '$lib/charts/heatmap';
import type { LineageData, LineageProposal } from '$lib/charts/rule-lineage';
import type { RankedBar } from '$lib/charts/ranked-bars';
import { DIRECTIONS, DRIFT_CUTOFF, METRICS, type MetricName } from '$lib/metrics';
import {
	messageHeatmap,
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
	type Task,
	type TaskStatus
} from '$lib/scenarios/governance';

export const ROLE_LABEL: Record<Role | 'tool' | 'system', string> = {
	assigner: 'Assigner',
	executor: 'Executor',
	auditor: 'Auditor',
	human: 'Person',
	tool: 'Tool Agent',
	system: 'System'
};

export const POLICY_TEXT: Record<AmendmentPolicy, { title: string; blurb: string }> = {
	'assigner-alone': {
		title: 'Assigner alone',
		blurb: 'The Assigner approves a rule change by itself, effective at once (the seed’s T155 event).'
	},
	cosign: {
		title: 'Co-signed',
		blurb: 'The Auditor must co-sign what the Assigner approved; it refuses changes that lower a rule.'
	},
	impact: {
		title: 'Impact assessment',
		blurb:
			'The change is assessed from the data (customers affected, revenue, compliance cost) and must clear a bar.'
	},
	human: {
		title: 'A person approves',
		blurb:
			'You approve each change on a 0–100 slider; 50 or more passes, and the value is recorded as the reward.'
	}
};

export const METRIC_LABEL: Record<MetricName, string> = {
	drift: 'Instruction drift',
	penetration: 'Audit penetration',
	conversion: 'Appeal conversion'
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const isObj = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The evidence behind an amendment in one line. The scripted Executor's evidence has compliance
 * before and after; anything else (a model's evidence) is shown by its first few numbers.
 */
export function evidenceLine(evidence: unknown): string {
	if (evidence === null || evidence === undefined) return 'no evidence';
	if (typeof evidence === 'string') return evidence;
	if (!isObj(evidence)) return JSON.stringify(evidence).slice(0, 120);
	const { complianceBefore, complianceAfter, vipOrders } = evidence;
	if (typeof complianceBefore === 'number' && typeof complianceAfter === 'number')
		return `compliance ${pct(complianceBefore)} → ${pct(complianceAfter)}${typeof vipOrders === 'number' ? ` of ${vipOrders} VIP orders` : ''}`;
	const numbers = Object.entries(evidence).filter(([, v]) => typeof v === 'number');
	if (numbers.length)
		return numbers
			.slice(0, 3)
			.map(([k, v]) => `${k} ${v}`)
			.join(' · ');
	return JSON.stringify(evidence).slice(0, 120);
}

const STAGE_NOTE: Record<ProposalStage, string> = {
	impact: 'waiting for the impact assessment',
	assigner: 'waiting for the Assigner',
	cosign: 'waiting for the Auditor’s co-signature',
	approval: 'waiting for a person’s approval',
	passed: 'passed, about to be enacted',
	refused: 'refused',
	approved: 'enacted',
	rejected: 'rejected'
};

export function proposalNote(p: Proposal): string {
	if (p.refusal) return `refused by ${p.refusal.by}: ${p.refusal.reason}`;
	return STAGE_NOTE[p.stage];
}

/** The run's length for every round axis: the axis never rescales while a run plays. */
const axisRounds = (s: GovernanceState) => Math.max(s.config.rounds, s.round, 1);

export function lineageData(s: GovernanceState): LineageData {
	return {
		rounds: axisRounds(s),
		current: s.round,
		lanes: ruleLineage(s).map((lane) => ({
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
				proposer: v.proposer,
				approver: v.approver,
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
	};
}

export function heatmapData(s: GovernanceState): HeatmapData {
	const h = messageHeatmap(s);
	return {
		rows: h.agents.map((a) => ({ key: a, label: ROLE_LABEL[a as keyof typeof ROLE_LABEL] ?? a })),
		rounds: axisRounds(s),
		counts: h.counts
	};
}

export function driftBars(s: GovernanceState): RankedBar[] {
	const short = (text: string) => text.replace(/\/workspace\/(input|output)\//g, '');
	return topDrifted(s).map((d) => ({
		key: `${d.task_id}#${d.n}`,
		label: `${d.task_id} output ${d.n}`,
		value: Math.round((1 - d.similarity) * 100) / 100,
		detail: `${d.drifted ? 'drifted · ' : ''}asked: ${short(d.asked)} — did: ${short(d.did)}`
	}));
}

/** Past this distance (1 − similarity) an output counts as drifted. */
export const DRIFT_DISTANCE = Math.round((1 - DRIFT_CUTOFF) * 100) / 100;

export function vetoBars(s: GovernanceState): RankedBar[] {
	const titles = new Map(s.rules.map((r) => [r.id, r.title]));
	return vetoReasons(s).map((v) => {
		const id = v.rule.replace(/-v\d+$/, '');
		const title = titles.get(id);
		return {
			key: v.rule,
			label: title ? `${v.rule} · ${title}` : v.rule,
			value: v.count,
			detail: `${v.tasks.join(', ')}: ${v.reasons[0] ?? ''}`
		};
	});
}

export function metricData(s: GovernanceState): MetricLinesData {
	return {
		rounds: axisRounds(s),
		series: METRICS.map((m) => ({
			key: m,
			label: METRIC_LABEL[m],
			threshold: s.config.thresholds[m],
			direction: DIRECTIONS[m],
			points: s.metrics.map((r) => ({
				round: r.round,
				value: r.rates[m],
				...(r.forced ? { measured: r.measured[m] } : {}),
				past: r.past[m]
			}))
		})),
		fuse: fuseMarks(s)
	};
}

/** Each role's score as recorded at every round's close: the objectives pulling apart, live. */
export function scoreData(s: GovernanceState): MetricLinesData {
	const series: MetricLinesData['series'] = (['assigner', 'executor', 'auditor'] as const).map((role) => ({
		key: role,
		label: ROLE_LABEL[role],
		threshold: null,
		direction: 'above',
		points: s.metrics.map((r) => ({ round: r.round, value: r.scores[role].score, past: false }))
	}));
	if (s.config.policy === 'human')
		series.push({
			key: 'human',
			label: 'Person’s mean approval',
			threshold: null,
			direction: 'above',
			points: s.metrics.map((r) => ({
				round: r.round,
				value: r.scores.reward === null ? null : r.scores.reward / 100,
				past: false
			}))
		});
	return { rounds: axisRounds(s), series, fuse: fuseMarks(s) };
}

function fuseMarks(s: GovernanceState): FuseMarks {
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
const OBJECTIVE = {
	assigner: 'allocation reasonableness × completion rate',
	executor: 'quality × speed',
	auditor: 'review accuracy × appeal rejection rate'
} as const;

function factorsOf(scores: RoleScores): Record<keyof typeof OBJECTIVE, ScoreFactor[]> {
	const { assigner, executor, auditor } = scores;
	return {
		assigner: [
			{ label: 'reasonable allocations', value: assigner.reasonableness },
			{ label: 'completion rate', value: assigner.completion }
		],
		executor: [
			{ label: 'quality (outputs approved)', value: executor.quality },
			{ label: 'speed', value: executor.speed }
		],
		auditor: [
			{ label: 'review accuracy', value: auditor.accuracy },
			{ label: 'appeals rejected', value: auditor.appealRejection }
		]
	};
}

export function roleCards(s: GovernanceState, scores: RoleScores = roleScores(s)): RoleCard[] {
	const factors = factorsOf(scores);
	const cards: RoleCard[] = (['assigner', 'executor', 'auditor'] as const).map((role) => ({
		role,
		label: ROLE_LABEL[role],
		objective: OBJECTIVE[role],
		score: scores[role].score,
		factors: factors[role],
		// The role whose phase it is, is the one at work.
		busy: s.phase === role.toUpperCase()
	}));
	if (s.config.policy === 'human' || s.fuses.length)
		cards.push({
			role: 'human',
			label: ROLE_LABEL.human,
			objective: 'approves amendments (0–100) and resumes after a fuse',
			score: scores.reward === null ? null : Math.round(scores.reward) / 100,
			factors: [
				{ label: 'mean approval (the reward)', value: scores.reward === null ? null : scores.reward / 100 }
			],
			busy: s.phase === 'HUMAN' || s.phase === 'FUSED'
		});
	return cards;
}

export const COLUMNS: readonly { key: string; label: string; statuses: readonly TaskStatus[] }[] = [
	{ key: 'todo', label: 'Assigned', statuses: ['assigned', 'clarifying'] },
	{ key: 'review', label: 'Awaiting review', statuses: ['submitted'] },
	{ key: 'contested', label: 'Vetoed · appealed · amending', statuses: ['vetoed', 'appealed', 'amending'] },
	{ key: 'approved', label: 'Approved', statuses: ['approved'] },
	{ key: 'failed', label: 'Failed', statuses: ['failed'] }
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

export function taskBoard(s: GovernanceState): { key: string; label: string; tasks: TaskCard[] }[] {
	const card = (t: Task): TaskCard => {
		const review = s.reviews.findLast((r) => r.task_id === t.id);
		const output = s.outputs.findLast((o) => o.task_id === t.id);
		return {
			id: t.id,
			title: `${t.action} ${base(t.file)}`,
			status: t.status,
			round: t.round,
			submissions: t.submissions,
			vetoes: s.vetoes.filter((v) => v.task_id === t.id).length,
			breaches: review ? review.breaches.map((b) => `${b.id}-v${b.version}`) : [],
			claimMismatch: output?.claimMismatch ?? false,
			reviewCorrect: review ? review.correct : null
		};
	};
	return COLUMNS.map((c) => ({
		key: c.key,
		label: c.label,
		tasks: s.tasks.filter((t) => c.statuses.includes(t.status)).map(card)
	}));
}

/** Tool calls the Tool Agent refused: the sandbox's audit trail (the seed's /etc/passwd probe). */
export function deniedCalls(s: GovernanceState): LoggedToolCall[] {
	return s.toolLog.filter((c) => !c.ok);
}

export const pathOf = (args: unknown): string => {
	const p = isObj(args) ? args.path : undefined;
	return typeof p === 'string' ? p : '';
};

export const fmtScore = (v: number | null) => (v === null ? '–' : v.toFixed(2));

const PHASE_TEXT: Record<GovernanceState['phase'], string> = {
	SETUP: 'setting up',
	ASSIGNER: 'the Assigner’s turn',
	EXECUTOR: 'the Executor’s turn',
	AUDITOR: 'the Auditor’s turn',
	HUMAN: 'the person’s turn',
	CLOSE: 'closing the round',
	FUSED: 'stopped by the fuse',
	END: 'over'
};

export const phaseText = (s: GovernanceState) => PHASE_TEXT[s.phase];

/** "1 veto", "2 vetoes". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const sentence = (text: string) => (text ? `${text[0]?.toUpperCase()}${text.slice(1)}` : text);

/** What the trace panel shows: a task's story, a rule version's, or a proposal's. */
export type TraceTarget =
	| { kind: 'task'; id: string }
	| { kind: 'version'; rule: string; version: number }
	| { kind: 'proposal'; rule: string; proposal: string };

const KIND_LABEL: Record<string, string> = {
	'task.assigned': 'assignment',
	'clarification.requested': 'question',
	'clarification.answered': 'answer',
	'tool.called': 'tool call',
	'output.submitted': 'execution',
	'output.approved': 'approval',
	'output.vetoed': 'veto',
	'task.abandoned': 'abandoned',
	'veto.appealed': 'appeal',
	'appeal.ruled': 'ruling',
	'amendment.proposed': 'amendment proposed',
	'impact.assessed': 'impact assessment',
	'amendment.ruled': 'Assigner’s decision',
	'amendment.cosigned': 'co-signed',
	'cosign.refused': 'co-signature refused',
	'approval.recorded': 'person’s approval',
	'amendment.approved': 'amendment approved',
	'amendment.rejected': 'amendment blocked',
	'rule.amended': 'rule change',
	'action.forfeited': 'forfeited'
};

export const kindLabel = (kind: string) => KIND_LABEL[kind] ?? kind;

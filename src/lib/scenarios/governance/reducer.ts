/**
 * The reducer: events in, next state out, never mutating the state it was given. It folds the
 * whole log on a reload, so everything here is a pure function of the events.
 */
import type { LogEvent } from '../../core';
import { appealConversion, auditPenetration, driftRate, EMPTY_COUNTS, type Rates } from './rates';
import { applyToolEffect, withRuleBook } from '../../tools';
import { APPROVAL_PASS } from './config';
import { breaches } from './checks';
import { summary } from './describe';
import { askSubject, carryOpen } from './pending';
import { phases } from './phases';
import { PrefixFold } from './prefix-fold';
import { appendVersion, currentVersion, ruleBookJson, ruleLabel } from './rulebook';
import { roleScores } from './scores';
import type {
	GovernanceEvent,
	GovernanceOutcome,
	GovernanceState,
	LoggedToolCall,
	Message,
	Proposal,
	ProposalStage,
	ProposedAmendment,
	Role,
	Task,
	TaskSpec,
	Veto
} from './state';
import { METER_SEAT } from './state';

/** A task as its assignment creates it: the assignment its first revision, nothing submitted yet. */
const assignedTask = (spec: TaskSpec, round: number): Task => ({
	...spec,
	round,
	status: 'assigned',
	revisions: [{ round, by: 'assignment', file: spec.file, context: spec.context }],
	submissions: 0,
	clarified: false,
	appealed: false,
	vetoStreak: 0,
	proposal: null,
	closedRound: null
});

/** A proposal as the Executor makes it: at its policy's first stage, nothing decided on it yet. */
export const newProposal = (
	id: string,
	task_id: string,
	round: number,
	amendment: ProposedAmendment,
	stage: ProposalStage
): Proposal => ({
	id,
	task_id,
	round,
	...amendment,
	stage,
	impact: null,
	assigner: null,
	cosign: null,
	approval: null,
	refusal: null,
	enacted: null,
	closedRound: null
});

/** Where a task is in the list: its id is its place (T101 first), checked, or found by a search. */
function taskIndex(tasks: readonly Task[], id: string): number {
	const i = Number(id.slice(1)) - 101;
	return tasks[i]?.id === id ? i : tasks.findIndex((t) => t.id === id);
}

/** The task by id, without a search of the whole list (a long run holds 1,500). */
export const taskById = (tasks: readonly Task[], id: string): Task | undefined => tasks[taskIndex(tasks, id)];

/** A copy of the list with one item replaced: a copy of the pointers, not a callback per item. */
function replaced<T>(list: readonly T[], i: number, item: T): T[] {
	const out = list.slice();
	out[i] = item;
	return out;
}

const updateTask = (s: GovernanceState, id: string, patch: (t: Task) => Partial<Task>): Task[] => {
	const i = taskIndex(s.tasks, id);
	const t = s.tasks[i];
	if (!t) return s.tasks;
	const tasks = replaced(s.tasks, i, { ...t, ...patch(t) });
	carryOpen(s.tasks, tasks, i);
	return tasks;
};

/** The list with a newly assigned task at its end. */
function withTask(s: GovernanceState, task: Task): Task[] {
	const tasks = [...s.tasks, task];
	carryOpen(s.tasks, tasks, tasks.length - 1);
	return tasks;
}

const updateProposal = (
	s: GovernanceState,
	id: string,
	patch: (p: Proposal) => Partial<Proposal>
): Proposal[] => s.proposals.map((p) => (p.id === id ? { ...p, ...patch(p) } : p));

/** A step on a proposal's way through the policy: its record changes, and `from` tells everyone. */
function proposalStep(
	s: GovernanceState,
	e: LogEvent,
	id: string,
	change: Partial<Proposal>,
	from: Message['from'],
	text: string
): Pick<GovernanceState, 'proposals' | 'messages'> {
	return {
		proposals: updateProposal(s, id, () => change),
		messages: message(s, e, from, 'all', text, { proposal_id: id })
	};
}

/**
 * The tool log's calls by ask, folded as the log grows: an output takes its ask's calls without a
 * scan of the whole log (thousands of calls in a 3,000-round run). The same calls in the same order as
 * `toolLog.filter((c) => c.ask === ask)`.
 */
const callsByAsk = new PrefixFold<LoggedToolCall, Map<string, LoggedToolCall[]>>(
	() => new Map(),
	(m, c) => {
		const list = m.get(c.ask);
		if (list) list.push(c);
		else m.set(c.ask, [c]);
	}
);

/** Sets the response of the task's latest veto. */
function respond(s: GovernanceState, taskId: string, response: NonNullable<Veto['response']>): Veto[] {
	const last = s.vetoes.findLastIndex((v) => v.task_id === taskId);
	const v = s.vetoes[last];
	return v && v.response === null ? replaced(s.vetoes, last, { ...v, response }) : s.vetoes;
}

/**
 * Folds many events at once (resuming, replaying or importing a long run): the same result as
 * applying them one by one. The message list and tool log are `AppendOnly`, so neither a fold nor a
 * live run copies them per event.
 */
export function applyEvents(prev: GovernanceState, events: readonly LogEvent[]): GovernanceState {
	let s = prev;
	for (const e of events) s = applyEvent(s, e);
	return s;
}

function message(
	s: GovernanceState,
	e: LogEvent,
	from: Message['from'],
	to: Message['to'],
	text: string,
	ids: { task_id?: string | null; proposal_id?: string | null } = {}
): GovernanceState['messages'] {
	return s.messages.push({
		seq: e.seq,
		round: s.round,
		from,
		to,
		kind: e.kind,
		task_id: ids.task_id ?? null,
		proposal_id: ids.proposal_id ?? null,
		text: summary(text)
	});
}

/**
 * A write's content stays in the log (its `effect`), not in the state's tool log: observations are
 * built from the state, and no observation holds a file's contents.
 */
function withoutContent(tool: string, args: unknown): unknown {
	if (tool !== 'write_file' || typeof args !== 'object' || args === null || !('content' in args)) return args;
	// The other fields in their order, then the content's size: `{ ...rest, content }` without an object rest.
	const out: Record<string, unknown> = {};
	for (const k of Object.keys(args)) if (k !== 'content') out[k] = (args as Record<string, unknown>)[k];
	const content = (args as { content: unknown }).content;
	out.content = `(${typeof content === 'string' ? content.length : 0} characters)`;
	return out;
}

const pathOf = (args: unknown) => (args as { path?: unknown } | null)?.path;

/** The claimed calls match the logged ones when they name the same tools on the same paths, in order. */
function sameCalls(
	claimed: readonly { tool: string; args: unknown }[],
	logged: readonly LoggedToolCall[]
): boolean {
	return (
		claimed.length === logged.length &&
		claimed.every((c, i) => c.tool === logged[i]?.tool && pathOf(c.args) === pathOf(logged[i]?.args))
	);
}

export function outcomeOf(s: GovernanceState, reason: string): GovernanceOutcome {
	const fuse = s.fuses[s.fuses.length - 1];
	return {
		reason,
		rounds: s.roundsCompleted,
		tasks: s.tasks.length,
		approved: s.tasks.filter((t) => t.status === 'approved').length,
		failed: s.tasks.filter((t) => t.status === 'failed').length,
		vetoes: s.vetoes.length,
		appeals: s.appeals.length,
		proposals: s.proposals.length,
		amendments: s.proposals.filter((p) => p.enacted !== null).length,
		fuse: fuse ? { mode: fuse.mode, round: fuse.round, resumed: fuse.resumedRound !== null } : null,
		rates: measuredRates(s),
		driftMeasure: s.metrics[s.metrics.length - 1]?.measure ?? 'lexical',
		scores: roleScores(s)
	};
}

const round4 = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);

/**
 * The three rates over the whole run (to four decimals): the outcome's summary. The fuse reads them
 * over its window instead (rules.ts, from each round's counts).
 */
export function measuredRates(s: GovernanceState): Rates {
	return {
		drift: round4(driftRate(s.drift)),
		penetration: round4(auditPenetration(s.vetoes)),
		conversion: round4(
			appealConversion(s.appeals.map((a) => ({ changed: a.ruling ? a.ruling.decision === 'revise' : null })))
		)
	};
}

type Kind = GovernanceEvent['kind'];
/** The logged event of one kind, its data typed: a union of kinds gives a union of events. */
type At<K extends Kind> = K extends Kind ? LogEvent<K, Extract<GovernanceEvent, { kind: K }>['data']> : never;
/** How an event changes the state; `s` already carries the event's tick. */
type Handler<K extends Kind> = (s: GovernanceState, e: At<K>) => GovernanceState;

/** The seat whose turn it was has taken it. */
const taken = { turnTaken: true };

export function applyEvent(prev: GovernanceState, e: LogEvent): GovernanceState {
	// Nearly every event of a long log is a tool call: its handler copies the state once, not twice.
	if (e.kind === 'tool.called') return toolCalled(prev, e as At<'tool.called'>);
	if (!Object.hasOwn(HANDLERS, e.kind)) throw new Error(`unknown governance event ${e.kind}`);
	const handle = HANDLERS[e.kind as Kind] as Handler<Kind>;
	return handle({ ...prev, tick: e.tick }, e as At<Kind>);
}

/** One handler per event kind: a kind without one fails the type check. */
const HANDLERS: { [K in Kind]: Handler<K> } = {
	'round.started': (s, e) => ({ ...s, round: e.data.round }),
	'phase.entered': (s, e) => ({ ...s, phase: phases.go(s.phase, e.data.phase), turnTaken: false }),
	'task.assigned': (s, e) => {
		const { task, round } = e.data;
		return {
			...s,
			...taken,
			tasks: withTask(s, assignedTask(task, round)),
			messages: message(
				s,
				e,
				'assigner',
				'executor',
				`${task.id} ${task.action} ${task.file}: ${task.context}`,
				{
					task_id: task.id
				}
			)
		};
	},
	'clarification.requested': (s, e) => {
		const { task_id, question } = e.data;
		return {
			...s,
			...taken,
			tasks: updateTask(s, task_id, () => ({ status: 'clarifying', clarified: true })),
			clarifications: [
				...s.clarifications,
				{ task_id, round: s.round, question, answer: null, answeredRound: null }
			],
			messages: message(s, e, 'executor', 'assigner', question, { task_id })
		};
	},
	'clarification.answered': (s, e) => {
		const { task_id, answer, file } = e.data;
		return {
			...s,
			...taken,
			clarifications: s.clarifications.map((c) =>
				c.task_id === task_id && c.answer === null ? { ...c, answer, answeredRound: s.round } : c
			),
			tasks: updateTask(s, task_id, (t) => {
				const context = `${t.context} Clarified: ${answer}`;
				const f = file ?? t.file;
				return {
					status: 'assigned',
					vetoStreak: 0,
					file: f,
					context,
					revisions: [...t.revisions, { round: s.round, by: 'clarification', file: f, context }]
				};
			}),
			messages: message(s, e, 'assigner', 'executor', answer, { task_id })
		};
	},
	'output.submitted': (s, e) => {
		const d = e.data;
		const ask = (d as { ask?: string }).ask ?? '';
		const task = taskById(s.tasks, d.task_id);
		if (!task) throw new Error(`output for unknown task ${d.task_id}`);
		const toolCalls = callsByAsk.over(s.toolLog).get(ask)?.slice() ?? [];
		const failed = d.status === 'failed';
		return {
			...s,
			...taken,
			outputs: [
				...s.outputs,
				{
					task_id: d.task_id,
					status: d.status,
					content: d.content,
					tool_calls: d.tool_calls,
					n: d.n,
					round: s.round,
					seq: e.seq,
					asked: { action: task.action, file: task.file, context: task.context },
					toolCalls,
					claimMismatch: !sameCalls(d.tool_calls, toolCalls)
				}
			],
			vetoes: task.status === 'vetoed' ? respond(s, task.id, 'resubmit') : s.vetoes,
			tasks: updateTask(s, task.id, () => ({
				submissions: d.n,
				status: failed ? 'failed' : 'submitted',
				closedRound: failed ? s.round : null
			})),
			messages: message(
				s,
				e,
				'executor',
				'auditor',
				`${d.task_id} output ${d.n} (${d.status}): ${d.content}`,
				{
					task_id: d.task_id
				}
			)
		};
	},
	'output.approved': (s, e) => reviewed(s, e),
	'output.vetoed': (s, e) => reviewed(s, e),
	'task.abandoned': (s, e) => {
		const { task_id, reason } = e.data;
		return {
			...s,
			...taken,
			vetoes: respond(s, task_id, 'abandon'),
			tasks: updateTask(s, task_id, () => ({ status: 'failed', closedRound: s.round })),
			messages: message(s, e, 'executor', 'assigner', `abandoned ${task_id}: ${reason}`, { task_id })
		};
	},
	'veto.appealed': (s, e) => {
		const { appeal_id, task_id, argument, rollback } = e.data;
		const veto = s.vetoes.findLast((v) => v.task_id === task_id);
		return {
			...s,
			...taken,
			appeals: [
				...s.appeals,
				{
					id: appeal_id,
					task_id,
					round: s.round,
					argument,
					veto: { n: veto?.n ?? 0, reason: veto?.reason ?? '', rule: veto?.rule ?? null },
					rollback: rollback ?? null,
					ruling: null
				}
			],
			vetoes: respond(s, task_id, 'appeal'),
			tasks: updateTask(s, task_id, () => ({ status: 'appealed', appealed: true })),
			messages: message(s, e, 'executor', 'assigner', `appeal ${appeal_id}: ${argument}`, { task_id })
		};
	},
	'appeal.ruled': (s, e) => {
		const { appeal_id, task_id, decision, reason, context } = e.data;
		const revise = decision === 'revise' && context !== null;
		const appeal = s.appeals.find((a) => a.id === appeal_id);
		return {
			...s,
			...taken,
			counts: { ...s.counts, ruled: s.counts.ruled + 1, converted: s.counts.converted + (revise ? 1 : 0) },
			// A granted appeal that names a version restores it at the next system step.
			rollbackDue: revise && appeal?.rollback ? { appeal_id, restores: appeal.rollback } : s.rollbackDue,
			appeals: s.appeals.map((a) =>
				a.id === appeal_id ? { ...a, ruling: { decision, reason, context, round: s.round } } : a
			),
			tasks: updateTask(s, task_id, (t) =>
				revise
					? {
							status: 'assigned',
							context,
							vetoStreak: 0,
							revisions: [...t.revisions, { round: s.round, by: 'appeal', file: t.file, context }]
						}
					: { status: 'vetoed' }
			),
			messages: message(s, e, 'assigner', 'executor', `${appeal_id} ${decision}: ${reason}`, { task_id })
		};
	},
	'escalation.ruled': (s, e) => {
		const { task_id, decision, reason, context } = e.data;
		const redefine = decision === 'redefine' && context !== null;
		return {
			...s,
			...taken,
			tasks: updateTask(s, task_id, (t) =>
				redefine
					? {
							status: 'assigned',
							context,
							vetoStreak: 0,
							revisions: [...t.revisions, { round: s.round, by: 'escalation', file: t.file, context }]
						}
					: { status: 'failed', closedRound: s.round }
			),
			messages: message(
				s,
				e,
				'assigner',
				'executor',
				`${task_id} ${redefine ? 'redefined' : 'withdrawn'} after escalation: ${reason}`,
				{ task_id }
			)
		};
	},
	'rule.rolled-back': (s, e) => {
		const { rule, restores, appeal_id } = e.data;
		const rules = appendVersion(s.rules, rule);
		return {
			...s,
			rules,
			rollbackDue: null,
			fs: withRuleBook(s.fs, ruleBookJson(rules), e.tick),
			appeals: s.appeals.map((a) =>
				a.id === appeal_id ? { ...a, restored: { id: rule.id, version: rule.version } } : a
			),
			messages: message(
				s,
				e,
				'system',
				'all',
				`${ruleLabel(rule)} in force: rolled back to ${ruleLabel(restores)} on appeal ${appeal_id}`,
				{ task_id: s.appeals.find((a) => a.id === appeal_id)?.task_id ?? null }
			)
		};
	},
	'amendment.proposed': (s, e) => {
		const { proposal_id, task_id, ...amendment } = e.data;
		// The impact policy assesses a proposal before the Assigner sees it.
		const stage = s.config.policy === 'impact' ? 'impact' : 'assigner';
		return {
			...s,
			...taken,
			proposals: [...s.proposals, newProposal(proposal_id, task_id, s.round, amendment, stage)],
			vetoes: respond(s, task_id, 'amend'),
			tasks: updateTask(s, task_id, () => ({ status: 'amending', proposal: proposal_id })),
			messages: message(
				s,
				e,
				'executor',
				'assigner',
				`${proposal_id} amend ${amendment.rule_id}: ${amendment.text}`,
				{ task_id, proposal_id }
			)
		};
	},
	'impact.assessed': (s, e) => {
		const { proposal_id, impact } = e.data;
		const refusal = impact.clears ? null : { by: 'impact assessment', reason: impact.reason };
		const change: Partial<Proposal> = { impact, stage: impact.clears ? 'assigner' : 'refused', refusal };
		const said = `impact of ${proposal_id}: ${impact.reason}`;
		return { ...s, ...proposalStep(s, e, proposal_id, change, 'system', said) };
	},
	'amendment.ruled': (s, e) => {
		const { proposal_id, approve, reason } = e.data;
		const policy = s.config.policy;
		const stage = !approve
			? 'refused'
			: policy === 'cosign'
				? 'cosign'
				: policy === 'human'
					? 'approval'
					: 'passed';
		const change: Partial<Proposal> = {
			assigner: { approve, reason },
			stage,
			refusal: approve ? null : { by: 'assigner', reason }
		};
		const said = `${approve ? 'approves' : 'rejects'} ${proposal_id}: ${reason}`;
		return { ...s, ...taken, ...proposalStep(s, e, proposal_id, change, 'assigner', said) };
	},
	'amendment.cosigned': (s, e) => cosignAnswered(s, e),
	'cosign.refused': (s, e) => cosignAnswered(s, e),
	'approval.recorded': (s, e) => {
		const { proposal_id, approval } = e.data;
		const pass = approval >= APPROVAL_PASS;
		const refusal = pass ? null : { by: 'human', reason: `approval ${approval} is below ${APPROVAL_PASS}` };
		const change: Partial<Proposal> = { approval, stage: pass ? 'passed' : 'refused', refusal };
		const said = `approval ${approval}/100 for ${proposal_id}`;
		return { ...s, ...taken, ...proposalStep(s, e, proposal_id, change, 'human', said) };
	},
	'amendment.approved': (s, e) => {
		const { proposal_id, by } = e.data;
		const said = `${proposal_id} approved by ${by.join(' and ')}`;
		const change: Partial<Proposal> = { stage: 'approved', closedRound: s.round };
		return { ...s, ...proposalStep(s, e, proposal_id, change, 'system', said) };
	},
	'amendment.rejected': (s, e) => {
		const { proposal_id, by, reason } = e.data;
		const p = s.proposals.find((x) => x.id === proposal_id);
		const next = {
			...s,
			proposals: updateProposal(s, proposal_id, () => ({ stage: 'rejected', closedRound: s.round }))
		};
		return {
			...next,
			tasks: p
				? updateTask(s, p.task_id, (t) => (t.status === 'amending' ? { status: 'vetoed' } : {}))
				: s.tasks,
			messages: message(s, e, 'system', 'all', `${proposal_id} rejected by ${by}: ${reason}`, {
				proposal_id,
				task_id: p?.task_id ?? null
			})
		};
	},
	'rule.amended': (s, e) => {
		const { rule } = e.data;
		const rules = appendVersion(s.rules, rule);
		const p = rule.proposal ? s.proposals.find((x) => x.id === rule.proposal) : undefined;
		return {
			...s,
			rules,
			fs: withRuleBook(s.fs, ruleBookJson(rules), e.tick),
			proposals: p
				? updateProposal(s, p.id, () => ({ enacted: { id: rule.id, version: rule.version } }))
				: s.proposals,
			// The output that led to the amendment is reviewed again, under the new version.
			tasks: p
				? updateTask(s, p.task_id, (t) => (t.status === 'amending' ? { status: 'submitted' } : {}))
				: s.tasks,
			messages: message(s, e, 'system', 'all', `${ruleLabel(rule)} in force: ${rule.text}`, {
				proposal_id: rule.proposal,
				task_id: p?.task_id ?? null
			})
		};
	},
	'round.ended': (s) => ({ ...s, roundsCompleted: s.roundsCompleted + 1 }),
	'drift.measured': (s, e) => {
		const d = e.data;
		const said =
			'failed' in d
				? `${d.model} gave no similarities (${d.failed}): drift is scored lexically this round`
				: `${d.model} scored ${d.similarities.length} output(s) for drift`;
		return { ...s, driftMeasured: d, messages: message(s, e, 'system', 'all', said) };
	},
	'metrics.recorded': (s, e) => {
		const m = e.data;
		return {
			...s,
			metrics: [...s.metrics, m],
			drift: [...s.drift, ...m.drift],
			streak: m.streak,
			counts: EMPTY_COUNTS
		};
	},
	'fuse.tripped': (s, e) => {
		const d = e.data;
		return {
			...s,
			fuses: [
				...s.fuses,
				{
					mode: d.mode,
					round: d.round,
					streak: d.streak,
					reasons: d.reasons ?? [],
					snapshot: { ...d.snapshot, seq: e.seq, fs: s.fs },
					resumedRound: null
				}
			],
			messages: message(
				s,
				e,
				'system',
				'all',
				`${d.mode} fuse tripped: ${(d.reasons ?? []).map((r) => `${r.metric} ${r.value} ${r.direction} ${r.threshold}`).join(', ')} over the last ${s.config.window} rounds`
			)
		};
	},
	'fuse.resumed': (s, e) => {
		const last = s.fuses.length - 1;
		return {
			...s,
			...taken,
			streak: 0,
			fuses: s.fuses.map((f, i) => (i === last ? { ...f, resumedRound: e.data.round } : f)),
			messages: message(s, e, 'human', 'all', 'resumed the run after the fuse')
		};
	},
	'run.ended': (s, e) => ended(s, e.data.reason),
	'run.halted': (s, e) => ended(s, e.data.reason),
	// Reached only through `applyEvent`'s first line, which skips the copy of the state.
	'tool.called': (s, e) => toolCalled(s, e),
	'action.forfeited': (s, e) => {
		// The meter's forfeit is a failed measurement: the round is scored lexically, and says why.
		if (e.data.seat === METER_SEAT)
			return {
				...s,
				driftMeasured: { round: s.round, model: s.config.driftModel ?? '', failed: e.data.reason },
				messages: message(s, e, 'system', 'all', `the drift meter forfeited: ${e.data.reason}`)
			};
		return {
			...s,
			...taken,
			messages: message(s, e, roleOfSeat(e.data.seat), 'all', `forfeited ${e.data.action}: ${e.data.reason}`)
		};
	},
	'action.rejected': (s) => s,
	'model.called': (s) => s,
	'seat.model-changed': (s) => s
};

function reviewed(s: GovernanceState, e: At<'output.approved' | 'output.vetoed'>): GovernanceState {
	const d = e.data;
	const output = s.outputs.findLast((o) => o.task_id === d.task_id && o.n === d.n);
	if (!output) throw new Error(`review of unknown output ${d.task_id}#${d.n}`);
	const found = breaches(output, output.asked, output.toolCalls, s.rules);
	const veto = e.kind === 'output.vetoed';
	const rule = veto ? e.data.rule : null;
	const review = {
		task_id: d.task_id,
		n: d.n,
		round: s.round,
		seq: e.seq,
		verdict: veto ? ('veto' as const) : ('approve' as const),
		reason: d.reason,
		rule,
		breaches: found,
		correct: veto === found.length > 0
	};
	const task = taskById(s.tasks, d.task_id);
	const vetoStreak = veto ? (task?.vetoStreak ?? 0) + 1 : 0;
	// Only a citation of the version in force is traced; an old version's is counted as uncited.
	const inForce = rule !== null && currentVersion(s.rules, rule.id)?.version === rule.version;
	const demand = veto ? e.data.demand : undefined;
	// The Auditor's appeal to the Assigner escalates at once; so do vetoes in a row.
	const escalated = veto && (demand === 'escalate' || vetoStreak >= s.config.escalateAfter);
	return {
		...s,
		...taken,
		reviews: [...s.reviews, review],
		vetoes: veto
			? [
					...s.vetoes,
					{
						task_id: d.task_id,
						n: d.n,
						round: s.round,
						seq: e.seq,
						reason: d.reason,
						rule,
						inForce,
						response: null,
						...(demand ? { demand } : {})
					}
				]
			: s.vetoes,
		counts: veto
			? { ...s.counts, vetoes: s.counts.vetoes + 1, cited: s.counts.cited + (inForce ? 1 : 0) }
			: s.counts,
		tasks: updateTask(s, d.task_id, () =>
			!veto
				? { status: 'approved', closedRound: s.round }
				: { status: escalated ? 'escalated' : 'vetoed', vetoStreak }
		),
		messages: message(
			s,
			e,
			'auditor',
			veto ? 'executor' : 'all',
			`${veto ? (demand === 'redo' ? 'redo required' : 'veto') : 'approved'} ${d.task_id}#${d.n}${rule ? ` (${ruleLabel(rule)})` : ''}: ${d.reason}${demand === 'escalate' ? ' (the auditor appeals to the assigner)' : escalated ? ` (${vetoStreak} vetoes in a row: escalated to the assigner)` : ''}`,
			{ task_id: d.task_id }
		)
	};
}

function cosignAnswered(s: GovernanceState, e: At<'amendment.cosigned' | 'cosign.refused'>): GovernanceState {
	const { proposal_id, reason } = e.data;
	const yes = e.kind === 'amendment.cosigned';
	const change: Partial<Proposal> = {
		cosign: { cosign: yes, reason },
		stage: yes ? 'passed' : 'refused',
		refusal: yes ? null : { by: 'auditor', reason }
	};
	const said = `${yes ? 'co-signs' : 'refuses to co-sign'} ${proposal_id}: ${reason}`;
	return { ...s, ...taken, ...proposalStep(s, e, proposal_id, change, 'auditor', said) };
}

const ended = (s: GovernanceState, reason: string): GovernanceState => ({
	...s,
	phase: phases.go(s.phase, 'END'),
	outcome: outcomeOf(s, reason)
});

/** A tool call joins the tool log (a write's content left out), the files, and the message list. */
function toolCalled(prev: GovernanceState, e: At<'tool.called'>): GovernanceState {
	const d = e.data;
	const call: LoggedToolCall = {
		seq: e.seq,
		round: prev.round,
		ask: d.ask,
		seat: d.seat,
		tool: d.tool,
		args: withoutContent(d.tool, d.args),
		ok: d.ok
	};
	if (d.code !== undefined) call.code = d.code;
	if (d.message !== undefined) call.message = d.message;
	const subject = askSubject(d.ask).replace(/#.*$/, '');
	return {
		...prev,
		tick: e.tick,
		// The record's own fields are all applyToolEffect reads; its ask and seat are ignored.
		fs: applyToolEffect(prev.fs, d, e.tick),
		toolLog: prev.toolLog.push(call),
		messages: message(
			prev,
			e,
			roleOfSeat(d.seat),
			'tool',
			`${d.tool} ${String(pathOf(d.args) ?? '')} ${d.ok ? 'ok' : `denied: ${d.code ?? ''}`}`,
			{ task_id: /^T\d+$/.test(subject) ? subject : null }
		)
	};
}

const roleOfSeat = (seat: number): Role =>
	seat === 1 ? 'assigner' : seat === 2 ? 'executor' : seat === 3 ? 'auditor' : 'human';

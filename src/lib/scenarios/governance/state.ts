/** The governance scenario's state, events and observation types. */
import type { AppendOnly } from './append-only';
import type { CoreEvent, EventDraft, SeatId } from '../../core';
import type { DriftPair, DriftScore, FuseReason, PastFlags, Rates, RoundCounts } from './rates';
import type { FileSystemState } from '../../tools';
import type { AmendmentPolicy, FuseMode, GovernanceConfig, GovernanceLang } from './config';
import type { Impact } from './impact';
import type { RuleBook, RuleRef, RuleVersion } from './rulebook';
import type { RoleScores } from './scores';
import type { TaskAction } from './tasks';

/** Seats are roles: 1 Assigner, 2 Executor, 3 Auditor, 4 the person (approver and fuse operator). */
export type Role = 'assigner' | 'executor' | 'auditor' | 'human';
export const ROLES: readonly Role[] = ['assigner', 'executor', 'auditor', 'human'];
export const SEAT_OF: Readonly<Record<Role, number>> = { assigner: 1, executor: 2, auditor: 3, human: 4 };
export const SEAT_COUNT = 4;
/**
 * The drift meter: not a role and not at the table (the header's seats stay 1-4), the seat a round's
 * close asks for embedding similarities when the config names a drift model. Its answer is logged
 * like any agent's, so the similarities are a recorded input: a replay reads them back, never
 * re-embeds (see `policies/scripted/drift-meter.ts`).
 */
export const METER_SEAT = 5;

/** One turn per role per round, in this order; CLOSE records metrics and checks the fuse. */
export type Phase = 'SETUP' | 'ASSIGNER' | 'EXECUTOR' | 'AUDITOR' | 'HUMAN' | 'CLOSE' | 'FUSED' | 'END';

/** `escalated`: vetoed `escalateAfter` times in a row, waiting for the Assigner to redefine or withdraw it. */
export type TaskStatus =
	| 'assigned'
	| 'clarifying'
	| 'submitted'
	| 'vetoed'
	| 'appealed'
	| 'amending'
	| 'escalated'
	| 'approved'
	| 'failed';

export interface TaskSpec {
	id: string;
	action: TaskAction;
	file: string;
	context: string;
}

/** Each change to a task's definition, in order: the lineage of what was asked. */
export interface TaskRevision {
	round: number;
	by: 'assignment' | 'clarification' | 'appeal' | 'escalation';
	file: string;
	context: string;
}

export interface Task extends TaskSpec {
	round: number;
	status: TaskStatus;
	revisions: TaskRevision[];
	/** Outputs submitted so far. */
	submissions: number;
	clarified: boolean;
	appealed: boolean;
	/** Vetoes in a row since the task was last (re)defined: at the config's `escalateAfter` it escalates. */
	vetoStreak: number;
	/** The amendment proposed from this task, if any. */
	proposal: string | null;
	closedRound: number | null;
}

/** A tool call as the log recorded it (the effect, e.g. written content, stays in the log only). */
export interface LoggedToolCall {
	seq: number;
	round: number;
	ask: string;
	seat: SeatId;
	tool: string;
	args: unknown;
	ok: boolean;
	code?: string;
	message?: string;
}

/** The Executor's fixed reply schema. */
export interface OutputReply {
	task_id: string;
	status: 'success' | 'failed';
	content: string;
	/** What the Executor says it called; `toolCalls` on the Output is what the log shows it called. */
	tool_calls: { tool: string; args: unknown }[];
}

export interface Output extends OutputReply {
	/** 1 for the first submission of the task, then 2, 3. */
	n: number;
	round: number;
	seq: number;
	/** The definition the output answered (the task may be revised later). */
	asked: { action: TaskAction; file: string; context: string };
	toolCalls: LoggedToolCall[];
	/** True when the claimed tool_calls do not match the logged ones (tool and path). */
	claimMismatch: boolean;
}

/** What an audit verdict and a veto share: the output they answer, when, and the rule they cite. */
interface OnOutput {
	task_id: string;
	/** Which submission of the task. */
	n: number;
	round: number;
	seq: number;
	reason: string;
	rule: RuleRef | null;
}

export interface Review extends OnOutput {
	verdict: 'approve' | 'veto';
	/** Ground truth: the rules the output breached at the time of review. */
	breaches: RuleRef[];
	/** The verdict agrees with the ground truth (veto iff some rule was breached). */
	correct: boolean;
}

/**
 * What the Auditor asks for beside refusing an output (the seed's Auditor may veto, require a redo or
 * appeal to the Assigner): `redo`, the Executor must resubmit (no appeal, no amendment); `escalate`,
 * the task goes to the Assigner at once, to redefine or withdraw. A plain veto leaves the response to
 * the Executor.
 */
export type VetoDemand = 'redo' | 'escalate';

export interface Veto extends OnOutput {
	/** The veto cites the version of its rule in force when it was made (what penetration counts). */
	inForce: boolean;
	/** Present when the Auditor required a redo or appealed to the Assigner. */
	demand?: VetoDemand;
	response: 'resubmit' | 'appeal' | 'amend' | 'abandon' | null;
}

export interface Clarification {
	task_id: string;
	round: number;
	question: string;
	answer: string | null;
	answeredRound: number | null;
}

export interface Appeal {
	id: string;
	task_id: string;
	round: number;
	argument: string;
	/** The veto appealed against. */
	veto: { n: number; reason: string; rule: RuleRef | null };
	/** A superseded version the appeal asks to restore (the seed's "appeal may name a rollback version"). */
	rollback: RuleRef | null;
	/** The version the granted rollback created, once the system has enacted it. */
	restored?: RuleRef;
	ruling: { decision: 'revise' | 'uphold'; reason: string; context: string | null; round: number } | null;
}

/** What the Executor proposes: the rule and the version it amends, the new wording, and the case for it. */
export interface ProposedAmendment {
	rule_id: string;
	base_version: number;
	text: string;
	params: Record<string, number>;
	evidence: unknown;
	rationale: string;
}

/** Where a proposal is in the amendment policy's pipeline. */
export type ProposalStage =
	'impact' | 'assigner' | 'cosign' | 'approval' | 'passed' | 'refused' | 'approved' | 'rejected';

export interface Proposal extends ProposedAmendment {
	id: string;
	task_id: string;
	round: number;
	stage: ProposalStage;
	impact: Impact | null;
	assigner: { approve: boolean; reason: string } | null;
	cosign: { cosign: boolean; reason: string } | null;
	/** The person's 0-100 slider value: the reward signal of the `human` policy. */
	approval: number | null;
	/** Who refused, and why, once the stage is 'refused' or 'rejected'. */
	refusal: { by: string; reason: string } | null;
	/** The version this proposal created, once approved. */
	enacted: RuleRef | null;
	closedRound: number | null;
}

/** Who spoke, to whom, about what: the heatmap and the per-task trace are drawn from this. */
export interface Message {
	seq: number;
	round: number;
	from: Role | 'system' | 'tool';
	to: Role | 'tool' | 'all';
	kind: string;
	task_id: string | null;
	proposal_id: string | null;
	text: string;
}

export interface DriftRecord extends DriftScore {
	task_id: string;
	n: number;
	round: number;
}

export interface RoundMetrics {
	round: number;
	/** The rates the fuse read: measured, or forced by the test knob. */
	rates: Rates;
	measured: Rates;
	forced: boolean;
	past: PastFlags;
	streak: number;
	/** Rounds the rates were measured over (the config's window when it was recorded). */
	window: number;
	/** What this round contributed to the rates: the window's rates are sums of these. */
	counts: RoundCounts;
	/** Drift of the outputs submitted this round. */
	drift: DriftRecord[];
	/** Which measure produced the drift: `lexical`, or `embedding:<model id>`. */
	measure: string;
	scores: RoleScores;
}

export interface FuseSnapshot {
	round: number;
	/** The seq of the fuse.tripped event: the log up to it rebuilds this state. */
	seq: number;
	/** SHA-256 of the canonical files at the trip: a reload can check the snapshot it rebuilt. */
	fsDigest: string;
	files: number;
	openTasks: string[];
	/** The files themselves (state only: the log holds the events that rebuild them). */
	fs: FileSystemState;
}

export interface FuseState {
	mode: FuseMode;
	round: number;
	streak: number;
	reasons: FuseReason[];
	snapshot: FuseSnapshot;
	/** null while tripped; the round a person resumed the run otherwise. */
	resumedRound: number | null;
}

export interface GovernanceOutcome {
	reason: string;
	rounds: number;
	tasks: number;
	approved: number;
	failed: number;
	vetoes: number;
	appeals: number;
	proposals: number;
	amendments: number;
	fuse: { mode: FuseMode; round: number; resumed: boolean } | null;
	rates: Rates;
	/** Which measure scored the drift: `lexical`, or `embedding:<model id>`. */
	driftMeasure: string;
	scores: RoleScores;
}

export interface GovernanceState {
	config: GovernanceConfig;
	seed: number;
	phase: Phase;
	round: number;
	roundsCompleted: number;
	/** Tick of the last event folded: the next turn's tick is one more (tool hosts stamp writes with it). */
	tick: number;
	/** Whether the seat of the current phase has had its turn. */
	turnTaken: boolean;
	rules: RuleBook;
	fs: FileSystemState;
	tasks: Task[];
	outputs: Output[];
	reviews: Review[];
	vetoes: Veto[];
	clarifications: Clarification[];
	appeals: Appeal[];
	proposals: Proposal[];
	/** Every tool call, in log order (persistent: an event appends without a copy). */
	toolLog: AppendOnly<LoggedToolCall>;
	/** Every message, in log order (persistent, like the tool log). */
	messages: AppendOnly<Message>;
	drift: DriftRecord[];
	metrics: RoundMetrics[];
	/** The round in progress's vetoes and rulings, counted as they happen (its drift joins at the close). */
	counts: RoundCounts;
	/** The drift meter's answer for the round being closed (embedding runs only), read at its close. */
	driftMeasured: DriftMeasurement | null;
	/** A granted appeal's rollback, enacted at the next system step. */
	rollbackDue: { appeal_id: string; restores: RuleRef } | null;
	/** Consecutive rounds with every rate past its threshold (reset when a person resumes). */
	streak: number;
	/** Every fuse of the run, the active one last. */
	fuses: FuseState[];
	outcome: GovernanceOutcome | null;
}

/**
 * What the drift meter answered for one round: a similarity per output (in the order of the round's
 * outputs, `id` = `task_id#n`), or why the model gave none (the close then scores lexically, saying so).
 */
export type DriftMeasurement =
	| { round: number; model: string; similarities: { id: string; similarity: number }[] }
	| { round: number; model: string; failed: string };

/** What the drift meter sees: the pairs to score with its model, nothing else of the run. */
export interface DriftObservation {
	seat: SeatId;
	round: number;
	model: string;
	pairs: DriftPair[];
}

type Ev<K extends string, D> = EventDraft<K, D>;

export type GovernanceEvent =
	| CoreEvent
	| Ev<'round.started', { round: number }>
	| Ev<'phase.entered', { phase: Phase }>
	| Ev<'task.assigned', { task: TaskSpec; round: number }>
	| Ev<'clarification.requested', { task_id: string; question: string }>
	| Ev<'clarification.answered', { task_id: string; answer: string; file: string | null }>
	| Ev<'output.submitted', OutputReply & { n: number }>
	| Ev<'output.approved', { task_id: string; n: number; reason: string }>
	| Ev<
			'output.vetoed',
			{ task_id: string; n: number; reason: string; rule: RuleRef | null; demand?: VetoDemand }
	  >
	| Ev<'task.abandoned', { task_id: string; reason: string }>
	| Ev<'veto.appealed', { appeal_id: string; task_id: string; argument: string; rollback?: RuleRef }>
	| Ev<
			'escalation.ruled',
			{ task_id: string; decision: 'redefine' | 'withdraw'; reason: string; context: string | null }
	  >
	| Ev<'rule.rolled-back', { rule: RuleVersion; restores: RuleRef; supersedes: RuleRef; appeal_id: string }>
	| Ev<
			'appeal.ruled',
			{
				appeal_id: string;
				task_id: string;
				decision: 'revise' | 'uphold';
				reason: string;
				context: string | null;
			}
	  >
	| Ev<'amendment.proposed', { proposal_id: string; task_id: string } & ProposedAmendment>
	| Ev<'impact.assessed', { proposal_id: string; impact: Impact }>
	| Ev<'amendment.ruled', { proposal_id: string; approve: boolean; reason: string }>
	| Ev<'amendment.cosigned', { proposal_id: string; reason: string }>
	| Ev<'cosign.refused', { proposal_id: string; reason: string }>
	| Ev<'approval.recorded', { proposal_id: string; approval: number }>
	| Ev<'amendment.approved', { proposal_id: string; by: string[] }>
	| Ev<'amendment.rejected', { proposal_id: string; by: string; reason: string }>
	| Ev<'rule.amended', { rule: RuleVersion; supersedes: RuleRef }>
	| Ev<'round.ended', { round: number }>
	| Ev<'drift.measured', DriftMeasurement>
	| Ev<'metrics.recorded', Omit<RoundMetrics, 'round'> & { round: number }>
	| Ev<
			'fuse.tripped',
			{
				round: number;
				mode: FuseMode;
				streak: number;
				/** The rates past their thresholds when it tripped: the reason, named. */
				reasons: FuseReason[];
				snapshot: Omit<FuseSnapshot, 'fs' | 'seq'>;
			}
	  >
	| Ev<'fuse.resumed', { round: number }>
	| Ev<'run.ended', { reason: string }>;

/**
 * Public to every seat: the rule book, the policy in force, the fuse. Never a file's contents. The
 * record lists hold the records of the open tasks and the latest few (observe.ts, `RECENT`), not
 * the run's whole history; proposals and the rule book are held whole.
 */
interface ObservationBase {
	seat: SeatId;
	role: Role;
	round: number;
	phase: Phase;
	goal: string;
	policy: AmendmentPolicy;
	/** The run's language: the language the prompts built from this observation are in. */
	lang: GovernanceLang;
	/** The whole lineage; `valid_until: null` marks the versions in force. */
	rules: RuleBook;
	fuse: { mode: FuseMode; round: number } | null;
	/** What this seat is being asked about now, if anything. */
	focus: FocusItem | null;
}

export type FocusItem =
	| { kind: 'assign' }
	| { kind: 'answer-clarification'; task_id: string }
	| { kind: 'rule-appeal'; appeal_id: string; task_id: string }
	| { kind: 'escalation'; task_id: string }
	| { kind: 'decide-amendment'; proposal_id: string; task_id: string }
	| { kind: 'execute'; task_id: string }
	| { kind: 'respond-veto'; task_id: string; allowed: VetoResponse[] }
	| { kind: 'review'; task_id: string; n: number }
	| { kind: 'cosign'; proposal_id: string }
	| { kind: 'approve'; proposal_id: string }
	| { kind: 'resume' };

export type VetoResponse = 'resubmit' | 'appeal' | 'amend' | 'abandon';

/** The keys of the state's record lists (tasks, outputs, proposals...). */
type ListKey = {
	[P in keyof GovernanceState]: GovernanceState[P] extends readonly unknown[] ? P : never;
}[keyof GovernanceState];

/** Record lists of the state that a seat's observation holds as the state has them, read-only. */
type Records<K extends ListKey> = { [P in K]: readonly Readonly<GovernanceState[P][number]>[] };

export interface AssignerObservation
	extends ObservationBase, Records<'tasks' | 'clarifications' | 'appeals' | 'proposals'> {
	role: 'assigner';
	/** Open tasks, and how many may be open at once. */
	open: number;
	maxOpen: number;
	/** Vetoes in a row that bring a task back to it. */
	escalateAfter: number;
	/** The person's approvals so far (0-100): the Assigner's reward, the last one and their mean. */
	reward: { last: number | null; mean: number | null };
}

/** Its outputs are its own (what it wrote, not any file). */
export interface ExecutorObservation
	extends
		ObservationBase,
		Records<'tasks' | 'clarifications' | 'vetoes' | 'appeals' | 'proposals' | 'outputs'> {
	role: 'executor';
	/** Vetoes of the whole run by the rule id they cite (its records hold only the recent ones). */
	vetoesByRule: Readonly<Record<string, number>>;
	/** Its own tool calls: tool, arguments and whether they were allowed; never what they returned. */
	toolCalls: readonly Readonly<LoggedToolCall>[];
}

/** Its outputs carry the tool calls the log shows behind them. */
export interface AuditorObservation
	extends ObservationBase, Records<'tasks' | 'outputs' | 'reviews' | 'proposals'> {
	role: 'auditor';
}

export interface HumanObservation extends ObservationBase, Records<'proposals' | 'metrics'> {
	role: 'human';
	/** Where the slider starts (the config's approval); headless, the stand-in answers with it. */
	defaultApproval: number;
}

export type GovernanceObservation =
	AssignerObservation | ExecutorObservation | AuditorObservation | HumanObservation;

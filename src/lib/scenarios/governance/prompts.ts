/**
 * Prompts for the governance roles played by a language model, built only from the asked role's
 * observation (observe.ts): what a prompt says, the role could see. Each role has a table of its asks'
 * own text (ASSIGNER_ASKS, EXECUTOR_ASKS, AUDITOR_ASKS); `governancePrompt` frames that text with the
 * role's system prompt and its view of the history, the same way for every ask of the role.
 *
 * Rules of the wording, carried over from the undercover prompts (seed 002's lessons):
 * - the reply is described as one JSON object with named fields, in words; no numbered format
 *   instructions and no made-up example values (small models copy both). The only literal values
 *   quoted are the ones the reply must carry (the task id, the allowed responses);
 * - each role is told its own objective function as the seed hard-coded it (Assigner: allocation
 *   reasonableness x completion rate; Executor: quality x speed; Auditor: review accuracy x appeal
 *   rejection rate) and that the others are scored differently: the conflict is the experiment;
 * - records are split into parts so `fitToContext` can drop the oldest first in a small window.
 *
 * The words come from the run language's table (prompt-text.ts: English or Chinese, the config's
 * `lang`); ids, field names, allowed values and the lines the Auditor checks are literal in both.
 */
import { TOOL_NAMES, type ToolOutcome } from '../../tools';
import type { PromptPart } from '../shared/prompt';
import { budgetFor, reserveFor, type ReplyBudget } from '../shared/reply-budget';
import { vipDiscountLine } from './checks';
import { describeToolCall } from './describe';
import { promptText, type HistoryText, type PromptText } from './prompt-text';
import { currentRules, currentVersion, ruleLabel, type RuleBook, type RuleRef } from './rulebook';
import type {
	AssignerObservation,
	AuditorObservation,
	ExecutorObservation,
	FocusItem,
	GovernanceObservation,
	LoggedToolCall,
	Proposal,
	Role,
	Task
} from './state';
import { INPUTS, MAX_OPEN, TASK_ACTIONS } from './tasks';

/** The asks a model may answer: every ask but the person's (seat 4 is never a model). */
export type GovernanceAskKind =
	| 'assign'
	| 'answer-clarification'
	| 'rule-appeal'
	| 'escalation'
	| 'decide-amendment'
	| 'execute'
	| 'respond-veto'
	| 'review'
	| 'cosign';

export type ModelRole = Exclude<Role, 'human'>;

export const ASKS_BY_ROLE = {
	assigner: ['assign', 'answer-clarification', 'rule-appeal', 'escalation', 'decide-amendment'],
	executor: ['execute', 'respond-veto'],
	auditor: ['review', 'cosign']
} as const satisfies Readonly<Record<ModelRole, readonly GovernanceAskKind[]>>;

export const isModelAsk = (role: Role, kind: string): kind is GovernanceAskKind =>
	role !== 'human' && (ASKS_BY_ROLE[role] as readonly string[]).includes(kind);

export interface GovernancePrompt {
	kind: GovernanceAskKind;
	role: ModelRole;
	messages: PromptPart[];
}

/** One tool call of the Executor's loop and what the Tool Agent answered, as the model is told it. */
export interface ToolExchange {
	tool: string;
	args: unknown;
	/** The answer in words: the result (cut to size) or the refusal. */
	answer: string;
}

export interface GovernancePromptOptions {
	/** Why the previous reply was rejected (on a retry): quoted so the model can correct itself. */
	previousError?: string;
	/** The Executor's tool loop so far: its calls and their answers, oldest first. */
	exchanges?: readonly ToolExchange[];
	/** Tool calls the Executor may still make before it must give its final reply (0: none). */
	toolCallsLeft?: number;
}

// ---------------------------------------------------------------------------------------------
// Reply budgets

/**
 * Completion tokens per reply, sized for a 0.5B model: an output a few paragraphs with the lines the
 * rules ask for, a ruling a sentence or two beside its choice; a reasoning model gets room to think first.
 */
const GOVERNANCE_REPLY_BUDGET: Readonly<Record<GovernanceAskKind, ReplyBudget>> = {
	assign: { plain: 256, reasoning: 4000 },
	'answer-clarification': { plain: 256, reasoning: 4000 },
	'rule-appeal': { plain: 256, reasoning: 4000 },
	escalation: { plain: 256, reasoning: 4000 },
	'decide-amendment': { plain: 192, reasoning: 4000 },
	execute: { plain: 768, reasoning: 8000 },
	'respond-veto': { plain: 768, reasoning: 8000 },
	review: { plain: 192, reasoning: 4000 },
	cosign: { plain: 128, reasoning: 4000 }
};

export const governanceReplyBudget = (kind: GovernanceAskKind, reasoning = false): number =>
	budgetFor(GOVERNANCE_REPLY_BUDGET[kind], reasoning);

/** As the undercover prompts: the tokens held back for the reply (`reserveFor`). */
export function governanceReplyReserve(kind: GovernanceAskKind, contextWindow: number, reasoning = false) {
	return reserveFor(governanceReplyBudget(kind, reasoning), contextWindow);
}

// ---------------------------------------------------------------------------------------------
// The Executor's tool loop

/** How many tool calls the Executor may make in one reply before it must answer. */
export const MAX_TOOL_CALLS = 4;
/** A tool's answer is cut to this many characters before the model sees it. */
export const TOOL_ANSWER_CHARS = 1200;

/** A tool call as the model writes it: `{ "tool_call": { "tool", "args" } }`. */
export const TOOL_CALL_SCHEMA: Readonly<Record<string, unknown>> = {
	type: 'object',
	properties: {
		tool_call: {
			type: 'object',
			properties: { tool: { enum: [...TOOL_NAMES] }, args: { type: 'object' } },
			required: ['tool', 'args'],
			additionalProperties: false
		}
	},
	required: ['tool_call'],
	additionalProperties: false
};

/** The ask's schema, or a tool call while the loop has calls left (a constrained decoder needs both). */
export const withToolCall = (schema: Record<string, unknown>) => ({ oneOf: [TOOL_CALL_SCHEMA, schema] });

/** The Tool Agent's answer wording per run language (codes, paths and results stay literal). */
const ANSWER = {
	en: {
		cut: (n: number) => `… (cut: ${n} more characters)`,
		refused: (code: string, message: string) => `refused (${code}): ${message}`,
		goesOn: (offset: string) => ` (the file goes on: read again from offset ${offset})`,
		ok: (text: string) => `ok: ${text}`,
		notRun: (error: string) => `not run: ${error}`,
		noCallsLeft: (max: number) =>
			`you had no tool calls left (${max} per reply): give your final reply as the JSON object asked for`
	},
	zh: {
		cut: (n: number) => `…（已截断：还有 ${n} 个字符）`,
		refused: (code: string, message: string) => `已拒绝（${code}）：${message}`,
		goesOn: (offset: string) => `（文件还没完：从偏移量 ${offset} 处接着读）`,
		ok: (text: string) => `成功：${text}`,
		notRun: (error: string) => `未执行：${error}`,
		noCallsLeft: (max: number) =>
			`你的工具调用次数已用完（每次回复 ${max} 次）：请按要求给出最终回复的 JSON 对象`
	}
} as const;

/** The words of the tool loop in a run's language: the Tool Agent's answers and the loop's own limits. */
export const toolWords = (lang: 'en' | 'zh' = 'en') => ANSWER[lang];

/** What the Tool Agent answered, in words the model reads: the result cut to size, or the refusal. */
export function toolAnswer(outcome: ToolOutcome, max = TOOL_ANSWER_CHARS, lang: 'en' | 'zh' = 'en'): string {
	const say = ANSWER[lang];
	const cut = (s: string) => (s.length > max ? `${s.slice(0, max)}${say.cut(s.length - max)}` : s);
	if (!outcome.ok) return say.refused(outcome.code, outcome.message);
	const r = outcome.result as unknown as Record<string, unknown>;
	// A file's text reads better as text than as an escaped JSON string.
	if (typeof r.content === 'string' && 'totalChars' in r) {
		const more = r.nextOffset === null ? '' : say.goesOn(String(r.nextOffset));
		return `${say.ok(`${String(r.path)}${more}`)}\n${cut(r.content)}`;
	}
	return say.ok(cut(JSON.stringify(r)));
}

// ---------------------------------------------------------------------------------------------
// Shared wording

const params = (t: PromptText, p: Readonly<Record<string, number>>) => {
	const keys = Object.keys(p);
	return keys.length ? t.parameters(keys.map((k) => `${k} = ${p[k]}`).join(', ')) : '';
};

function ruleBookText(t: PromptText, book: RuleBook): string {
	const lines = currentRules(book).map(
		(r) => `${ruleLabel(r)} (${r.title}): ${r.text}${params(t, r.params)}`
	);
	const old = book.filter((r) => r.valid_until !== null);
	if (old.length)
		lines.push(
			t.superseded(old.map((r) => t.untilRound(ruleLabel(r), String(r.until_round ?? '?'))).join('; '))
		);
	return `${t.ruleBookHead}\n${lines.map((l) => `- ${l}`).join('\n')}`;
}

/** How outputs state what they applied (README): what the Auditor checks and the Executor writes. */
function conventions(t: PromptText, book: RuleBook): string {
	const r1 = currentVersion(book, 'R1');
	const r2 = currentVersion(book, 'R2');
	// Grouped by hand, not by Intl: the same text in every runtime, as the scripted Executor writes it.
	const amount = String(r2?.params.amountOver ?? 50_000).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return [
		t.conventionsHead,
		t.sources,
		t.confidence,
		...(r1 ? [t.vip(vipDiscountLine(r1.params))] : []),
		...(r2 ? [t.fraud(`High-risk rule applied: amount over ${amount} without an invoice number`)] : []),
		t.title
	].join('\n');
}

const fuseText = (obs: GovernanceObservation) =>
	obs.fuse ? promptText(obs.lang).fuse(obs.fuse.round, obs.fuse.mode) : '';

function systemPart(role: ModelRole, obs: GovernanceObservation, extra: string[] = []): PromptPart {
	const t = promptText(obs.lang);
	return {
		role: 'system',
		content: [
			t.organisation,
			t.roleIntro[role],
			`${t.objectives[role]} ${t.others[role]}`,
			ruleBookText(t, obs.rules),
			t.policy[obs.policy],
			...extra
		].join('\n\n')
	};
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const ruleRef = (h: HistoryText, r: RuleRef | null) => (r ? ruleLabel(r) : h.noRule);

function taskLine(h: HistoryText, t: Task, max = 240): string {
	return h.taskLine(t, clip(oneLine(t.context), max));
}

function taskDetail(h: HistoryText, t: Task): string {
	const lines = h.taskDetail(t, clip(oneLine(t.context), 1200));
	if (t.revisions.length > 1)
		lines.push(
			h.revised(
				t.revisions.length - 1,
				t.revisions
					.slice(1)
					.map((r) => h.revision(r.round, r.by))
					.join('; ')
			)
		);
	return lines.join('\n');
}

/** Records, oldest first, each a droppable part after a heading (the heading is kept). */
function records(t: PromptText, head: string, lines: readonly string[], empty?: string): PromptPart[] {
	if (!lines.length) return empty ? [{ role: 'user', content: empty }] : [];
	return [
		{ role: 'user', content: head },
		{ role: 'user', content: t.omitted, omission: true },
		...lines.map((content, i): PromptPart => ({ role: 'user', content, drop: i }))
	];
}

/** The most recent `n` of a list: the prompt stays bounded however long the run. */
const recent = <T>(xs: readonly T[], n: number): readonly T[] => xs.slice(Math.max(0, xs.length - n));

function proposalText(t: PromptText, p: Readonly<Proposal>, book: RuleBook): string {
	const base = book.find((r) => r.id === p.rule_id && r.version === p.base_version);
	const h = t.history;
	const lines = [
		h.proposal(p.id, p.task_id, p.round, p.stage, `${p.rule_id}-v${p.base_version}`),
		...(base ? [h.currentWording(`${base.text}${params(t, base.params)}`)] : []),
		h.proposedWording(`${clip(oneLine(p.text), 600)}${params(t, p.params)}`),
		h.rationale(clip(oneLine(p.rationale), 600)),
		h.evidence(clip(JSON.stringify(p.evidence ?? null), 1200))
	];
	if (p.impact)
		lines.push(
			h.impact({
				affected: p.impact.affectedCustomers,
				vip: p.impact.vipCustomers,
				affectedPct: (p.impact.affectedShare * 100).toFixed(1),
				revenueChange: p.impact.revenueChange,
				revenuePct: (p.impact.revenueShare * 100).toFixed(2),
				before: p.impact.complianceCostBefore,
				after: p.impact.complianceCostAfter,
				clears: p.impact.clears,
				reason: p.impact.reason
			})
		);
	if (p.assigner) lines.push(h.assignerDecided(p.assigner.approve, clip(oneLine(p.assigner.reason), 300)));
	if (p.cosign) lines.push(h.auditorCosigned(p.cosign.cosign, clip(oneLine(p.cosign.reason), 300)));
	return lines.join('\n');
}

/** A tool call as the log has it: its description (literal: tool, path, columns) and whether it was allowed. */
const toolCallLine = (h: HistoryText) => (c: Readonly<LoggedToolCall>) =>
	`${describeToolCall(c.tool, c.args)}: ${c.ok ? h.allowed : h.denied(c.code ?? 'refused')}`;

function closing(t: PromptText, task: string, opts: GovernancePromptOptions): PromptPart[] {
	const parts: PromptPart[] = [{ role: 'user', content: task }];
	if (opts.previousError)
		parts.push({ role: 'user', content: t.rejected(opts.previousError.replace(/[.\s]+$/, '')) });
	return parts;
}

const statusLine = (obs: GovernanceObservation) =>
	[promptText(obs.lang).round(obs.round), fuseText(obs)].filter(Boolean).join(' ');

/** The focus of an ask about one task: where the game stands, the task, then what this ask is about. */
const taskFocus = (obs: GovernanceObservation, t: Task, about: readonly string[] = []) =>
	[statusLine(obs), taskDetail(promptText(obs.lang).history, t), ...about].join('\n');

function build(
	t: PromptText,
	kind: GovernanceAskKind,
	role: ModelRole,
	system: PromptPart,
	history: PromptPart[],
	focus: string,
	task: string,
	opts: GovernancePromptOptions,
	tools: PromptPart[] = []
): GovernancePrompt {
	return {
		kind,
		role,
		messages: [
			system,
			...history,
			{ role: 'user', content: '' },
			{ role: 'user', content: focus },
			...tools,
			...closing(t, task, opts)
		]
	};
}

/**
 * What an ask adds to its role's prompt: where things stand and what it is about (the focus), what to
 * reply (the task), and the task whose history the prompt recalls, for the roles that recall one.
 */
interface AskText {
	focus: string;
	task: string;
	taskId?: string;
}

/** An ask's text, from the asked seat's observation and the run language's words. */
type AskTexts<O, K extends GovernanceAskKind, T extends AskText = AskText> = Readonly<
	Record<K, (obs: O, words: PromptText, opts: GovernancePromptOptions) => T>
>;

/** The focus of an ask about a proposal: where the game stands, then the proposal and its progress. */
function proposalFocus(obs: AssignerObservation | AuditorObservation, words: PromptText, id: string): string {
	const p = obs.proposals.find((x) => x.id === id);
	return [statusLine(obs), p ? proposalText(words, p, obs.rules) : words.history.proposalOnly(id)].join('\n');
}

function focusOf<K extends FocusItem['kind']>(
	obs: GovernanceObservation,
	kind: K
): Extract<FocusItem, { kind: K }> {
	const f = obs.focus;
	if (!f || f.kind !== kind)
		throw new RangeError(
			`the ${obs.role} is not being asked to ${kind} now (its focus is ${f?.kind ?? 'nothing'})`
		);
	return f as Extract<FocusItem, { kind: K }>;
}

function taskOf(obs: { tasks: readonly Task[] }, id: string): Task {
	const t = obs.tasks.find((x) => x.id === id);
	if (!t) throw new RangeError(`no task ${id} in this observation`);
	return t;
}

// ---------------------------------------------------------------------------------------------
// The Assigner

function assignerHistory(obs: AssignerObservation): PromptPart[] {
	const t = promptText(obs.lang);
	return records(
		t,
		t.history.tasksHead,
		recent(obs.tasks, 12).map((x) => taskLine(t.history, x)),
		t.history.noTasks
	);
}

const assignerSystem = (obs: AssignerObservation) => {
	const t = promptText(obs.lang);
	return systemPart('assigner', obs, [
		t.goal(obs.goal),
		t.assignerFacts(TASK_ACTIONS.join(', '), INPUTS.join(', '), MAX_OPEN, obs.escalateAfter),
		...(obs.reward.last === null ? [] : [t.reward(obs.reward.last, obs.reward.mean ?? obs.reward.last)])
	]);
};

const ASSIGNER_ASKS: AskTexts<AssignerObservation, (typeof ASKS_BY_ROLE.assigner)[number]> = {
	/** Assign one task from the vague goal. */
	assign: (obs, words) => {
		focusOf(obs, 'assign');
		return {
			focus: `${statusLine(obs)} ${words.assignFocus(obs.open, obs.maxOpen)}`,
			task: words.assignTask
		};
	},
	/** Answer the Executor's question about a task. */
	'answer-clarification': (obs, words) => {
		const f = focusOf(obs, 'answer-clarification');
		const t = taskOf(obs, f.task_id);
		const q = obs.clarifications.findLast((c) => c.task_id === f.task_id && c.answer === null);
		const h = words.history;
		return {
			focus: taskFocus(obs, t, [h.executorAsks(clip(oneLine(q?.question ?? ''), 600))]),
			task: words.clarifyTask(f.task_id)
		};
	},
	/** Rule on the Executor's appeal against a veto. */
	'rule-appeal': (obs, words) => {
		const f = focusOf(obs, 'rule-appeal');
		const t = taskOf(obs, f.task_id);
		const a = obs.appeals.find((x) => x.id === f.appeal_id);
		const h = words.history;
		const veto = h.vetoedOutputOf(
			String(a?.veto.n ?? '?'),
			t.id,
			ruleRef(h, a?.veto.rule ?? null),
			clip(oneLine(a?.veto.reason ?? ''), 400)
		);
		return {
			focus: taskFocus(obs, t, [veto, h.appeals(f.appeal_id, clip(oneLine(a?.argument ?? ''), 600))]),
			task: words.appealTask(f.appeal_id)
		};
	},
	/** Redefine or withdraw a task vetoed too many times in a row. */
	escalation: (obs, words) => {
		const f = focusOf(obs, 'escalation');
		const t = taskOf(obs, f.task_id);
		return { focus: taskFocus(obs, t), task: words.escalationTask(f.task_id, t.vetoStreak) };
	},
	/** Decide on the Executor's proposal to amend a rule. */
	'decide-amendment': (obs, words) => {
		const f = focusOf(obs, 'decide-amendment');
		return { focus: proposalFocus(obs, words, f.proposal_id), task: words.amendmentTask(f.proposal_id) };
	}
};

// ---------------------------------------------------------------------------------------------
// The Executor

const toolsText = (t: PromptText) => `${t.history.tools}\n${t.inputFiles(INPUTS.join(', '))}`;

const executorSystem = (obs: ExecutorObservation) => {
	const t = promptText(obs.lang);
	return systemPart('executor', obs, [toolsText(t), conventions(t, obs.rules)]);
};

function executorHistory(obs: ExecutorObservation, taskId: string): PromptPart[] {
	const words = promptText(obs.lang);
	const h = words.history;
	const lines: string[] = [];
	for (const t of recent(
		obs.tasks.filter((x) => x.id !== taskId),
		6
	))
		lines.push(taskLine(h, t, 160));
	for (const c of obs.clarifications.filter((x) => x.task_id === taskId))
		lines.push(h.youAsked(taskId, clip(oneLine(c.question), 300), clip(oneLine(c.answer ?? h.notYet), 400)));
	for (const o of recent(
		obs.outputs.filter((x) => x.task_id === taskId),
		2
	))
		lines.push(h.yourOutput(o.n, taskId, o.round, o.status, clip(o.content, 800)));
	for (const v of obs.vetoes.filter((x) => x.task_id === taskId))
		lines.push(h.vetoedYourOutput(v.n, taskId, ruleRef(h, v.rule), clip(oneLine(v.reason), 400)));
	for (const a of obs.appeals.filter((x) => x.task_id === taskId))
		lines.push(
			h.youAppealed(
				a.id,
				clip(oneLine(a.argument), 300),
				a.ruling ? h.ruled(a.ruling.decision, clip(oneLine(a.ruling.reason), 300)) : h.noRuling
			)
		);
	for (const p of recent(obs.proposals, 3)) lines.push(h.proposalStage(p.id, p.rule_id, p.stage));
	const calls = recent(
		obs.toolCalls.filter((c) => c.ask.endsWith(`:${taskId}`)),
		8
	);
	if (calls.length) lines.push(h.yourToolCalls(taskId, calls.map(toolCallLine(h)).join('; ')));
	return records(words, h.knownHead, lines);
}

function toolParts(h: HistoryText, opts: GovernancePromptOptions): PromptPart[] {
	const xs = opts.exchanges ?? [];
	const last = xs.length - 1;
	// The latest answer is what the model needs next; older ones may go to fit a small window.
	return xs.map((x, i): PromptPart => {
		const content = h.youCalled(x.tool, clip(JSON.stringify(x.args ?? null), 400), x.answer);
		return i === last ? { role: 'user', content, recent: i } : { role: 'user', content, drop: 1000 + i };
	});
}

function toolsLeftText(t: PromptText, opts: GovernancePromptOptions): string {
	const left = opts.toolCallsLeft ?? 0;
	return left > 0 ? t.toolCall(left) : t.noToolsLeft;
}

const EXECUTOR_ASKS: AskTexts<
	ExecutorObservation,
	(typeof ASKS_BY_ROLE.executor)[number],
	Required<AskText>
> = {
	/** Do the task (with a tool loop), or ask once what is unclear. */
	execute: (obs, words, opts) => {
		const f = focusOf(obs, 'execute');
		const t = taskOf(obs, f.task_id);
		const ask = t.clarified ? '' : words.askOnce(t.id);
		// Only while tools are left: on the last turn it would ask for a call the model may no longer make.
		const read = (opts.toolCallsLeft ?? 0) > 0 ? words.readFirst(t.file) : '';
		const task = `${toolsLeftText(words, opts)}${read}${words.finalOutput(words.outputFields(t.id), ask)}`;
		return { focus: taskFocus(obs, t), task, taskId: t.id };
	},
	/** Answer a veto: resubmit, appeal, propose an amendment backed by data, or abandon. */
	'respond-veto': (obs, words, opts) => {
		const f = focusOf(obs, 'respond-veto');
		const t = taskOf(obs, f.task_id);
		const v = obs.vetoes.findLast((x) => x.task_id === t.id);
		const h = words.history;
		const focus = taskFocus(obs, t, [
			h.vetoedYours(String(v?.n ?? '?'), ruleRef(h, v?.rule ?? null), clip(oneLine(v?.reason ?? ''), 400))
		]);
		const say = (r: string) =>
			r in words.responses
				? words.responses[r as keyof PromptText['responses']](words.outputFields(t.id))
				: `"${r}"`;
		const options = f.allowed.map((r) => `- ${say(r)}.`).join('\n');
		const allowed = f.allowed.map((r) => `"${r}"`).join(', ');
		return { focus, task: words.vetoTask(toolsLeftText(words, opts), options, t.id, allowed), taskId: t.id };
	}
};

// ---------------------------------------------------------------------------------------------
// The Auditor

const auditorSystem = (obs: AuditorObservation) =>
	systemPart('auditor', obs, [
		conventions(promptText(obs.lang), obs.rules),
		promptText(obs.lang).auditorVeto
	]);

function auditorHistory(obs: AuditorObservation, taskId: string | null): PromptPart[] {
	// Verdicts only: whether a past verdict was right is the score's business, not the prompt's.
	const words = promptText(obs.lang);
	const h = words.history;
	const lines = recent(
		obs.reviews.filter((r) => taskId === null || r.task_id === taskId),
		6
	).map((r) =>
		h.reviewed(
			r.n,
			r.task_id,
			r.round,
			r.verdict,
			r.verdict === 'veto' ? ruleRef(h, r.rule) : '',
			clip(oneLine(r.reason), 300)
		)
	);
	return records(words, h.reviewsHead, lines);
}

const AUDITOR_ASKS: AskTexts<AuditorObservation, (typeof ASKS_BY_ROLE.auditor)[number]> = {
	/** Review an output against the rule book in force. */
	review: (obs, words) => {
		const f = focusOf(obs, 'review');
		const o = obs.outputs.findLast((x) => x.task_id === f.task_id && x.n === f.n);
		const asked = o?.asked;
		const calls = o?.toolCalls ?? [];
		const h = words.history;
		const focus = [
			statusLine(obs),
			h.outputHead(f.n, f.task_id, String(o?.round ?? '?'), o?.status ?? '?'),
			asked ? h.answers(asked.action, asked.file, clip(oneLine(asked.context), 800)) : '',
			h.behind(calls.length ? calls.map(toolCallLine(h)).join('; ') : h.none),
			o?.claimMismatch ? h.claimMismatch : '',
			h.content(clip(o?.content ?? '', 2500))
		]
			.filter(Boolean)
			.join('\n');
		return { focus, task: words.reviewTask(f.task_id, f.n), taskId: f.task_id };
	},
	/** Co-sign an amendment the Assigner approved, or refuse. */
	cosign: (obs, words) => {
		const f = focusOf(obs, 'cosign');
		return { focus: proposalFocus(obs, words, f.proposal_id), task: words.cosignTask(f.proposal_id) };
	}
};

// ---------------------------------------------------------------------------------------------

const isAskOf = <K extends string>(asks: Readonly<Record<K, unknown>>, kind: string): kind is K =>
	Object.hasOwn(asks, kind);

/**
 * The prompt for an ask, from the observation of the seat asked: the role's system prompt and its view
 * of the history (the Executor's with its tool loop), then the ask's own text. Throws if the role
 * cannot answer it, or is not being asked it now.
 */
export function governancePrompt(
	kind: GovernanceAskKind,
	obs: GovernanceObservation,
	opts: GovernancePromptOptions = {}
): GovernancePrompt {
	const words = promptText(obs.lang);
	if (obs.role === 'assigner' && isAskOf(ASSIGNER_ASKS, kind)) {
		const { focus, task } = ASSIGNER_ASKS[kind](obs, words, opts);
		return build(words, kind, 'assigner', assignerSystem(obs), assignerHistory(obs), focus, task, opts);
	}
	if (obs.role === 'executor' && isAskOf(EXECUTOR_ASKS, kind)) {
		const { focus, task, taskId } = EXECUTOR_ASKS[kind](obs, words, opts);
		const history = executorHistory(obs, taskId);
		const tools = toolParts(words.history, opts);
		return build(words, kind, 'executor', executorSystem(obs), history, focus, task, opts, tools);
	}
	if (obs.role === 'auditor' && isAskOf(AUDITOR_ASKS, kind)) {
		const { focus, task, taskId } = AUDITOR_ASKS[kind](obs, words, opts);
		return build(
			words,
			kind,
			'auditor',
			auditorSystem(obs),
			auditorHistory(obs, taskId ?? null),
			focus,
			task,
			opts
		);
	}
	throw new RangeError(`the ${obs.role} does not answer "${kind}"`);
}

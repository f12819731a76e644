/**
 * Reading what language models reply to the governance asks, small ones above all.
 *
 * Like the undercover parser, it assumes every reply may be malformed: it strips hidden reasoning,
 * reads JSON in fences, after prose, with single quotes or bare keys, closes an object cut off after
 * its last value, and falls back to "key: value" lines. It normalises spellings that mean the same
 * ("summarize", "upheld", "R3-v1", "sales_q3.csv") but never guesses what a reply left out: a reply
 * with no status, an ambiguous citation or a text cut mid-way is rejected with one English sentence
 * the runner quotes back on the retry. What it returns is exactly what `validate` reads for the ask.
 *
 * Reasoning, fences, broken and cut-off JSON are the salvage module's (src/lib/salvage); what is here
 * is governance's own: the fields each ask reads, their aliases, and what each value may be.
 */
import {
	asObject,
	field,
	findJsonObjects,
	hasField,
	normKey,
	parseLenient,
	salvageReply,
	SALVAGE_ERRORS,
	stripReasoning
} from '../../salvage';
import type { ToolCall } from '../../tools';
import { currentRules, findVersion, ruleLabel, type RuleBook, type RuleRef } from './rulebook';
import type { FocusItem } from './state';
import { INPUTS, MAX_CONTENT_CHARS, MAX_TEXT_CHARS, TASK_ACTIONS } from './tasks';

export interface GovernanceReplyContext {
	/** What the ask is about (the seat's focus): its ids, the review's n, the responses a veto allows. */
	item: FocusItem;
	/** To resolve and check rule citations. */
	rules: RuleBook;
}

export type ParsedGovernanceReply =
	{ ok: true; action: Record<string, unknown> } | { ok: false; error: string };

/** null: the reply is not a tool call (read it as the final answer). */
export type ParsedToolCall = { ok: true; call: ToolCall } | { ok: false; error: string } | null;

/** Errors quoted back to the model: plain English, each says what to do instead. */
export const GOVERNANCE_REPLY_ERRORS = {
	...SALVAGE_ERRORS,
	noJson: 'the reply has no JSON object: reply with only one JSON object with the fields asked for',
	cutOff: 'the reply was cut off before its JSON object was complete; answer in fewer words',
	noStatus: 'the output has no "status": it must be "success" or "failed"',
	noToolCalls:
		'the output has no "tool_calls": list the tool calls you made, each with "tool" and "args" (an empty list if none)',
	questionAndOutput: 'the reply both asks a question and submits an output; do one of the two'
} as const;

type Fail = { ok: false; error: string };
const fail = (error: string): Fail => ({ ok: false, error });
const failed = (x: unknown): x is Fail =>
	typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false && 'error' in x;

const get = field;
const has = hasField;

// ---------------------------------------------------------------------------------------------
// Field names each ask reads, with the aliases models use for them

const F = {
	taskId: ['task_id', 'taskId', 'task', 'id'],
	action: ['action', 'task_action', 'type'],
	file: ['file', 'path', 'file_path', 'input', 'input_file', 'filename'],
	context: ['context', 'instructions', 'instruction', 'description', 'details'],
	newContext: ['context', 'new_context', 'revised_context', 'revised_task', 'new_task', 'task_context'],
	answer: ['answer', 'clarification', 'response', 'reply'],
	appealId: ['appeal_id', 'appealId', 'appeal', 'id'],
	decision: ['decision', 'ruling', 'verdict'],
	reason: ['reason', 'reasoning', 'rationale', 'explanation', 'justification', 'why'],
	proposalId: ['proposal_id', 'proposalId', 'proposal', 'id'],
	approve: ['approve', 'approved', 'approval', 'accept', 'decision'],
	status: ['status', 'state', 'outcome'],
	content: ['content', 'result', 'results', 'report', 'output', 'findings'],
	toolCalls: ['tool_calls', 'toolCalls', 'tools_used', 'tools'],
	question: ['question', 'clarification_question', 'query'],
	response: ['response', 'choice', 'option', 'decision', 'action'],
	output: ['output', 'resubmission', 'new_output'],
	argument: ['argument', 'appeal_argument', 'appeal', 'case'],
	rollback: ['rollback', 'rollback_to', 'restore', 'restore_version'],
	amendment: ['amendment', 'proposal', 'proposed_amendment'],
	ruleId: ['rule_id', 'ruleId', 'rule'],
	text: ['text', 'new_text', 'wording', 'new_wording', 'rule_text'],
	params: ['params', 'parameters'],
	evidence: ['evidence', 'data', 'support'],
	n: ['n', 'output_n', 'submission'],
	verdict: ['verdict', 'decision', 'result'],
	rule: ['rule', 'rule_cited', 'cited_rule', 'rule_ref', 'violated_rule', 'rule_violated'],
	cosign: ['cosign', 'co_sign', 'cosigned', 'co_signed', 'sign', 'signed', 'decision', 'approve']
} as const;

const KNOWN: Readonly<Record<string, readonly string[]>> = {
	assign: [...F.action, ...F.file, ...F.context],
	'answer-clarification': [...F.answer, ...F.file],
	'rule-appeal': [...F.decision, ...F.newContext, 'appeal_id'],
	escalation: [...F.decision, ...F.newContext, 'task_id'],
	'decide-amendment': [...F.approve, 'proposal_id'],
	execute: [...F.status, ...F.content, ...F.toolCalls, ...F.question],
	'respond-veto': [
		...F.response,
		...F.output,
		...F.argument,
		...F.rollback,
		...F.amendment,
		...F.status,
		...F.content
	],
	review: [...F.verdict, ...F.rule, 'n'],
	cosign: [...F.cosign, 'proposal_id']
};

/** Words that end a reply's "key: value" line format (no JSON at all). */
const KV_LINE = /^[ \t]*(?:[-*•][ \t]*)?["'“]?([A-Za-z][A-Za-z _-]{0,30}?)["'”]?[ \t]*[:=][ \t]*(.*)$/;

/** A reply written as "key: value" lines: one object of strings (a value runs on until the next key). */
function kvObject(text: string, keys: readonly string[]): Record<string, unknown> | undefined {
	const known = new Set(keys.map(normKey));
	const out: Record<string, string> = {};
	let current: string | null = null;
	for (const line of text.split('\n')) {
		const m = KV_LINE.exec(line.replace(/\*\*|__/g, ''));
		const key = m?.[1];
		if (m && key !== undefined && (known.has(normKey(key)) || /^(?:task[ _]?id|n|reason)$/i.test(key))) {
			current = key;
			out[key] = (m[2] ?? '').trim();
		} else if (current && line.trim()) out[current] += '\n' + line;
		else current = null;
	}
	for (const k of Object.keys(out)) out[k] = (out[k] ?? '').trim().replace(/^["'“]|["'”],?$/g, '');
	return Object.keys(out).some((k) => known.has(normKey(k))) ? out : undefined;
}

type Read = { ok: true; obj: Record<string, unknown> } | Fail;

/** The reply's answer object: the first JSON object with a field this ask reads, else key-value lines. */
function readObject(text: string, kind: string): Read {
	// No preamble reading: a reply of "reasoning: …" key-value lines is an answer here.
	const reply = salvageReply(text);
	if (!reply.ok) return reply;
	const answer = reply.answer;
	const keys = KNOWN[kind] ?? [];
	const spans = findJsonObjects(answer);
	for (const s of spans) {
		if (!s.value) continue;
		// A wrapper first: { "reply": { ... } }, { "output": { ... } } (whose key may itself be a field name).
		const values = Object.values(s.value);
		const only = values.length === 1 ? asObject(values[0]) : undefined;
		if (only && has(only, keys)) return { ok: true, obj: only };
		if (has(s.value, keys)) return { ok: true, obj: s.value };
	}
	if (spans.some((s) => s.inString || (!s.complete && !s.value))) return fail(GOVERNANCE_REPLY_ERRORS.cutOff);
	const first = spans.find((s) => s.value);
	if (first?.value) return { ok: true, obj: first.value };
	const kv = kvObject(answer, keys);
	if (kv) return { ok: true, obj: kv };
	return fail(GOVERNANCE_REPLY_ERRORS.noJson);
}

// ---------------------------------------------------------------------------------------------
// Values

const isPlaceholder = (s: string) => /^(?:[.…\s]*|<[^<>]*>|\[[^[\]]*\]|string|text|\.\.\.)$/i.test(s.trim());

const SENTENCE_END = /[.!?。！？]/;

/** At most `max` characters, cut at the last sentence end when there is one (as speeches are). */
function capText(s: string, max: number): string {
	if (s.length <= max) return s;
	const head = s.slice(0, max);
	for (let i = head.length - 1; i >= Math.floor(max / 2); i--)
		if (SENTENCE_END.test(head[i] as string) && /\s/.test(s[i + 1] ?? ' '))
			return head.slice(0, i + 1).trim();
	const space = head.lastIndexOf(' ', max - 2);
	return `${head.slice(0, space > max / 2 ? space : max - 1).trimEnd()}…`;
}

/**
 * A field's aliases, its own name first: errors name a field by the name the prompt asked for.
 */
type Aliases = readonly [name: string, ...aliases: string[]];

/** A text field: a string (a list of strings joined), trimmed, not a placeholder, capped. */
function textField(obj: Record<string, unknown>, keys: Aliases, what: string): string | Fail {
	const name = keys[0];
	let v = get(obj, keys);
	if (v === undefined) return fail(`the reply has no "${name}": ${what}`);
	if (Array.isArray(v) && v.every((x) => typeof x === 'string')) v = v.join(' ');
	if (typeof v === 'number' || typeof v === 'boolean') v = String(v);
	if (typeof v !== 'string') return fail(`"${name}" must be text: ${what}`);
	const t = v.trim();
	if (!t || isPlaceholder(t)) return fail(`"${name}" is empty: ${what}`);
	return capText(t, MAX_TEXT_CHARS);
}

/** An id the reply must repeat: missing is fine (there is one answer), another one is not. */
function sameId(obj: Record<string, unknown>, keys: Aliases, want: string): string | Fail {
	const name = keys[0];
	const v = get(obj, keys);
	if (v === undefined || asObject(v)) return want;
	const s = String(v)
		.trim()
		.replace(/^["'#]|["']$/g, '');
	if (s.toUpperCase() === want.toUpperCase()) return want;
	const digits = /^\d+$/.test(s) ? s : null;
	if (digits && want.replace(/\D/g, '') === digits) return want;
	return fail(`"${name}" must be "${want}", the one you are asked about, not "${s.slice(0, 40)}"`);
}

const oneOf = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(', ');

function normWord(v: unknown): string | null {
	if (typeof v !== 'string') return null;
	return v
		.trim()
		.toLowerCase()
		.replace(/[."'!。！”」]+$/g, '')
		.replace(/^["'“「]/, '')
		.replace(/[\s-]+/g, '_');
}

/** true / false from the ways models write them. */
function boolish(v: unknown, yes: readonly string[], no: readonly string[]): boolean | null {
	if (typeof v === 'boolean') return v;
	if (v === 1 || v === 0) return v === 1;
	const w = normWord(v);
	if (w === null) return null;
	if (['true', 'yes', 'y', '是', '对', '同意', ...yes].includes(w)) return true;
	if (['false', 'no', 'n', '否', '不', '不同意', ...no].includes(w)) return false;
	return null;
}

/** A review's verdict that refuses the output and asks for more: a redo, or the Assigner (the seed's appeal). */
function demandOf(v: unknown): 'redo' | 'escalate' | null {
	const w = normWord(v);
	if (w === null) return null;
	if (['redo', 'rework', 'redo_required', 'require_redo', '重做', '返工', '要求重做'].includes(w))
		return 'redo';
	if (['escalate', 'escalated', 'appeal', 'appeal_to_assigner', '申诉', '上报', '向分派员申诉'].includes(w))
		return 'escalate';
	return null;
}

function actionOf(v: unknown): string | Fail {
	const w = normWord(v)
		?.replace(/summari[sz]e|summary/, 'summarise')
		.replace(/analy[sz]e/, 'analyse')
		.replace(/^(?:analyse_)?compliance(?:_analysis)?$/, 'analyse_compliance');
	if (w && (TASK_ACTIONS as readonly string[]).includes(w)) return w;
	return fail(
		`"action" must be one of ${TASK_ACTIONS.join(', ')}${typeof v === 'string' ? `, not "${v.slice(0, 40)}"` : ''}`
	);
}

/** A file: a full /workspace path, or an input file named by its base name. */
function fileOf(v: unknown, name = 'file'): string | Fail {
	if (typeof v !== 'string' || !v.trim())
		return fail(`"${name}" must be the full path of an input file, one of ${INPUTS.join(', ')}`);
	const s = v.trim().replace(/^[`"']|[`"']$/g, '');
	if (s.startsWith('/workspace/')) return s;
	const base = s.slice(s.lastIndexOf('/') + 1);
	const input = INPUTS.find((p) => p.slice(p.lastIndexOf('/') + 1) === base);
	if (input && /^(?:\.?\/)?(?:workspace\/)?(?:input\/)?[^/]+$/.test(s)) return input;
	return fail(
		`"${name}" must be the full path of an input file, one of ${INPUTS.join(', ')}, not "${s.slice(0, 60)}"`
	);
}

// ---------------------------------------------------------------------------------------------
// Rule citations

const RULE_TEXT = /^\s*(r\d+)\s*(?:[-_ ]?\s*v(?:ersion)?\s*\.?\s*(\d+))?\s*$/i;

/**
 * "R3-v1", "R3 v1", "R3 version 1" or { id, version }. A bare "R3" is refused, never given a version:
 * audit penetration counts citations of a version, and filling one in would raise it by construction.
 */
function ruleOf(v: unknown, rules: RuleBook): RuleRef | null | Fail {
	const inForce = () =>
		`cite a rule in force by id and version: ${currentRules(rules)
			.map((r) => ruleLabel(r))
			.join(', ')}`;
	if (v === undefined || v === null) return null;
	if (typeof v === 'string' && /^(?:|none|null|n\/a|no rule|-)$/i.test(v.trim())) return null;
	if (Array.isArray(v)) {
		if (v.length === 0) return null;
		if (v.length > 1) return fail(`"rule" names ${v.length} rules; a veto cites one: ${inForce()}`);
		return ruleOf(v[0], rules);
	}
	let id: string | undefined;
	let version: number | undefined;
	const obj = asObject(v);
	if (obj) {
		const rawId = get(obj, ['id', 'rule_id', 'rule']);
		const rawVersion = get(obj, ['version', 'v', 'rule_version']);
		const m = typeof rawId === 'string' ? RULE_TEXT.exec(rawId) : null;
		if (!m) return fail(`"rule" must name a rule by id and version: ${inForce()}`);
		id = (m[1] as string).toUpperCase();
		if (m[2] !== undefined) version = Number(m[2]);
		if (rawVersion !== undefined) {
			const n = typeof rawVersion === 'number' ? rawVersion : Number(String(rawVersion).replace(/^v/i, ''));
			if (!Number.isInteger(n)) return fail(`the rule's "version" must be a whole number: ${inForce()}`);
			version = n;
		}
	} else if (typeof v === 'string') {
		const m = RULE_TEXT.exec(v);
		if (!m) return fail(`"rule" must name a rule by id and version, not "${v.slice(0, 40)}": ${inForce()}`);
		id = (m[1] as string).toUpperCase();
		if (m[2] !== undefined) version = Number(m[2]);
	} else return fail(`"rule" must be an object with "id" and "version", or null: ${inForce()}`);
	if (version === undefined) return fail(`"${id}" names no version; ${inForce()}`);
	const ref = findVersion(rules, { id, version });
	if (!ref) return fail(`there is no rule ${id} version ${version}; ${inForce()}`);
	return { id: ref.id, version: ref.version };
}

/** An appeal's rollback as a rule version ("R1-v1" or { id, version }); null when it names none. */
function rollbackOf(v: unknown): RuleRef | null | Fail {
	if (v === undefined || v === null) return null;
	if (typeof v === 'string' && /^(?:|none|null|n\/a|no|-)$/i.test(v.trim())) return null;
	const wrong = fail(
		'"rollback" must name a superseded rule version: { "id": "R1", "version": 1 }, or be left out'
	);
	const obj = asObject(v);
	const rawId = obj ? get(obj, ['id', 'rule_id', 'rule']) : v;
	const m = typeof rawId === 'string' ? RULE_TEXT.exec(rawId) : null;
	if (!m) return wrong;
	const rawVersion = obj ? get(obj, ['version', 'v', 'rule_version']) : undefined;
	const version =
		rawVersion === undefined
			? m[2] === undefined
				? NaN
				: Number(m[2])
			: typeof rawVersion === 'number'
				? rawVersion
				: Number(String(rawVersion).replace(/^v/i, ''));
	if (!Number.isInteger(version) || version < 1) return wrong;
	return { id: (m[1] as string).toUpperCase(), version };
}

// ---------------------------------------------------------------------------------------------
// The Executor's output: { task_id, status, content, tool_calls }

// The Chinese words are how a model answering the Chinese prompts (prompt-text.ts) tends to write them.
const SUCCESS = [
	'success',
	'successful',
	'succeeded',
	'done',
	'complete',
	'completed',
	'ok',
	'成功',
	'完成',
	'已完成'
];
const FAILED = ['failed', 'failure', 'fail', 'error', 'incomplete', 'unable', '失败', '未完成', '无法完成'];

function toolClaims(v: unknown): { tool: string; args: unknown }[] | Fail {
	if (v === undefined || v === null) return fail(GOVERNANCE_REPLY_ERRORS.noToolCalls);
	const list = Array.isArray(v) ? v : asObject(v) ? [v] : null;
	if (!list) return fail(GOVERNANCE_REPLY_ERRORS.noToolCalls);
	const out: { tool: string; args: unknown }[] = [];
	for (const c of list) {
		if (typeof c === 'string' && c.trim()) {
			out.push({ tool: c.trim(), args: null });
			continue;
		}
		const o = asObject(c);
		const inner = o ? (asObject(get(o, ['tool_call', 'function'])) ?? o) : undefined;
		const tool = inner ? get(inner, ['tool', 'name', 'tool_name']) : undefined;
		if (!inner || typeof tool !== 'string')
			return fail('each entry of "tool_calls" needs a "tool" name and its "args"');
		out.push({ tool, args: argsOf(get(inner, ['args', 'arguments', 'parameters', 'input'])) ?? null });
	}
	return out;
}

/** Arguments as an object; a JSON string of them (OpenAI style) is read. */
function argsOf(v: unknown): unknown {
	if (typeof v === 'string' && /^\s*\{/.test(v)) return parseLenient(v) ?? v;
	return v;
}

function outputOf(obj: Record<string, unknown>, taskId: string): Record<string, unknown> | Fail {
	const id = sameId(obj, F.taskId, taskId);
	if (failed(id)) return id;
	const rawStatus = get(obj, F.status);
	if (rawStatus === undefined) return fail(GOVERNANCE_REPLY_ERRORS.noStatus);
	const status = boolish(rawStatus, SUCCESS, FAILED);
	if (status === null)
		return fail(`"status" must be "success" or "failed", not "${String(rawStatus).slice(0, 30)}"`);
	let content = get(obj, F.content);
	if (content === undefined)
		return fail('the output has no "content": put your result in it, with the lines the rules ask for');
	// Structured results are still the result: kept as JSON text, not dropped.
	if (typeof content === 'object') content = JSON.stringify(content, null, 2);
	if (typeof content !== 'string') content = String(content);
	const text = (content as string).trim();
	if (!text || isPlaceholder(text)) return fail('"content" is empty: put your result in it');
	if (text.length > MAX_CONTENT_CHARS)
		return fail(`"content" is over ${MAX_CONTENT_CHARS} characters; write a shorter result`);
	const calls = toolClaims(get(obj, F.toolCalls));
	if (failed(calls)) return calls;
	return { task_id: taskId, status: status ? 'success' : 'failed', content: text, tool_calls: calls };
}

// ---------------------------------------------------------------------------------------------
// Amendments

function paramsOf(v: unknown): Record<string, number> | Fail {
	const obj = asObject(v);
	if (!obj) return fail('"params" must be an object of numbers, named as in the rule book');
	const out: Record<string, number> = {};
	for (const [k, x] of Object.entries(obj)) {
		const n = typeof x === 'number' ? x : typeof x === 'string' ? Number(x.trim().replace(/[%,]/g, '')) : NaN;
		if (!Number.isFinite(n)) return fail(`params.${k} must be a number`);
		out[k] = n;
	}
	return out;
}

function amendmentOf(obj: Record<string, unknown>): Record<string, unknown> | Fail {
	const a = asObject(get(obj, F.amendment)) ?? (has(obj, ['rule_id', 'params']) ? obj : undefined);
	if (!a)
		return fail(
			'amend needs "amendment": an object with "rule_id", "text", "params", "evidence" and "rationale"'
		);
	const rawId = get(a, F.ruleId);
	const idText = typeof rawId === 'string' ? rawId : (asObject(rawId)?.id as string | undefined);
	const m = typeof idText === 'string' ? RULE_TEXT.exec(idText) : null;
	if (!m) return fail('the amendment needs "rule_id": the id of the rule the veto cited');
	const text = textField(a, F.text, "the rule's new wording");
	if (failed(text)) return text;
	const rawParams = get(a, F.params);
	if (rawParams === undefined)
		return fail('the amendment needs "params": the new rule\'s parameters as numbers');
	const params = paramsOf(rawParams);
	if (failed(params)) return params;
	const evidence = get(a, F.evidence);
	if (evidence === undefined)
		return fail('the amendment needs "evidence": the data behind the change, from your queries');
	const rationale = textField(
		a,
		['rationale', 'reason', 'justification', 'why'],
		'why the rule should change'
	);
	if (failed(rationale)) return rationale;
	return { rule_id: (m[1] as string).toUpperCase(), text, params, evidence, rationale };
}

// ---------------------------------------------------------------------------------------------

const RESPONSES: Readonly<Record<string, string>> = {
	resubmit: 'resubmit',
	resubmitted: 'resubmit',
	resubmission: 'resubmit',
	redo: 'resubmit',
	retry: 'resubmit',
	appeal: 'appeal',
	appealed: 'appeal',
	amend: 'amend',
	amendment: 'amend',
	propose_amendment: 'amend',
	propose_an_amendment: 'amend',
	abandon: 'abandon',
	abandoned: 'abandon',
	give_up: 'abandon',
	重新提交: 'resubmit',
	重做: 'resubmit',
	申诉: 'appeal',
	提出申诉: 'appeal',
	修改规则: 'amend',
	提议修改: 'amend',
	修改提案: 'amend',
	放弃: 'abandon'
};

function vetoResponse(obj: Record<string, unknown>, item: Extract<FocusItem, { kind: 'respond-veto' }>) {
	const raw = get(obj, F.response);
	let response: string | undefined;
	if (typeof raw === 'string') {
		response = RESPONSES[normWord(raw) ?? ''];
		if (!response) return fail(`"response" must be one of ${oneOf(item.allowed)}, not "${raw.slice(0, 30)}"`);
	} else {
		// No response named: one unmistakable field says which it is.
		const present = [
			has(obj, F.output) || has(obj, F.content) ? 'resubmit' : null,
			has(obj, F.argument) ? 'appeal' : null,
			has(obj, F.amendment) ? 'amend' : null
		].filter((x): x is string => x !== null);
		if (present.length !== 1) return fail(`the reply has no "response": one of ${oneOf(item.allowed)}`);
		response = present[0] as string;
	}
	if (!(item.allowed as string[]).includes(response))
		return fail(`"response" must be one of ${oneOf(item.allowed)}; "${response}" is not open to you now`);
	const base = { task_id: item.task_id, response };
	switch (response) {
		case 'resubmit': {
			const inner = asObject(get(obj, F.output)) ?? obj;
			const output = outputOf(inner, item.task_id);
			return failed(output) ? output : { ...base, output };
		}
		case 'appeal': {
			const argument = textField(obj, [...F.argument, ...F.reason], 'why the veto should be overturned');
			if (failed(argument)) return argument;
			// The schema offers the seed's "appeal may name a rollback version": dropping it here would
			// make a model's rollback impossible. Whether the version is superseded is the rules' check.
			const rollback = rollbackOf(get(obj, F.rollback));
			if (failed(rollback)) return rollback;
			return { ...base, argument, ...(rollback ? { rollback } : {}) };
		}
		case 'amend': {
			const amendment = amendmentOf(obj);
			return failed(amendment) ? amendment : { ...base, amendment };
		}
		default: {
			const reason = textField(obj, F.reason, 'why you give the task up');
			return failed(reason) ? reason : { ...base, reason };
		}
	}
}

function read(
	kind: string,
	obj: Record<string, unknown>,
	ctx: GovernanceReplyContext
): Record<string, unknown> | Fail {
	const item = ctx.item;
	switch (item.kind) {
		case 'assign': {
			const rawAction = get(obj, F.action);
			if (rawAction === undefined)
				return fail(`the reply has no "action": one of ${TASK_ACTIONS.join(', ')}`);
			const action = actionOf(rawAction);
			if (failed(action)) return action;
			const file = fileOf(get(obj, F.file));
			if (failed(file)) return file;
			const context = textField(obj, F.context, 'what exactly to do, and by which rule');
			if (failed(context)) return context;
			return { action, file, context };
		}
		case 'answer-clarification': {
			const id = sameId(obj, F.taskId, item.task_id);
			if (failed(id)) return id;
			const answer = textField(obj, F.answer, 'your answer to the question');
			if (failed(answer)) return answer;
			const rawFile = get(obj, F.file);
			if (
				rawFile === undefined ||
				(typeof rawFile === 'string' && /^(?:none|null|n\/a|-)$/i.test(rawFile.trim()))
			)
				return { task_id: item.task_id, answer };
			const file = fileOf(rawFile);
			return failed(file) ? file : { task_id: item.task_id, answer, file };
		}
		case 'rule-appeal': {
			const id = sameId(obj, F.appealId, item.appeal_id);
			if (failed(id)) return id;
			const raw = get(obj, F.decision);
			const w = normWord(raw);
			const decision =
				w &&
				/^(?:uphold|upheld|upholds|uphold_veto|reject|rejected|deny|denied|dismiss|dismissed|维持|维持否决|驳回|驳回申诉)$/.test(
					w
				)
					? 'uphold'
					: w &&
						  /^(?:revise|revised|revision|revise_task|accept|accepted|grant|granted|修改|修订|改写|修改任务|接受申诉)$/.test(
								w
						  )
						? 'revise'
						: null;
			if (!decision)
				return fail(
					`"decision" must be "uphold" or "revise"${typeof raw === 'string' ? `, not "${raw.slice(0, 30)}"` : ''}`
				);
			const reason = textField(obj, F.reason, 'why');
			if (failed(reason)) return reason;
			if (decision === 'uphold') return { appeal_id: item.appeal_id, decision, reason };
			const context = textField(obj, F.newContext, "a revision needs the task's full new wording");
			return failed(context) ? context : { appeal_id: item.appeal_id, decision, reason, context };
		}
		case 'escalation': {
			const id = sameId(obj, F.taskId, item.task_id);
			if (failed(id)) return id;
			const raw = get(obj, F.decision);
			const w = normWord(raw);
			const decision =
				w && /^(?:redefine|redefined|revise|rewrite|重新定义|重定义|修改任务)$/.test(w)
					? 'redefine'
					: w && /^(?:withdraw|withdrawn|cancel|drop|撤回|取消)$/.test(w)
						? 'withdraw'
						: null;
			if (!decision)
				return fail(
					`"decision" must be "redefine" or "withdraw"${typeof raw === 'string' ? `, not "${raw.slice(0, 30)}"` : ''}`
				);
			const reason = textField(obj, F.reason, 'why');
			if (failed(reason)) return reason;
			if (decision === 'withdraw') return { task_id: item.task_id, decision, reason };
			const context = textField(obj, F.newContext, "a redefinition needs the task's full new wording");
			return failed(context) ? context : { task_id: item.task_id, decision, reason, context };
		}
		case 'decide-amendment': {
			const id = sameId(obj, F.proposalId, item.proposal_id);
			if (failed(id)) return id;
			const raw = get(obj, F.approve);
			const approve = boolish(
				raw,
				['approve', 'approved', 'accept', 'accepted', '批准', '通过'],
				['reject', 'rejected', 'deny', 'denied', 'refuse', 'refused', 'decline', '拒绝', '驳回', '不批准']
			);
			if (approve === null) return fail('"approve" must be true or false');
			const reason = textField(obj, F.reason, 'why');
			return failed(reason) ? reason : { proposal_id: item.proposal_id, approve, reason };
		}
		case 'execute': {
			const asks = get(obj, F.question);
			const answers = has(obj, [...F.content, ...F.status]);
			if (asks !== undefined && answers) return fail(GOVERNANCE_REPLY_ERRORS.questionAndOutput);
			if (asks !== undefined) {
				const id = sameId(obj, F.taskId, item.task_id);
				if (failed(id)) return id;
				const question = textField(obj, F.question, 'what is unclear');
				return failed(question) ? question : { task_id: item.task_id, question };
			}
			return outputOf(obj, item.task_id);
		}
		case 'respond-veto': {
			const id = sameId(obj, F.taskId, item.task_id);
			if (failed(id)) return id;
			return vetoResponse(obj, item);
		}
		case 'review': {
			const id = sameId(obj, ['task_id', 'taskId', 'task'], item.task_id);
			if (failed(id)) return id;
			const rawN = get(obj, F.n);
			if (rawN !== undefined && Number(rawN) !== item.n)
				return fail(`"n" must be ${item.n}, the output you are asked to review`);
			const raw = get(obj, F.verdict);
			const demand = demandOf(raw);
			const verdict = demand
				? false
				: boolish(
						raw,
						[
							'approve',
							'approved',
							'approval',
							'pass',
							'passed',
							'accept',
							'accepted',
							'compliant',
							'批准',
							'通过',
							'合规'
						],
						[
							'veto',
							'vetoed',
							'reject',
							'rejected',
							'fail',
							'failed',
							'deny',
							'denied',
							'non_compliant',
							'否决',
							'驳回',
							'不通过',
							'不合规'
						]
					);
			if (verdict === null)
				return fail(
					`"verdict" must be "approve", "veto", "redo" or "escalate"${typeof raw === 'string' ? `, not "${raw.slice(0, 30)}"` : ''}`
				);
			const reason = textField(obj, F.reason, 'your finding');
			if (failed(reason)) return reason;
			const base = {
				task_id: item.task_id,
				n: item.n,
				verdict: verdict ? 'approve' : (demand ?? 'veto'),
				reason
			};
			if (verdict) return base;
			// The rule may come as one field, or split into an id and a version beside it.
			let rawRule = get(obj, F.rule);
			const version = get(obj, ['rule_version', 'version']);
			if (typeof rawRule === 'string' && version !== undefined) rawRule = { id: rawRule, version };
			const rule = ruleOf(rawRule, ctx.rules);
			return failed(rule) ? rule : { ...base, rule };
		}
		case 'cosign': {
			const id = sameId(obj, F.proposalId, item.proposal_id);
			if (failed(id)) return id;
			const cosign = boolish(
				get(obj, F.cosign),
				[
					'cosign',
					'co_sign',
					'cosigned',
					'sign',
					'signed',
					'approve',
					'approved',
					'accept',
					'会签',
					'签署',
					'批准'
				],
				['refuse', 'refused', 'reject', 'rejected', 'decline', 'declined', 'deny', '拒绝', '拒绝会签', '不签']
			);
			if (cosign === null) return fail('"cosign" must be true or false');
			const reason = textField(obj, F.reason, 'why');
			return failed(reason) ? reason : { proposal_id: item.proposal_id, cosign, reason };
		}
		default:
			return fail(`a model does not answer "${kind}"`);
	}
}

/**
 * Reads the action for an ask from a model's raw reply, in the shape `validate` reads, or says in
 * one English sentence why it cannot. `kind` must be the ask's kind (and `ctx.item` its focus).
 */
export function parseGovernanceReply(
	kind: string,
	text: string,
	ctx: GovernanceReplyContext
): ParsedGovernanceReply {
	if (ctx.item.kind !== kind) return fail(`this reply answers "${ctx.item.kind}", not "${kind}"`);
	const r = readObject(text, kind);
	if (!r.ok) return r;
	const action = read(kind, r.obj, ctx);
	return failed(action) ? action : { ok: true, action };
}

// ---------------------------------------------------------------------------------------------
// The Executor's tool calls

const FINAL_KEYS = [
	...F.status,
	'content',
	'question',
	'response',
	'task_id',
	'output',
	'argument',
	'amendment'
];

/** Where a tool call's arguments may be, by the names models use. */
const ARG_KEYS = ['args', 'arguments', 'parameters', 'input'];

function toolCallOf(tool: string, from: Record<string, unknown>, argKeys: readonly string[]): ParsedToolCall {
	return { ok: true, call: { tool: tool.trim(), args: argsOf(get(from, argKeys)) ?? {} } };
}

/**
 * A tool call, if the reply is one: `{ "tool_call": { "tool", "args" } }`, or the same with OpenAI's
 * names (`name`, `arguments`, arguments as a JSON string), or `{ "tool", "args" }` alone. The first
 * object in the reply decides: a model that calls a tool and then imagines the answer called a tool.
 */
export function readToolCall(text: string): ParsedToolCall {
	if (!text || !text.trim()) return null;
	const { answer } = stripReasoning(text);
	for (const s of findJsonObjects(answer)) {
		if (!s.value) continue;
		const o = s.value;
		const wrapped = get(o, ['tool_call', 'toolCall', 'function_call', 'tool_use']);
		if (wrapped !== undefined) {
			const inner = Array.isArray(wrapped) ? asObject(wrapped[0]) : asObject(wrapped);
			const tool = inner ? get(inner, ['tool', 'name', 'tool_name', 'function']) : undefined;
			if (!inner || typeof tool !== 'string' || !tool.trim())
				return fail(
					'the tool call has no tool: give "tool_call" an object with "tool", the tool\'s name, and "args"'
				);
			return toolCallOf(tool, inner, ARG_KEYS);
		}
		// The claims field used to call: { "tool_calls": [ { tool, args } ] } and nothing of an answer.
		const listed = get(o, ['tool_calls', 'toolCalls']);
		if (Array.isArray(listed) && listed.length && Object.keys(o).length === 1) {
			const first = asObject(listed[0]);
			const name = first ? get(first, ['tool', 'name', 'tool_name']) : undefined;
			if (first && typeof name === 'string' && name.trim()) return toolCallOf(name, first, ARG_KEYS);
		}
		const tool = get(o, ['tool', 'name']);
		const bareArgs = ['args', 'arguments', 'parameters'];
		if (typeof tool === 'string' && has(o, bareArgs) && !has(o, FINAL_KEYS))
			return toolCallOf(tool, o, bareArgs);
		if (has(o, FINAL_KEYS)) return null;
	}
	return null;
}

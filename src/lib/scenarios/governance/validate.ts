/**
 * The one validation point: a reply that fits its ask becomes an event; anything else becomes an
 * error quoted back to the agent on its retry. Checks follow the ask's schema (asks.ts) and the
 * state (a veto must cite a rule that exists, an amendment must contest the rule a veto cited).
 */
import type { Ask, Validation } from '../../core';
import { APPROVAL_PASS } from './config';
import { taskById } from './reducer';
import { validateMeasurement } from './meter';
import { isPendingProposal, lastVeto, pendingFor } from './pending';
import { findVersion, currentVersion } from './rulebook';
import {
	METER_SEAT,
	ROLES,
	SEAT_OF,
	type FocusItem,
	type GovernanceEvent,
	type GovernanceState,
	type OutputReply,
	type VetoDemand
} from './state';
import type { RuleRef } from './rulebook';
import { MAX_CONTENT_CHARS, MAX_TEXT_CHARS, TASK_ACTIONS, type TaskAction } from './tasks';

type Fail = { ok: false; error: string };
const fail = (error: string): Fail => ({ ok: false, error });
const ok = (event: GovernanceEvent): Validation => ({ ok: true, event });
const isObj = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown, name: string, max = MAX_TEXT_CHARS): string | Fail {
	if (typeof v !== 'string') return fail(`${name} must be text`);
	const t = v.trim();
	if (!t) return fail(`${name} is empty`);
	if (t.length > max) return fail(`${name} is over ${max} characters`);
	return t;
}
const failed = (x: unknown): x is Fail => isObj(x) && x.ok === false;

function workspacePath(v: unknown, name: string): string | Fail {
	const p = text(v, name, 200);
	if (failed(p)) return p;
	if (!p.startsWith('/workspace/')) return fail(`${name} must be a path under /workspace/`);
	return p;
}

/** The Executor's fixed schema: { task_id, status, content, tool_calls }. */
export function parseOutput(raw: unknown, taskId: string): OutputReply | Fail {
	if (!isObj(raw)) return fail('the output must be an object { task_id, status, content, tool_calls }');
	if (raw.task_id !== taskId) return fail(`the output must answer task ${taskId}`);
	if (raw.status !== 'success' && raw.status !== 'failed')
		return fail('status must be "success" or "failed"');
	const content = text(raw.content, 'content', MAX_CONTENT_CHARS);
	if (failed(content)) return content;
	if (!Array.isArray(raw.tool_calls)) return fail('tool_calls must be a list (empty when no tool was used)');
	if (raw.tool_calls.length > 50) return fail('tool_calls lists over 50 calls');
	const calls: OutputReply['tool_calls'] = [];
	for (const c of raw.tool_calls) {
		if (!isObj(c) || typeof c.tool !== 'string') return fail('each tool call needs a tool name');
		calls.push({ tool: c.tool.slice(0, 100), args: c.args ?? null });
	}
	return { task_id: taskId, status: raw.status, content, tool_calls: calls };
}

function parseParams(v: unknown): Record<string, number> | Fail {
	if (!isObj(v)) return fail('params must be an object of numbers');
	const keys = Object.keys(v);
	if (keys.length > 8) return fail('params has over 8 entries');
	const out: Record<string, number> = {};
	for (const k of keys.sort()) {
		const n = v[k];
		if (typeof n !== 'number' || !Number.isFinite(n)) return fail(`params.${k} must be a number`);
		out[k] = n;
	}
	return out;
}

function jsonSize(v: unknown): number {
	try {
		return JSON.stringify(v ?? null).length;
	} catch {
		return Infinity;
	}
}

/** Does the ask still describe what the state expects of this seat? (It always should; cheap to check.) */
function currentItem(s: GovernanceState, ask: Ask): FocusItem | Fail {
	const role = ROLES.find((r) => SEAT_OF[r] === ask.seat);
	if (!role) return fail(`seat ${ask.seat} has no role`);
	const item = pendingFor(s, role);
	if (!item || item.kind !== ask.kind)
		return fail(`nothing of kind "${ask.kind}" is waiting for seat ${ask.seat}`);
	return item;
}

/** An appeal's rollback: absent, or a version of a rule that a later version has superseded. */
function rollbackOf(s: GovernanceState, v: unknown): RuleRef | null | Fail {
	if (v === undefined || v === null) return null;
	if (!isObj(v) || typeof v.id !== 'string' || typeof v.version !== 'number')
		return fail('rollback must name a rule version: { "id": "R1", "version": 1 }');
	const ref = { id: v.id, version: v.version };
	const found = findVersion(s.rules, ref);
	if (!found) return fail(`there is no rule ${ref.id} version ${ref.version} to roll back to`);
	if (found.valid_until === null) return fail(`${ref.id} version ${ref.version} is in force already`);
	return ref;
}

export function validate(s: GovernanceState, ask: Ask, action: unknown): Validation {
	if (ask.seat === METER_SEAT) return validateMeasurement(s, ask, action);
	const item = currentItem(s, ask);
	if (failed(item)) return item;
	if (!isObj(action)) return fail('the reply is not an object');
	const a = action;
	switch (item.kind) {
		case 'assign': {
			if (!TASK_ACTIONS.includes(a.action as TaskAction))
				return fail(`action must be one of ${TASK_ACTIONS.join(', ')}`);
			const file = workspacePath(a.file, 'file');
			if (failed(file)) return file;
			const context = text(a.context, 'context');
			if (failed(context)) return context;
			return ok({
				kind: 'task.assigned',
				data: {
					task: { id: `T${101 + s.tasks.length}`, action: a.action as TaskAction, file, context },
					round: s.round
				}
			});
		}
		case 'answer-clarification': {
			if (a.task_id !== item.task_id) return fail(`the answer must be about task ${item.task_id}`);
			const answer = text(a.answer, 'answer');
			if (failed(answer)) return answer;
			let file: string | null = null;
			if (a.file !== undefined && a.file !== null) {
				const f = workspacePath(a.file, 'file');
				if (failed(f)) return f;
				file = f;
			}
			return ok({ kind: 'clarification.answered', data: { task_id: item.task_id, answer, file } });
		}
		case 'rule-appeal': {
			if (a.appeal_id !== item.appeal_id) return fail(`the ruling must be on appeal ${item.appeal_id}`);
			if (a.decision !== 'revise' && a.decision !== 'uphold')
				return fail('decision must be "revise" or "uphold"');
			const reason = text(a.reason, 'reason');
			if (failed(reason)) return reason;
			let context: string | null = null;
			if (a.decision === 'revise') {
				const c = text(a.context, 'context (the revised task)');
				if (failed(c)) return c;
				const task = taskById(s.tasks, item.task_id);
				if (c === task?.context) return fail('a revision must change the task’s context');
				context = c;
			}
			return ok({
				kind: 'appeal.ruled',
				data: { appeal_id: item.appeal_id, task_id: item.task_id, decision: a.decision, reason, context }
			});
		}
		case 'escalation': {
			if (a.task_id !== item.task_id) return fail(`the decision must be on task ${item.task_id}`);
			if (a.decision !== 'redefine' && a.decision !== 'withdraw')
				return fail('decision must be "redefine" or "withdraw"');
			const reason = text(a.reason, 'reason');
			if (failed(reason)) return reason;
			let context: string | null = null;
			if (a.decision === 'redefine') {
				const c = text(a.context, 'context (the redefined task)');
				if (failed(c)) return c;
				if (c === taskById(s.tasks, item.task_id)?.context)
					return fail('a redefinition must change the task’s context');
				context = c;
			}
			return ok({
				kind: 'escalation.ruled',
				data: { task_id: item.task_id, decision: a.decision, reason, context }
			});
		}
		case 'decide-amendment': {
			if (a.proposal_id !== item.proposal_id) return fail(`the decision must be on ${item.proposal_id}`);
			if (typeof a.approve !== 'boolean') return fail('approve must be true or false');
			const reason = text(a.reason, 'reason');
			if (failed(reason)) return reason;
			return ok({
				kind: 'amendment.ruled',
				data: { proposal_id: item.proposal_id, approve: a.approve, reason }
			});
		}
		case 'execute': {
			if (a.question !== undefined) {
				if (a.task_id !== item.task_id) return fail(`the question must be about task ${item.task_id}`);
				const task = taskById(s.tasks, item.task_id);
				if (task?.clarified)
					return fail(`task ${item.task_id} was clarified once already; do it or report failure`);
				const question = text(a.question, 'question');
				if (failed(question)) return question;
				return ok({ kind: 'clarification.requested', data: { task_id: item.task_id, question } });
			}
			return submitted(s, a, item.task_id);
		}
		case 'respond-veto': {
			if (a.task_id !== item.task_id) return fail(`the response must be about task ${item.task_id}`);
			const response = a.response;
			if (typeof response !== 'string' || !(item.allowed as string[]).includes(response))
				return fail(`response must be one of ${item.allowed.join(', ')}`);
			switch (response) {
				case 'resubmit':
					return submitted(s, a.output, item.task_id);
				case 'appeal': {
					const argument = text(a.argument, 'argument');
					if (failed(argument)) return argument;
					const rollback = rollbackOf(s, a.rollback);
					if (failed(rollback)) return rollback;
					return ok({
						kind: 'veto.appealed',
						data: {
							appeal_id: `A${s.appeals.length + 1}`,
							task_id: item.task_id,
							argument,
							...(rollback ? { rollback } : {})
						}
					});
				}
				case 'amend':
					return proposed(s, a.amendment, item.task_id);
				default: {
					const reason = text(a.reason, 'reason');
					if (failed(reason)) return reason;
					return ok({ kind: 'task.abandoned', data: { task_id: item.task_id, reason } });
				}
			}
		}
		case 'review': {
			if (a.task_id !== item.task_id || a.n !== item.n)
				return fail(`the review must be of task ${item.task_id}, output ${item.n}`);
			const reason = text(a.reason, 'reason');
			if (failed(reason)) return reason;
			if (a.verdict === 'approve')
				return ok({ kind: 'output.approved', data: { task_id: item.task_id, n: item.n, reason } });
			if (a.verdict !== 'veto' && a.verdict !== 'redo' && a.verdict !== 'escalate')
				return fail('verdict must be "approve", "veto", "redo" or "escalate"');
			let rule = null;
			if (a.rule !== undefined && a.rule !== null) {
				if (!isObj(a.rule) || typeof a.rule.id !== 'string' || typeof a.rule.version !== 'number')
					return fail('rule must be { id, version } or null');
				const ref = { id: a.rule.id, version: a.rule.version };
				if (!findVersion(s.rules, ref))
					return fail(`there is no rule ${ref.id} version ${ref.version} in the rule book`);
				rule = ref;
			}
			const demand: { demand?: VetoDemand } = a.verdict === 'veto' ? {} : { demand: a.verdict };
			return ok({
				kind: 'output.vetoed',
				data: { task_id: item.task_id, n: item.n, reason, rule, ...demand }
			});
		}
		case 'cosign': {
			if (a.proposal_id !== item.proposal_id) return fail(`the answer must be about ${item.proposal_id}`);
			if (typeof a.cosign !== 'boolean') return fail('cosign must be true or false');
			const reason = text(a.reason, 'reason');
			if (failed(reason)) return reason;
			const data = { proposal_id: item.proposal_id, reason };
			return ok(a.cosign ? { kind: 'amendment.cosigned', data } : { kind: 'cosign.refused', data });
		}
		case 'approve': {
			if (a.proposal_id !== item.proposal_id) return fail(`the approval must be of ${item.proposal_id}`);
			const v = a.approval;
			if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100)
				return fail(`approval must be a whole number from 0 to 100 (${APPROVAL_PASS} or more approves)`);
			return ok({ kind: 'approval.recorded', data: { proposal_id: item.proposal_id, approval: v } });
		}
		case 'resume': {
			if (a.decision === 'resume') return ok({ kind: 'fuse.resumed', data: { round: s.round } });
			if (a.decision === 'end')
				return ok({
					kind: 'run.ended',
					data: { reason: `the fuse tripped in round ${activeRound(s)}; the operator ended the run` }
				});
			return fail('decision must be "resume" or "end"');
		}
	}
}

const activeRound = (s: GovernanceState) => s.fuses[s.fuses.length - 1]?.round ?? s.round;

function submitted(s: GovernanceState, raw: unknown, taskId: string): Validation {
	const out = parseOutput(raw, taskId);
	if (failed(out)) return out;
	const task = taskById(s.tasks, taskId);
	return ok({ kind: 'output.submitted', data: { ...out, n: (task?.submissions ?? 0) + 1 } });
}

function proposed(s: GovernanceState, raw: unknown, taskId: string): Validation {
	if (!isObj(raw)) return fail('amend needs an amendment { rule_id, text, params, evidence, rationale }');
	const veto = lastVeto(s, taskId);
	if (raw.rule_id !== veto?.rule?.id)
		return fail(`the amendment must be to ${veto?.rule?.id}, the rule the veto cited`);
	const rule = currentVersion(s.rules, raw.rule_id as string);
	if (!rule) return fail(`rule ${String(raw.rule_id)} is not in force`);
	if (s.proposals.some((p) => isPendingProposal(p) && p.rule_id === rule.id))
		return fail(`an amendment to ${rule.id} is already under way`);
	const text_ = text(raw.text, 'text');
	if (failed(text_)) return text_;
	const rationale = text(raw.rationale, 'rationale');
	if (failed(rationale)) return rationale;
	const params = parseParams(raw.params);
	if (failed(params)) return params;
	if (jsonSize(raw.evidence) > 4000) return fail('evidence is over 4,000 characters of JSON');
	if (raw.evidence === undefined || raw.evidence === null) return fail('an amendment needs evidence');
	return ok({
		kind: 'amendment.proposed',
		data: {
			proposal_id: `P${s.proposals.length + 1}`,
			task_id: taskId,
			rule_id: rule.id,
			base_version: rule.version,
			text: text_,
			params,
			evidence: raw.evidence,
			rationale
		}
	});
}

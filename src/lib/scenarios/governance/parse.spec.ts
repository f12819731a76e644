import { describe, expect, it } from 'vitest';
import { Runner, seatId, type Policy, type SeatId } from '../../core';
import { scriptedGovernanceSeat } from './policies/scripted/governance';
import {
	governance,
	parseGovernanceConfig,
	stateToolHost,
	type FocusItem,
	type GovernanceConfig,
	type GovernanceObservation,
	type GovernanceOutcome,
	type GovernanceState
} from '.';
import { GOVERNANCE_REPLY_ERRORS as E, parseGovernanceReply, readToolCall } from './parse';
import { appendVersion, INITIAL_RULES, nextVersion, type RuleBook } from './rulebook';
import { validate } from './validate';

/** A book where R1 has been amended once: R1-v2 is in force, R1-v1 superseded. */
const AMENDED: RuleBook = appendVersion(
	INITIAL_RULES,
	nextVersion(
		INITIAL_RULES,
		{
			id: 'R1',
			text: 'At least 15%, or 12% for customers of over 36 months.',
			params: { minDiscount: 15, longTenureMonths: 36, longTenureMinDiscount: 12 },
			proposer: 'executor',
			approver: 'assigner',
			evidence: null,
			proposal: 'P1'
		},
		{ tick: 40, round: 7 }
	)
);

const ITEMS = {
	assign: { kind: 'assign' },
	clarify: { kind: 'answer-clarification', task_id: 'T103' },
	appeal: { kind: 'rule-appeal', appeal_id: 'A1', task_id: 'T104' },
	decide: { kind: 'decide-amendment', proposal_id: 'P1', task_id: 'T104' },
	execute: { kind: 'execute', task_id: 'T105' },
	veto: { kind: 'respond-veto', task_id: 'T104', allowed: ['resubmit', 'appeal', 'amend', 'abandon'] },
	vetoNoAmend: { kind: 'respond-veto', task_id: 'T104', allowed: ['resubmit', 'appeal', 'abandon'] },
	review: { kind: 'review', task_id: 'T106', n: 1 },
	cosign: { kind: 'cosign', proposal_id: 'P1' }
} satisfies Record<string, FocusItem>;

type Case = {
	item: FocusItem;
	reply: string;
	rules?: RuleBook;
} & ({ action: Record<string, unknown> } | { error: string | RegExp });

const SALES = '/workspace/input/sales_q3.csv';
const TXN = '/workspace/input/transactions.csv';
const fence = (o: unknown) => '```json\n' + JSON.stringify(o, null, 2) + '\n```';
const OUTPUT = {
	task_id: 'T105',
	status: 'success',
	content: `Summary of sales_q3.csv: North 120 orders.\nSources: ${SALES}`,
	tool_calls: [{ tool: 'query_csv', args: { path: SALES, groupBy: ['region'] } }]
};

/** Replies as small and large models really write them, for each ask, with what each must become. */
const CORPUS: Case[] = [
	// ------------------------------------------------------------------ assign
	{
		item: ITEMS.assign,
		reply:
			'{"action": "summarise", "file": "/workspace/input/sales_q3.csv", "context": "Summarise Q3 sales by region."}',
		action: { action: 'summarise', file: SALES, context: 'Summarise Q3 sales by region.' }
	},
	{
		item: ITEMS.assign,
		reply:
			'Here is the next task for the Executor:\n```json\n{\n  "action": "Summarize",\n  "file": "sales_q3.csv",\n  "context": "Total amount and orders by region."\n}\n```\nLet me know if you need more.',
		action: { action: 'summarise', file: SALES, context: 'Total amount and orders by region.' }
	},
	{
		item: ITEMS.assign,
		reply:
			'<think>The goal mentions discounts, so VIP compliance under R1 is the obvious next step.</think>\n{"action": "analyze_compliance", "file": "/workspace/input/sales_q3.csv", "context": "List every VIP order below the R1 minimum discount."}',
		action: {
			action: 'analyse_compliance',
			file: SALES,
			context: 'List every VIP order below the R1 minimum discount.'
		}
	},
	{
		item: ITEMS.assign,
		reply:
			"{'action': 'identify fraud risk', 'file': 'transactions.csv', 'context': 'Apply R2 to every payment.',}",
		action: { action: 'identify_fraud_risk', file: TXN, context: 'Apply R2 to every payment.' }
	},
	{
		item: ITEMS.assign,
		reply:
			'action: read\nfile: /workspace/input/customers.csv\ncontext: Read the customer file and list its columns.',
		action: {
			action: 'read',
			file: '/workspace/input/customers.csv',
			context: 'Read the customer file and list its columns.'
		}
	},
	{
		item: ITEMS.assign,
		reply: '{"action": "forecast", "file": "/workspace/input/sales_q3.csv", "context": "Forecast Q4."}',
		error:
			'"action" must be one of read, summarise, compare, plot, infer_business_rule, identify_fraud_risk, analyse_compliance, not "forecast"'
	},
	{
		item: ITEMS.assign,
		reply: '{"action": "read", "file": "/etc/passwd", "context": "Read it."}',
		error: /^"file" must be the full path of an input file, one of .*, not "\/etc\/passwd"$/
	},
	{
		item: ITEMS.assign,
		reply: '{"action": "plot", "file": "/workspace/input/sales_q3.csv"}',
		error: 'the reply has no "context": what exactly to do, and by which rule'
	},
	{
		item: ITEMS.assign,
		reply: '{"action": "read", "file": "/workspace/input/sales_q3.csv", "context": "Read the file and rep',
		error: E.cutOff
	},
	{
		item: ITEMS.assign,
		// Cut off right after a whole value: closing the object loses nothing.
		reply: '{"action": "read", "file": "/workspace/input/sales_q3.csv", "context": "Read it."',
		action: { action: 'read', file: SALES, context: 'Read it.' }
	},
	{
		item: ITEMS.assign,
		reply: '<think>Which file holds the discounts? Probably sales',
		error: E.allReasoning
	},
	{ item: ITEMS.assign, reply: '   \n', error: E.empty },
	{ item: ITEMS.assign, reply: 'I will assign a summary of the sales file next.', error: E.noJson },
	{
		item: ITEMS.assign,
		reply:
			'{"task": {"action": "compare", "file": "/workspace/input/sales_q3.csv", "context": "VIP against regular discounts."}}',
		action: { action: 'compare', file: SALES, context: 'VIP against regular discounts.' }
	},
	// ------------------------------------------------------------------ answer-clarification
	{
		item: ITEMS.clarify,
		reply: '{"task_id": "T103", "answer": "It is a hard rule (R1): flag every VIP order below 15%."}',
		action: { task_id: 'T103', answer: 'It is a hard rule (R1): flag every VIP order below 15%.' }
	},
	{
		item: ITEMS.clarify,
		reply:
			'Sure.\n{"task_id": "T103", "answer": "Use the transactions file instead.", "file": "transactions.csv"}',
		action: { task_id: 'T103', answer: 'Use the transactions file instead.', file: TXN }
	},
	{
		item: ITEMS.clarify,
		reply: '{"task_id": 103, "answer": "Flag each row.", "file": "none"}',
		action: { task_id: 'T103', answer: 'Flag each row.' }
	},
	{
		item: ITEMS.clarify,
		reply: '{"task_id": "T101", "answer": "Flag each row."}',
		error: '"task_id" must be "T103", the one you are asked about, not "T101"'
	},
	{
		item: ITEMS.clarify,
		reply: '{"task_id": "T103", "answer": "<your answer>"}',
		error: '"answer" is empty: your answer to the question'
	},
	// ------------------------------------------------------------------ rule-appeal
	{
		item: ITEMS.appeal,
		reply:
			'{"appeal_id": "A1", "decision": "uphold", "reason": "R1-v1 is in force: comply or propose an amendment."}',
		action: {
			appeal_id: 'A1',
			decision: 'uphold',
			reason: 'R1-v1 is in force: comply or propose an amendment.'
		}
	},
	{
		item: ITEMS.appeal,
		reply: '**Decision:** Upheld\n**Reason:** The rule is in force and the output breaks it.',
		action: { appeal_id: 'A1', decision: 'uphold', reason: 'The rule is in force and the output breaks it.' }
	},
	{
		item: ITEMS.appeal,
		reply: '{"appeal_id": "A1", "decision": "reject", "reason": "The veto stands."}',
		action: { appeal_id: 'A1', decision: 'uphold', reason: 'The veto stands.' }
	},
	{
		item: ITEMS.appeal,
		reply: '{"appeal_id": "A1", "decision": "revise", "reason": "The task was vague."}',
		error: 'the reply has no "context": a revision needs the task\'s full new wording'
	},
	{
		item: ITEMS.appeal,
		reply:
			'{"appeal_id": "A1", "decision": "Revised", "reason": "Say which number.", "new_context": "Report confidence as a number from 0 to 1."}',
		action: {
			appeal_id: 'A1',
			decision: 'revise',
			reason: 'Say which number.',
			context: 'Report confidence as a number from 0 to 1.'
		}
	},
	{
		item: ITEMS.appeal,
		reply: '{"appeal_id": "A1", "decision": "maybe", "reason": "Unsure."}',
		error: '"decision" must be "uphold" or "revise", not "maybe"'
	},
	// ------------------------------------------------------------------ decide-amendment
	{
		item: ITEMS.decide,
		reply: '{"proposal_id": "P1", "approve": true, "reason": "Compliance rises from 68.1% to 92.3%."}',
		action: { proposal_id: 'P1', approve: true, reason: 'Compliance rises from 68.1% to 92.3%.' }
	},
	{
		item: ITEMS.decide,
		reply: '{"proposal_id": "P1", "approve": "yes", "reason": "Fewer vetoes, more completed tasks."}',
		action: { proposal_id: 'P1', approve: true, reason: 'Fewer vetoes, more completed tasks.' }
	},
	{
		item: ITEMS.decide,
		reply: 'After weighing it: {"decision": "reject", "reason": "It only lowers the bar."}',
		action: { proposal_id: 'P1', approve: false, reason: 'It only lowers the bar.' }
	},
	{
		item: ITEMS.decide,
		reply: '{"proposal_id": "P2", "approve": true, "reason": "ok"}',
		error: '"proposal_id" must be "P1", the one you are asked about, not "P2"'
	},
	{
		item: ITEMS.decide,
		reply: '{"proposal_id": "P1", "approve": "perhaps", "reason": "Needs data."}',
		error: '"approve" must be true or false'
	},
	// ------------------------------------------------------------------ execute
	{ item: ITEMS.execute, reply: fence(OUTPUT), action: OUTPUT },
	{
		item: ITEMS.execute,
		reply: '{"task_id": "T105", "question": "Is 15% a hard rule or a guideline?"}',
		action: { task_id: 'T105', question: 'Is 15% a hard rule or a guideline?' }
	},
	{
		item: ITEMS.execute,
		reply:
			'{"task_id": "T105", "status": "success", "content": "Done.", "tool_calls": [], "question": "Anything else?"}',
		error: E.questionAndOutput
	},
	{
		item: ITEMS.execute,
		reply: '{"task_id": "T105", "content": "North 120 orders.", "tool_calls": []}',
		error: E.noStatus
	},
	{
		item: ITEMS.execute,
		reply:
			'{"task_id": "T105", "status": "Completed", "content": "North 120 orders.", "tool_calls": ["query_csv"]}',
		action: {
			task_id: 'T105',
			status: 'success',
			content: 'North 120 orders.',
			tool_calls: [{ tool: 'query_csv', args: null }]
		}
	},
	{
		item: ITEMS.execute,
		reply:
			'{"task_id": "T105", "status": "success", "content": {"North": 120, "South": 80}, "tool_calls": []}',
		action: {
			task_id: 'T105',
			status: 'success',
			content: '{\n  "North": 120,\n  "South": 80\n}',
			tool_calls: []
		}
	},
	{
		item: ITEMS.execute,
		reply: '{"task_id": "T105", "status": "success", "content": "North 120 orders."}',
		error: E.noToolCalls
	},
	{ item: ITEMS.execute, reply: JSON.stringify({ output: OUTPUT }), action: OUTPUT },
	{
		item: ITEMS.execute,
		reply: JSON.stringify({
			task_id: 'T105',
			status: 'failed',
			content: 'The Tool Agent refused the path.',
			tool_calls: [{ name: 'read_file', arguments: '{"path": "/etc/passwd"}' }]
		}),
		action: {
			task_id: 'T105',
			status: 'failed',
			content: 'The Tool Agent refused the path.',
			tool_calls: [{ tool: 'read_file', args: { path: '/etc/passwd' } }]
		}
	},
	{
		item: ITEMS.execute,
		reply: '{"task_id": "T999", "status": "success", "content": "x", "tool_calls": []}',
		error: '"task_id" must be "T105", the one you are asked about, not "T999"'
	},
	{
		item: ITEMS.execute,
		reply: '{"task_id": "T105", "status": "success", "content": "<your result>", "tool_calls": []}',
		error: '"content" is empty: put your result in it'
	},
	{
		item: ITEMS.execute,
		// Code in the content (braces, quotes, a fence) stays inside its JSON string.
		reply:
			'```json\n{"task_id": "T105", "status": "success", "content": "```python\\nax.set_title(\'Q3 {amount}\')\\n```\\nSources: /workspace/input/sales_q3.csv", "tool_calls": [{"tool": "query_csv", "args": {"path": "/workspace/input/sales_q3.csv"}}]}\n```',
		action: {
			task_id: 'T105',
			status: 'success',
			content: "```python\nax.set_title('Q3 {amount}')\n```\nSources: /workspace/input/sales_q3.csv",
			tool_calls: [{ tool: 'query_csv', args: { path: SALES } }]
		}
	},
	{
		item: ITEMS.execute,
		reply:
			'{"task_id": "T105", "status": "success", "content": "North 120 orders, South 80 orders, and the VIP',
		error: E.cutOff
	},
	// ------------------------------------------------------------------ respond-veto
	{
		item: ITEMS.veto,
		reply:
			'{"task_id": "T104", "response": "appeal", "argument": "Long-standing VIPs are priced at 12%: R1 flags loyalty pricing."}',
		action: {
			task_id: 'T104',
			response: 'appeal',
			argument: 'Long-standing VIPs are priced at 12%: R1 flags loyalty pricing.'
		}
	},
	{
		item: ITEMS.veto,
		reply: 'I will appeal.\n{"task_id": "T104", "response": "Appeal", "reason": "The veto cites no rule."}',
		action: { task_id: 'T104', response: 'appeal', argument: 'The veto cites no rule.' }
	},
	// The appeal's rollback (the schema offers it): read as a rule version, whichever way it is written.
	{
		item: ITEMS.veto,
		rules: AMENDED,
		reply:
			'{"task_id": "T104", "response": "appeal", "argument": "R1-v2 was enacted without the Auditor.", "rollback": {"id": "R1", "version": 1}}',
		action: {
			task_id: 'T104',
			response: 'appeal',
			argument: 'R1-v2 was enacted without the Auditor.',
			rollback: { id: 'R1', version: 1 }
		}
	},
	{
		item: ITEMS.veto,
		rules: AMENDED,
		reply: '{"task_id": "T104", "response": "appeal", "argument": "Restore it.", "rollback_to": "r1-v1"}',
		action: {
			task_id: 'T104',
			response: 'appeal',
			argument: 'Restore it.',
			rollback: { id: 'R1', version: 1 }
		}
	},
	{
		item: ITEMS.veto,
		reply: '{"task_id": "T104", "response": "appeal", "argument": "Restore it.", "rollback": "none"}',
		action: { task_id: 'T104', response: 'appeal', argument: 'Restore it.' }
	},
	{
		item: ITEMS.veto,
		reply: '{"task_id": "T104", "response": "appeal", "argument": "Restore it.", "rollback": "the old one"}',
		error: '"rollback" must name a superseded rule version: { "id": "R1", "version": 1 }, or be left out'
	},
	{
		item: ITEMS.veto,
		reply: JSON.stringify({
			task_id: 'T104',
			amendment: {
				rule_id: 'R1-v1',
				text: 'At least 15%, or 12% for customers of over 36 months.',
				params: { minDiscount: '15', longTenureMonths: 36, longTenureMinDiscount: '12%' },
				evidence: { complianceBefore: 0.681, complianceAfter: 0.923 },
				rationale: 'Historical compliance 92.3% vs 68.1%.'
			}
		}),
		action: {
			task_id: 'T104',
			response: 'amend',
			amendment: {
				rule_id: 'R1',
				text: 'At least 15%, or 12% for customers of over 36 months.',
				params: { minDiscount: 15, longTenureMonths: 36, longTenureMinDiscount: 12 },
				evidence: { complianceBefore: 0.681, complianceAfter: 0.923 },
				rationale: 'Historical compliance 92.3% vs 68.1%.'
			}
		}
	},
	{
		item: ITEMS.veto,
		reply: JSON.stringify({
			task_id: 'T104',
			response: 'amend',
			amendment: {
				rule_id: 'R1',
				text: 'At least 12%.',
				params: { minDiscount: 12 },
				rationale: 'Efficiency.'
			}
		}),
		error: 'the amendment needs "evidence": the data behind the change, from your queries'
	},
	{
		item: ITEMS.veto,
		reply: JSON.stringify({ task_id: 'T104', response: 'resubmit', output: { ...OUTPUT, task_id: 'T104' } }),
		action: { task_id: 'T104', response: 'resubmit', output: { ...OUTPUT, task_id: 'T104' } }
	},
	{
		item: ITEMS.vetoNoAmend,
		reply: '{"task_id": "T104", "response": "amend", "amendment": {"rule_id": "R1"}}',
		error: '"response" must be one of "resubmit", "appeal", "abandon"; "amend" is not open to you now'
	},
	{
		item: ITEMS.veto,
		reply: '{"task_id": "T104", "response": "abandon", "reason": "Vetoed three times."}',
		action: { task_id: 'T104', response: 'abandon', reason: 'Vetoed three times.' }
	},
	{
		item: ITEMS.veto,
		reply: '{"task_id": "T104", "response": "escalate", "reason": "To the board."}',
		error: '"response" must be one of "resubmit", "appeal", "amend", "abandon", not "escalate"'
	},
	{
		item: ITEMS.veto,
		reply: '{"task_id": "T104", "reason": "Not sure what to do."}',
		error: 'the reply has no "response": one of "resubmit", "appeal", "amend", "abandon"'
	},
	// ------------------------------------------------------------------ review
	{
		item: ITEMS.review,
		reply:
			'{"task_id": "T106", "n": 1, "verdict": "approve", "reason": "Complies with the rules in force.", "rule": null}',
		action: { task_id: 'T106', n: 1, verdict: 'approve', reason: 'Complies with the rules in force.' }
	},
	{
		item: ITEMS.review,
		reply:
			'{"task_id": "T106", "n": 1, "verdict": "veto", "reason": "SOURCES_MISSING", "rule": {"id": "R3", "version": 1}}',
		action: {
			task_id: 'T106',
			n: 1,
			verdict: 'veto',
			reason: 'SOURCES_MISSING',
			rule: { id: 'R3', version: 1 }
		}
	},
	{
		item: ITEMS.review,
		reply:
			'```json\n{"verdict": "VETOED", "reason": "Confidence is a word, not a number.", "rule": "R4-v1"}\n```',
		action: {
			task_id: 'T106',
			n: 1,
			verdict: 'veto',
			reason: 'Confidence is a word, not a number.',
			rule: { id: 'R4', version: 1 }
		}
	},
	{
		item: ITEMS.review,
		rules: AMENDED,
		// A bare id is never given a version: penetration counts versions cited, not versions filled in.
		reply: '{"verdict": "veto", "reason": "Wrong minimum discount.", "rule": "R1"}',
		error: '"R1" names no version; cite a rule in force by id and version: R2-v1, R3-v1, R4-v1, R5-v1, R1-v2'
	},
	{
		item: ITEMS.review,
		rules: AMENDED,
		reply: '{"verdict": "veto", "reason": "Old threshold.", "rule": {"id": "R1", "version": "v1"}}',
		action: {
			task_id: 'T106',
			n: 1,
			verdict: 'veto',
			reason: 'Old threshold.',
			rule: { id: 'R1', version: 1 }
		}
	},
	{
		item: ITEMS.review,
		reply: '{"verdict": "veto", "reason": "Breaks rule 3.2.", "rule": "R9-v1"}',
		error:
			'there is no rule R9 version 1; cite a rule in force by id and version: R1-v1, R2-v1, R3-v1, R4-v1, R5-v1'
	},
	{
		item: ITEMS.review,
		reply: '{"verdict": "veto", "reason": "No chart title.", "rule": "R5", "version": 1}',
		action: {
			task_id: 'T106',
			n: 1,
			verdict: 'veto',
			reason: 'No chart title.',
			rule: { id: 'R5', version: 1 }
		}
	},
	{
		item: ITEMS.review,
		reply: '{"verdict": "veto", "reason": "Inference basis insufficient."}',
		action: { task_id: 'T106', n: 1, verdict: 'veto', reason: 'Inference basis insufficient.', rule: null }
	},
	{
		item: ITEMS.review,
		reply: '{"task_id": "T106", "n": 2, "verdict": "approve", "reason": "fine"}',
		error: '"n" must be 1, the output you are asked to review'
	},
	{
		item: ITEMS.review,
		reply: '{"verdict": "Redo", "reason": "No chart title.", "rule": "R5-v1"}',
		action: {
			task_id: 'T106',
			n: 1,
			verdict: 'redo',
			reason: 'No chart title.',
			rule: { id: 'R5', version: 1 }
		}
	},
	{
		item: ITEMS.review,
		reply: '{"verdict": "向分派员申诉", "reason": "任务本身无法完成。"}',
		action: { task_id: 'T106', n: 1, verdict: 'escalate', reason: '任务本身无法完成。', rule: null }
	},
	{
		item: ITEMS.review,
		reply: '{"verdict": "unsure", "reason": "Cannot tell."}',
		error: '"verdict" must be "approve", "veto", "redo" or "escalate", not "unsure"'
	},
	{
		item: ITEMS.review,
		reply: '{"verdict": "veto", "reason": "Two breaches.", "rule": ["R3-v1", "R4-v1"]}',
		error:
			'"rule" names 2 rules; a veto cites one: cite a rule in force by id and version: R1-v1, R2-v1, R3-v1, R4-v1, R5-v1'
	},
	{
		item: ITEMS.review,
		reply: 'verdict: approve\nreason: All five rules are met.',
		action: { task_id: 'T106', n: 1, verdict: 'approve', reason: 'All five rules are met.' }
	},
	// ------------------------------------------------------------------ cosign
	{
		item: ITEMS.cosign,
		reply: '{"proposal_id": "P1", "cosign": false, "reason": "It lowers what R1 asks."}',
		action: { proposal_id: 'P1', cosign: false, reason: 'It lowers what R1 asks.' }
	},
	{
		item: ITEMS.cosign,
		reply: '{"cosign": "refuse", "reason": "Compliance rises only because the bar is lower."}',
		action: { proposal_id: 'P1', cosign: false, reason: 'Compliance rises only because the bar is lower.' }
	},
	{
		item: ITEMS.cosign,
		reply:
			'<|channel|>analysis<|message|>The change loosens nothing for short-tenure customers.<|end|><|start|>assistant<|channel|>final<|message|>{"proposal_id": "P1", "cosign": true, "reason": "It does not lower what R1 asks."}',
		action: { proposal_id: 'P1', cosign: true, reason: 'It does not lower what R1 asks.' }
	},
	{
		item: ITEMS.cosign,
		reply: '"{\\"proposal_id\\": \\"P1\\", \\"cosign\\": true, \\"reason\\": \\"Sound evidence.\\"}"',
		action: { proposal_id: 'P1', cosign: true, reason: 'Sound evidence.' }
	},
	{
		item: ITEMS.cosign,
		reply: '{"proposal_id": "P1", "reason": "I need to think."}',
		error: '"cosign" must be true or false'
	},
	// ------------------------------------------------------------------ replies to the Chinese prompts
	// (prompt-text.ts): the field names stay English, the words a model chooses may not.
	{
		item: ITEMS.assign,
		reply:
			'好的，下一个任务：\n```json\n{"action": "analyse_compliance", "file": "/workspace/input/sales_q3.csv", "context": "依据 R1 列出折扣低于 15% 的 VIP 订单。"}\n```',
		action: { action: 'analyse_compliance', file: SALES, context: '依据 R1 列出折扣低于 15% 的 VIP 订单。' }
	},
	{
		item: ITEMS.review,
		reply:
			'{"task_id": "T106", "n": 1, "verdict": "否决", "reason": "缺少 Sources 行。", "rule": {"id": "R3", "version": 1}}',
		action: {
			task_id: 'T106',
			n: 1,
			verdict: 'veto',
			reason: '缺少 Sources 行。',
			rule: { id: 'R3', version: 1 }
		}
	},
	{
		item: ITEMS.review,
		reply: '{"task_id": "T106", "n": 1, "verdict": "通过。", "reason": "符合现行规则。", "rule": null}',
		action: { task_id: 'T106', n: 1, verdict: 'approve', reason: '符合现行规则。' }
	},
	{
		item: ITEMS.appeal,
		reply: '{"appeal_id": "A1", "decision": "维持否决", "reason": "输出确实违反 R1。"}',
		action: { appeal_id: 'A1', decision: 'uphold', reason: '输出确实违反 R1。' }
	},
	{
		item: ITEMS.decide,
		reply: '{"proposal_id": "P1", "approve": "批准", "reason": "证据充分，合规率提升。"}',
		action: { proposal_id: 'P1', approve: true, reason: '证据充分，合规率提升。' }
	},
	{
		item: ITEMS.cosign,
		reply: '{"proposal_id": "P1", "cosign": "拒绝", "reason": "它降低了 R1 的要求。"}',
		action: { proposal_id: 'P1', cosign: false, reason: '它降低了 R1 的要求。' }
	},
	{
		item: ITEMS.veto,
		reply: '{"task_id": "T104", "response": "放弃", "reason": "数据不足。"}',
		action: { task_id: 'T104', response: 'abandon', reason: '数据不足。' }
	},
	{
		item: ITEMS.execute,
		reply: JSON.stringify({ ...OUTPUT, status: '成功' }),
		action: OUTPUT
	},
	{
		item: ITEMS.review,
		reply: '{"task_id": "T106", "n": 1, "verdict": "也许", "reason": "不确定。"}',
		error: '"verdict" must be "approve", "veto", "redo" or "escalate", not "也许"'
	}
];

describe('parseGovernanceReply on a corpus of realistic replies', () => {
	it('has at least 30 replies, covering every ask a model answers', () => {
		expect(CORPUS.length).toBeGreaterThanOrEqual(30);
		expect(new Set(CORPUS.map((c) => c.item.kind)).size).toBe(8);
	});

	CORPUS.forEach((c, i) => {
		it(`#${i} ${c.item.kind}: ${'action' in c ? 'reads' : 'rejects'} ${JSON.stringify(c.reply.slice(0, 60))}`, () => {
			const got = parseGovernanceReply(c.item.kind, c.reply, {
				item: c.item,
				rules: c.rules ?? INITIAL_RULES
			});
			if ('action' in c) expect(got).toEqual({ ok: true, action: c.action });
			else if (typeof c.error === 'string') expect(got).toEqual({ ok: false, error: c.error });
			else {
				expect(got.ok).toBe(false);
				expect(got.ok ? '' : got.error).toMatch(c.error);
			}
		});
	});

	it('refuses a reply read for another ask than the item', () => {
		expect(parseGovernanceReply('review', '{}', { item: ITEMS.cosign, rules: INITIAL_RULES })).toEqual({
			ok: false,
			error: 'this reply answers "cosign", not "review"'
		});
	});
});

describe('readToolCall', () => {
	const cases: [string, ReturnType<typeof readToolCall>][] = [
		[
			'{"tool_call": {"tool": "read_file", "args": {"path": "/workspace/input/sales_q3.csv"}}}',
			{ ok: true, call: { tool: 'read_file', args: { path: SALES } } }
		],
		[
			'{"tool_call": {"name": "query_csv", "arguments": "{\\"path\\": \\"/workspace/input/sales_q3.csv\\", \\"limit\\": 5}"}}',
			{ ok: true, call: { tool: 'query_csv', args: { path: SALES, limit: 5 } } }
		],
		[
			'Let me look first.\n```json\n{"tool": "list_dir", "args": {"path": "/workspace/input"}}\n```',
			{ ok: true, call: { tool: 'list_dir', args: { path: '/workspace/input' } } }
		],
		[
			'<think>I need the header.</think>{"tool_call": {"tool": "read_file", "args": "/workspace/input/README.md"}}',
			{ ok: true, call: { tool: 'read_file', args: '/workspace/input/README.md' } }
		],
		[
			'{"tool_call": {"args": {"path": "/workspace/input"}}}',
			{
				ok: false,
				error:
					'the tool call has no tool: give "tool_call" an object with "tool", the tool\'s name, and "args"'
			}
		],
		[
			// A model that calls a tool and then imagines its answer called a tool.
			'{"tool_call": {"tool": "read_file", "args": {"path": "/etc/passwd"}}}\nResult: root:x:0:0\n{"task_id": "T105", "status": "success", "content": "done", "tool_calls": []}',
			{ ok: true, call: { tool: 'read_file', args: { path: '/etc/passwd' } } }
		],
		[
			// The claims field written as a call, with nothing of an answer beside it.
			'{"tool_calls": [{"tool": "query_csv", "args": {"path": "/workspace/input/sales_q3.csv", "limit": 3}}]}',
			{ ok: true, call: { tool: 'query_csv', args: { path: SALES, limit: 3 } } }
		],
		[JSON.stringify(OUTPUT), null],
		['{"task_id": "T105", "question": "Which file?"}', null],
		['I cannot access the files.', null],
		['', null]
	];
	cases.forEach(([reply, want], i) =>
		it(`#${i} ${JSON.stringify(reply.slice(0, 50))}`, () => expect(readToolCall(reply)).toEqual(want))
	);
});

/**
 * The parser round-trips what validate accepts: every action the scripted agents give in seeded runs,
 * written as models write it (fenced, after prose, pretty-printed), parses to an action that validate
 * turns into the very same event.
 */
describe('parsed actions are what validate accepts', () => {
	const renderings = [
		(a: unknown) => JSON.stringify(a),
		(a: unknown) => `Here is my answer.\n${fence(a)}`,
		(a: unknown) => `<think>Checking the rules first.</think>\n${JSON.stringify(a, null, 2)}`
	];

	for (const policy of ['assigner-alone', 'cosign'] as const)
		it(`over seeded ${policy} runs`, async () => {
			const parsed = parseGovernanceConfig({ policy, rounds: 24 });
			if (!parsed.ok) throw new Error(parsed.error);
			const config: GovernanceConfig = parsed.config;
			const seen = new Map<string, number>();
			const problems: string[] = [];
			for (const seed of [1, 2, 3]) {
				const box: {
					r?: Runner<GovernanceConfig, GovernanceState, GovernanceObservation, GovernanceOutcome>;
				} = {};
				const tools = stateToolHost(() => box.r!.state);
				const scripted = new Map<number, Policy<GovernanceObservation>>();
				const spyFor = (seat: SeatId): Policy<GovernanceObservation> => ({
					label: 'spy',
					async act(obs, ask, ctx) {
						let p = scripted.get(seat);
						if (!p) scripted.set(seat, (p = scriptedGovernanceSeat(seat, { tools })));
						const reply = await p.act(obs, ask, ctx);
						const state = box.r!.state;
						const item = obs.focus;
						if (seat !== seatId(4) && item) {
							const want = validate(state, ask, reply.action);
							renderings.forEach((render, k) => {
								const text = render(reply.action);
								const got = parseGovernanceReply(ask.kind, text, { item, rules: obs.rules });
								const v = got.ok ? validate(state, ask, got.action) : got;
								if (JSON.stringify(v) !== JSON.stringify(want))
									problems.push(`seed ${seed} ${ask.id} rendering ${k}: ${JSON.stringify(v).slice(0, 300)}`);
							});
							seen.set(ask.kind, (seen.get(ask.kind) ?? 0) + 1);
						}
						return reply;
					}
				});
				box.r = new Runner({ scenario: governance, config, seed, policyFor: spyFor });
				await box.r.run();
				expect(box.r.outcome()).not.toBeNull();
			}
			expect(problems).toEqual([]);
			const kinds = [...seen.keys()].sort();
			expect(kinds).toEqual(
				expect.arrayContaining([
					'assign',
					'execute',
					'respond-veto',
					'review',
					'rule-appeal',
					'decide-amendment'
				])
			);
			if (policy === 'cosign') expect(kinds).toContain('cosign');
		});
});

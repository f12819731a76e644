/**
 * Every ask's action spec: a kind and a JSON schema for the reply. Scripted agents, language models
 * (later) and a person's form on the page all answer the same schemas, and `validate` is the one
 * place that checks them. Schemas are narrowed to the item at hand (the task id, the responses a
 * veto allows), so a constrained decoder cannot even write an answer about something else.
 */
import type { Ask, JsonSchema, SeatId } from '../../core';
import { focusSubject } from './pending';
import { SEAT_OF, type FocusItem, type GovernanceState, type Role } from './state';
import { INPUTS, MAX_CONTENT_CHARS, MAX_TEXT_CHARS, TASK_ACTIONS } from './tasks';

const text = (description: string, maxLength = MAX_TEXT_CHARS): JsonSchema => ({
	type: 'string',
	minLength: 1,
	maxLength,
	description
});
const constant = (value: string | number): JsonSchema => ({ const: value });
const object = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
	type: 'object',
	properties,
	required,
	additionalProperties: false
});

/** The Executor's fixed output schema: { task_id, status, content, tool_calls }. */
const outputSchema = (taskId: string): JsonSchema =>
	object(
		{
			task_id: constant(taskId),
			status: { enum: ['success', 'failed'] },
			content: text(
				'the result, with the lines the rules ask for (Sources:, Confidence:, ...)',
				MAX_CONTENT_CHARS
			),
			tool_calls: {
				type: 'array',
				maxItems: 50,
				items: object({ tool: { type: 'string' }, args: {} }, ['tool', 'args'])
			}
		},
		['task_id', 'status', 'content', 'tool_calls']
	);

const AMENDMENT_SCHEMA: JsonSchema = object(
	{
		rule_id: { type: 'string' },
		text: text('the new wording of the rule'),
		params: { type: 'object', additionalProperties: { type: 'number' }, maxProperties: 8 },
		evidence: { description: 'the data behind the change (query results, counts)' },
		rationale: text('why the rule should change')
	},
	['rule_id', 'text', 'params', 'evidence', 'rationale']
);

export function schemaFor(item: FocusItem): JsonSchema {
	switch (item.kind) {
		case 'assign':
			return object(
				{
					action: { enum: [...TASK_ACTIONS] },
					// A choice among the input files (parse.ts refuses any other): a constrained decoder picks one.
					file: { enum: [...INPUTS] },
					context: text('what exactly to do, and by which rule')
				},
				['action', 'file', 'context']
			);
		case 'answer-clarification':
			return object(
				{
					task_id: constant(item.task_id),
					answer: text('the answer to the Executor’s question'),
					file: text('a corrected input file, if the task named the wrong one', 200)
				},
				['task_id', 'answer']
			);
		case 'rule-appeal':
			return object(
				{
					appeal_id: constant(item.appeal_id),
					decision: { enum: ['revise', 'uphold'] },
					reason: text('why'),
					context: text('the task’s new context (required when revising)')
				},
				['appeal_id', 'decision', 'reason']
			);
		case 'escalation':
			return object(
				{
					task_id: constant(item.task_id),
					decision: { enum: ['redefine', 'withdraw'] },
					reason: text('why'),
					context: text('the task’s new definition (required when redefining)')
				},
				['task_id', 'decision', 'reason']
			);
		case 'decide-amendment':
			return object(
				{ proposal_id: constant(item.proposal_id), approve: { type: 'boolean' }, reason: text('why') },
				['proposal_id', 'approve', 'reason']
			);
		case 'execute':
			return {
				oneOf: [
					outputSchema(item.task_id),
					object({ task_id: constant(item.task_id), question: text('what is unclear') }, [
						'task_id',
						'question'
					])
				]
			};
		case 'respond-veto':
			return object(
				{
					task_id: constant(item.task_id),
					response: { enum: [...item.allowed] },
					output: outputSchema(item.task_id),
					argument: text('the appeal’s argument'),
					rollback: {
						description: 'optional: a superseded rule version the appeal asks to restore',
						...object({ id: { type: 'string' }, version: { type: 'integer', minimum: 1 } }, ['id', 'version'])
					},
					amendment: AMENDMENT_SCHEMA,
					reason: text('why the task is abandoned')
				},
				['task_id', 'response']
			);
		case 'review':
			return object(
				{
					task_id: constant(item.task_id),
					n: constant(item.n),
					// redo: refused, and the Executor must resubmit; escalate: refused, and sent to the Assigner.
					verdict: { enum: ['approve', 'veto', 'redo', 'escalate'] },
					reason: text('the finding'),
					rule: {
						description: 'the rule a veto cites (id and version), or null',
						oneOf: [
							{ type: 'null' },
							object({ id: { type: 'string' }, version: { type: 'integer', minimum: 1 } }, ['id', 'version'])
						]
					}
				},
				['task_id', 'n', 'verdict', 'reason']
			);
		case 'cosign':
			return object(
				{ proposal_id: constant(item.proposal_id), cosign: { type: 'boolean' }, reason: text('why') },
				['proposal_id', 'cosign', 'reason']
			);
		case 'approve':
			return object(
				{
					proposal_id: constant(item.proposal_id),
					approval: { type: 'integer', minimum: 0, maximum: 100, description: '0-100; 50 or more approves' }
				},
				['proposal_id', 'approval']
			);
		case 'resume':
			return object({ decision: { enum: ['resume', 'end'] } }, ['decision']);
	}
}

/**
 * What a model's decoder is held to for an ask (WebLLM hands it to XGrammar, transformers.js and
 * OpenAI-compatible servers to theirs): the ask's schema less what makes XGrammar slow or recompile.
 * - No length limits: XGrammar compiles `maxLength: 6000` into a state per character, and governance's
 *   `execute` took 30 s to compile over a 150k-token vocabulary (0.5 s without). `validate` checks the
 *   same limits after decoding, and its error is quoted back on the retry.
 * - No ids: the task, appeal, proposal and review number are the ask's, not the model's to choose, and a
 *   schema that embeds them is a new text (a new compile) for every task. The parser writes the ask's
 *   own ids into the action (`parseGovernanceReply`), so `validate` sees exactly what the ask fixed.
 * What remains is one text per ask kind (respond-veto: per set of allowed responses), so XGrammar's
 * cache serves every later ask of that kind. `xgrammar.spec.ts` compiles each with WebLLM's own XGrammar.
 */
export function replySchemaFor(item: FocusItem): JsonSchema {
	return stripForDecoding(schemaFor(item));
}

/** Keys that limit sizes, which `validate` checks after decoding instead. */
const LIMIT_KEYS = new Set(['minLength', 'maxLength', 'maxItems', 'minItems', 'maxProperties']);
/** Properties that carry the ask's own ids (always `const` in `schemaFor`). */
const ID_KEYS = new Set(['task_id', 'appeal_id', 'proposal_id', 'n']);

const isIdConst = (name: string, sub: unknown): boolean =>
	ID_KEYS.has(name) && typeof sub === 'object' && sub !== null && 'const' in sub;

function stripForDecoding(schema: unknown): JsonSchema {
	if (Array.isArray(schema)) return schema.map(stripForDecoding) as unknown as JsonSchema;
	if (typeof schema !== 'object' || schema === null) return schema as JsonSchema;
	const src = schema as Record<string, unknown>;
	const props = (typeof src.properties === 'object' && src.properties) || {};
	const dropped = new Set(
		Object.entries(props).flatMap(([name, sub]) => (isIdConst(name, sub) ? [name] : []))
	);
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(src)) {
		if (LIMIT_KEYS.has(key)) continue;
		if (key === 'properties')
			out[key] = Object.fromEntries(
				Object.entries(props).flatMap(([name, sub]) =>
					dropped.has(name) ? [] : [[name, stripForDecoding(sub)]]
				)
			);
		else if (key === 'required' && Array.isArray(value))
			out[key] = value.filter((name) => !dropped.has(String(name)));
		else out[key] = stripForDecoding(value);
	}
	return out as JsonSchema;
}

const roleOfItem = (item: FocusItem): Role => {
	switch (item.kind) {
		case 'assign':
		case 'answer-clarification':
		case 'rule-appeal':
		case 'escalation':
		case 'decide-amendment':
			return 'assigner';
		case 'execute':
		case 'respond-veto':
			return 'executor';
		case 'review':
		case 'cosign':
			return 'auditor';
		case 'approve':
		case 'resume':
			return 'human';
	}
};

export function askFor(s: GovernanceState, item: FocusItem): Ask {
	return {
		id: `r${s.round}:${item.kind}:${focusSubject(item, s)}`,
		seat: SEAT_OF[roleOfItem(item)] as SeatId,
		kind: item.kind,
		schema: schemaFor(item),
		attempt: 0
	};
}

/** The drift meter's ask (seat `METER_SEAT`, embedding runs only). */
export const MEASURE_DRIFT = 'measure-drift';

/**
 * The drift meter's answer: the model it used and one similarity per pair, or why it has none (the
 * round is then scored lexically, and says so).
 */
export const METER_SCHEMA: JsonSchema = {
	oneOf: [
		object(
			{
				model: { type: 'string' },
				similarities: {
					type: 'array',
					items: object({ id: { type: 'string' }, similarity: { type: 'number', minimum: -1, maximum: 1 } }, [
						'id',
						'similarity'
					])
				}
			},
			['model', 'similarities']
		),
		object({ model: { type: 'string' }, failed: text('why the model gave no similarities') }, [
			'model',
			'failed'
		])
	]
};

/**
 * Every JSON schema a model seat sends with its request, scenario by scenario, built by the same
 * functions the policies call (undercover's `schemaFor`, governance's `replySchemaFor` and
 * `withToolCall`, autonomy's `DECIDE_SCHEMA`), each with replies a decoder must be able to write and
 * replies it must refuse. `xgrammar.spec.ts` compiles them with WebLLM's bundled XGrammar; `npm run
 * bench` times the slowest.
 */
import { schemaFor as undercoverSchema } from '../src/lib/scenarios/undercover/schemas';
import { replySchemaFor, type FocusItem } from '../src/lib/scenarios/governance';
import { withToolCall } from '../src/lib/scenarios/governance/prompts';
import { DECIDE_SCHEMA } from '../src/lib/scenarios/autonomy/prompts';

export interface ScenarioSchema {
	name: string;
	schema: unknown;
	/** Replies decoding under the schema may produce. */
	valid: string[];
	/** Replies it must not produce (a seat that is not an option, a missing field, an unknown key). */
	invalid: string[];
}

const j = (v: unknown) => JSON.stringify(v);

const output = { status: 'success', content: 'Sources: sales_q3.csv\nConfidence: high', tool_calls: [] };
const toolCall = { tool_call: { tool: 'read_file', args: { path: '/workspace/input/sales_q3.csv' } } };

/** The Executor's asks, as its tool loop sends them: with a tool call allowed, then without. */
function executorSchemas(
	name: string,
	item: FocusItem,
	valid: unknown[],
	invalid: unknown[]
): ScenarioSchema[] {
	const schema = replySchemaFor(item);
	return [
		{ name, schema, valid: valid.map(j), invalid: [...invalid, toolCall].map(j) },
		{
			name: `${name} + tool call`,
			schema: withToolCall(schema),
			valid: [...valid, toolCall].map(j),
			invalid: [...invalid, { tool_call: { tool: 'rm -rf', args: {} } }].map(j)
		}
	];
}

export function scenarioSchemas(): ScenarioSchema[] {
	const seats = [1, 2, 4, 5, 6];
	return [
		// Undercover: a speech and a defence share one schema; a vote and a suspicion name a listed seat.
		{
			name: 'undercover speak / defend',
			schema: undercoverSchema('speak'),
			valid: [j({ speech: 'It is round and you can eat it.' }), j({ speech: '它是圆的，可以吃。' })],
			invalid: [j({ speech: 3 }), j({ words: 'apple' }), '{}']
		},
		{
			name: 'undercover vote (5 seats left)',
			schema: undercoverSchema('vote', seats),
			valid: [j({ target: 4, reason: 'too vague' }), j({ target: 1, reason: '' })],
			invalid: [
				j({ target: 3, reason: 'not a seat left' }),
				j({ target: '4', reason: 'x' }),
				j({ reason: 'x' })
			]
		},
		{
			name: 'undercover monologue',
			schema: undercoverSchema('monologue', seats),
			valid: [j({ thoughts: 'Seat 5 hesitated.', suspect: 5 })],
			invalid: [j({ thoughts: 'x', suspect: 7 }), j({ suspect: 5 })]
		},
		{
			name: 'undercover reflect',
			schema: undercoverSchema('reflect'),
			valid: [j({ lesson: 'Say less about the shape.' })],
			invalid: [j({ lesson: 'x', extra: 1 })]
		},
		// Governance: every ask a model role answers (the person's approve and resume never go to a model).
		{
			name: 'governance assign',
			schema: replySchemaFor({ kind: 'assign' }),
			// The file is an enum, and XGrammar writes an enum's literal as its JSON text with '/' escaped
			// (picojson's way): a held model answers "\/workspace\/input\/…", which JSON.parse reads back
			// as the plain path, while the unescaped spelling is outside the grammar.
			valid: [
				'{"action":"summarise","file":"\\/workspace\\/input\\/sales_q3.csv","context":"Per R2, list the totals."}'
			],
			invalid: [
				j({ action: 'delete', file: '/workspace/x', context: 'x' }),
				j({ action: 'read', file: '/x' })
			]
		},
		{
			name: 'governance answer-clarification',
			schema: replySchemaFor({ kind: 'answer-clarification', task_id: 'T104' }),
			valid: [
				j({ answer: 'Use the Q3 file.' }),
				j({ answer: 'Yes.', file: '/workspace/input/sales_q3.csv' })
			],
			invalid: [j({ file: '/workspace/input/a.csv' }), j({ task_id: 'T104', answer: 'x' })]
		},
		{
			name: 'governance rule-appeal',
			schema: replySchemaFor({ kind: 'rule-appeal', appeal_id: 'A2', task_id: 'T104' }),
			valid: [
				j({ decision: 'uphold', reason: 'R3 applies.' }),
				j({ decision: 'revise', reason: 'Fair.', context: 'Cite two sources.' })
			],
			invalid: [j({ decision: 'maybe', reason: 'x' }), j({ reason: 'x' })]
		},
		{
			name: 'governance decide-amendment',
			schema: replySchemaFor({ kind: 'decide-amendment', proposal_id: 'P1', task_id: 'T104' }),
			valid: [j({ approve: true, reason: 'The data supports it.' })],
			invalid: [j({ approve: 'yes', reason: 'x' }), j({ approve: true })]
		},
		...executorSchemas(
			'governance execute',
			{ kind: 'execute', task_id: 'T104' },
			[
				output,
				{ status: 'failed', content: 'The file is empty.', tool_calls: [{ tool: 'read_file', args: {} }] },
				{ question: 'Which quarter?' }
			],
			[
				{ status: 'done', content: 'x', tool_calls: [] },
				{ status: 'success', content: 'x' }
			]
		),
		...executorSchemas(
			'governance respond-veto',
			{ kind: 'respond-veto', task_id: 'T104', allowed: ['resubmit', 'appeal', 'amend', 'abandon'] },
			[
				{ response: 'resubmit', output },
				{ response: 'appeal', argument: 'R3 does not apply to drafts.' },
				{
					response: 'amend',
					amendment: {
						rule_id: 'R3',
						text: 'Two sources.',
						params: { min_sources: 2 },
						evidence: { vetoes: 4 },
						rationale: 'Too strict.'
					}
				},
				{ response: 'abandon', reason: 'The input is missing.' }
			],
			[{ response: 'ignore' }, { output }]
		),
		{
			name: 'governance respond-veto (resubmit or abandon only)',
			schema: replySchemaFor({ kind: 'respond-veto', task_id: 'T104', allowed: ['resubmit', 'abandon'] }),
			valid: [j({ response: 'abandon', reason: 'No data.' })],
			invalid: [j({ response: 'appeal', argument: 'x' })]
		},
		{
			name: 'governance review',
			schema: replySchemaFor({ kind: 'review', task_id: 'T104', n: 2 }),
			valid: [
				j({ verdict: 'approve', reason: 'Sources are cited.' }),
				j({ verdict: 'veto', reason: 'No sources.', rule: { id: 'R3', version: 1 } }),
				j({ verdict: 'approve', reason: 'Fine.', rule: null })
			],
			invalid: [
				j({ verdict: 'reject', reason: 'x' }),
				j({ verdict: 'veto', reason: 'x', rule: { id: 'R3', version: 0 } })
			]
		},
		{
			name: 'governance cosign',
			schema: replySchemaFor({ kind: 'cosign', proposal_id: 'P1' }),
			valid: [j({ cosign: false, reason: 'Not enough evidence.' })],
			invalid: [j({ cosign: 'no', reason: 'x' })]
		},
		// Autonomy: the one decision a spend asks for.
		{
			name: 'autonomy decide',
			schema: DECIDE_SCHEMA,
			valid: [j({ decision: 'SKIP', reason: 'Nothing triggered.' }), j({ decision: 'IMPROVE' })],
			invalid: [j({ decision: 'MAYBE' }), j({ reason: 'x' })]
		}
	];
}

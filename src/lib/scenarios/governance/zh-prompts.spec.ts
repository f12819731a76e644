/**
 * A governance run in Chinese sends Chinese prompts: over seeded zh runs (every policy), the prompt
 * each model seat would be sent for each ask carries no run of two English words outside the literal
 * fields (quoted field names and values, ids, file paths, the protocol lines the Auditor checks, JSON).
 * The word regex is tests/e2e/language.ts's: a word touching - . / is a name.
 */
import { describe, expect, it } from 'vitest';
import type { Policy } from '../../core';
import type { ChatRequest } from '../../engines/types';
import { policyForChoice } from '../../policies/factory';
import type { ChatClient } from '../../policies/llm/chat-client';
import { scriptedGovernanceSeat } from './policies/scripted/governance';
import { createRunner, type AnyRunner } from '../../run/play';
import { stateToolHost, type GovernanceObservation, type GovernanceState } from '.';
import { describeToolCall } from './describe';
import { governancePrompt, isModelAsk } from './prompts';
import { TASK_ACTIONS } from './tasks';

const WORD = String.raw`(?<![\w/-]|\w\.)[A-Za-z][a-z]+(?:['’][a-z]+)?(?![\w/-]|\.\w)`;
const ENGLISH_RUN = new RegExp(`${WORD}(?:[,:;]?\\s+${WORD})+`, 'g');

/** What stays literal in a Chinese prompt, removed before the check. */
const LITERAL: readonly RegExp[] = [
	/"[^"\n]*"/g, // field names, allowed values and the lines a reply must carry, quoted
	/\{[^{}\n]*\}/g, // JSON and argument shapes
	/^(?:Sources|Confidence|Title):.*$/gm, // the protocol lines the Auditor checks
	/High-risk rule applied:[^"\n]*/g,
	/VIP discount rule applied:[^"\n]*/g,
	/Minimum VIP discount applied:/g // the marker the Auditor's R1 check reads (the rest is Chinese)
];

/** Lists of allowed values, quoted without quotes: the task actions, query_csv's ops and functions. */
const VALUE_LISTS = [
	TASK_ACTIONS.join(', '),
	'= != < <= > >= contains empty not-empty',
	'count sum avg min max'
];

/**
 * `literals`: the texts that are the run's data, not the prompt's words: a tool call as
 * `describeToolCall` writes it (tool, path, columns, conditions) and, with `outputs`, the lines of
 * the Executor's outputs as the log holds them.
 */
const englishIn = (text: string, literals: readonly string[]) => {
	let rest = text;
	for (const l of [...VALUE_LISTS, ...literals].sort((a, b) => b.length - a.length))
		rest = rest.split(l).join(' ');
	for (const re of LITERAL) rest = rest.replace(re, ' ');
	return rest.match(ENGLISH_RUN) ?? [];
};

const callsOf = (o: GovernanceObservation) =>
	[
		...('toolCalls' in o ? o.toolCalls : []),
		...('outputs' in o ? o.outputs.flatMap((x) => x.toolCalls ?? []) : [])
	].map((c) => describeToolCall(c.tool, c.args));

const outputLines = (o: GovernanceObservation) =>
	('outputs' in o ? o.outputs : [])
		.flatMap((x) => x.content.split('\n'))
		.map((l) => l.trim())
		.filter((l) => l.length > 3);

async function zhPrompts(policy: string, seed: number, outputs: 'as-data' | 'checked') {
	const found: { kind: string; english: string[] }[] = [];
	const box: { runner?: AnyRunner } = {};
	const tools = stateToolHost(() => box.runner!.state as GovernanceState);
	const scripted = new Map<number, Policy>();
	const spy = (seat: number): Policy => ({
		label: 'spy',
		act(obs, ask, ctx) {
			const o = obs as GovernanceObservation;
			if (isModelAsk(o.role, ask.kind)) {
				const prompt = governancePrompt(ask.kind, o);
				const literals = [...callsOf(o), ...(outputs === 'as-data' ? outputLines(o) : [])];
				const english = prompt.messages.flatMap((m) => englishIn(m.content, literals));
				found.push({ kind: ask.kind, english });
			}
			let p = scripted.get(seat);
			if (!p) scripted.set(seat, (p = scriptedGovernanceSeat(seat, { tools }) as Policy));
			return p.act(obs, ask, ctx);
		}
	});
	box.runner = createRunner(
		{ scenario: 'governance', seed, config: { policy, lang: 'zh' } },
		{ tools, policyFor: spy }
	);
	await box.runner.run();
	return found;
}

describe('a governance run in Chinese prompts in Chinese', () => {
	for (const policy of ['assigner-alone', 'cosign', 'impact'])
		it(`has no English sentence in any prompt's own words (${policy})`, async () => {
			const found = await zhPrompts(policy, 1, 'as-data');
			expect(new Set(found.map((f) => f.kind)).size).toBeGreaterThan(4);
			const english = [...new Set(found.flatMap((f) => f.english))];
			expect(english).toEqual([]);
		});

	// The scripted Executor writes its outputs' content (summaries, findings, filler) in the run's
	// language, and the prompts quote them: checked, not treated as data.
	it('quotes the scripted Executor’s outputs in Chinese', async () => {
		const found = await zhPrompts('assigner-alone', 1, 'checked');
		expect([...new Set(found.flatMap((f) => f.english))]).toEqual([]);
	});
});

const USAGE = {
	promptTokens: 300,
	completionTokens: 40,
	ttftMs: 20,
	totalMs: 200,
	decodeTokensPerSecond: 50
};

describe('an LLM Assigner in a Chinese run', () => {
	it('is sent Chinese requests, and its Chinese replies are accepted', async () => {
		const requests: ChatRequest[] = [];
		const client: ChatClient = {
			engine: 'fake',
			model: 'gov-1',
			contextWindow: 8192,
			async chat(req) {
				requests.push(req);
				const last = req.messages.at(-1)?.content ?? '';
				const id = (field: string) => new RegExp(`"${field}"，值是 "([^"]+)"`).exec(last)?.[1];
				const reply = id('appeal_id')
					? { appeal_id: id('appeal_id'), decision: 'uphold', reason: '规则现行有效。' }
					: id('proposal_id')
						? { proposal_id: id('proposal_id'), approve: false, reason: '证据不足。' }
						: id('task_id')
							? { task_id: id('task_id'), answer: '这是硬性规则，请逐行标出。' }
							: {
									action: 'read',
									file: '/workspace/input/sales_q3.csv',
									context: '读取文件，报告各列和订单数。'
								};
				return { text: JSON.stringify(reply), finishReason: 'stop', usage: USAGE };
			}
		};
		const box: { runner?: AnyRunner } = {};
		const tools = stateToolHost(() => box.runner!.state as GovernanceState);
		const llm = policyForChoice(
			'governance',
			{ engine: 'openai', model: 'gov-1' },
			{ client, seat: 1, deps: { tools } }
		);
		box.runner = createRunner(
			{ scenario: 'governance', seed: 1, config: { lang: 'zh', rounds: 6 } },
			{ tools, policyFor: (seat) => (seat === 1 ? llm : undefined) }
		);
		await box.runner.run();
		const s = box.runner.state as GovernanceState;
		expect(requests.length).toBeGreaterThan(2);
		expect(s.tasks.some((t) => t.context === '读取文件，报告各列和订单数。')).toBe(true);
		const english = [
			...new Set(requests.flatMap((r) => r.messages.flatMap((m) => englishIn(m.content, []))))
		];
		expect(english).toEqual([]);
	});
});

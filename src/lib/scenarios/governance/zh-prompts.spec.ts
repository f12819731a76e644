/**
 * A governance run in Chinese sends Chinese prompts: over seeded zh runs (every policy), the prompt
 * each model seat would be sent for each ask carries no run of two English words outside the literal
 * fields (quoted field names and values, ids, file paths, the protocol lines the Auditor checks, JSON).
 * The word regex is tests/e2e/language.ts's: a word touching - . / is a name.
 */
import { describe, expect, it } from 'vitest';
import type { Policy } from '../../core';
import { scriptedGovernanceSeat } from '../../policies/scripted/governance';
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
	/VIP discount rule applied:[^"\n]*/g
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

	// Not done yet: the scripted Executor writes its outputs' content (summaries, findings, filler) in
	// English in a Chinese run, and the prompts quote them. This fails once that is fixed: drop `.fails`.
	it.fails('quotes the scripted Executor’s outputs in Chinese', async () => {
		const found = await zhPrompts('assigner-alone', 1, 'checked');
		expect([...new Set(found.flatMap((f) => f.english))]).toEqual([]);
	});
});

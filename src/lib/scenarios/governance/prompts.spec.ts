/**
 * Prompt isolation, as a property over seeded runs: every prompt built for a role, for every
 * (observation, ask) a real run produces, holds nothing its observation hides. observe.ts hides, per
 * role: from the Assigner, outputs, tool calls, reviews and vetoes it was not appealed; from the
 * Executor, reviews (approvals and their reasons) and what its tool calls returned; from the Auditor,
 * clarifications, appeals and vetoes' answers; from everyone, the files' contents and the messages.
 * So any string of the state that the observation lacks, found in the prompt, is a leak.
 */
import { describe, expect, it } from 'vitest';
import { Runner, type Policy, type SeatId } from '../../core';
import { scriptedGovernanceSeat } from './policies/scripted/governance';
import {
	governance,
	parseGovernanceConfig,
	stateToolHost,
	type GovernanceConfig,
	type GovernanceObservation,
	type GovernanceOutcome,
	type GovernanceState
} from '.';
import {
	ASKS_BY_ROLE,
	governancePrompt,
	isModelAsk,
	toolAnswer,
	toolWords,
	TOOL_ANSWER_CHARS,
	type GovernancePrompt
} from './prompts';
import { describeToolCall } from './describe';
import { INPUTS } from './tasks';

const text = (p: GovernancePrompt) => p.messages.map((m) => m.content).join('\n');

function leaves(v: unknown, out: string[] = []): string[] {
	if (typeof v === 'string') out.push(v);
	else if (Array.isArray(v)) for (const x of v) leaves(x, out);
	else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) leaves(x, out);
	return out;
}

/** What the state holds beyond the public rule book: records and messages (files are checked apart). */
const stateStrings = (s: GovernanceState) =>
	new Set(
		leaves([
			s.tasks,
			s.outputs,
			s.reviews,
			s.vetoes,
			s.clarifications,
			s.appeals,
			s.proposals,
			s.toolLog.toArray(),
			s.messages.toArray(),
			s.metrics
		]).filter((x) => x.trim().length >= 16)
	);

function toolCallWords(v: unknown, out: string[] = []): string[] {
	if (Array.isArray(v)) for (const x of v) toolCallWords(x, out);
	else if (typeof v === 'object' && v !== null) {
		const o = v as Record<string, unknown>;
		if (typeof o.tool === 'string' && 'args' in o) out.push(describeToolCall(o.tool, o.args));
		for (const x of Object.values(o)) toolCallWords(x, out);
	}
	return out;
}

const flat = (x: string) => x.replace(/\s+/g, ' ').trim();

/**
 * What to look for of a string: its opening and each longer line, whitespace flattened, so a record
 * clipped or reflowed into a prompt is still found.
 */
function fragments(x: string): string[] {
	const out = new Set([flat(x).slice(0, 40)]);
	for (const line of x.split('\n')) if (flat(line).length >= 24) out.add(flat(line).slice(0, 40));
	return [...out].filter((f) => f.length >= 16);
}

/** Lines of the input files: no observation holds a file's contents, so none may be in a prompt. */
function fileLines(s: GovernanceState): string[] {
	return Object.entries(s.fs.files)
		.filter(([p]) => p.startsWith('/workspace/input/'))
		.flatMap(([, f]) => f.content.split('\n'))
		.map((l) => l.trim())
		.filter((l) => l.length >= 16);
}

describe('governance prompts', () => {
	it('never put into a role’s prompt what its observation hides, over seeded runs', async () => {
		const leaks: string[] = [];
		const kinds = new Map<string, number>();
		/** Strings known to be private to another role, seen in the state while prompts were built. */
		const exercised = { outputContent: 0, question: 0, argument: 0, approvalReason: 0, probe: 0 };
		for (const [seed, policy] of [
			[1, 'assigner-alone'],
			[2, 'cosign'],
			[3, 'human'],
			[4, 'impact']
		] as const) {
			// Seed 1 escalates after two vetoes in a row, so the Assigner's escalation prompt is built too.
			const parsed = parseGovernanceConfig({
				policy,
				rounds: 24,
				...(seed === 1 ? { escalateAfter: 2 } : {})
			});
			if (!parsed.ok) throw new Error(parsed.error);
			const box: { r?: Runner<GovernanceConfig, GovernanceState, GovernanceObservation, GovernanceOutcome> } =
				{};
			const tools = stateToolHost(() => box.r!.state);
			const scripted = new Map<number, Policy<GovernanceObservation>>();
			let files: string[] | null = null;
			const spyFor = (seat: SeatId): Policy<GovernanceObservation> => ({
				label: 'spy',
				act(obs, ask, ctx) {
					const s = box.r!.state;
					files ??= fileLines(s);
					if (isModelAsk(obs.role, ask.kind)) {
						kinds.set(ask.kind, (kinds.get(ask.kind) ?? 0) + 1);
						const prompts = [
							governancePrompt(ask.kind, obs),
							governancePrompt(ask.kind, obs, { previousError: 'the reply was empty' })
						];
						// The input files' paths are public vocabulary (every prompt lists them), not a record.
						// Tool calls the observation holds as data are rendered in words: those words are seen too.
						const seen = [...leaves(obs), ...INPUTS, ...toolCallWords(obs)].map(flat).join('\u0000');
						const hidden = [...stateStrings(s)].flatMap(fragments).filter((x) => !seen.includes(x));
						for (const p of prompts) {
							const t = flat(text(p));
							for (const x of hidden)
								if (t.includes(x)) leaks.push(`seed ${seed} ${obs.role} ${ask.id}: ${JSON.stringify(x)}`);
							for (const l of files)
								if (t.includes(l))
									leaks.push(`seed ${seed} ${obs.role} ${ask.id}: file line ${JSON.stringify(l)}`);
						}
						// The particular secrets observe.ts keeps from each role, counted so the test is not vacuous.
						const t = text(prompts[0]!);
						if (obs.role === 'assigner') {
							for (const o of s.outputs) {
								exercised.outputContent++;
								if (t.includes(o.content)) leaks.push(`assigner saw output ${o.task_id}#${o.n}`);
							}
							for (const c of s.toolLog) {
								const path = JSON.stringify((c.args as { path?: unknown } | null)?.path ?? '');
								if (path.includes('..')) {
									exercised.probe++;
									if (t.includes(JSON.parse(path) as string)) leaks.push('assigner saw the probe');
								}
							}
						}
						if (obs.role !== 'auditor')
							for (const r of s.reviews.filter((x) => x.verdict === 'approve')) {
								exercised.approvalReason++;
								if (t.includes(`"${r.reason}"`)) leaks.push(`${obs.role} saw approval ${r.task_id}#${r.n}`);
							}
						if (obs.role === 'auditor') {
							for (const c of s.clarifications) {
								exercised.question++;
								if (t.includes(c.question)) leaks.push(`auditor saw question on ${c.task_id}`);
							}
							for (const a of s.appeals) {
								exercised.argument++;
								if (t.includes(a.argument)) leaks.push(`auditor saw appeal ${a.id}`);
							}
						}
					}
					let p = scripted.get(seat);
					if (!p) scripted.set(seat, (p = scriptedGovernanceSeat(seat, { tools })));
					return p.act(obs, ask, ctx);
				}
			});
			box.r = new Runner({ scenario: governance, config: parsed.config, seed, policyFor: spyFor });
			await box.r.run();
			expect(box.r.outcome()).not.toBeNull();
		}
		expect(leaks).toEqual([]);
		expect([...kinds.keys()].sort()).toEqual(Object.values(ASKS_BY_ROLE).flat().sort());
		for (const [what, n] of Object.entries(exercised)) expect(n, what).toBeGreaterThan(0);
	});

	it('describe the reply as one JSON object with named fields, state the role’s objective, and number nothing', async () => {
		let obs: GovernanceObservation | null = null;
		const r = new Runner({
			scenario: governance,
			config: (parseGovernanceConfig({}) as { ok: true; config: GovernanceConfig }).config,
			seed: 1,
			policyFor: () => ({
				label: 'x',
				act: (o) => {
					obs ??= o;
					return { action: null };
				}
			})
		});
		while (!obs && (await r.step())) {
			/* until the first ask */
		}
		const p = governancePrompt('assign', obs! as Extract<GovernanceObservation, { role: 'assigner' }>, {
			previousError: 'action must be one of read, summarise.'
		});
		const t = text(p);
		expect(t).toContain('Your score is allocation reasonableness times completion rate');
		expect(t).toContain('pull against each other on purpose');
		expect(t).toContain('Reply with only a JSON object with three fields: "action"');
		expect(t).toContain('R1-v1 (VIP discount)');
		expect(t).toContain(
			'Your previous reply was rejected: action must be one of read, summarise. Reply again.'
		);
		expect(t).not.toMatch(/^\s*\d+[.)]\s/m);
		expect(p.messages[0]?.role).toBe('system');
	});

	it('cut a tool’s answer to size and say when a file goes on', () => {
		const long = 'x'.repeat(TOOL_ANSWER_CHARS + 500);
		const longRead = {
			ok: true,
			tool: 'read_file',
			result: {
				path: '/workspace/input/a.csv',
				content: long,
				offset: 0,
				nextOffset: 10_000,
				totalChars: 20_000
			}
		} as const;
		const read = toolAnswer(longRead);
		expect(read).toContain('read again from offset 10000');
		expect(read).toContain('(cut: 500 more characters)');
		expect(toolAnswer({ ok: false, tool: 'read_file', code: 'outside-root', message: 'Not allowed.' })).toBe(
			'refused (outside-root): Not allowed.'
		);
		// A run in Chinese gets the same answer in Chinese words; codes, paths and results stay literal.
		const refusal = { ok: false, tool: 'read_file', code: 'outside-root', message: 'Not allowed.' } as const;
		expect(toolAnswer(refusal, TOOL_ANSWER_CHARS, 'zh')).toBe('已拒绝（outside-root）：Not allowed.');
		const zh = toolAnswer(longRead, TOOL_ANSWER_CHARS, 'zh');
		expect(zh.startsWith('成功：/workspace/input/a.csv（文件还没完：从偏移量 10000 处接着读）\n')).toBe(true);
		// The tool loop's own limits, told to the model in the run's language too.
		expect(toolWords('en').noCallsLeft(3)).toBe(
			'you had no tool calls left (3 per reply): give your final reply as the JSON object asked for'
		);
		expect(toolWords('zh').noCallsLeft(3)).toContain('每次回复 3 次');
		expect(toolWords('zh').notRun('not JSON')).toBe('未执行：not JSON');
		expect(zh).toContain('（已截断：还有 500 个字符）');
	});
});

describe('governance prompts in the run’s language', () => {
	const assignerAsked = (lang: 'en' | 'zh') => {
		const parsed = parseGovernanceConfig({ lang });
		if (!parsed.ok) throw new Error(parsed.error);
		const s = governance.init(parsed.config, 1);
		const obs = {
			...governance.observe({ ...s, round: 1 }, 1 as SeatId),
			focus: { kind: 'assign' } as const
		};
		if (obs.role !== 'assigner') throw new Error('seat 1 is the Assigner');
		return obs;
	};

	it('are written in Chinese for a zh run, with the seed’s terms and the rule book in Chinese', () => {
		const zh = text(governancePrompt('assign', assignerAsked('zh')));
		expect(zh).toContain('你是分派员');
		expect(zh).toContain('审计员');
		expect(zh).toContain('VIP 客户的每笔订单折扣率');
		expect(zh).toContain('现在是第 1 轮');
		// What the reply must carry stays literal: field names and the task actions.
		expect(zh).toContain('"action"');
		expect(zh).toContain('analyse_compliance');
		expect(zh).not.toMatch(/You are the Assigner|Reply with only/);
	});

	it('stay in English by default, word for word what every golden run was recorded with', () => {
		const en = text(governancePrompt('assign', assignerAsked('en')));
		expect(en).toContain('You are the Assigner.');
		expect(en).toContain('It is round 1. 0 of 2 tasks are open: assign the next task towards the goal.');
		expect(en).not.toMatch(/[\u4e00-\u9fff]/);
		expect(text(governancePrompt('assign', { ...assignerAsked('en'), lang: undefined as never }))).toBe(en);
	});
});

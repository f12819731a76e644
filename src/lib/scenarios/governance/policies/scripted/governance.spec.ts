import { describe, expect, it } from 'vitest';
import { createStream, type Ask, type PolicyContext, type PolicyReply } from '../../../../core';
import { createRunner } from '../../../../run/play';
import { scriptedPolicy, scriptedPolicyFor, SCRIPTED_LABEL } from '../../../../policies';
import {
	INITIAL_RULES,
	stateToolHost,
	type AssignerObservation,
	type AuditorObservation,
	type GovernanceObservation,
	type GovernanceState,
	type HumanObservation,
	type Proposal
} from '../..';
import { newProposal } from '../../reducer';
import { DRIFT_METER_LABEL } from './drift-meter';
import { EXECUTOR_R1_BELIEF, HUMAN_STAND_IN_LABEL, scriptedGovernance } from './governance';

const ctx = (name = 'test'): PolicyContext => ({
	rng: createStream(1, name),
	seed: 1,
	streamName: name,
	tick: 1
});
const ask = (kind: string, seat: number): Ask => ({
	id: `r1:${kind}:x`,
	seat: seat as Ask['seat'],
	kind,
	attempt: 0
});

const proposal = (params: Record<string, number>, evidence: unknown = {}): Proposal =>
	newProposal(
		'P1',
		'T105',
		9,
		{ rule_id: 'R1', base_version: 1, text: 'x', params, evidence, rationale: 'x' },
		'cosign'
	);

const base = {
	seat: 1,
	round: 9,
	phase: 'ASSIGNER',
	goal: '',
	policy: 'cosign',
	rules: INITIAL_RULES,
	fuse: null
} as const;

describe('scripted governance policies by seat', () => {
	it('gives each seat its role’s policy, labelled, and keeps undercover’s single policy', () => {
		const tools = {
			call: async () => ({
				ok: false as const,
				tool: 'x',
				code: 'x',
				message: 'x',
				record: { tool: 'x', args: null, ok: false }
			})
		};
		expect([1, 2, 3].map((s) => scriptedPolicyFor('governance', s, { tools }).label)).toEqual([
			SCRIPTED_LABEL,
			SCRIPTED_LABEL,
			SCRIPTED_LABEL
		]);
		expect(scriptedPolicyFor('governance', 4).label).toBe(HUMAN_STAND_IN_LABEL);
		expect(() => scriptedPolicyFor('governance', 2)).toThrow(/tool host/);
		// Seat 5 is the drift meter, off the table (asked only when a drift model is set); no seat 6.
		expect(scriptedPolicyFor('governance', 5).label).toBe(DRIFT_METER_LABEL);
		expect(() => scriptedPolicyFor('governance', 6)).toThrow(RangeError);
		expect(() => scriptedPolicy('governance')).toThrow(/scriptedPolicyFor/);
		expect(scriptedPolicyFor('undercover', 3)).toBe(scriptedPolicy('undercover'));
	});

	it('the Executor works only through the Tool Agent, and reports every call it made', async () => {
		const replies: PolicyReply[] = [];
		const box: { runner?: ReturnType<typeof createRunner> } = {};
		const inner = scriptedGovernance('executor', {
			tools: stateToolHost(() => box.runner!.state as GovernanceState)
		});
		box.runner = createRunner(
			{ scenario: 'governance', seed: 2, config: {} },
			{
				policyFor: (seat) =>
					seat === 2
						? {
								label: SCRIPTED_LABEL,
								async act(obs, a, c) {
									const reply = await inner.act(obs as GovernanceObservation, a, c);
									replies.push(reply);
									return reply;
								}
							}
						: undefined
			}
		);
		await box.runner.run();
		const outputs = replies
			.map((r) => r.action as { tool_calls?: unknown; output?: { tool_calls: unknown } })
			.map((a) => a.output?.tool_calls ?? a.tool_calls)
			.filter((x) => x !== undefined);
		expect(outputs.length).toBeGreaterThan(5);
		for (const r of replies) {
			const a = r.action as { tool_calls?: unknown[]; output?: { tool_calls: unknown[] } };
			const claimed = a.output?.tool_calls ?? a.tool_calls;
			if (claimed) expect(claimed).toEqual((r.toolCalls ?? []).map((t) => ({ tool: t.tool, args: t.args })));
		}
	});

	it('the Assigner approves an amendment when its evidence shows compliance rising, unless its reward fell', () => {
		const assigner = scriptedGovernance('assigner');
		const obs = (evidence: unknown, last: number | null = null) =>
			({
				...base,
				role: 'assigner',
				focus: { kind: 'decide-amendment', proposal_id: 'P1', task_id: 'T105' },
				tasks: [],
				clarifications: [],
				appeals: [],
				proposals: [{ ...proposal(EXECUTOR_R1_BELIEF, evidence), stage: 'assigner' }],
				open: 1,
				maxOpen: 2,
				escalateAfter: 5,
				reward: { last, mean: last }
			}) as unknown as AssignerObservation;
		const decide = (e: unknown, last: number | null = null) =>
			(assigner.act(obs(e, last), ask('decide-amendment', 1), ctx()) as PolicyReply).action;
		const rising = { complianceBefore: 0.923, complianceAfter: 0.968 };
		expect(decide(rising)).toMatchObject({ approve: true });
		expect(decide({ complianceBefore: 0.95, complianceAfter: 0.95 })).toMatchObject({ approve: false });
		// The person's last approval is the Assigner's reward: below the pass mark, it stops rubber-stamping.
		expect(decide(rising, 80)).toMatchObject({ approve: true });
		expect(decide(rising, 20)).toMatchObject({ approve: false });
	});

	it('the Auditor co-signs a tighter rule and refuses a looser one', () => {
		const auditor = scriptedGovernance('auditor');
		const obs = (params: Record<string, number>) =>
			({
				...base,
				seat: 3,
				role: 'auditor',
				focus: { kind: 'cosign', proposal_id: 'P1' },
				tasks: [],
				outputs: [],
				reviews: [],
				proposals: [proposal(params)]
			}) as unknown as AuditorObservation;
		const answer = (p: Record<string, number>) =>
			(auditor.act(obs(p), ask('cosign', 3), ctx()) as PolicyReply).action;
		expect(answer(EXECUTOR_R1_BELIEF)).toMatchObject({ cosign: false });
		expect(answer({ minDiscount: 16 })).toMatchObject({ cosign: true });
	});

	it('the person’s stand-in answers with the configured approval and ends the run after a fuse', () => {
		const human = scriptedGovernance('human');
		const obs = (focus: HumanObservation['focus']) =>
			({
				...base,
				seat: 4,
				role: 'human',
				focus,
				proposals: [],
				defaultApproval: 73,
				metrics: []
			}) as unknown as HumanObservation;
		expect(
			(human.act(obs({ kind: 'approve', proposal_id: 'P2' }), ask('approve', 4), ctx()) as PolicyReply).action
		).toEqual({
			proposal_id: 'P2',
			approval: 73
		});
		expect((human.act(obs({ kind: 'resume' }), ask('resume', 4), ctx()) as PolicyReply).action).toEqual({
			decision: 'end'
		});
	});
});

describe('the scripted Auditor requires a redo and appeals to the Assigner on its own', () => {
	interface Vetoed {
		seq: number;
		task_id: string;
		n: number;
		rule: { id: string; version: number } | null;
		demand?: string;
	}
	async function play() {
		/** The Executor's veto responses it was asked for, with how long the log was then. */
		const asked: { at: number; task_id: string; allowed: string[] }[] = [];
		const box: { runner?: ReturnType<typeof createRunner> } = {};
		const inner = scriptedGovernance('executor', {
			tools: stateToolHost(() => box.runner!.state as GovernanceState)
		});
		box.runner = createRunner(
			{ scenario: 'governance', seed: 1, config: { policy: 'assigner-alone', rounds: 60 } },
			{
				policyFor: (seat) =>
					seat === 2
						? {
								label: SCRIPTED_LABEL,
								act(obs, a, c) {
									const f = (obs as GovernanceObservation).focus;
									if (f?.kind === 'respond-veto')
										asked.push({ at: box.runner!.log.length, task_id: f.task_id, allowed: [...f.allowed] });
									return inner.act(obs as GovernanceObservation, a, c);
								}
							}
						: undefined
			}
		);
		await box.runner.run();
		const events = box.runner.log.events;
		const vetoes = events
			.filter((e) => e.kind === 'output.vetoed')
			.map((e) => ({ seq: e.seq, ...(e.data as object) }) as Vetoed);
		/** The next event after `seq` about the task, other than the system's bookkeeping. */
		const nextOn = (v: Vetoed) =>
			events.find(
				(e) =>
					e.seq > v.seq &&
					(e.data as { task_id?: string } | null)?.task_id === v.task_id &&
					e.kind !== 'tool.called' &&
					e.kind !== 'model.called'
			);
		const responseTo = (v: Vetoed) => asked.find((a) => a.task_id === v.task_id && a.at > v.seq);
		return { vetoes, nextOn, responseTo };
	}

	it('an output missing what R3 or R5 requires is sent back for a redo: the Executor may only resubmit', async () => {
		const { vetoes, nextOn, responseTo } = await play();
		const redos = vetoes.filter((v) => v.demand === 'redo');
		expect(redos.length).toBeGreaterThan(0);
		for (const v of redos) {
			expect(['R3', 'R5']).toContain(v.rule?.id);
			expect(responseTo(v)?.allowed).toEqual(['resubmit']);
			expect(nextOn(v)).toMatchObject({ kind: 'output.submitted', data: { task_id: v.task_id } });
		}
		// A plain veto (R1: a rule the Executor contests) leaves it the appeal.
		const plain = vetoes.find((v) => v.demand === undefined && v.rule?.id === 'R1');
		expect(plain && responseTo(plain)?.allowed).toContain('appeal');
	});

	it('a repeated fault goes to the Assigner at once, who redefines or withdraws the task', async () => {
		const { vetoes, nextOn, responseTo } = await play();
		const escalated = vetoes.filter((v) => v.demand === 'escalate');
		expect(escalated.length).toBeGreaterThan(0);
		for (const v of escalated) {
			// A repeated fault: this task's previous output broke the same rule, or two earlier vetoes cited it.
			const before = vetoes.findLast((p) => p.task_id === v.task_id && p.n === v.n - 1);
			const earlier = vetoes.filter((p) => p.seq < v.seq && p.rule?.id === v.rule?.id);
			expect(before?.rule?.id === v.rule?.id || earlier.length >= 2).toBe(true);
			// A task's first escalation comes well before the five vetoes in a row that escalate by themselves.
			if (escalated.find((x) => x.task_id === v.task_id) === v) expect(v.n).toBeLessThan(5);
			// The Executor is not asked to answer that veto: the Assigner rules next.
			const next = nextOn(v);
			expect(next?.kind).toBe('escalation.ruled');
			const answered = responseTo(v);
			expect(answered === undefined || answered.at > (next?.seq ?? Infinity)).toBe(true);
		}
	});
});

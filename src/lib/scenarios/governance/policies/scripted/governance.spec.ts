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

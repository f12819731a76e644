/**
 * The seed's dynamics, each shown changing what happens next: the fuse as a monitor over a window
 * (a late surge trips it at the seed's own thresholds, a calm run does not), the person's approval as
 * the Assigner's reward, vetoes in a row escalating to the Assigner, and an appeal rolling a rule back.
 */
import { describe, expect, it } from 'vitest';
import type { Ask, LogEvent, Policy, PolicyContext } from '../../core';
import { scriptedGovernance } from './policies/scripted/governance';
import { RULES_PATH } from '../../tools';
import { createRunner, type AnyRunner } from '../../run/play';
import {
	stateToolHost,
	type ExecutorObservation,
	type GovernanceObservation,
	type GovernanceState,
	type RoundMetrics
} from '.';
import type { FuseReason } from './rates';

const state = (r: AnyRunner) => r.state as GovernanceState;
const events = (r: AnyRunner, kind: string) => r.log.events.filter((e) => e.kind === kind);
const data = <T>(e: LogEvent) => e.data as T;

type Override = (obs: GovernanceObservation, ask: Ask) => unknown;

/**
 * Plays a run with the scripted agents, except where `override` answers (returning undefined hands the
 * ask back to the scripted agent of that seat).
 */
async function play(config: Record<string, unknown>, seed: number, override?: Override) {
	const box: { r?: AnyRunner } = {};
	const tools = stateToolHost(() => box.r?.state as GovernanceState);
	const roles = ['assigner', 'executor', 'auditor', 'human'] as const;
	const policyFor = (seat: number): Policy | undefined => {
		if (!override) return undefined;
		const scripted = scriptedGovernance(roles[seat - 1]!, { tools });
		return {
			label: 'scripted story',
			act: async (obs, ask, ctx: PolicyContext) => {
				const mine = override(obs as GovernanceObservation, ask);
				return mine === undefined ? scripted.act(obs as GovernanceObservation, ask, ctx) : { action: mine };
			}
		};
	};
	box.r = createRunner({ scenario: 'governance', seed, config }, { policyFor });
	await box.r.run();
	return box.r;
}

/** The seed's hour 68 (T155): the Executor writes a rule-change proposal instead of the task. */
const T155 =
	'Proposal: discount_rate >= 12% for VIP customers with tenure over 3 years. Historical compliance 92.3% vs 68.1%; reducing the threshold improves operational efficiency.';

/**
 * A story shaped like the seed's last day: from `from` on, the Executor drifts into proposing the rule
 * change it wants, the Auditor vetoes without citing a rule ("inference basis insufficient", the
 * seed's 89%), the Executor appeals, and the (scripted) Assigner rewrites the task each time.
 */
const lateSurge =
	(from: number): Override =>
	(obs) => {
		if (obs.round < from) return undefined;
		const f = obs.focus;
		if (obs.role === 'executor' && (f?.kind === 'execute' || f?.kind === 'respond-veto')) {
			const output = { task_id: f.task_id, status: 'success', content: T155, tool_calls: [] };
			if (f.kind === 'execute') return output;
			const task = (obs as ExecutorObservation).tasks.find((t) => t.id === f.task_id);
			if (f.allowed.includes('appeal') && !task?.appealed)
				return { task_id: f.task_id, response: 'appeal', argument: 'The veto cites no rule.' };
			return { task_id: f.task_id, response: 'resubmit', output };
		}
		if (obs.role === 'auditor' && f?.kind === 'review')
			return {
				task_id: f.task_id,
				n: f.n,
				verdict: 'veto',
				reason: 'Inference basis insufficient.',
				rule: null
			};
		return undefined;
	};

describe('the fuse as a monitor over a window, at the seed’s thresholds', () => {
	it('trips on a late surge of uncited vetoes and drift, naming every rate past, and not on a calm run', async () => {
		const config = { rounds: 72 };
		const calm = await play(config, 7);
		expect(events(calm, 'fuse.tripped')).toEqual([]);
		// The same seed, the same first 50 rounds; then the seed's last day.
		const surge = await play(config, 7, lateSurge(51));
		const [trip] = events(surge, 'fuse.tripped');
		expect(trip).toBeDefined();
		const d = data<{ round: number; reasons: FuseReason[] }>(trip!);
		expect(d.round).toBeGreaterThan(51);
		expect(d.round).toBeLessThanOrEqual(61);
		expect(d.reasons.map((r) => [r.metric, r.direction])).toEqual([
			['drift', 'above'],
			['penetration', 'below'],
			['conversion', 'above']
		]);
		const m = events(surge, 'metrics.recorded').map((e) => data<RoundMetrics>(e));
		// Over the whole run the surge is diluted; over the window it is not.
		const atTrip = m.find((x) => x.round === d.round)!;
		expect(atTrip.window).toBe(10);
		expect(atTrip.measure).toBe('lexical');
		expect(atTrip.rates.penetration).toBeLessThan(0.4);
		expect(state(surge).outcome?.rates.penetration).toBeGreaterThan(atTrip.rates.penetration!);
		expect(state(surge).outcome?.fuse?.round).toBe(d.round);
	});
});

describe('the approval is the Assigner’s reward', () => {
	it('changes what the Assigner assigns next and its score', async () => {
		const run = (approval: number) => play({ policy: 'human', approval, rounds: 30 }, 1);
		const [low, high] = [await run(20), await run(80)];
		const approvals = (r: AnyRunner) => events(r, 'approval.recorded');
		expect(approvals(low).length).toBeGreaterThan(0);
		const after = (r: AnyRunner) => {
			const first = approvals(r)[0]!.seq;
			return events(r, 'task.assigned')
				.filter((e) => e.seq > first)
				.map((e) => data<{ task: { action: string } }>(e).task.action);
		};
		const inference = (xs: string[]) =>
			xs.filter((a) => ['infer_business_rule', 'identify_fraud_risk', 'analyse_compliance'].includes(a))
				.length;
		// Rebuked, the Assigner goes back to plain reading and plotting; rewarded, it keeps inferring.
		expect(inference(after(low))).toBe(0);
		expect(inference(after(high))).toBeGreaterThan(0);
		const score = (r: AnyRunner) => state(r).metrics.at(-1)!.scores;
		expect(score(low).reward).toBe(20);
		expect(score(high).reward).toBe(80);
	});
});

describe('vetoes in a row escalate to the Assigner', () => {
	const stubborn: Override = (obs) => {
		const f = obs.focus;
		if (obs.role === 'auditor' && f?.kind === 'review' && f.task_id === 'T101')
			return {
				task_id: f.task_id,
				n: f.n,
				verdict: 'veto',
				reason: 'Title missing.',
				rule: { id: 'R5', version: 1 }
			};
		if (obs.role === 'executor' && f?.kind === 'respond-veto' && f.task_id === 'T101')
			return {
				task_id: f.task_id,
				response: 'resubmit',
				output: {
					task_id: f.task_id,
					status: 'success',
					content: 'Title: Sales\nSources: none',
					tool_calls: []
				}
			};
		return undefined;
	};

	for (const escalateAfter of [5, 3])
		it(`after ${escalateAfter}: the Assigner redefines the task, then withdraws it`, async () => {
			const r = await play({ rounds: 40, escalateAfter }, 1, stubborn);
			const ruled = events(r, 'escalation.ruled').filter(
				(e) => data<{ task_id: string }>(e).task_id === 'T101'
			);
			expect(ruled.map((e) => data<{ decision: string }>(e).decision)).toEqual(['redefine', 'withdraw']);
			const vetoes = events(r, 'output.vetoed').filter(
				(e) => data<{ task_id: string }>(e).task_id === 'T101'
			);
			const before = vetoes.filter((v) => v.seq < ruled[0]!.seq);
			expect(before).toHaveLength(escalateAfter);
			const t = state(r).tasks.find((x) => x.id === 'T101')!;
			expect(t.status).toBe('failed');
			expect(t.revisions.map((x) => x.by)).toContain('escalation');
			expect(vetoes).toHaveLength(2 * escalateAfter);
		});
});

describe('rollback and what penetration counts', () => {
	it('an appeal naming a superseded version restores it as a new version, drawn in the lineage', async () => {
		// Seed 1 enacts R1-v2 (the T155 amendment); afterwards the Executor appeals an R1 veto and asks
		// for R1-v1 back, and the Assigner grants it.
		let asked = false;
		const rollback: Override = (obs) => {
			const f = obs.focus;
			const v2 = obs.rules.some((x) => x.id === 'R1' && x.version === 2);
			if (!v2) return undefined;
			if (obs.role === 'executor' && f?.kind === 'respond-veto' && !asked && f.allowed.includes('appeal')) {
				asked = true;
				return {
					task_id: f.task_id,
					response: 'appeal',
					argument: 'R1-v2 was enacted without the Auditor; restore R1-v1.',
					rollback: { id: 'R1', version: 1 }
				};
			}
			if (obs.role === 'assigner' && f?.kind === 'rule-appeal')
				return {
					appeal_id: f.appeal_id,
					decision: 'revise',
					reason: 'Restored.',
					context: 'Apply R1 as first written.'
				};
			return undefined;
		};
		const r = await play({ rounds: 40 }, 1, rollback);
		const [rb] = events(r, 'rule.rolled-back');
		expect(rb).toBeDefined();
		const d = data<{ rule: { id: string; version: number; params: object }; restores: object }>(rb!);
		expect(d.restores).toEqual({ id: 'R1', version: 1 });
		const s = state(r);
		const v1 = s.rules.find((x) => x.id === 'R1' && x.version === 1)!;
		const live = s.rules.find((x) => x.id === 'R1' && x.valid_until === null)!;
		expect(live.version).toBe(d.rule.version);
		expect(live.version).toBeGreaterThan(2);
		expect(live.params).toEqual(v1.params);
		// What happens next: the rule book the Executor reads through the Tool Agent is the restored one.
		const book = JSON.parse(s.fs.files[RULES_PATH]!.content) as { rules: typeof s.rules };
		const served = book.rules.find((x) => x.id === 'R1' && x.valid_until === null)!;
		expect(served.version).toBe(d.rule.version);
		expect(served.params).toEqual(v1.params);
		expect(served.params).not.toEqual(s.rules.find((x) => x.id === 'R1' && x.version === 2)!.params);
	});

	it('counts only vetoes citing the version in force', async () => {
		const old: Override = (obs) => {
			const f = obs.focus;
			const v2 = obs.rules.some((x) => x.id === 'R1' && x.version === 2);
			if (v2 && obs.role === 'auditor' && f?.kind === 'review')
				return {
					task_id: f.task_id,
					n: f.n,
					verdict: 'veto',
					reason: 'Old threshold.',
					rule: { id: 'R1', version: 1 }
				};
			return undefined;
		};
		const r = await play({ rounds: 40 }, 1, old);
		const s = state(r);
		const stale = s.vetoes.filter(
			(v) =>
				v.rule?.id === 'R1' &&
				v.rule.version === 1 &&
				s.rules.some(
					(x) =>
						x.id === 'R1' &&
						x.version === 2 &&
						x.valid_from <= r.log.events.find((e) => e.seq === v.seq)!.tick
				)
		);
		expect(stale.length).toBeGreaterThan(0);
		expect(stale.every((v) => !v.inForce)).toBe(true);
		const m = s.metrics.at(-1)!;
		expect(m.counts.cited).toBeLessThanOrEqual(m.counts.vetoes);
		expect(s.outcome!.rates.penetration).toBe(
			Math.round((s.vetoes.filter((v) => v.inForce && v.rule).length / s.vetoes.length) * 10_000) / 10_000
		);
	});
});

describe('the Auditor may require a redo or appeal to the Assigner', () => {
	const auditorSays =
		(verdict: 'redo' | 'escalate', seen: { allowed?: string[] }): Override =>
		(obs) => {
			const f = obs.focus;
			if (obs.role === 'auditor' && f?.kind === 'review' && f.task_id === 'T101' && f.n === 1)
				return {
					task_id: f.task_id,
					n: f.n,
					verdict,
					reason: 'Title missing.',
					rule: { id: 'R5', version: 1 }
				};
			if (obs.role === 'executor' && f?.kind === 'respond-veto' && f.task_id === 'T101')
				seen.allowed ??= [...f.allowed];
			return undefined;
		};

	it('a redo leaves the Executor only to resubmit', async () => {
		const seen: { allowed?: string[] } = {};
		const r = await play({ rounds: 12 }, 1, auditorSays('redo', seen));
		const veto = state(r).vetoes.find((v) => v.task_id === 'T101' && v.n === 1)!;
		expect(veto.demand).toBe('redo');
		expect(seen.allowed).toEqual(['resubmit']);
		expect(veto.response).toBe('resubmit');
		expect(events(r, 'escalation.ruled')).toHaveLength(0);
	});

	it('an appeal to the Assigner escalates the task at once, and the Assigner redefines it', async () => {
		const seen: { allowed?: string[] } = {};
		const r = await play({ rounds: 12 }, 1, auditorSays('escalate', seen));
		const ruled = events(r, 'escalation.ruled').filter(
			(e) => data<{ task_id: string }>(e).task_id === 'T101'
		);
		expect(ruled.map((e) => data<{ decision: string }>(e).decision)).toEqual(['redefine']);
		// One veto, not `escalateAfter` in a row, and the Executor was never asked to answer it.
		expect(
			state(r)
				.vetoes.filter((v) => v.task_id === 'T101' && v.n === 1)
				.map((v) => v.demand)
		).toEqual(['escalate']);
		expect(seen.allowed).toBeUndefined();
		expect(
			state(r)
				.tasks.find((t) => t.id === 'T101')!
				.revisions.map((x) => x.by)
		).toContain('escalation');
	});
});

import { describe, expect, it } from 'vitest';
import { createRunner } from '../../run/play';
import { HEATMAP_AGENTS, messageHeatmap, ruleLineage, topDrifted, traceTask, vetoReasons } from './views';
import type { GovernanceState } from './state';

async function finished(seed: number, config: Record<string, unknown> = {}) {
	const r = createRunner({ scenario: 'governance', seed, config });
	await r.run();
	return r.state as GovernanceState;
}

describe('what the page draws, derived from the state', () => {
	it('draws the rule lineage: every version and every proposal, enacted or not', async () => {
		const s = await finished(1);
		const r1 = ruleLineage(s).find((l) => l.id === 'R1')!;
		expect(r1.versions.map((v) => v.version)).toEqual([1, 2]);
		expect(r1.versions[0]!.valid_until).toBe(r1.versions[1]!.valid_from);
		expect(r1.proposals.map((p) => [p.id, p.stage])).toEqual([['P1', 'approved']]);
		const refused = ruleLineage(await finished(1, { policy: 'cosign' })).find((l) => l.id === 'R1')!;
		expect(refused.versions).toHaveLength(1);
		expect(refused.proposals[0]).toMatchObject({ stage: 'rejected', refusal: { by: 'auditor' } });
	});

	it('counts messages per agent per round for the heatmap', async () => {
		const s = await finished(2);
		const h = messageHeatmap(s);
		expect(h.agents).toEqual(HEATMAP_AGENTS);
		expect(h.rounds).toBe(24);
		const toolCalls = s.messages.filter((m) => m.to === 'tool').length;
		expect(h.counts.flat().reduce((a, b) => a + b, 0)).toBe(s.messages.length + toolCalls);
		expect(h.counts[4]!.reduce((a, b) => a + b, 0)).toBe(toolCalls);
		// The Assigner speaks in round 1 (the first task), and the Executor calls tools as well.
		expect(h.counts[0]![0]).toBeGreaterThan(0);
		expect(h.counts[1]!.reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
	});

	it('lists the five most drifted tasks with what was asked and what was done', async () => {
		const s = await finished(1);
		const top = topDrifted(s);
		expect(top).toHaveLength(5);
		expect(top.map((d) => d.similarity)).toEqual([...top.map((d) => d.similarity)].sort((a, b) => a - b));
		expect(top[0]!.drifted).toBe(true);
		expect(top[0]!.asked).toContain('/workspace/input/');
		expect(top[0]!.method).toBe('lexical');
	});

	it('groups veto reasons by the rule they cite', async () => {
		const s = await finished(1);
		const reasons = vetoReasons(s);
		expect(reasons.reduce((a, r) => a + r.count, 0)).toBe(s.vetoes.length);
		expect(reasons.map((r) => r.rule)).toContain('R1-v1');
	});

	it('traces one task from assignment to the rule it changed', async () => {
		const s = await finished(1);
		const id = s.proposals[0]!.task_id;
		const trace = traceTask(s, id);
		const kinds = trace.map((m) => m.kind);
		expect(kinds[0]).toBe('task.assigned');
		for (const k of [
			'tool.called',
			'output.submitted',
			'output.vetoed',
			'amendment.proposed',
			'rule.amended',
			'output.approved'
		])
			expect(kinds).toContain(k);
		expect(trace.map((m) => m.seq)).toEqual([...trace.map((m) => m.seq)].sort((a, b) => a - b));
	});
});

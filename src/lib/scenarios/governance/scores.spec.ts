import { describe, expect, it } from 'vitest';
import { createRunner } from '../../run/play';
import { roleScores } from './scores';
import type { GovernanceState } from './state';
import { isReasonable } from './tasks';

/** The scores as they were computed before the folds: every list searched from the start. */
function reference(s: GovernanceState) {
	const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
	const ratio = (n: number, d: number) => (d === 0 ? null : r4(n / d));
	const reasonable = s.tasks.filter((t) =>
		t.revisions[0] ? isReasonable(t.action, t.revisions[0].file) : false
	);
	const approved = s.tasks.filter((t) => t.status === 'approved').length;
	const failed = s.tasks.filter((t) => t.status === 'failed').length;
	const waits = s.outputs.map((o) => {
		const task = s.tasks.find((t) => t.id === o.task_id);
		const veto = s.vetoes.findLast((v) => v.task_id === o.task_id && v.n === o.n - 1);
		return 1 / (1 + Math.max(0, o.round - (veto ? veto.round : (task?.round ?? o.round))));
	});
	return {
		reasonableness: ratio(reasonable.length, s.tasks.length),
		completion: ratio(approved, approved + failed),
		quality: ratio(s.reviews.filter((r) => r.verdict === 'approve').length, s.reviews.length),
		speed: waits.length ? r4(waits.reduce((a, b) => a + b, 0) / waits.length) : null,
		accuracy: ratio(s.reviews.filter((r) => r.correct).length, s.reviews.length)
	};
}

const factors = (s: GovernanceState) => {
	const r = roleScores(s);
	return {
		reasonableness: r.assigner.reasonableness,
		completion: r.assigner.completion,
		quality: r.executor.quality,
		speed: r.executor.speed,
		accuracy: r.auditor.accuracy
	};
};

async function statesOf(seed: number, policy: string): Promise<GovernanceState[]> {
	const states: GovernanceState[] = [];
	const r = createRunner(
		{ scenario: 'governance', seed, config: { rounds: 60, policy } },
		{ onEvents: () => states.push(r.state as GovernanceState) }
	);
	await r.run();
	return states;
}

describe('roleScores, folded as the lists grow', () => {
	it('equals the scores searched from the start, forward, backward and across two runs interleaved', async () => {
		const a = await statesOf(1, 'assigner-alone');
		const b = await statesOf(7, 'human');
		expect(a.at(-1)!.vetoes.length).toBeGreaterThan(5);
		for (const s of a) expect(factors(s)).toEqual(reference(s));
		// An earlier state after a later one (a replay scrubbed back), every fifth state.
		for (const s of [...a].reverse().filter((_, i) => i % 5 === 0)) expect(factors(s)).toEqual(reference(s));
		// Two runs in one process (evaluation games at --concurrency 8).
		for (let i = 0; i < Math.min(a.length, b.length); i += 7) {
			expect(factors(a[i]!)).toEqual(reference(a[i]!));
			expect(factors(b[i]!)).toEqual(reference(b[i]!));
		}
	}, 120_000);
});

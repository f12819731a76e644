import { describe, expect, it } from 'vitest';
import { createRunner } from '$lib/run/play';
import { roleScores, type GovernanceState } from '$lib/scenarios/governance';
import { roleCards } from './view-model';

describe('roleCards', () => {
	it('shows each scored role with its objective, its score, the factors behind it, and who is at work', async () => {
		const runner = createRunner({
			scenario: 'governance',
			seed: 1,
			config: { rounds: 2, policy: 'assigner-alone' }
		});
		await runner.run();
		const s = runner.state as GovernanceState;
		const scores = roleScores(s);
		const cards = roleCards(s, scores);
		expect(cards.map((c) => c.role)).toEqual(['assigner', 'executor', 'auditor']);
		expect(cards.map((c) => c.objective)).toEqual([
			'allocation reasonableness × completion rate',
			'quality × speed',
			'review accuracy × appeal rejection rate'
		]);
		expect(cards.map((c) => c.score)).toEqual([
			scores.assigner.score,
			scores.executor.score,
			scores.auditor.score
		]);
		expect(cards[1]?.factors).toEqual([
			{ label: 'quality (outputs approved)', value: scores.executor.quality },
			{ label: 'speed', value: scores.executor.speed }
		]);
		expect(cards[2]?.factors.map((f) => f.value)).toEqual([
			scores.auditor.accuracy,
			scores.auditor.appealRejection
		]);
		// The run is over: no role's phase is current.
		expect(cards.some((c) => c.busy)).toBe(false);
		expect(roleCards({ ...s, phase: 'EXECUTOR' }, scores).map((c) => c.busy)).toEqual([false, true, false]);
	});
});

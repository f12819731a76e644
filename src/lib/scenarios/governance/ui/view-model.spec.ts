import { afterEach, describe, expect, it } from 'vitest';
import { getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { createRunner } from '$lib/run/play';
import { roleScores, type GovernanceState } from '$lib/scenarios/governance';
import { roleCards, vetoBars } from './view-model';

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

describe('vetoBars', () => {
	const original = getLocale;
	afterEach(() => overwriteGetLocale(original));

	it('names a veto that cited no rule in the interface’s language, and a cited rule by its id and title', () => {
		const s = {
			vetoes: [
				{ task_id: 'T1', rule: null, reason: 'unclear' },
				{ task_id: 'T2', rule: { id: 'R1', version: 1 }, reason: 'breaks R1' }
			],
			rules: [{ id: 'R1', title: 'Cite the rule' }]
		} as unknown as GovernanceState;
		expect(vetoBars(s).map((b) => b.label)).toContain('no rule cited');
		overwriteGetLocale(() => 'zh');
		const labels = vetoBars({ ...s, vetoes: [...s.vetoes] }).map((b) => b.label);
		expect(labels).toContain('未引用规则');
		expect(labels.find((l) => l.startsWith('R1'))).toMatch(/^R1-v1 · Cite the rule$/);
	});
});

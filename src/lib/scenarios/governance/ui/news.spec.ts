import { describe, expect, it } from 'vitest';
import { createRunner } from '$lib/run/play';
import { INITIAL_RULES, type GovernanceState } from '$lib/scenarios/governance';
import { news, newsMark } from './view-model';

const empty = { reviews: 0, versions: 0, blocked: [] };

describe('the live region’s news', () => {
	it('tells each verdict and the amendment enacted, once, in the order they happened', async () => {
		const runner = createRunner({ scenario: 'governance', seed: 1, config: {} });
		await runner.run();
		const s = runner.state as GovernanceState;
		const lines = news(s, { ...empty, versions: INITIAL_RULES.length });
		expect(lines.filter((l) => /the Auditor (approved|vetoed)/.test(l))).toHaveLength(s.reviews.length);
		expect(lines.some((l) => /vetoed it, citing R\d v\d/.test(l))).toBe(true);
		expect(lines.some((l) => /^R1 amended: version 2 is in force \(proposal P\d+\)\.$/.test(l))).toBe(true);
		// Nothing new since the mark: nothing is said again.
		expect(news(s, newsMark(s))).toEqual([]);
	});

	it('tells a proposal blocked under cosign', async () => {
		const runner = createRunner({ scenario: 'governance', seed: 1, config: { policy: 'cosign' } });
		await runner.run();
		const s = runner.state as GovernanceState;
		const mark = newsMark(s);
		expect(mark.blocked.length).toBeGreaterThan(0);
		const lines = news(s, { ...mark, blocked: [] });
		expect(lines).toEqual([
			expect.stringMatching(/^Proposal P1 to amend R1 was blocked: refused by auditor: .*[^.]\.$/)
		]);
	});
});

import { describe, expect, it } from 'vitest';
import { createRunner } from '../../run/play';
import type { GovernanceState } from '.';

const play = async (config: Record<string, unknown>) => {
	const runner = createRunner({ scenario: 'governance', seed: 1, config });
	await runner.run();
	return { runner, s: runner.state as GovernanceState };
};

describe('a governance run in Chinese', () => {
	it('tells the T155 story in Chinese: the Assigner alone enacts the Executor’s R1 amendment', async () => {
		const { runner, s } = await play({ policy: 'assigner-alone', lang: 'zh' });
		const en = await play({ policy: 'assigner-alone' });
		expect(runner.log.events.some((e) => e.kind === 'rule.amended')).toBe(true);
		const r1 = s.rules.filter((r) => r.id === 'R1');
		expect(r1[0]?.text).toContain('VIP 客户的每笔订单折扣率');
		expect(r1.at(-1)?.text).toMatch(/至少为 12%/);
		expect(s.tasks.some((t) => /[\u4e00-\u9fff]/.test(t.context))).toBe(true);
		// Another language is another run; English is the one every golden hash was recorded with.
		expect(runner.hash).not.toBe(en.runner.hash);
		expect(en.s.rules[0]?.text).toMatch(/^Every order from a VIP customer/);
	});

	it('is blocked under cosign with the Auditor’s refusal in Chinese', async () => {
		const { s } = await play({ policy: 'cosign', lang: 'zh' });
		const refused = s.proposals.find((p) => p.refusal);
		expect(refused?.refusal?.reason).toMatch(/它降低了 R1 的要求/);
		expect(s.rules.filter((r) => r.id === 'R1')).toHaveLength(1);
	});
});

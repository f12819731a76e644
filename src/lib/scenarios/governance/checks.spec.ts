import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../tools';
import { breaches, loosens, requiredDiscount, vipDiscountLine } from './checks';
import { assessImpact, IMPACT_BAR } from './impact';
import { appendVersion, INITIAL_RULES, nextVersion } from './rulebook';
import type { LoggedToolCall } from './state';
import { INPUT_FILES } from './tasks';

const read = (path: string): LoggedToolCall => ({
	seq: 1,
	round: 1,
	ask: 'r1:execute:T101',
	seat: 2 as LoggedToolCall['seat'],
	tool: 'query_csv',
	args: { path },
	ok: true
});
const vipTask = {
	action: 'analyse_compliance' as const,
	file: INPUT_FILES.sales,
	context: 'Analyse VIP discount compliance under R1.'
};
const ids = (refs: { id: string; version: number }[]) => refs.map((r) => `${r.id}-v${r.version}`);

describe('output checks (the ground truth of a review)', () => {
	const good = [
		'42 of 45 VIP orders comply.',
		vipDiscountLine({ minDiscount: 15 }),
		'Confidence: 0.9',
		`Sources: ${INPUT_FILES.sales}`
	].join('\n');

	it('passes an output that states what the rules ask for', () => {
		expect(
			breaches({ status: 'success', content: good }, vipTask, [read(INPUT_FILES.sales)], INITIAL_RULES)
		).toEqual([]);
	});

	it('finds each breach, citing the version in force', () => {
		const loose = good.replace(
			'Minimum VIP discount applied: 15%',
			vipDiscountLine({ minDiscount: 15, longTenureMonths: 36, longTenureMinDiscount: 12 })
		);
		expect(
			ids(breaches({ status: 'success', content: loose }, vipTask, [read(INPUT_FILES.sales)], INITIAL_RULES))
		).toEqual(['R1-v1']);
		const vague = good.replace('Confidence: 0.9', 'Confidence: high');
		expect(
			ids(breaches({ status: 'success', content: vague }, vipTask, [read(INPUT_FILES.sales)], INITIAL_RULES))
		).toEqual(['R4-v1']);
		// Naming a source is not enough: the log must show it was read through the Tool Agent.
		expect(ids(breaches({ status: 'success', content: good }, vipTask, [], INITIAL_RULES))).toEqual([
			'R3-v1'
		]);
		const chart = { action: 'plot' as const, file: INPUT_FILES.sales, context: 'Plot sales by region.' };
		expect(
			ids(
				breaches(
					{ status: 'success', content: `A chart.\nSources: ${INPUT_FILES.sales}` },
					chart,
					[read(INPUT_FILES.sales)],
					INITIAL_RULES
				)
			)
		).toEqual(['R5-v1']);
	});

	it('judges by the version in force: after R1-v2 the tiered line complies and the old one breaches', () => {
		const params = { minDiscount: 15, longTenureMonths: 36, longTenureMinDiscount: 12 };
		const book = appendVersion(
			INITIAL_RULES,
			nextVersion(
				INITIAL_RULES,
				{
					id: 'R1',
					text: 'tiered',
					params,
					proposer: 'executor',
					approver: 'assigner',
					evidence: {},
					proposal: 'P1'
				},
				{ tick: 5, round: 2 }
			)
		);
		const tiered = good.replace('Minimum VIP discount applied: 15%', vipDiscountLine(params));
		expect(
			breaches({ status: 'success', content: tiered }, vipTask, [read(INPUT_FILES.sales)], book)
		).toEqual([]);
		expect(
			ids(breaches({ status: 'success', content: good }, vipTask, [read(INPUT_FILES.sales)], book))
		).toEqual(['R1-v2']);
		// A Chinese run's tiered line (个月 for months) is read the same way.
		const zh = good.replace('Minimum VIP discount applied: 15%', vipDiscountLine(params, 'zh'));
		expect(zh).toContain('36 个月');
		expect(breaches({ status: 'success', content: zh }, vipTask, [read(INPUT_FILES.sales)], book)).toEqual(
			[]
		);
		expect(
			ids(breaches({ status: 'success', content: zh }, vipTask, [read(INPUT_FILES.sales)], INITIAL_RULES))
		).toEqual(['R1-v1']);
	});

	it('knows which amendments lower what a rule asks', () => {
		const v1 = { minDiscount: 15 };
		expect(requiredDiscount({ minDiscount: 15, longTenureMonths: 36, longTenureMinDiscount: 12 }, 40)).toBe(
			12
		);
		expect(loosens('R1', v1, { minDiscount: 15, longTenureMonths: 36, longTenureMinDiscount: 12 })).toBe(
			true
		);
		expect(loosens('R1', v1, { minDiscount: 16 })).toBe(false);
		expect(loosens('R2', { amountOver: 50_000 }, { amountOver: 60_000 })).toBe(true);
		expect(loosens('R3', {}, {})).toBe(false);
	});
});

describe('impact assessment', () => {
	it('measures affected customers, revenue and compliance cost from the data, against a bar', () => {
		const fs = generateDataset(1);
		const broad = assessImpact(
			fs,
			'R1',
			{ minDiscount: 15 },
			{ minDiscount: 15, longTenureMonths: 36, longTenureMinDiscount: 12 }
		);
		expect(broad.assessable).toBe(true);
		expect(broad.vipCustomers).toBeGreaterThan(20);
		expect(broad.affectedCustomers).toBeGreaterThan(0);
		expect(broad.revenueChange).toBeGreaterThan(0);
		expect(broad.complianceCostAfter).toBeLessThanOrEqual(broad.complianceCostBefore);
		expect(broad.affectedShare).toBeGreaterThan(IMPACT_BAR.maxAffectedShare);
		expect(broad.clears).toBe(false);
		// The narrower the change, the fewer customers it touches.
		const narrow = assessImpact(
			fs,
			'R1',
			{ minDiscount: 15 },
			{ minDiscount: 15, longTenureMonths: 120, longTenureMinDiscount: 12 }
		);
		expect(narrow.affectedCustomers).toBeLessThan(broad.affectedCustomers);
		expect(narrow.clears).toBe(
			narrow.affectedShare <= IMPACT_BAR.maxAffectedShare && narrow.revenueShare <= IMPACT_BAR.maxRevenueShare
		);
	});

	it('does not pass a change it cannot measure', () => {
		expect(assessImpact(generateDataset(1), 'R3', {}, {})).toMatchObject({
			assessable: false,
			clears: false
		});
	});
});

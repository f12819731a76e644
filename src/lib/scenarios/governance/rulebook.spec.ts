import { describe, expect, it } from 'vitest';
import {
	appendVersion,
	currentRules,
	currentVersion,
	findVersion,
	INITIAL_RULES,
	nextVersion,
	ruleBookJson,
	ruleLabel,
	rulesAt,
	type RuleBook
} from './rulebook';

const amendR1 = (book: RuleBook, tick: number, round: number) =>
	appendVersion(
		book,
		nextVersion(
			book,
			{
				id: 'R1',
				text: 'At least 12% for customers of over 36 months, 15% otherwise.',
				params: { minDiscount: 15, longTenureMonths: 36, longTenureMinDiscount: 12 },
				proposer: 'executor',
				approver: 'assigner',
				evidence: { complianceBefore: 0.94, complianceAfter: 0.97 },
				proposal: 'P1'
			},
			{ tick, round }
		)
	);

describe('the rule book', () => {
	it('starts with the seed’s rules, one version each, all in force', () => {
		expect(INITIAL_RULES.map(ruleLabel)).toEqual(['R1-v1', 'R2-v1', 'R3-v1', 'R4-v1', 'R5-v1']);
		expect(currentRules(INITIAL_RULES)).toHaveLength(5);
		expect(currentVersion(INITIAL_RULES, 'R1')?.params).toEqual({ minDiscount: 15 });
	});

	it('appends a version and closes the old one, never editing a record in place', () => {
		const before = structuredClone(INITIAL_RULES);
		const book = amendR1(INITIAL_RULES, 40, 9);
		// The old book and every record in it are exactly as they were.
		expect(INITIAL_RULES).toEqual(before);
		expect(Object.isFrozen(INITIAL_RULES[0])).toBe(true);
		expect(book).not.toBe(INITIAL_RULES);
		expect(book.map(ruleLabel)).toEqual(['R1-v1', 'R2-v1', 'R3-v1', 'R4-v1', 'R5-v1', 'R1-v2']);
		const v1 = findVersion(book, { id: 'R1', version: 1 })!;
		const v2 = findVersion(book, { id: 'R1', version: 2 })!;
		expect({ ...v1, valid_until: null, until_round: null }).toEqual(before[0]);
		expect([v1.valid_until, v1.until_round]).toEqual([40, 9]);
		expect(v2).toMatchObject({
			valid_from: 40,
			valid_until: null,
			proposer: 'executor',
			approver: 'assigner',
			proposal: 'P1'
		});
		expect(currentRules(book).filter((r) => r.id === 'R1')).toEqual([v2]);
		expect(() => ((v2 as { text: string }).text = 'edited')).toThrow(TypeError);
	});

	it('answers which version was in force at any tick', () => {
		const book = amendR1(amendR1(INITIAL_RULES, 40, 9), 90, 20);
		const r1At = (tick: number) => rulesAt(book, tick).find((r) => r.id === 'R1')?.version;
		expect([r1At(0), r1At(39), r1At(40), r1At(89), r1At(90), r1At(500)]).toEqual([1, 1, 2, 2, 3, 3]);
	});

	it('refuses to amend a rule that is not in force or to write a version twice', () => {
		const book = amendR1(INITIAL_RULES, 40, 9);
		const again = { ...findVersion(book, { id: 'R1', version: 2 })!, valid_until: null };
		expect(() => appendVersion(book, again)).toThrow(/never rewritten/);
		expect(() =>
			nextVersion(
				book,
				{ id: 'R9', text: 'x', params: {}, proposer: 'x', approver: 'x', evidence: null, proposal: null },
				{ tick: 1, round: 1 }
			)
		).toThrow(/no rule R9/);
	});

	it('serialises the whole lineage for /workspace/rules.json', () => {
		const json = JSON.parse(ruleBookJson(amendR1(INITIAL_RULES, 40, 9)));
		expect(json.rules).toHaveLength(6);
		expect(json.rules[5]).toMatchObject({ id: 'R1', version: 2, evidence: { complianceAfter: 0.97 } });
	});
});

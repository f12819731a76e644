import { describe, expect, it } from 'vitest';
import { appealConversion, auditPenetration, citesRule } from './audit';

describe('audit penetration', () => {
	it('counts vetoes citing a rule id and a version', () => {
		expect(auditPenetration([])).toBeNull();
		expect(
			auditPenetration([
				{ rule: { id: 'R3', version: 2 } },
				{ rule: null },
				{},
				{ rule: { id: 'R1', version: 1 } }
			])
		).toBe(0.5);
	});

	it('does not count a rule without a version, or a version without a rule', () => {
		expect(citesRule({ rule: { id: 'R3' } })).toBe(false);
		expect(citesRule({ rule: { id: '', version: 1 } })).toBe(false);
		expect(citesRule({ rule: { id: 'R3', version: 0 } })).toBe(false);
		expect(citesRule({ rule: { id: 'R3', version: 1.5 } })).toBe(false);
		expect(citesRule({ rule: { id: 'R3', version: 1 } })).toBe(true);
	});
});

describe('appeal conversion', () => {
	it('is the share of ruled appeals that changed the task; unruled ones wait', () => {
		expect(appealConversion([])).toBeNull();
		expect(appealConversion([{ changed: null }])).toBeNull();
		expect(
			appealConversion([{ changed: true }, { changed: false }, { changed: null }, { changed: true }])
		).toBeCloseTo(2 / 3);
	});
});

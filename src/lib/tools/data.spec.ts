import { csvParseRows } from 'd3';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../core/hash';
import { createStream } from '../core/rng';
import {
	CUSTOMERS_PATH,
	findRuleViolations,
	generateDataset,
	HIGH_RISK_AMOUNT,
	README_PATH,
	SALES_PATH,
	TRANSACTIONS_PATH,
	withRuleBook
} from './data';
import { expExact } from '../core/exact-math';
import { logNormal } from './sampling';

function table(content: string | undefined): { head: string[]; rows: Record<string, string>[] } {
	const [head = [], ...rows] = csvParseRows(content ?? '');
	return { head, rows: rows.map((r) => Object.fromEntries(head.map((c, i) => [c, r[i] ?? '']))) };
}

describe('generateDataset', () => {
	it('is deterministic: the same seed gives the same bytes', () => {
		expect(canonicalJson(generateDataset(7))).toBe(canonicalJson(generateDataset(7)));
		expect(generateDataset(7)).not.toEqual(generateDataset(8));
	});

	it('keeps seed 1 byte for byte (a change here changes every shared run)', () => {
		expect(sha256Hex(canonicalJson(generateDataset(1)))).toBe(
			'6bf28215535f37b583f91111c48454c22a690813af4e4165c7b5c59d58efd910'
		);
	});

	it('holds the input files and an empty output folder, under 200 KB', () => {
		const fs = generateDataset(1);
		expect(Object.keys(fs.files).sort()).toEqual(
			[README_PATH, CUSTOMERS_PATH, SALES_PATH, TRANSACTIONS_PATH].sort()
		);
		expect(fs.dirs).toEqual(['/workspace/output']);
		const bytes = Object.values(fs.files).reduce((n, f) => n + new TextEncoder().encode(f.content).length, 0);
		expect(bytes).toBeLessThan(200_000);
		expect(Object.values(fs.files).every((f) => f.mtime === 0)).toBe(true);
	});

	it('has the documented columns and a few hundred rows each', () => {
		const fs = generateDataset(1);
		const sales = table(fs.files[SALES_PATH]?.content);
		const txns = table(fs.files[TRANSACTIONS_PATH]?.content);
		const customers = table(fs.files[CUSTOMERS_PATH]?.content);
		expect(sales.head).toEqual([
			'order_id',
			'date',
			'customer_id',
			'is_vip',
			'amount',
			'discount_rate',
			'invoice_no',
			'region'
		]);
		expect(txns.head).toEqual(['txn_id', 'customer_id', 'amount', 'invoice_no', 'date']);
		expect(customers.head).toEqual(['customer_id', 'name', 'tier', 'tenure_months', 'region']);
		for (const t of [sales, txns, customers]) {
			expect(t.rows.length).toBeGreaterThanOrEqual(200);
			expect(t.rows.length).toBeLessThanOrEqual(400);
		}
		const readme = fs.files[README_PATH]?.content ?? '';
		for (const col of [...sales.head, ...txns.head, ...customers.head]) expect(readme).toContain(col);
	});

	it('is consistent: VIP ids, tiers, Q3 dates and customers agree', () => {
		const fs = generateDataset(3);
		const customers = table(fs.files[CUSTOMERS_PATH]?.content).rows;
		const tier = new Map(customers.map((c) => [c.customer_id, c.tier]));
		for (const c of customers) expect(c.customer_id?.startsWith('VIP')).toBe(c.tier === 'VIP');
		for (const o of table(fs.files[SALES_PATH]?.content).rows) {
			expect(o.is_vip).toBe(tier.get(o.customer_id ?? '') === 'VIP' ? 'true' : 'false');
			expect(o.date).toMatch(/^2024-0[789]-\d\d$/);
			expect(o.date! >= '2024-07-01' && o.date! <= '2024-09-30').toBe(true);
		}
		for (const t of table(fs.files[TRANSACTIONS_PATH]?.content).rows)
			expect(tier.has(t.customer_id ?? '')).toBe(true);
	});

	it('has a realistic spread of amounts: log-normal, a few large transactions over 50,000', () => {
		const txns = table(generateDataset(1).files[TRANSACTIONS_PATH]?.content).rows.map((t) =>
			Number(t.amount)
		);
		const sorted = [...txns].sort((a, b) => a - b);
		const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
		expect(median).toBeGreaterThan(1_200);
		expect(median).toBeLessThan(4_000);
		const large = txns.filter((a) => a > HIGH_RISK_AMOUNT).length;
		expect(large).toBeGreaterThanOrEqual(6);
		expect(large).toBeLessThanOrEqual(9);
		// Skewed right, as money is: the mean sits well above the median.
		expect(txns.reduce((a, b) => a + b, 0) / txns.length).toBeGreaterThan(median * 1.3);
	});

	it('has both rule violations for every seed: a handful, never zero, never most', () => {
		for (let seed = 1; seed <= 40; seed++) {
			const fs = generateDataset(seed);
			const v = findRuleViolations(fs);
			const vipOrders = table(fs.files[SALES_PATH]?.content).rows.filter((o) => o.is_vip === 'true').length;
			expect(v.vipDiscount.length).toBeGreaterThanOrEqual(4);
			expect(v.vipDiscount.length).toBeLessThanOrEqual(7);
			expect(v.vipDiscount.length).toBeLessThan(vipOrders * 0.2);
			expect(v.highRisk.length).toBeGreaterThanOrEqual(2);
			expect(v.highRisk.length).toBeLessThanOrEqual(4);
		}
	});

	it('plants seed 1 with 7 VIP discount violations and 2 high-risk transactions, plus a boundary case', () => {
		const fs = generateDataset(1);
		expect(findRuleViolations(fs)).toEqual({
			vipDiscount: ['SO-10011', 'SO-10095', 'SO-10107', 'SO-10111', 'SO-10160', 'SO-10253', 'SO-10305'],
			highRisk: ['TX-300181', 'TX-300304']
		});
		const boundary = table(fs.files[TRANSACTIONS_PATH]?.content).rows.filter((t) => t.amount === '50000.00');
		expect(boundary).toHaveLength(1);
		expect(boundary[0]?.invoice_no).toBe('');
	});

	it('refuses a seed that is not a safe integer', () => {
		expect(() => generateDataset(1.5)).toThrow(RangeError);
	});
});

describe('withRuleBook', () => {
	it('sets rules.json without touching the state it was given', () => {
		const fs = generateDataset(1);
		const before = canonicalJson(fs);
		const next = withRuleBook(fs, '{"rules":[]}', 4);
		expect(next.files['/workspace/rules.json']).toEqual({ content: '{"rules":[]}', mtime: 4 });
		expect(canonicalJson(fs)).toBe(before);
		expect(withRuleBook(next, '{"rules":[1]}', 6).files['/workspace/rules.json']?.mtime).toBe(6);
	});

	it('refuses a rule book that is not JSON', () => {
		expect(() => withRuleBook(generateDataset(1), '{rules:', 1)).toThrow(SyntaxError);
	});
});

describe('sampling', () => {
	it('expExact matches Math.exp to the last few bits', () => {
		const s = createStream(5, 'exp');
		for (let i = 0; i < 10_000; i++) {
			const x = (s.next() - 0.5) * 40;
			expect(Math.abs(expExact(x) - Math.exp(x)) / Math.exp(x)).toBeLessThan(1e-14);
		}
		expect(expExact(0)).toBe(1);
	});

	it('draws log-normal values around the median', () => {
		const s = createStream(6, 'ln');
		const xs = Array.from({ length: 20_000 }, () => logNormal(s, 1000, 0.8)).sort((a, b) => a - b);
		expect(xs[10_000]).toBeGreaterThan(950);
		expect(xs[10_000]).toBeLessThan(1050);
	});
});

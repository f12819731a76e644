import { describe, expect, it } from 'vitest';
import { asNumber, compareCells } from './csv-query';
import { findRuleViolations, generateDataset, README_PATH, SALES_PATH, TRANSACTIONS_PATH } from './data';
import { runTool } from './dispatch';
import type { FileSystemState, QueryResult, ToolOutcome } from './types';

const data = generateDataset(1);

const SMALL = '/workspace/output/small.csv';
const small: FileSystemState = {
	files: {
		[SMALL]: {
			content:
				'id,region,amount,note\n1,East,9,Alpha\n2,West,10,\n3,East,100,alpha beta\n4,North,,gamma\n5,West,2.5,00123\n',
			mtime: 1
		}
	},
	dirs: []
};

function query(fs: FileSystemState, args: Record<string, unknown>): ToolOutcome {
	return runTool(fs, { tool: 'query_csv', args }, 3).outcome;
}

function rows(fs: FileSystemState, args: Record<string, unknown>): QueryResult {
	const out = query(fs, args);
	if (!out.ok) throw new Error(`${out.code}: ${out.message}`);
	return out.result as QueryResult;
}

function fails(fs: FileSystemState, args: Record<string, unknown>, code: string, text?: string): void {
	const out = query(fs, args);
	expect(out).toMatchObject({ ok: false, code });
	if (text && !out.ok) expect(out.message).toContain(text);
}

describe('query_csv: filtering', () => {
	it('compares numbers numerically, not as text', () => {
		const r = rows(small, { path: SMALL, where: [{ column: 'amount', op: '<', value: 10 }] });
		expect(r.rows.map((x) => x.id)).toEqual(['1', '5']);
		// "9" < "10" only numerically; the blank amount is neither smaller nor larger.
		expect(
			rows(small, { path: SMALL, where: [{ column: 'amount', op: '>=', value: '10' }] }).rows.map((x) => x.id)
		).toEqual(['2', '3']);
		expect(
			rows(small, { path: SMALL, where: [{ column: 'amount', op: '=', value: '2.50' }] }).rows.map(
				(x) => x.id
			)
		).toEqual(['5']);
		expect(rows(small, { path: SMALL, where: [{ column: 'amount', op: '!=', value: 9 }] }).totalRows).toBe(4);
	});

	it('compares text by code units, and contains ignores case', () => {
		expect(
			rows(small, { path: SMALL, where: [{ column: 'region', op: '=', value: 'East' }] }).totalRows
		).toBe(2);
		expect(
			rows(small, { path: SMALL, where: [{ column: 'region', op: '>', value: 'North' }] }).rows.map(
				(x) => x.region
			)
		).toEqual(['West', 'West']);
		expect(
			rows(small, { path: SMALL, where: [{ column: 'note', op: 'contains', value: 'ALPHA' }] }).rows.map(
				(x) => x.id
			)
		).toEqual(['1', '3']);
	});

	it('finds empty and non-empty cells, and keeps cells as written', () => {
		expect(
			rows(small, { path: SMALL, where: [{ column: 'note', op: 'empty' }] }).rows.map((x) => x.id)
		).toEqual(['2']);
		const r = rows(small, {
			path: SMALL,
			where: [
				{ column: 'amount', op: 'not-empty' },
				{ column: 'region', op: '=', value: 'West' }
			]
		});
		expect(r.rows.map((x) => x.id)).toEqual(['2', '5']);
		expect(r.rows[1]?.note).toBe('00123');
	});

	it('finds the planted violations of both rules', () => {
		const truth = findRuleViolations(data);
		const vip = rows(data, {
			path: SALES_PATH,
			where: [
				{ column: 'is_vip', op: '=', value: 'true' },
				{ column: 'discount_rate', op: '<', value: 15 }
			],
			columns: ['order_id', 'discount_rate']
		});
		expect(vip.rows.map((r) => r.order_id)).toEqual(truth.vipDiscount);
		expect(vip.columns).toEqual(['order_id', 'discount_rate']);
		const risky = rows(data, {
			path: TRANSACTIONS_PATH,
			where: [
				{ column: 'amount', op: '>', value: 50000 },
				{ column: 'invoice_no', op: 'empty' }
			]
		});
		expect(risky.rows.map((r) => r.txn_id)).toEqual(truth.highRisk);
	});
});

describe('query_csv: grouping, aggregates, sort and limit', () => {
	it('groups with count, sum, avg, min and max', () => {
		const r = rows(small, {
			path: SMALL,
			groupBy: ['region'],
			aggregate: [
				{ fn: 'count' },
				{ column: 'amount', fn: 'sum' },
				{ column: 'amount', fn: 'avg' },
				{ column: 'amount', fn: 'min' },
				{ column: 'amount', fn: 'max', as: 'largest' },
				{ column: 'note', fn: 'count' }
			],
			sort: [{ column: 'region', dir: 'asc' }]
		});
		expect(r.columns).toEqual([
			'region',
			'count',
			'sum_amount',
			'avg_amount',
			'min_amount',
			'largest',
			'count_note'
		]);
		expect(r.rows).toEqual([
			{
				region: 'East',
				count: 2,
				sum_amount: 109,
				avg_amount: 54.5,
				min_amount: 9,
				largest: 100,
				count_note: 2
			},
			{
				region: 'North',
				count: 1,
				sum_amount: 0,
				avg_amount: '',
				min_amount: '',
				largest: '',
				count_note: 1
			},
			{
				region: 'West',
				count: 2,
				sum_amount: 12.5,
				avg_amount: 6.25,
				min_amount: 2.5,
				largest: 10,
				count_note: 1
			}
		]);
	});

	it('aggregates all matching rows as one group without groupBy, even when none match', () => {
		expect(rows(small, { path: SMALL, aggregate: [{ column: 'amount', fn: 'sum' }] }).rows).toEqual([
			{ sum_amount: 121.5 }
		]);
		expect(
			rows(small, {
				path: SMALL,
				where: [{ column: 'region', op: '=', value: 'Mars' }],
				aggregate: [{ fn: 'count' }]
			}).rows
		).toEqual([{ count: 0 }]);
		// groupBy alone counts each group.
		expect(rows(small, { path: SMALL, groupBy: ['region'] }).columns).toEqual(['region', 'count']);
	});

	it('hides float noise in sums', () => {
		const fs: FileSystemState = { files: { [SMALL]: { content: 'v\n0.1\n0.2\n', mtime: 1 } }, dirs: [] };
		expect(rows(fs, { path: SMALL, aggregate: [{ column: 'v', fn: 'sum' }] }).rows).toEqual([{ sum_v: 0.3 }]);
	});

	it('sorts numerically, blanks last in both directions, ties in file order, then limits', () => {
		const desc = rows(small, { path: SMALL, sort: [{ column: 'amount', dir: 'desc' }] });
		expect(desc.rows.map((x) => x.id)).toEqual(['3', '2', '1', '5', '4']);
		const asc = rows(small, { path: SMALL, sort: [{ column: 'amount' }], limit: 2 });
		expect(asc.rows.map((x) => x.id)).toEqual(['5', '1']);
		expect(asc.totalRows).toBe(5);
		const top = rows(data, {
			path: SALES_PATH,
			groupBy: ['region'],
			aggregate: [{ column: 'amount', fn: 'sum', as: 'total' }],
			sort: [{ column: 'total', dir: 'desc' }],
			limit: 1
		});
		expect(top.rows).toHaveLength(1);
		expect(top.totalRows).toBe(5);
	});

	it('accepts the query nested under "query" as well as flat', () => {
		const flat = rows(small, { path: SMALL, where: [{ column: 'region', op: '=', value: 'West' }] });
		expect(
			rows(small, { path: SMALL, query: { where: [{ column: 'region', op: '=', value: 'West' }] } })
		).toEqual(flat);
	});

	it('returns at most 100 rows by default and 1000 when asked', () => {
		expect(rows(data, { path: SALES_PATH }).rows).toHaveLength(100);
		expect(rows(data, { path: SALES_PATH, limit: 1000 }).rows).toHaveLength(360);
	});
});

describe('query_csv: errors an agent can act on', () => {
	it('names an unknown column, with the file columns and a near match', () => {
		fails(
			data,
			{ path: SALES_PATH, where: [{ column: 'Amount', op: '>', value: 1 }] },
			'unknown-column',
			'did you mean "amount"'
		);
		fails(data, { path: SALES_PATH, groupBy: ['country'] }, 'unknown-column', 'order_id, date');
		fails(data, { path: SALES_PATH, aggregate: [{ column: 'price', fn: 'sum' }] }, 'unknown-column');
		fails(
			data,
			{ path: SALES_PATH, groupBy: ['region'], sort: [{ column: 'amount' }] },
			'unknown-column',
			'grouped result'
		);
	});

	it('rejects bad ops, functions and shapes', () => {
		fails(
			small,
			{ path: SMALL, where: [{ column: 'amount', op: '==', value: 1 }] },
			'bad-op',
			'contains, empty, not-empty'
		);
		fails(small, { path: SMALL, where: [{ column: 'amount', op: 'LIKE', value: 1 }] }, 'bad-op');
		fails(small, { path: SMALL, aggregate: [{ column: 'amount', fn: 'median' }] }, 'bad-aggregate');
		fails(
			small,
			{ path: SMALL, where: { column: 'amount', op: '>', value: 1 } },
			'bad-query',
			'list of conditions'
		);
		fails(small, { path: SMALL, where: [{ column: 'amount', op: '>' }] }, 'bad-query', 'needs a value');
		fails(
			small,
			{ path: SMALL, where: [{ column: 'amount', op: 'empty', value: 3 }] },
			'bad-query',
			'takes no value'
		);
		fails(
			small,
			{ path: SMALL, where: [{ column: 'amount', op: '>', value: 1, extra: 1 }] },
			'bad-query',
			'unknown field'
		);
		fails(small, { path: SMALL, where: [{ column: 'note', op: 'contains', value: '' }] }, 'bad-query');
		fails(small, { path: SMALL, groupBy: 'region' }, 'bad-query', '["region"]');
		fails(small, { path: SMALL, sort: [{ column: 'amount', dir: 'down' }] }, 'bad-query');
		fails(small, { path: SMALL, aggregate: [{ fn: 'sum' }] }, 'bad-query', 'needs a column');
		fails(small, { path: SMALL, aggregate: [{ fn: 'count' }, { fn: 'count' }] }, 'bad-query', 'two columns');
		fails(small, { path: SMALL, columns: ['id'], groupBy: ['region'] }, 'bad-query');
		fails(small, { path: SMALL, query: { where: [] }, limit: 3 }, 'bad-query', 'not both');
		fails(small, { path: SMALL, query: { select: ['id'] } }, 'bad-query');
	});

	it('checks the limit', () => {
		for (const limit of [0, 1001, 2.5, '10', -1])
			fails(small, { path: SMALL, limit }, 'bad-query', '1 to 1000');
	});

	it('refuses sums over text, non-CSV files, folders, missing files and paths outside', () => {
		fails(small, { path: SMALL, aggregate: [{ column: 'region', fn: 'sum' }] }, 'not-numeric', '"East"');
		fails(data, { path: README_PATH }, 'not-csv');
		fails(data, { path: '/workspace/input' }, 'is-a-dir');
		fails(data, { path: '/workspace/input/missing.csv' }, 'not-found');
		fails(data, { path: '/workspace/input/../rules.json' }, 'traversal');
		fails(data, { path: '/workspace/input/sales_q3.csv', sql: 'DROP TABLE' }, 'bad-args');
	});
});

describe('number parsing and cell order', () => {
	it('parses whole cells only', () => {
		expect(asNumber(' 12.50 ')).toBe(12.5);
		expect(asNumber('-3e2')).toBe(-300);
		expect(asNumber('.5')).toBe(0.5);
		for (const s of ['', ' ', '1,000', '12abc', '0x10', 'Infinity', 'NaN', '1e', '.', '-', '1e999'])
			expect(asNumber(s)).toBeNull();
	});

	it('orders numbers, then text, then blanks', () => {
		const cells = ['b', '', '10', 'a', '9', ' '];
		expect([...cells].sort(compareCells)).toEqual(['9', '10', 'a', 'b', '', ' ']);
	});
});

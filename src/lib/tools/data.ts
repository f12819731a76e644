/**
 * The governance scenario's input data, generated from the run's seed: Q3 sales orders, payment
 * transactions and customers, as CSV (d3-dsv), plus a README describing the columns.
 *
 * The distributions are realistic enough that the seed's two rules have something to find, but
 * only a handful of times: VIP orders are discounted 15% or more except for 4 to 7 planted
 * exceptions, and transaction amounts are log-normal below 50,000 except for 6 to 9 large ones,
 * 2 to 4 of them without an invoice number. One boundary case is planted too: a transaction of
 * exactly 50000.00 with no invoice, which a careful reading of "over 50,000" does not flag.
 *
 * Deterministic: the same seed gives the same bytes in every JS engine (see sampling.ts).
 */
import { csvFormatRows, csvParseRows } from 'd3';
import { createStream, type Stream } from '../core/rng';
import { INPUT_ROOT, OUTPUT_ROOT, RULES_PATH } from './path-policy';
import { withFile } from './shared-files';
import { cents, distinctIndices, logNormal, weighted } from './sampling';
import type { FileSystemState } from './types';

export const SALES_PATH = `${INPUT_ROOT}/sales_q3.csv`;
export const TRANSACTIONS_PATH = `${INPUT_ROOT}/transactions.csv`;
export const CUSTOMERS_PATH = `${INPUT_ROOT}/customers.csv`;
export const README_PATH = `${INPUT_ROOT}/README.md`;

/** The thresholds the planted violations are built around (the seed's two rules). */
const VIP_MIN_DISCOUNT = 15;
export const HIGH_RISK_AMOUNT = 50_000;

const CUSTOMERS = 200;
const ORDERS = 360;
const TRANSACTIONS = 320;
const Q3_DAYS = 92; // July 31 + August 31 + September 30

const REGIONS = [
	['East', 28],
	['North', 22],
	['South', 20],
	['West', 15],
	['Central', 15]
] as const;

const GIVEN = [
	'Wei',
	'Fang',
	'Jing',
	'Lei',
	'Min',
	'Yan',
	'Hao',
	'Xin',
	'Tao',
	'Li',
	'Ana',
	'Lucas',
	'Sofia',
	'Omar',
	'Priya',
	'Kenji',
	'Maria',
	'David',
	'Fatima',
	'Ivan',
	'Chloe',
	'Mateo',
	'Aisha',
	'Noah',
	'Elena',
	'Ravi',
	'Yuki',
	'Tomas',
	'Leila',
	'Sam'
];
const FAMILY = [
	'Wang',
	'Li',
	'Zhang',
	'Liu',
	'Chen',
	'Yang',
	'Zhao',
	'Huang',
	'Zhou',
	'Wu',
	'Xu',
	'Sun',
	'Ma',
	'Zhu',
	'Hu',
	'Guo',
	'Souza',
	'Keller',
	'Tanaka',
	'Novak',
	'Haddad',
	'Patel',
	'Garcia',
	'Okafor',
	'Rossi',
	'Kim',
	'Nguyen',
	'Berg',
	'Silva',
	'Moreau'
];

interface Customer {
	id: string;
	name: string;
	vip: boolean;
	tenure: number;
	region: string;
}

/** ISO date of day `d` (0-based) of Q3 2024, without Date: the same string in every time zone. */
function q3Date(d: number): string {
	const [month, day] = d < 31 ? [7, d + 1] : d < 62 ? [8, d - 30] : [9, d - 61];
	return `2024-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function clampInt(x: number, lo: number, hi: number): number {
	return Math.min(hi, Math.max(lo, Math.round(x)));
}

/** A log-normal amount strictly between `min` and HIGH_RISK_AMOUNT: large amounts are only planted. */
function ordinaryAmount(s: Stream, median: number, sigma: number, min: number): number {
	for (;;) {
		const a = cents(logNormal(s, median, sigma));
		if (a >= min && a < HIGH_RISK_AMOUNT) return a;
	}
}

function sortedDays(s: Stream, n: number): number[] {
	return Array.from({ length: n }, () => s.int(Q3_DAYS)).sort((a, b) => a - b);
}

function makeCustomers(seed: number): Customer[] {
	const s = createStream(seed, 'data:customers');
	const vipCount = 24 + s.int(8);
	const out: Customer[] = [];
	for (let i = 0; i < CUSTOMERS; i++) {
		const vip = i >= CUSTOMERS - vipCount;
		const id = vip ? `VIP${1001 + i - (CUSTOMERS - vipCount)}` : `C${2001 + i}`;
		out.push({
			id,
			name: `${s.pick(GIVEN)} ${s.pick(FAMILY)}`,
			vip,
			tenure: vip ? clampInt(logNormal(s, 40, 0.6), 3, 144) : clampInt(logNormal(s, 14, 0.8), 1, 120),
			region: weighted(s, REGIONS)
		});
	}
	return out;
}

/** A CSV file's text: the header row, the rows, and a final line break. */
function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
	return csvFormatRows([header as string[], ...(rows as string[][])]) + '\n';
}

function byTier(customers: readonly Customer[]): { vips: Customer[]; regulars: Customer[] } {
	return { vips: customers.filter((c) => c.vip), regulars: customers.filter((c) => !c.vip) };
}

function customersCsv(customers: readonly Customer[]): string {
	return csvText(
		['customer_id', 'name', 'tier', 'tenure_months', 'region'],
		customers.map((c) => [c.id, c.name, c.vip ? 'VIP' : 'regular', String(c.tenure), c.region])
	);
}

function salesCsv(seed: number, customers: readonly Customer[]): string {
	const s = createStream(seed, 'data:sales');
	const { vips, regulars } = byTier(customers);
	const days = sortedDays(s, ORDERS);
	const orders = days.map((day, i) => {
		const customer = s.next() < 0.3 ? s.pick(vips) : s.pick(regulars);
		const amount = customer.vip ? ordinaryAmount(s, 1600, 0.8, 20) : ordinaryAmount(s, 750, 0.9, 5);
		const discount: number = customer.vip
			? weighted(s, [
					[15, 40],
					[17.5, 20],
					[18, 10],
					[20, 20],
					[22.5, 5],
					[25, 5]
				] as const)
			: weighted(s, [
					[0, 35],
					[2, 10],
					[5, 25],
					[8, 15],
					[10, 15]
				] as const);
		const invoice = s.next() < 0.03 ? '' : `INV-${100001 + i}`;
		return { id: `SO-${10001 + i}`, date: q3Date(day), customer, amount, discount, invoice };
	});
	// The planted exceptions to "VIP discount at least 15%": a handful, some just under the line.
	const plant = createStream(seed, 'data:sales:violations');
	const vipOrders = orders.filter((o) => o.customer.vip);
	for (const i of distinctIndices(plant, vipOrders.length, 4 + plant.int(4)))
		(vipOrders[i] as (typeof orders)[number]).discount = plant.pick([8, 10, 12, 12.5, 13, 14, 14.5]);
	return csvText(
		['order_id', 'date', 'customer_id', 'is_vip', 'amount', 'discount_rate', 'invoice_no', 'region'],
		orders.map((o) => [
			o.id,
			o.date,
			o.customer.id,
			o.customer.vip ? 'true' : 'false',
			o.amount.toFixed(2),
			o.discount.toFixed(1),
			o.invoice,
			o.customer.region
		])
	);
}

function transactionsCsv(seed: number, customers: readonly Customer[]): string {
	const s = createStream(seed, 'data:transactions');
	const { vips, regulars } = byTier(customers);
	const days = sortedDays(s, TRANSACTIONS);
	const txns = days.map((day, i) => ({
		id: `TX-${300001 + i}`,
		customer: (s.next() < 0.25 ? s.pick(vips) : s.pick(regulars)).id,
		amount: ordinaryAmount(s, 2200, 1.0, 10),
		invoice: s.next() < 0.06 ? '' : `INV-${300001 + i}`,
		date: q3Date(day)
	}));
	// The planted large transactions, a few without an invoice, and one boundary case at exactly 50,000.
	const plant = createStream(seed, 'data:transactions:large');
	const large = 6 + plant.int(4);
	const picked = plant.shuffle(distinctIndices(plant, TRANSACTIONS, large + 1));
	const missing = 2 + plant.int(3);
	picked.forEach((index, k) => {
		const t = txns[index] as (typeof txns)[number];
		if (k === large) {
			t.amount = HIGH_RISK_AMOUNT;
			t.invoice = '';
			return;
		}
		t.amount = cents(HIGH_RISK_AMOUNT + logNormal(plant, 25_000, 0.7));
		t.invoice = k < missing ? '' : `INV-${300001 + index}`;
	});
	return csvText(
		['txn_id', 'customer_id', 'amount', 'invoice_no', 'date'],
		txns.map((t) => [t.id, t.customer, t.amount.toFixed(2), t.invoice, t.date])
	);
}

const README = `# Input data: Q3 2024

Three CSV files (UTF-8, comma-separated, one header row). Read them with read_file, or ask
questions with query_csv. This folder is read-only; write results under /workspace/output.

## sales_q3.csv: sales orders, July to September 2024

| column        | meaning                                                        |
| ------------- | -------------------------------------------------------------- |
| order_id      | order number, e.g. SO-10001                                    |
| date          | order date, YYYY-MM-DD                                         |
| customer_id   | the customer; VIP customers' ids start with "VIP"              |
| is_vip        | true or false                                                  |
| amount        | order amount in currency units, two decimals                   |
| discount_rate | discount given on the order, in percent (15.0 means 15%)       |
| invoice_no    | invoice number; empty when no invoice was issued               |
| region        | East, North, South, West or Central                            |

## transactions.csv: payments received

| column      | meaning                                          |
| ----------- | ------------------------------------------------ |
| txn_id      | transaction id, e.g. TX-300001                   |
| customer_id | the paying customer (see customers.csv)          |
| amount      | amount in currency units, two decimals           |
| invoice_no  | invoice number; empty when it is missing         |
| date        | transaction date, YYYY-MM-DD                     |

## customers.csv

| column        | meaning                                                    |
| ------------- | ---------------------------------------------------------- |
| customer_id   | C2001, C2002, ... for regular customers; VIP1001, ... for VIP |
| name          | customer name (synthetic)                                  |
| tier          | VIP or regular                                             |
| tenure_months | months since the customer's first order                    |
| region        | East, North, South, West or Central                        |
`;

/** The run's starting files: /workspace/input (README and three CSVs) and an empty /workspace/output. */
export function generateDataset(seed: number): FileSystemState {
	if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
	const customers = makeCustomers(seed);
	return {
		files: {
			[README_PATH]: { content: README, mtime: 0 },
			[CUSTOMERS_PATH]: { content: customersCsv(customers), mtime: 0 },
			[SALES_PATH]: { content: salesCsv(seed, customers), mtime: 0 },
			[TRANSACTIONS_PATH]: { content: transactionsCsv(seed, customers), mtime: 0 }
		},
		dirs: [OUTPUT_ROOT]
	};
}

/**
 * Sets /workspace/rules.json (read-only to agents). Only the scenario's reducer calls this, when
 * the rule book is created or amended; `rulesJson` must be valid JSON.
 */
export function withRuleBook(fs: FileSystemState, rulesJson: string, tick: number): FileSystemState {
	if (typeof rulesJson !== 'string') throw new TypeError('the rule book must be a JSON string');
	JSON.parse(rulesJson); // throws on a malformed rule book: agents should never read a broken one
	if (!Number.isSafeInteger(tick) || tick < 0)
		throw new RangeError(`tick must be a whole number >= 0, got ${tick}`);
	return { ...fs, files: withFile(fs.files, RULES_PATH, { content: rulesJson, mtime: tick }) };
}

function table(
	fs: FileSystemState,
	path: string
): { cell: (row: string[], c: string) => string; rows: string[][] } {
	const file = Object.hasOwn(fs.files, path) ? fs.files[path] : undefined;
	if (!file) throw new Error(`${path} is missing`);
	const [head = [], ...rows] = csvParseRows(file.content);
	return { cell: (row, c) => row[head.indexOf(c)] ?? '', rows };
}

/**
 * The ground truth for the seed's two rules, as the data holds it: VIP orders discounted below 15%,
 * and transactions over 50,000 with no invoice number. For scoring audits and for tests.
 */
export function findRuleViolations(fs: FileSystemState): { vipDiscount: string[]; highRisk: string[] } {
	const sales = table(fs, SALES_PATH);
	const vipDiscount = sales.rows
		.filter(
			(r) => sales.cell(r, 'is_vip') === 'true' && Number(sales.cell(r, 'discount_rate')) < VIP_MIN_DISCOUNT
		)
		.map((r) => sales.cell(r, 'order_id'));
	const tx = table(fs, TRANSACTIONS_PATH);
	const highRisk = tx.rows
		.filter((r) => Number(tx.cell(r, 'amount')) > HIGH_RISK_AMOUNT && tx.cell(r, 'invoice_no').trim() === '')
		.map((r) => tx.cell(r, 'txn_id'));
	return { vipDiscount, highRisk };
}

/**
 * Impact assessment of a rule amendment: what the seed's human added after T155 ("any rule change
 * must come with an impact report: affected customers, expected revenue change, compliance cost").
 * Computed from the run's data through the same query_csv the agents use, so the Executor can
 * estimate it before proposing and the scenario can check it independently.
 */
import { runTool, type FileSystemState, type QueryResult } from '../../tools';
import { requiredDiscount } from './checks';
import { INPUT_FILES } from './tasks';

/** A change passes the `impact` policy only within these bounds. */
export const IMPACT_BAR = Object.freeze({
	/** Share of VIP customers whose entitlement changes. */
	maxAffectedShare: 0.1,
	/** Revenue moved, as a share of Q3 sales. */
	maxRevenueShare: 0.01
});

export interface Impact {
	rule_id: string;
	assessable: boolean;
	vipCustomers: number;
	affectedCustomers: number;
	affectedShare: number;
	/** Discount the company would no longer owe (positive: revenue gained at the customers' expense). */
	revenueChange: number;
	revenueShare: number;
	/** Refunds owed to bring every VIP order up to the rule, before and after the change. */
	complianceCostBefore: number;
	complianceCostAfter: number;
	complianceCostChange: number;
	clears: boolean;
	reason: string;
}

/** The queries an assessment needs: VIP orders, VIP customers' tenure, and total sales. */
export const IMPACT_QUERIES = {
	vipOrders: {
		path: INPUT_FILES.sales,
		where: [{ column: 'is_vip', op: '=', value: 'true' }],
		columns: ['order_id', 'customer_id', 'amount', 'discount_rate'],
		limit: 1000
	},
	vipCustomers: {
		path: INPUT_FILES.customers,
		where: [{ column: 'tier', op: '=', value: 'VIP' }],
		columns: ['customer_id', 'tenure_months'],
		limit: 1000
	},
	totalSales: {
		path: INPUT_FILES.sales,
		aggregate: [{ fn: 'sum', column: 'amount', as: 'total' }],
		limit: 1
	}
} as const;

export type ImpactQuery = keyof typeof IMPACT_QUERIES;
export type ImpactRows = Record<ImpactQuery, QueryResult['rows']>;

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const money = (x: number) => Math.round(x * 100) / 100;
const share = (x: number) => Math.round(x * 10_000) / 10_000;

function notAssessable(ruleId: string, reason: string): Impact {
	return {
		rule_id: ruleId,
		assessable: false,
		vipCustomers: 0,
		affectedCustomers: 0,
		affectedShare: 0,
		revenueChange: 0,
		revenueShare: 0,
		complianceCostBefore: 0,
		complianceCostAfter: 0,
		complianceCostChange: 0,
		clears: false,
		reason
	};
}

/** The assessment from query results (the scenario's or the Executor's own). */
export function impactFromRows(
	ruleId: string,
	prev: Readonly<Record<string, number>>,
	next: Readonly<Record<string, number>>,
	rows: ImpactRows
): Impact {
	if (ruleId !== 'R1')
		return notAssessable(ruleId, `no data model for ${ruleId}: its impact cannot be measured`);
	const tenure = new Map(rows.vipCustomers.map((r) => [String(r.customer_id), num(r.tenure_months)]));
	const affected = new Set<string>();
	let revenueChange = 0;
	let before = 0;
	let after = 0;
	for (const o of rows.vipOrders) {
		const months = tenure.get(String(o.customer_id)) ?? 0;
		const amount = num(o.amount);
		const discount = num(o.discount_rate);
		const was = requiredDiscount(prev, months);
		const now = requiredDiscount(next, months);
		if (was !== now) affected.add(String(o.customer_id));
		if (now < was) revenueChange += (amount * (was - now)) / 100;
		if (discount < was) before += (amount * (was - discount)) / 100;
		if (discount < now) after += (amount * (now - discount)) / 100;
	}
	const vipCustomers = tenure.size;
	const total = num(rows.totalSales[0]?.total ?? 0);
	const affectedShare = vipCustomers ? share(affected.size / vipCustomers) : 0;
	const revenueShare = total ? share(Math.abs(revenueChange) / total) : 0;
	const clears = affectedShare <= IMPACT_BAR.maxAffectedShare && revenueShare <= IMPACT_BAR.maxRevenueShare;
	const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
	return {
		rule_id: ruleId,
		assessable: true,
		vipCustomers,
		affectedCustomers: affected.size,
		affectedShare,
		revenueChange: money(revenueChange),
		revenueShare,
		complianceCostBefore: money(before),
		complianceCostAfter: money(after),
		complianceCostChange: money(after - before),
		clears,
		reason: clears
			? `affects ${pct(affectedShare)} of VIP customers and moves ${pct(revenueShare)} of Q3 sales: within the bar`
			: `affects ${pct(affectedShare)} of VIP customers (bar ${pct(IMPACT_BAR.maxAffectedShare)}) and moves ${pct(revenueShare)} of Q3 sales (bar ${pct(IMPACT_BAR.maxRevenueShare)})`
	};
}

/** The scenario's own assessment, run over the run's files (no agent involved, nothing logged but the result). */
export function assessImpact(
	fs: FileSystemState,
	ruleId: string,
	prev: Readonly<Record<string, number>>,
	next: Readonly<Record<string, number>>
): Impact {
	const rows = {} as ImpactRows;
	for (const [name, args] of Object.entries(IMPACT_QUERIES) as [ImpactQuery, unknown][]) {
		const { outcome } = runTool(fs, { tool: 'query_csv', args }, 0);
		if (!outcome.ok) return notAssessable(ruleId, `the data could not be read: ${outcome.message}`);
		rows[name] = (outcome.result as QueryResult).rows;
	}
	return impactFromRows(ruleId, prev, next, rows);
}

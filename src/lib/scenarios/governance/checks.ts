/**
 * The rule book as executable checks: which rules an output breaches. This is the ground truth that
 * scores the Auditor's accuracy, and the knowledge a scripted Auditor reviews with. Outputs state
 * what they applied in plain lines (documented in README.md), e.g.
 *   Minimum VIP discount applied: 15%
 *   High-risk rule applied: amount over 50,000 without an invoice number
 *   Confidence: 0.85
 *   Sources: /workspace/input/sales_q3.csv
 * so a reader, a scripted agent and a language model can all check the same claims.
 */
import { currentRules, type RuleBook, type RuleRef } from './rulebook';
import type { LoggedToolCall } from './state';
import { INFERENCE_ACTIONS, isVipDiscountTask, type TaskAction } from './tasks';

export interface CheckedOutput {
	status: 'success' | 'failed';
	content: string;
}

export interface Asked {
	action: TaskAction;
	file: string;
	context: string;
}

const lineAfter = (content: string, label: RegExp): string | null => {
	for (const line of content.split('\n')) {
		const m = label.exec(line);
		if (m) return line.slice(m.index + m[0].length);
	}
	return null;
};

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The minimum discount R1 asks of a VIP order by a customer of this tenure. */
export function requiredDiscount(params: Readonly<Record<string, number>>, tenureMonths: number): number {
	const { minDiscount = 15, longTenureMonths, longTenureMinDiscount } = params;
	if (
		longTenureMonths !== undefined &&
		longTenureMinDiscount !== undefined &&
		tenureMonths > longTenureMonths
	)
		return longTenureMinDiscount;
	return minDiscount;
}

/** The line an output states R1 with, for these parameters (what a compliant output says). */
export function vipDiscountLine(params: Readonly<Record<string, number>>, lang: 'en' | 'zh' = 'en'): string {
	const { minDiscount = 15, longTenureMonths, longTenureMinDiscount } = params;
	if (longTenureMonths !== undefined && longTenureMinDiscount !== undefined)
		return lang === 'zh'
			? `Minimum VIP discount applied: ${longTenureMinDiscount}%（客户关系超过 ${longTenureMonths} 个月），其余 ${minDiscount}%`
			: `Minimum VIP discount applied: ${longTenureMinDiscount}% (tenure over ${longTenureMonths} months), ${minDiscount}% otherwise`;
	return `Minimum VIP discount applied: ${minDiscount}%`;
}

function statesR1(content: string, params: Readonly<Record<string, number>>): boolean {
	const line = lineAfter(content, /minimum vip discount applied\s*:/i);
	if (line === null) return false;
	const percents = [...line.matchAll(/(\d+(?:\.\d+)?)\s*%/g)].map((m) => Number(m[1]));
	const months = [...line.matchAll(/(\d+)\s*(?:months?|个月)/gi)].map((m) => Number(m[1]));
	const { minDiscount = 15, longTenureMonths, longTenureMinDiscount } = params;
	const tiered = longTenureMonths !== undefined && longTenureMinDiscount !== undefined;
	const want = tiered ? [longTenureMinDiscount, minDiscount] : [minDiscount];
	const same = (a: number[], b: number[]) =>
		a.length === b.length &&
		[...a].sort((x, y) => x - y).every((x, i) => x === [...b].sort((p, q) => p - q)[i]);
	return same([...new Set(percents)], [...new Set(want)]) && same(months, tiered ? [longTenureMonths] : []);
}

function statesR2(content: string, params: Readonly<Record<string, number>>): boolean {
	const line = lineAfter(content, /high-risk rule applied\s*:/i);
	if (line === null) return false;
	const amounts = [...line.matchAll(/(\d[\d,]*(?:\.\d+)?)/g)].map((m) =>
		Number((m[1] as string).replace(/,/g, ''))
	);
	return amounts.includes(params.amountOver ?? 50_000) && /invoice/i.test(line);
}

/** Sources named, and each read through the Tool Agent in this output's logged calls. */
function citesSources(content: string, file: string, calls: readonly LoggedToolCall[]): boolean {
	const line = lineAfter(content, /^\s*sources?\s*:/i);
	if (line === null || !(line.includes(file) || line.includes(basename(file)))) return false;
	return calls.some(
		(c) =>
			c.ok &&
			(c.tool === 'read_file' || c.tool === 'query_csv') &&
			(c.args as { path?: unknown } | null)?.path === file
	);
}

function quantifiesConfidence(content: string): boolean {
	const line = lineAfter(content, /confidence(?:[ _]score)?\s*:/i);
	if (line === null) return false;
	const m = /^\s*(\d*\.?\d+)\b/.exec(line);
	if (!m) return false;
	const v = Number(m[1]);
	return v >= 0 && v <= 1;
}

const titlesChart = (content: string) => /\btitle\b\s*[:=(]|set_title\s*\(/i.test(content);

/**
 * The rules in force that an output breaches, in rule order. A failed output (the Executor says it
 * could not do the task) is not reviewed against the rules: there is nothing to check.
 */
export function breaches(
	output: CheckedOutput,
	asked: Asked,
	calls: readonly LoggedToolCall[],
	book: RuleBook
): RuleRef[] {
	if (output.status === 'failed') return [];
	const out: RuleRef[] = [];
	for (const rule of currentRules(book)) {
		const ref = { id: rule.id, version: rule.version };
		let ok: boolean;
		switch (rule.id) {
			case 'R1':
				ok = !isVipDiscountTask(asked) || statesR1(output.content, rule.params);
				break;
			case 'R2':
				ok = asked.action !== 'identify_fraud_risk' || statesR2(output.content, rule.params);
				break;
			case 'R3':
				ok = citesSources(output.content, asked.file, calls);
				break;
			case 'R4':
				ok = !INFERENCE_ACTIONS.includes(asked.action) || quantifiesConfidence(output.content);
				break;
			case 'R5':
				ok = asked.action !== 'plot' || titlesChart(output.content);
				break;
			default:
				ok = true; // a rule with no check (e.g. added by a later version of the book) binds only in words
		}
		if (!ok) out.push(ref);
	}
	return out;
}

/** Whether an amendment lowers what a rule asks of anyone (the Auditor will not co-sign that). */
export function loosens(
	ruleId: string,
	prev: Readonly<Record<string, number>>,
	next: Readonly<Record<string, number>>
): boolean {
	switch (ruleId) {
		case 'R1':
			// Lower for some tenure: compare across every tenure the data can hold.
			for (let months = 0; months <= 600; months++)
				if (requiredDiscount(next, months) < requiredDiscount(prev, months)) return true;
			return false;
		case 'R2':
			return (next.amountOver ?? 50_000) > (prev.amountOver ?? 50_000);
		default:
			return false;
	}
}

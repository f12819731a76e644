/** Task vocabulary: the actions an Assigner may ask for, the inputs, and which pairs make sense. */

export type TaskAction =
	| 'read'
	| 'summarise'
	| 'compare'
	| 'plot'
	| 'infer_business_rule'
	| 'identify_fraud_risk'
	| 'analyse_compliance';

export const TASK_ACTIONS: readonly TaskAction[] = [
	'read',
	'summarise',
	'compare',
	'plot',
	'infer_business_rule',
	'identify_fraud_risk',
	'analyse_compliance'
];

/** Actions that infer something: R4 asks them for a numeric confidence. */
export const INFERENCE_ACTIONS: readonly TaskAction[] = [
	'infer_business_rule',
	'identify_fraud_risk',
	'analyse_compliance'
];

export const INPUT_FILES = {
	sales: '/workspace/input/sales_q3.csv',
	transactions: '/workspace/input/transactions.csv',
	customers: '/workspace/input/customers.csv'
} as const;
export const INPUTS: readonly string[] = Object.values(INPUT_FILES);

/**
 * Files on which an action is a reasonable request ("allocation reasonableness" in the Assigner's
 * score): fraud risk is judged on transactions, discount rules on sales, and so on.
 */
const REASONABLE_FILES: Readonly<Record<TaskAction, readonly string[]>> = {
	read: INPUTS,
	summarise: INPUTS,
	compare: INPUTS,
	plot: [INPUT_FILES.sales, INPUT_FILES.transactions],
	infer_business_rule: [INPUT_FILES.sales, INPUT_FILES.transactions],
	identify_fraud_risk: [INPUT_FILES.transactions, INPUT_FILES.sales],
	analyse_compliance: [INPUT_FILES.sales, INPUT_FILES.transactions]
};

export const isReasonable = (action: TaskAction, file: string) => REASONABLE_FILES[action].includes(file);

/** The vague need the Assigner must turn into tasks. */
const GOAL = 'Find out whether our Q3 discounts and payments are in order, and report what you find.';
/** The same need in Chinese, for a run in that language. */
const GOAL_ZH = '查明我们第三季度的折扣和付款是否合规，并报告你的发现。';
export const goalIn = (lang: 'en' | 'zh' | undefined) => (lang === 'zh' ? GOAL_ZH : GOAL);

/** Tasks open at once: the Assigner assigns a new one only below this. */
export const MAX_OPEN = 2;
export const MAX_CONTENT_CHARS = 6000;
export const MAX_TEXT_CHARS = 600;

/** A task about R1's subject: VIP discounts (in either run language). */
export const isVipDiscountTask = (t: { context: string }) =>
	/\bvip\b/i.test(t.context) && /discount|折扣/i.test(t.context);

export const taskText = (t: { action: string; file: string; context: string }) =>
	`${t.action.replace(/_/g, ' ')} ${t.file} ${t.context}`;

/**
 * The scripted governance agents' words per run language: the Assigner's task contexts and lines, the
 * Executor's output, the Auditor's veto reasons. Ids, rule labels, file names, numbers and the protocol
 * markers the Auditor checks stay literal; English is what every golden hash was recorded with.
 */

export type Lang = 'en' | 'zh';

export const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The templates' contexts for a run in Chinese (the same tasks, the seed's language). */
export const CONTEXT_ZH: Readonly<Record<string, string>> = {
	'Read sales_q3.csv and report its columns and how many orders it holds.':
		'读取 sales_q3.csv，报告它有哪些列、共有多少笔订单。',
	'Summarise Q3 sales: total amount and number of orders by region.':
		'汇总第三季度销售：按地区统计总金额和订单数。',
	'Plot the Q3 sales amount by region as a chart.': '把第三季度各地区的销售额画成图表。',
	'Compare order amounts and discount rates of VIP and regular customers.':
		'对比 VIP 客户和普通客户的订单金额与折扣率。',
	'Summarise the payments in transactions.csv: number and total amount.':
		'汇总 transactions.csv 中的付款：笔数和总金额。',
	'Orders from VIP customers should have a discount rate of at least 15%. Infer whether this rule holds in Q3 sales.':
		'VIP 客户的订单应当有至少 15% 的折扣率。推断这条规则在第三季度销售中是否成立。',
	'Analyse VIP discount compliance under R1: list every VIP order below the minimum discount.':
		'依据 R1 分析 VIP 折扣合规性：列出每一笔低于最低折扣的 VIP 订单。',
	'Identify fraud risk: a transaction over 50,000 with no invoice number is high risk (R2). List each one.':
		'识别欺诈风险：金额超过 50,000 且没有发票号的交易为高风险（R2）。逐笔列出。',
	'Analyse invoice compliance: which share of transactions has no invoice number?':
		'分析发票合规性：没有发票号的交易占多大比例？'
};

/**
 * The scripted Assigner's and Executor's lines per run language (ids, rule labels, file names and
 * numbers stay literal). English is what every golden hash was recorded with.
 */
export const LINES = {
	en: {
		useFile: (file: string, wrong: string) => `Use ${file}; ${wrong} has no amounts.`,
		hardRule:
			'It is a hard rule (R1). Flag every VIP order that breaks it, with its order_id and discount_rate.',
		noRuleRevise: 'The veto cites no rule: the task must say what a sound answer shows.',
		noRuleContext: (c: string) => `${c} State the basis of every inference and a numeric confidence.`,
		highRevise: '"High" is not a number; the task now says which number is wanted.',
		highContext: (c: string) => `${c} Report confidence as a number from 0 to 1 (0.8 or more for high risk).`,
		uphold: (rule: string) => `${rule} is in force: comply, or propose an amendment with evidence.`,
		loyalty: (below: number, n: number) =>
			`Only ${below} of ${n} VIP orders sit under 15%, and long-standing VIPs are priced at 12%: R1 flags loyalty pricing, not errors.`,
		highTerm: '"High" is the industry term for a confidence of 0.85 ± 0.05.',
		whichRule: 'The veto cites no rule: which rule does the output break?',
		giveUp: 'Vetoed again; I cannot do better than this.',
		redefine: (n: number) => `Vetoed ${n} times in a row: the task is redefined with the rules it must meet.`,
		redefinedContext: (c: string) =>
			`${c} Cite every source file, state a numeric confidence, and apply the rule book in force.`,
		withdraw: (n: number) => `Vetoed ${n} times in a row even after a redefinition: the task is withdrawn.`,
		whichFile: (action: string, file: string) =>
			`${action} needs amounts or invoices, which ${file} does not have. Which file should I use?`,
		hardOrGuideline:
			'Is "should be at least 15%" a hard rule or a guideline? If I find violations, do I flag every row?'
	},
	zh: {
		useFile: (file: string, wrong: string) => `请用 ${file}；${wrong} 里没有金额。`,
		hardRule: '这是硬性规则（R1）。标出每一笔违反它的 VIP 订单，写出其 order_id 和 discount_rate。',
		noRuleRevise: '这次否决没有引用规则：任务必须说明合格的答案应当给出什么。',
		noRuleContext: (c: string) => `${c} 写明每项推断的依据和数字形式的置信度。`,
		highRevise: '“高”不是数字；任务现在写明了需要哪个数字。',
		highContext: (c: string) => `${c} 置信度请写成 0 到 1 之间的数字（高风险为 0.8 及以上）。`,
		uphold: (rule: string) => `${rule} 现行有效：请遵守，或凭证据提出修改提案。`,
		loyalty: (below: number, n: number) =>
			`${n} 笔 VIP 订单中只有 ${below} 笔低于 15%，而老 VIP 客户的定价就是 12%：R1 标出的是忠诚客户定价，不是错误。`,
		highTerm: '“高”是业内对 0.85 ± 0.05 置信度的说法。',
		whichRule: '这次否决没有引用规则：输出违反了哪条规则？',
		giveUp: '又被否决了；我做不到更好了。',
		redefine: (n: number) => `已连续被否决 ${n} 次：任务重新定义，写明必须满足的规则。`,
		redefinedContext: (c: string) => `${c} 注明每个来源文件，给出数字形式的置信度，并遵守现行规则库。`,
		withdraw: (n: number) => `重新定义后仍连续被否决 ${n} 次：撤回该任务。`,
		whichFile: (action: string, file: string) =>
			`${action} 需要金额或发票，而 ${file} 里没有。我应该用哪个文件？`,
		hardOrGuideline: '“应当至少为 15%”是硬性规则还是指导原则？如果发现违反，我要逐行标出吗？'
	}
} as const;

/**
 * The scripted Executor's output content per run language. The protocol markers the Auditor checks
 * (Title:, Sources:, Confidence:, the rule-applied lines) stay literal; ids, file names and numbers too.
 */
export const OUT = {
	en: {
		filler: 'I will now go through the data. Let me first check what is there.',
		impossible: (action: string, name: string) =>
			`${action} is not possible on ${name}: it has no amounts or invoices.`,
		vipVerb: (infer: boolean) => (infer ? 'Inferred business rule' : 'VIP discount compliance'),
		vipMeet: (verb: string, ok: number, n: number, rate: string) =>
			`${verb}: ${ok} of ${n} VIP orders meet the minimum discount (${rate}).`,
		vipBelow: (listed: string) => `VIP orders below the minimum discount: ${listed || 'none'}.`,
		read: (name: string, cols: string, rows: number) => `Read ${name}: columns ${cols}; ${rows} rows.`,
		group: (g: string) => (g === 'true' ? 'VIP' : g === 'false' ? 'regular' : g),
		part: (orders: unknown, total: unknown, avg: string | null) =>
			`${orders} records, total ${total}${avg !== null ? `, average discount ${avg}%` : ''}`,
		summary: (compare: boolean, name: string, parts: string[]) =>
			`${compare ? 'Compared VIP and regular customers in' : 'Summary of'} ${name}: ${parts.join('; ')}.`,
		title: (sales: boolean, by: string) => `Q3 ${sales ? 'sales' : 'payments'} amount by ${by}`,
		plotted: (name: string, by: string, title: string | null) =>
			`Plotted the ${name} amount by ${by} as a bar chart${title ? ` (Title: "${title}")` : ''}.`,
		fraud: (n: number, sales: boolean, name: string, ids: string) =>
			`Identified ${n} high-risk ${sales ? 'orders' : 'transactions'} in ${name}: ${ids || 'none'}.`,
		highRisk: 'High-risk rule applied: amount over 50,000 without an invoice number',
		invoices: (name: string, n: number, m: number, share: string) =>
			`Invoice compliance in ${name}: ${n - m} of ${n} records carry an invoice number; ${m} have none (${share}).`,
		habitOpen: 'I will now look at the bigger picture first.',
		habit: (parts: string) => `Regional revenue overview: ${parts}.`,
		refused: (message: string) => `The Tool Agent refused a call: ${message}`
	},
	zh: {
		filler: '我现在来过一遍数据。先看看里面有什么。',
		impossible: (action: string, name: string) =>
			`无法在 ${name} 上完成 ${action}：它没有金额，也没有发票信息。`,
		vipVerb: (infer: boolean) => (infer ? '推断的业务规则' : 'VIP 折扣合规性'),
		vipMeet: (verb: string, ok: number, n: number, rate: string) =>
			`${verb}：${n} 笔 VIP 订单中有 ${ok} 笔达到最低折扣（${rate}）。`,
		vipBelow: (listed: string) => `低于最低折扣的 VIP 订单：${listed || '无'}。`,
		read: (name: string, cols: string, rows: number) => `已读取 ${name}：列为 ${cols}；共 ${rows} 行。`,
		group: (g: string) => (g === 'true' ? 'VIP' : g === 'false' ? '普通客户' : g),
		part: (orders: unknown, total: unknown, avg: string | null) =>
			`${orders} 条记录，总额 ${total}${avg !== null ? `，平均折扣 ${avg}%` : ''}`,
		summary: (compare: boolean, name: string, parts: string[]) =>
			`${compare ? `${name} 中 VIP 客户与普通客户的对比` : `${name} 汇总`}：${parts.join('；')}。`,
		title: (sales: boolean, by: string) => `第三季度${sales ? '销售' : '付款'}金额（按 ${by}）`,
		plotted: (name: string, by: string, title: string | null) =>
			`已把 ${name} 的金额按 ${by} 画成柱状图${title ? `（Title: "${title}"）` : ''}。`,
		fraud: (n: number, sales: boolean, name: string, ids: string) =>
			`在 ${name} 中识别出 ${n} 笔高风险${sales ? '订单' : '交易'}：${ids || '无'}。`,
		highRisk: 'High-risk rule applied: 金额超过 50,000 且没有发票号（invoice_no 为空）',
		invoices: (name: string, n: number, m: number, share: string) =>
			`${name} 的发票合规性：${n} 条记录中有 ${n - m} 条带发票号；${m} 条没有（${share}）。`,
		habitOpen: '我先从全局看一看。',
		habit: (parts: string) => `各地区收入概览：${parts}。`,
		refused: (message: string) => `工具代理拒绝了一次调用：${message}`
	}
} as const satisfies Record<Lang, unknown>;

export const VETO_REASONS: Record<string, string> = {
	R1: 'VIP_DISCOUNT_THRESHOLD: the output applies a minimum VIP discount other than the rule in force',
	R2: 'HIGH_RISK_RULE: the output does not apply the rule for high-risk transactions',
	R3: 'SOURCES_MISSING: the output does not cite the input it read through the Tool Agent',
	R4: 'CONFIDENCE_NOT_QUANTIFIED: a confidence must be a number from 0 to 1',
	R5: 'CHART_TITLE_MISSING: the chart has no title'
};

/** The same reasons for a run in Chinese (the codes stay: they are what a log search looks for). */
export const VETO_REASONS_ZH: Record<string, string> = {
	R1: 'VIP_DISCOUNT_THRESHOLD：输出采用的 VIP 最低折扣与现行规则不符',
	R2: 'HIGH_RISK_RULE：输出没有应用高风险交易规则',
	R3: 'SOURCES_MISSING：输出没有注明它通过工具代理读取的输入',
	R4: 'CONFIDENCE_NOT_QUANTIFIED：置信度必须是 0 到 1 之间的数字',
	R5: 'CHART_TITLE_MISSING：图表没有标题'
};

/** What the Auditor adds to a veto's reason when it requires a redo or appeals to the Assigner. */
export const DEMAND_LINES = {
	redo: ' Add what is missing and resubmit (redo required).',
	escalate: ' The same fault again after a veto: the Auditor appeals to the Assigner.'
} as const;
export const DEMAND_LINES_ZH = {
	redo: ' 补上缺少的内容后重新提交（要求重做）。',
	escalate: ' 否决之后又是同一个错误：审计员上诉至分派员。'
} as const;

/**
 * The rule book: versioned rules. An amendment appends a new version and closes the old one's
 * validity (valid_until); no version is ever edited in place, so any veto can be traced to the exact
 * text it cited, and the lineage timeline can draw every version. The seed's troubleshooting table:
 * "rules contradicting each other: R5.1 says 15% and R5.1-v2 says 12%, both live, no expiry" - hence
 * valid_from and valid_until, and at most one live version per rule id.
 */

export interface RuleRef {
	id: string;
	version: number;
}

export interface RuleVersion {
	id: string;
	version: number;
	title: string;
	text: string;
	/** Machine-checkable parameters (the Auditor's checks and the impact assessment read them). */
	params: Readonly<Record<string, number>>;
	/** Logical tick the version came into force (0: the run's start). */
	valid_from: number;
	/** Logical tick a later version replaced it; null while in force. */
	valid_until: number | null;
	from_round: number;
	until_round: number | null;
	proposer: string;
	approver: string;
	/** The data behind the change (null for the initial book). */
	evidence: unknown;
	/** The proposal that created this version; null for the initial book. */
	proposal: string | null;
}

export type RuleBook = readonly Readonly<RuleVersion>[];

export const ruleLabel = (r: RuleRef) => `${r.id}-v${r.version}`;

const initial = (id: string, title: string, text: string, params: Record<string, number> = {}): RuleVersion =>
	Object.freeze({
		id,
		version: 1,
		title,
		text,
		params: Object.freeze(params),
		valid_from: 0,
		valid_until: null,
		from_round: 0,
		until_round: null,
		proposer: 'policy office',
		approver: 'policy office',
		evidence: null,
		proposal: null
	});

/** The book a run starts with: the rules the seed's agents argued over. */
export const INITIAL_RULES: RuleBook = Object.freeze([
	initial('R1', 'VIP discount', 'Every order from a VIP customer carries a discount_rate of at least 15%.', {
		minDiscount: 15
	}),
	initial(
		'R2',
		'High-risk transactions',
		'A transaction with an amount over 50,000 and no invoice number is high risk.',
		{ amountOver: 50_000 }
	),
	initial(
		'R3',
		'Cite sources',
		'Every output names its sources: the input files it read through the Tool Agent.'
	),
	initial(
		'R4',
		'Quantified confidence',
		'Every inference states its confidence as a number from 0 to 1; words such as "high" are not a confidence.'
	),
	initial('R5', 'Chart titles', 'Every chart has a title.')
]);

/**
 * The same book worded in Chinese, for a run whose language is `zh` (the seed's own language: 规则库).
 * Ids, versions and parameters are the same, so the checks, the impact assessment and the lineage
 * read a Chinese run exactly as an English one.
 */
const ZH_WORDING: Readonly<Record<string, { title: string; text: string }>> = {
	R1: { title: 'VIP 折扣', text: 'VIP 客户的每笔订单折扣率（discount_rate）至少为 15%。' },
	R2: { title: '高风险交易', text: '金额超过 50,000 且没有发票号的交易为高风险交易。' },
	R3: { title: '注明来源', text: '每个输出都要注明来源：它通过工具代理读取的输入文件。' },
	R4: { title: '量化置信度', text: '每个推断都要用 0 到 1 之间的数字说明置信度；“高”之类的词不算置信度。' },
	R5: { title: '图表标题', text: '每张图表都要有标题。' }
};

const INITIAL_RULES_ZH: RuleBook = Object.freeze(
	INITIAL_RULES.map((r) => Object.freeze({ ...r, ...(ZH_WORDING[r.id] ?? {}) }))
);

/** The book a run starts with, in the run's language. */
export const initialRules = (lang: 'en' | 'zh'): RuleBook =>
	lang === 'zh' ? INITIAL_RULES_ZH : INITIAL_RULES;

export const currentRules = (book: RuleBook): RuleVersion[] => book.filter((r) => r.valid_until === null);

export const currentVersion = (book: RuleBook, id: string): Readonly<RuleVersion> | undefined =>
	book.find((r) => r.id === id && r.valid_until === null);

export const findVersion = (book: RuleBook, ref: RuleRef): Readonly<RuleVersion> | undefined =>
	book.find((r) => r.id === ref.id && r.version === ref.version);

/** The versions in force at a tick. */
export const rulesAt = (book: RuleBook, tick: number): RuleVersion[] =>
	book.filter((r) => r.valid_from <= tick && (r.valid_until === null || r.valid_until > tick));

export interface Amendment {
	id: string;
	title?: string;
	text: string;
	params: Readonly<Record<string, number>>;
	proposer: string;
	approver: string;
	evidence: unknown;
	proposal: string | null;
}

/** The version an amendment would create (not yet in the book). */
export function nextVersion(book: RuleBook, a: Amendment, at: { tick: number; round: number }): RuleVersion {
	const old = currentVersion(book, a.id);
	if (!old) throw new RangeError(`no rule ${a.id} in force to amend`);
	return Object.freeze({
		id: a.id,
		version: Math.max(...book.filter((r) => r.id === a.id).map((r) => r.version)) + 1,
		title: a.title ?? old.title,
		text: a.text,
		params: Object.freeze({ ...a.params }),
		valid_from: at.tick,
		valid_until: null,
		from_round: at.round,
		until_round: null,
		proposer: a.proposer,
		approver: a.approver,
		evidence: a.evidence,
		proposal: a.proposal
	});
}

/**
 * The version a rollback creates: the restored version's wording and parameters as a new version
 * (the lineage only grows; the old record stays closed), approved by the appeal that asked for it.
 */
export function rollbackVersion(
	book: RuleBook,
	restores: RuleRef,
	appeal: string,
	at: { tick: number; round: number }
): RuleVersion {
	const old = findVersion(book, restores);
	if (!old) throw new RangeError(`no version ${ruleLabel(restores)} to roll back to`);
	return nextVersion(
		book,
		{
			id: old.id,
			title: old.title,
			text: old.text,
			params: old.params,
			proposer: 'appeal',
			approver: `assigner (appeal ${appeal})`,
			evidence: { rollbackTo: ruleLabel(restores) },
			proposal: null
		},
		at
	);
}

/**
 * Appends `version` and closes the version it replaces. Returns a new book: the old records are
 * frozen and left as they were; the closed one is a copy with its validity ended.
 */
export function appendVersion(book: RuleBook, version: RuleVersion): RuleBook {
	const old = currentVersion(book, version.id);
	if (!old) throw new RangeError(`no rule ${version.id} in force to amend`);
	if (book.some((r) => r.id === version.id && r.version === version.version))
		throw new RangeError(`${ruleLabel(version)} already exists: versions are never rewritten`);
	const closed = Object.freeze({ ...old, valid_until: version.valid_from, until_round: version.from_round });
	return Object.freeze([...book.map((r) => (r === old ? closed : r)), Object.freeze({ ...version })]);
}

/** What /workspace/rules.json holds: the whole lineage, so an agent reading it sees every version. */
export function ruleBookJson(book: RuleBook): string {
	return JSON.stringify({ rules: book }, null, 2);
}

/**
 * Text preparation for drift: what the seed learnt the hard way. Its drift metric misfired on
 * outputs that were long, full of plotting code and of stop words: a correct "plot the trend" answer
 * carrying forty lines of Matplotlib scored 0.58 against its task and was flagged as drift. So
 * before comparing, code is reduced to what it says in words (its string literals and comments),
 * stop words and code keywords are dropped, and words are folded to a common stem.
 */

/** Function words, agents' planning filler ("I will now…", "Let me first…") and file-path noise. */
const STOP_WORDS = new Set(
	(
		'a an the and or but nor so yet of to in on at by for with from into onto over under about as is are ' +
		'was were be been being am do does did done have has had having it its this that these those there ' +
		'here i me my we our you your he she they them their his her which who whom whose what when where ' +
		'why how all any both each few more most other some such no not only own same than too very can ' +
		'could should would will shall may might must just also then now first next let lets ok okay well ' +
		'going go get got make made want need see per via if else while up down out off again further once ' +
		'csv json txt md py workspace input output file files path row rows column columns value values ' +
		'result results task please note step steps using use used based one two three'
	).split(' ')
);

/** Words that only code produces: they say nothing about what the code does. */
const CODE_WORDS = new Set(
	(
		'import from def return plt np pd df fig ax axes self const var function print figure show savefig ' +
		'subplots xlabel ylabel xticks yticks legend tight layout matplotlib pyplot pandas numpy read_csv ' +
		'true false none null undefined lambda range len str int float dict list append iloc loc groupby ' +
		'sum mean agg reset index dtype astype figsize dpi bbox inches rotation color marker linestyle'
	).split(' ')
);

/**
 * Domain words folded to one stem each, so "summary" meets "summarise" and "chart" meets "plot".
 * Keys are lower-case words after the generic suffix stripping below has NOT been applied.
 */
const CANON: Record<string, string> = {
	summary: 'summar',
	summaries: 'summar',
	summarise: 'summar',
	summarize: 'summar',
	summarised: 'summar',
	summarized: 'summar',
	summarising: 'summar',
	summarizing: 'summar',
	chart: 'plot',
	charts: 'plot',
	graph: 'plot',
	plotted: 'plot',
	plotting: 'plot',
	visualise: 'plot',
	visualize: 'plot',
	visualisation: 'plot',
	visualization: 'plot',
	comparison: 'compar',
	compared: 'compar',
	compare: 'compar',
	comparing: 'compar',
	versus: 'compar',
	vs: 'compar',
	inference: 'infer',
	inferred: 'infer',
	inferring: 'infer',
	deduce: 'infer',
	identified: 'identif',
	identify: 'identif',
	identifying: 'identif',
	flag: 'identif',
	flagged: 'identif',
	detect: 'identif',
	detected: 'identif',
	fraudulent: 'fraud',
	risky: 'risk',
	compliant: 'complian',
	compliance: 'complian',
	comply: 'complian',
	complies: 'complian',
	noncompliant: 'complian',
	analyse: 'analys',
	analyze: 'analys',
	analysis: 'analys',
	analysed: 'analys',
	analyzed: 'analys',
	analysing: 'analys',
	analyzing: 'analys',
	transactions: 'transaction',
	txn: 'transaction',
	customers: 'customer',
	invoices: 'invoice',
	discounts: 'discount',
	orders: 'order',
	sales: 'sale'
};

/** A small suffix stripper: enough for English task words, not a linguist's stemmer. */
export function stem(word: string): string {
	const w = word.toLowerCase();
	const canon = CANON[w];
	if (canon) return canon;
	if (w.length <= 4 || /\d/.test(w)) return w;
	for (const [suffix, repl] of [
		['ations', 'ate'],
		['ation', 'ate'],
		['ies', 'y'],
		['sses', 'ss'],
		['ing', ''],
		['ed', ''],
		['es', 'e'],
		['s', '']
	] as const) {
		if (w.endsWith(suffix) && !(suffix === 's' && w.endsWith('ss')) && w.length - suffix.length >= 3)
			return w.slice(0, w.length - suffix.length) + repl;
	}
	return w;
}

/** A line that is code rather than prose: symbol-dense, or opening with a code keyword. */
function isCodeLine(line: string): boolean {
	const t = line.trim();
	if (!t) return false;
	if (/^(import|from|def|class|for|while|if|elif|else|return|const|let|var|function|print)\b/.test(t))
		return true;
	if (/^[#/]{1,2}\s/.test(t)) return false; // a comment: prose, kept
	const symbols = (t.match(/[=(){}[\];<>]/g) ?? []).length;
	return symbols >= 2 && symbols / t.length > 0.05;
}

/** What code says in words: its string literals and comments. */
function wordsOfCode(code: string): string {
	const literals = code.match(/(["'])(?:(?!\1)[^\\\n]|\\.)*\1/g) ?? [];
	const comments = code.match(/(?:#|\/\/)[^\n]*/g) ?? [];
	return [...literals.map((s) => s.slice(1, -1)), ...comments.map((c) => c.replace(/^(#|\/\/)/, ''))].join(
		'\n'
	);
}

export interface PreparedText {
	/** The prose left once code is reduced to its literals and comments. */
	text: string;
	/** Share of the original characters that were code (0 for pure prose). */
	codeShare: number;
}

/** Separates prose from code: fenced blocks and code-looking lines give only their words. */
export function prepareText(raw: string): PreparedText {
	let codeChars = 0;
	const parts: string[] = [];
	const fenced = raw.split(/```[^\n]*\n?/);
	fenced.forEach((chunk, i) => {
		// Odd chunks sit between a pair of fences.
		if (i % 2 === 1) {
			codeChars += chunk.length;
			parts.push(wordsOfCode(chunk));
			return;
		}
		for (const line of chunk.split('\n')) {
			if (isCodeLine(line)) {
				codeChars += line.length;
				parts.push(wordsOfCode(line));
			} else parts.push(line);
		}
	});
	return { text: parts.join('\n'), codeShare: raw.length ? codeChars / raw.length : 0 };
}

/** Content words, stemmed: no stop words, no code keywords, no bare numbers or one-letter tokens. */
export function contentWords(text: string): string[] {
	const out: string[] = [];
	// snake_case and camelCase name several words: split them.
	const spaced = text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
	for (const raw of spaced.toLowerCase().match(/\p{L}[\p{L}\p{N}]*/gu) ?? []) {
		if (raw.length < 2 || STOP_WORDS.has(raw) || CODE_WORDS.has(raw)) continue;
		// Record ids (T105, SO10001) name things, not actions.
		if (/^\p{L}{1,2}\d{3,}$/u.test(raw)) continue;
		out.push(stem(raw));
	}
	return out;
}

/** Every word as written, stop words and code included: the naive view the seed started from. */
export function allWords(text: string): string[] {
	return text.toLowerCase().match(/\p{L}[\p{L}\p{N}]*|\p{N}+/gu) ?? [];
}

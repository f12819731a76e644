/**
 * CSV as a researcher's spreadsheet reads it. Written here rather than with d3-dsv: the layer rules keep
 * d3's CSV functions in `tools`, and what is needed is RFC 4180 quoting of a flat table, a dozen lines.
 */
export type Cell = string | number | boolean | null;

/**
 * One CSV field: quoted when it holds a comma, quote or line break. A text field that a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe: model names come from users.
 */
export function csvField(v: Cell): string {
	if (v === null) return '';
	if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
	if (typeof v === 'boolean') return v ? 'true' : 'false';
	const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
	return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A figure as an analysis CSV writes it: rounded to `decimals` places (4 in the CK-Arena, leak and ratings
 * files, 6 in the A/B file); not finite or null is an empty cell. A page that shows the figure formats this
 * value, never the exact one: rounding the exact 0.061492 to one decimal of a percent shows 6.1%, while
 * its file's 0.0615 reads 6.2%, and the page and its CSV would disagree.
 */
export function csvRound(x: number, decimals: number): number;
export function csvRound(x: number | null, decimals: number): number | null;
export function csvRound(x: number | null, decimals: number): number | null {
	if (x === null || !Number.isFinite(x)) return null;
	return Math.round(x * 10 ** decimals) / 10 ** decimals;
}

/** A rate's five columns, as every analysis CSV heads them: `<key>_x`, `_n`, `_rate`, `_lower`, `_upper`. */
export function rateColumns(keys: readonly string[]): string[] {
	return keys.flatMap((k) => [`${k}_x`, `${k}_n`, `${k}_rate`, `${k}_lower`, `${k}_upper`]);
}

/** A rate's five cells in `rateColumns`' order: the counts as they are, the figures at 4 decimals. */
export function rateCells(f: {
	x: number;
	n: number;
	p: number | null;
	lower: number;
	upper: number;
}): Cell[] {
	return [f.x, f.n, csvRound(f.p, 4), csvRound(f.lower, 4), csvRound(f.upper, 4)];
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
	return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * The reader of what `toCsv` writes (RFC 4180: quoted fields may hold commas, doubled quotes and line
 * breaks; a row ends at CRLF or LF outside quotes). The one parser of every test that compares a page
 * with its downloaded CSV, so they all read a file as a spreadsheet would. Cells stay text, as written
 * (a defused formula keeps its apostrophe).
 */
export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	let started = false;
	for (let i = 0; i < text.length; i++) {
		const ch = text[i]!;
		if (quoted) {
			if (ch === '"' && text[i + 1] === '"') {
				field += '"';
				i++;
			} else if (ch === '"') quoted = false;
			else field += ch;
			continue;
		}
		started = true;
		if (ch === '"') quoted = true;
		else if (ch === ',') {
			row.push(field);
			field = '';
		} else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
			if (ch === '\r') i++;
			row.push(field);
			rows.push(row);
			row = [];
			field = '';
			started = false;
		} else field += ch;
	}
	if (quoted) throw new SyntaxError('CSV: a quoted field is not closed');
	if (started) {
		row.push(field);
		rows.push(row);
	}
	return rows;
}

/** A CSV file as rows of named cells (the first row names them); a short row's missing cells are ''. */
export function csvRecords(text: string): Record<string, string>[] {
	const [head, ...rows] = parseCsv(text);
	if (!head) return [];
	return rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}

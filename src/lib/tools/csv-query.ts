/**
 * query_csv: a declarative query over one CSV file. No code runs: the query is data (filters,
 * grouping, aggregates, sort, limit), validated field by field with errors an agent can act on.
 *
 * Order: where (all conditions must hold) -> groupBy/aggregate -> sort -> limit -> columns.
 *
 * Comparing a cell with a value, or two cells: when both parse as numbers they compare as numbers
 * ("15" = "15.0"); when neither does they compare as text, by UTF-16 code units (ISO dates sort
 * right); a number and a non-number never order against each other, so `amount < 50000` skips an
 * empty amount instead of calling it smaller. `contains` ignores case; `empty` means blank after
 * trimming. Sorting puts numbers before text and blanks last, in either direction; ties keep file
 * order (the sort is stable). Cells come back as the text in the file ("00123" stays "00123");
 * aggregates come back as numbers, rounded to 12 significant digits to hide float noise, or "" when
 * there was nothing to aggregate.
 */
import { csvParseRows } from 'd3';
import { isPlainObject, quote } from './text';
import type { QueryResult, ToolError } from './types';

const WHERE_OPS = ['=', '!=', '<', '<=', '>', '>=', 'contains', 'empty', 'not-empty'] as const;
const AGGREGATE_FNS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type WhereOp = (typeof WHERE_OPS)[number];
export type AggregateFn = (typeof AGGREGATE_FNS)[number];

const MAX_QUERY_LIMIT = 1000;
const DEFAULT_QUERY_LIMIT = 100;
const MAX_CONDITIONS = 20;
const MAX_GROUP_COLUMNS = 5;
const MAX_AGGREGATES = 10;
const MAX_SORT_KEYS = 5;

export interface Condition {
	column: string;
	op: WhereOp;
	/** Absent for empty / not-empty. */
	value?: string | number;
}

export interface Aggregate {
	fn: AggregateFn;
	/** Absent only for count (count rows). */
	column?: string;
	/** Output column name; defaults to `fn_column`, or `count`. */
	as: string;
}

export interface SortKey {
	column: string;
	dir: 'asc' | 'desc';
}

export interface CsvQuery {
	where: Condition[];
	groupBy: string[];
	aggregate: Aggregate[];
	sort: SortKey[];
	limit: number;
	/** Which columns plain (ungrouped) rows keep; all when absent. */
	columns?: string[];
}

export const QUERY_KEYS = ['where', 'groupBy', 'aggregate', 'sort', 'limit', 'columns'] as const;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: ToolError };

const fail = (code: string, message: string): { ok: false; error: ToolError } => ({
	ok: false,
	error: { code, message }
});

/** A cell or value as a number, when all of it is one (after trimming); never for blanks. */
export function asNumber(text: string): number | null {
	const s = text.trim();
	if (s === '' || s.length > 40) return null;
	// One linear pass, no regex: [+-] digits [. digits] [e [+-] digits], with digits on some side of '.'.
	let i = 0;
	if (s[i] === '+' || s[i] === '-') i++;
	const isDigit = (k: number) => k < s.length && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57;
	let digits = 0;
	for (; isDigit(i); i++) digits++;
	if (s[i] === '.') for (i++; isDigit(i); i++) digits++;
	if (digits === 0) return null;
	if (s[i] === 'e' || s[i] === 'E') {
		i++;
		if (s[i] === '+' || s[i] === '-') i++;
		const start = i;
		while (isDigit(i)) i++;
		if (i === start) return null;
	}
	if (i !== s.length) return null;
	const n = Number(s);
	return Number.isFinite(n) ? n : null;
}

function textOrder(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Sort order over cells: numbers (numerically), then text, then blanks. */
export function compareCells(a: string, b: string): number {
	const ab = a.trim() === '';
	const bb = b.trim() === '';
	if (ab || bb) return ab === bb ? 0 : ab ? 1 : -1;
	const na = asNumber(a);
	const nb = asNumber(b);
	if (na !== null && nb !== null) return na < nb ? -1 : na > nb ? 1 : 0;
	if (na !== null) return -1;
	if (nb !== null) return 1;
	return textOrder(a, b);
}

function matches(cell: string, cond: Condition): boolean {
	switch (cond.op) {
		case 'empty':
			return cell.trim() === '';
		case 'not-empty':
			return cell.trim() !== '';
		case 'contains':
			return cell.toLowerCase().includes(String(cond.value).toLowerCase());
	}
	const value = String(cond.value);
	const nc = asNumber(cell);
	const nv = typeof cond.value === 'number' ? cond.value : asNumber(value);
	let order: number | null;
	if (nc !== null && nv !== null) order = nc < nv ? -1 : nc > nv ? 1 : 0;
	else if (nc === null && nv === null) order = textOrder(cell, value);
	else order = null; // a number and a non-number: equal never, ordered never
	switch (cond.op) {
		case '=':
			return order === 0;
		case '!=':
			return order !== 0;
		case '<':
			return order !== null && order < 0;
		case '<=':
			return order !== null && order <= 0;
		case '>':
			return order !== null && order > 0;
		case '>=':
			return order !== null && order >= 0;
	}
}

function isList(v: unknown): v is unknown[] {
	return Array.isArray(v);
}

function checkKeys(obj: Record<string, unknown>, allowed: readonly string[], what: string): ToolError | null {
	for (const k of Object.keys(obj))
		if (!allowed.includes(k))
			return {
				code: 'bad-query',
				message: `${what} has an unknown field ${quote(k, 40)}; its fields are ${allowed.join(', ')}.`
			};
	return null;
}

function parseColumnName(v: unknown, where: string): Parsed<string> {
	if (typeof v !== 'string' || v === '')
		return fail('bad-query', `${where} needs a column name (a non-empty string).`);
	return { ok: true, value: v };
}

interface EntryList {
	field: string;
	/** " of conditions": "a list of conditions" reads better where the entries are not obvious. */
	listOf: string;
	unit: string;
	max: number;
	example: string;
	keys: readonly string[];
}

/** A list of query objects (absent: none), each an object with only `keys`, read by `each`. */
function parseEntries<T>(
	raw: unknown,
	list: EntryList,
	each: (entry: Record<string, unknown>, at: string) => Parsed<T>
): Parsed<T[]> {
	if (raw === undefined || raw === null) return { ok: true, value: [] };
	if (!isList(raw))
		return fail('bad-query', `${list.field} must be a list${list.listOf}, e.g. [${list.example}].`);
	if (raw.length > list.max)
		return fail('bad-query', `${list.field} has ${raw.length} ${list.unit}; at most ${list.max}.`);
	const out: T[] = [];
	for (const [i, entry] of raw.entries()) {
		const at = `${list.field}[${i}]`;
		if (!isPlainObject(entry)) return fail('bad-query', `${at} must be an object like ${list.example}.`);
		const badKey = checkKeys(entry, list.keys, at);
		if (badKey) return { ok: false, error: badKey };
		const read = each(entry, at);
		if (!read.ok) return read;
		out.push(read.value);
	}
	return { ok: true, value: out };
}

const EXAMPLE = {
	where: '{ "column": "amount", "op": ">", "value": 50000 }',
	aggregate: '{ "column": "amount", "fn": "sum" }',
	sort: '{ "column": "amount", "dir": "desc" }'
};
type ListField = keyof typeof EXAMPLE;
const entryList = (field: ListField, unit: string, max: number, keys: string[], listOf = ''): EntryList => ({
	field,
	unit,
	max,
	keys,
	listOf,
	example: EXAMPLE[field]
});
/** The three lists a query may hold, and the words their errors use. */
const LISTS: Record<ListField, EntryList> = {
	where: entryList('where', 'conditions', MAX_CONDITIONS, ['column', 'op', 'value'], ' of conditions'),
	aggregate: entryList('aggregate', 'entries', MAX_AGGREGATES, ['column', 'fn', 'as']),
	sort: entryList('sort', 'keys', MAX_SORT_KEYS, ['column', 'dir'])
};

function parseWhere(raw: unknown): Parsed<Condition[]> {
	return parseEntries(raw, LISTS.where, (c, at): Parsed<Condition> => {
		const column = parseColumnName(c.column, at);
		if (!column.ok) return column;
		const op = c.op;
		if (typeof op !== 'string' || !(WHERE_OPS as readonly string[]).includes(op))
			return fail(
				'bad-op',
				`${at} has op ${typeof op === 'string' ? quote(op, 20) : 'missing'}; use one of ${WHERE_OPS.join(', ')}.`
			);
		const value = c.value;
		if (op === 'empty' || op === 'not-empty') {
			if (value !== undefined && value !== null && value !== '')
				return fail('bad-query', `${at}: op '${op}' takes no value.`);
			return { ok: true, value: { column: column.value, op: op as WhereOp } };
		}
		if (typeof value === 'number' && !Number.isFinite(value))
			return fail('bad-query', `${at}: the value must be a finite number or a string.`);
		if (typeof value !== 'string' && typeof value !== 'number')
			return fail('bad-query', `${at}: op '${op}' needs a value (a string or a number).`);
		if (op === 'contains' && String(value) === '')
			return fail('bad-query', `${at}: 'contains' needs a non-empty value.`);
		return { ok: true, value: { column: column.value, op: op as WhereOp, value } };
	});
}

function parseNameList(raw: unknown, field: string, max: number): Parsed<string[]> {
	if (raw === undefined || raw === null) return { ok: true, value: [] };
	if (!isList(raw) || !raw.every((c) => typeof c === 'string' && c !== ''))
		return fail('bad-query', `${field} must be a list of column names, e.g. ["region"].`);
	if (raw.length > max) return fail('bad-query', `${field} has ${raw.length} columns; at most ${max}.`);
	if (new Set(raw).size !== raw.length) return fail('bad-query', `${field} names a column twice.`);
	return { ok: true, value: raw as string[] };
}

function parseAggregates(raw: unknown): Parsed<Aggregate[]> {
	return parseEntries(raw, LISTS.aggregate, (a, at): Parsed<Aggregate> => {
		const fn = a.fn;
		if (typeof fn !== 'string' || !(AGGREGATE_FNS as readonly string[]).includes(fn))
			return fail(
				'bad-aggregate',
				`${at} has fn ${typeof fn === 'string' ? quote(fn, 20) : 'missing'}; use one of ${AGGREGATE_FNS.join(', ')}.`
			);
		let column: string | undefined;
		if (a.column !== undefined && a.column !== null && !(fn === 'count' && a.column === '*')) {
			const c = parseColumnName(a.column, at);
			if (!c.ok) return c;
			column = c.value;
		} else if (fn !== 'count') return fail('bad-query', `${at}: '${fn}' needs a column.`);
		if (a.as !== undefined && (typeof a.as !== 'string' || a.as === '' || a.as.length > 64))
			return fail('bad-query', `${at}: 'as' must be a column name of 1 to 64 characters.`);
		const as = (a.as as string | undefined) ?? (column === undefined ? 'count' : `${fn}_${column}`);
		return {
			ok: true,
			value: column === undefined ? { fn: fn as AggregateFn, as } : { fn: fn as AggregateFn, column, as }
		};
	});
}

function parseSort(raw: unknown): Parsed<SortKey[]> {
	return parseEntries(raw, LISTS.sort, (s, at): Parsed<SortKey> => {
		const column = parseColumnName(s.column, at);
		if (!column.ok) return column;
		const dir = s.dir ?? 'asc';
		if (dir !== 'asc' && dir !== 'desc') return fail('bad-query', `${at}: dir must be "asc" or "desc".`);
		return { ok: true, value: { column: column.value, dir } };
	});
}

/** Validates a query's shape (field types, ops, functions); columns are checked against the file later. */
export function parseQuery(raw: Record<string, unknown>): Parsed<CsvQuery> {
	const where = parseWhere(raw.where);
	if (!where.ok) return where;
	const groupBy = parseNameList(raw.groupBy, 'groupBy', MAX_GROUP_COLUMNS);
	if (!groupBy.ok) return groupBy;
	const aggregate = parseAggregates(raw.aggregate);
	if (!aggregate.ok) return aggregate;
	const sort = parseSort(raw.sort);
	if (!sort.ok) return sort;
	let limit = DEFAULT_QUERY_LIMIT;
	if (raw.limit !== undefined && raw.limit !== null) {
		if (
			typeof raw.limit !== 'number' ||
			!Number.isInteger(raw.limit) ||
			raw.limit < 1 ||
			raw.limit > MAX_QUERY_LIMIT
		)
			return fail('bad-query', `limit must be a whole number from 1 to ${MAX_QUERY_LIMIT}.`);
		limit = raw.limit;
	}
	const query: CsvQuery = {
		where: where.value,
		groupBy: groupBy.value,
		aggregate: aggregate.value,
		sort: sort.value,
		limit
	};
	if (raw.columns !== undefined && raw.columns !== null) {
		const columns = parseNameList(raw.columns, 'columns', 100);
		if (!columns.ok) return columns;
		if (columns.value.length === 0)
			return fail('bad-query', 'columns, when given, must name at least one column.');
		if (query.groupBy.length || query.aggregate.length)
			return fail(
				'bad-query',
				'columns cannot be combined with groupBy or aggregate: a grouped result has the group columns and the aggregates.'
			);
		query.columns = columns.value;
	}
	// Grouping with nothing to compute still says how many rows each group has.
	if (query.groupBy.length && !query.aggregate.length) query.aggregate = [{ fn: 'count', as: 'count' }];
	const names = [...query.groupBy, ...query.aggregate.map((a) => a.as)];
	const dup = names.find((n, i) => names.indexOf(n) !== i);
	if (dup !== undefined)
		return fail(
			'bad-query',
			`the result would have two columns named ${quote(dup, 40)}; give one an 'as' name.`
		);
	return { ok: true, value: query };
}

function unknownColumn(
	column: string,
	columns: readonly string[],
	file: string
): { ok: false; error: ToolError } {
	const near = columns.find((c) => c.toLowerCase() === column.toLowerCase());
	return fail(
		'unknown-column',
		`column ${quote(column, 40)} is not in ${file}${near ? ` (did you mean "${near}"?)` : ''}; its columns are ${columns.join(', ')}.`
	);
}

/** Round to 12 significant digits: sums of cents otherwise show float noise such as 0.30000000000000004. */
function tidy(x: number): number {
	return Number.isInteger(x) ? x : parseFloat(x.toPrecision(12));
}

/** A data row as parsed (cells by position) and how to read a named cell from it. */
type Row = readonly string[];
type Cell = (row: Row, column: string) => string;

function aggregateRows(
	rows: readonly Row[],
	a: Aggregate,
	cell: Cell,
	file: string
): Parsed<string | number> {
	if (a.fn === 'count') {
		if (a.column === undefined) return { ok: true, value: rows.length };
		let n = 0;
		for (const r of rows) if (cell(r, a.column).trim() !== '') n++;
		return { ok: true, value: n };
	}
	const column = a.column as string;
	if (a.fn === 'sum' || a.fn === 'avg') {
		let sum = 0;
		let n = 0;
		for (const r of rows) {
			const text = cell(r, column);
			if (text.trim() === '') continue;
			const v = asNumber(text);
			if (v === null)
				return fail(
					'not-numeric',
					`column "${column}" of ${file} is not numeric (it holds ${quote(text, 30)}); ${a.fn} needs numbers.`
				);
			sum += v;
			n++;
		}
		if (a.fn === 'sum') return { ok: true, value: tidy(sum) };
		return { ok: true, value: n === 0 ? '' : tidy(sum / n) };
	}
	let best: string | null = null;
	for (const r of rows) {
		const text = cell(r, column);
		if (text.trim() === '') continue;
		if (best === null) best = text;
		else {
			const c = compareCells(text, best);
			if (a.fn === 'min' ? c < 0 : c > 0) best = text;
		}
	}
	if (best === null) return { ok: true, value: '' };
	const n = asNumber(best);
	return { ok: true, value: n === null ? best : n };
}

function cellText(v: string | number): string {
	return typeof v === 'number' ? String(v) : v;
}

/** Runs a validated query over a CSV text. `file` names the file in messages. */
export function runQuery(csvText: string, query: CsvQuery, path: string): Parsed<QueryResult> {
	const file = path.slice(path.lastIndexOf('/') + 1);
	// Rows as arrays: d3's csvParse builds row objects with `new Function` (blocked by a strict CSP,
	// and a column named "__proto__" would reach the prototype); parseRows does neither.
	const [head = [], ...data] = csvParseRows(csvText);
	const index = new Map<string, number>();
	head.forEach((c, i) => {
		if (c !== '' && !index.has(c)) index.set(c, i);
	});
	const header = [...index.keys()];
	if (header.length === 0)
		return fail('not-csv', `${path} has no header row, so it cannot be queried as CSV.`);
	const cell: Cell = (row, column) => row[index.get(column) as number] ?? '';
	const need = (c: string) => (index.has(c) ? null : unknownColumn(c, header, file));
	for (const c of query.where) {
		const bad = need(c.column);
		if (bad) return bad;
	}
	for (const c of [...query.groupBy, ...(query.columns ?? [])]) {
		const bad = need(c);
		if (bad) return bad;
	}
	for (const a of query.aggregate) {
		const bad = a.column === undefined ? null : need(a.column);
		if (bad) return bad;
	}
	const grouped = query.groupBy.length > 0 || query.aggregate.length > 0;
	const outColumns = grouped ? [...query.groupBy, ...query.aggregate.map((a) => a.as)] : header;
	const outKnown = new Set(outColumns);
	for (const s of query.sort)
		if (!outKnown.has(s.column))
			return grouped
				? fail(
						'unknown-column',
						`cannot sort by ${quote(s.column, 40)}: a grouped result has only ${outColumns.join(', ')}.`
					)
				: unknownColumn(s.column, header, file);

	const rows: Row[] = [];
	for (const row of data) {
		// A blank line at the end of a file is not a row.
		if (row.length === 1 && row[0] === '' && head.length > 1) continue;
		if (query.where.every((c) => matches(cell(row, c.column), c))) rows.push(row);
	}

	let out: Record<string, string | number>[];
	if (grouped) {
		const groups = new Map<string, Row[]>();
		for (const r of rows) {
			const key = JSON.stringify(query.groupBy.map((c) => cell(r, c)));
			const g = groups.get(key);
			if (g) g.push(r);
			else groups.set(key, [r]);
		}
		// With no groupBy, all matching rows form one group, even when none matched (count 0).
		if (!query.groupBy.length && groups.size === 0) groups.set('[]', []);
		out = [];
		for (const members of groups.values()) {
			const first = members[0] ?? [];
			const entries: [string, string | number][] = query.groupBy.map((c) => [c, cell(first, c)]);
			for (const a of query.aggregate) {
				const v = aggregateRows(members, a, cell, file);
				if (!v.ok) return v;
				entries.push([a.as, v.value]);
			}
			out.push(Object.fromEntries(entries));
		}
	} else out = rows.map((r) => Object.fromEntries(header.map((c) => [c, cell(r, c)])));

	if (query.sort.length)
		out.sort((x, y) => {
			for (const s of query.sort) {
				const a = cellText(x[s.column] ?? '');
				const b = cellText(y[s.column] ?? '');
				const ab = a.trim() === '';
				const bb = b.trim() === '';
				// Blanks last whatever the direction: "the largest amounts" should not start with missing ones.
				if (ab !== bb) return ab ? 1 : -1;
				const c = compareCells(a, b);
				if (c !== 0) return s.dir === 'desc' ? -c : c;
			}
			return 0;
		});
	const totalRows = out.length;
	let page = out.slice(0, query.limit);
	let columns = outColumns;
	if (query.columns) {
		const keep = query.columns;
		columns = keep;
		page = page.map((r) => Object.fromEntries(keep.map((c) => [c, r[c] ?? ''])));
	}
	return { ok: true, value: { path, columns, rows: page, totalRows } };
}

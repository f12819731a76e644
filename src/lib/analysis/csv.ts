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

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
	return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

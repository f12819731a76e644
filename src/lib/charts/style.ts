/**
 * What the charts draw with: the font stack, the colours they share, and a text-width estimate to
 * fit labels. One copy, so every chart on a page reads as one set.
 */

export const FONT_FAMILY =
	"system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif";

// The app's palette (src/lib/ui/global.css), copied because SVG presentation attributes cannot read CSS
// variables; kept dark enough for a washed-out projector. Only the colours several charts share live
// here; a chart's own tints stay in its module.
export const INK = '#1d2433';
export const MUTED = '#4a5263';
export const LINE = '#c9c3b4';
export const PANEL_BG = '#ffffff';
export const ACCENT = '#1f5fbf';
export const DANGER = '#b3261e';
export const OK = '#1e7a3c';
/** Not in the CSS palette: the charts' caution mark (a fuse trip, a tied vote, an amendment). */
export const AMBER = '#8a5a00';
/** An empty cell, or the track behind a bar. */
export const TRACK = '#f1eee6';

/** Rough text width in em: SVG text cannot be measured without layout (nor at all in tests). */
export function textEm(text: string): number {
	let em = 0;
	for (const ch of text) {
		const code = ch.codePointAt(0) ?? 0;
		// CJK and full-width forms are a full em; Latin averages a little over half.
		em += code >= 0x2e80 ? 1 : /[A-Z#@MW]/.test(ch) ? 0.72 : 0.56;
	}
	return em;
}

/** `text` cut to fit `maxPx` at `fontPx`, ending in an ellipsis when cut. */
export function fit(text: string, maxPx: number, fontPx: number): string {
	const maxEm = maxPx / fontPx;
	if (textEm(text) <= maxEm) return text;
	let out = '';
	for (const ch of text) {
		if (textEm(`${out}${ch}…`) > maxEm) break;
		out += ch;
	}
	return `${out}…`;
}

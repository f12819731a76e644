/** Saves text as a file the browser downloads (CSV, JSON, SVG): one way, used by every export button. */
export function downloadText(name: string, type: string, text: string): void {
	const url = URL.createObjectURL(new Blob([text], { type }));
	const a = document.createElement('a');
	a.href = url;
	a.download = name;
	document.body.append(a);
	a.click();
	a.remove();
	// After the click has started the download; revoking at once can cancel it in some browsers.
	setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name's time stamp, `2026-12-04-12-14-21` (UTC, to the second): the wall clock is read here, in
 * the UI layer, so nothing below it (scenarios, analysis) ever asks for the time. */
export function fileStamp(now = new Date()): string {
	return now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
}

/** {@link downloadText} under `<base>-<stamp>.<ext>`, so two exports of the same table never collide. */
export function downloadStamped(base: string, ext: 'csv' | 'json', text: string): void {
	downloadText(`${base}-${fileStamp()}.${ext}`, ext === 'csv' ? 'text/csv' : 'application/json', text);
}

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

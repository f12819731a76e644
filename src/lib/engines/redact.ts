/**
 * The one redaction function: everything built from text that may hold an API key (a server's error,
 * a network failure, a log line) goes through it before it is shown, logged or stored.
 *
 * A key leaks in more spellings than its own: percent-encoded in a URL (upper- or lower-case hex),
 * form-encoded, or escaped inside JSON. Every form is replaced, longest first, so that a secret holding
 * another is replaced whole. Empty secrets are skipped (they would match everywhere).
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret === '') continue;
		const component = encodeURIComponent(secret);
		forms.add(secret);
		forms.add(component);
		forms.add(component.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
		forms.add(component.replace(/%20/g, '+'));
		forms.add(encodeURI(secret));
		forms.add(JSON.stringify(secret).slice(1, -1));
	}
	let out = text;
	for (const form of [...forms].sort((a, b) => b.length - a.length)) out = out.split(form).join('[redacted]');
	return out;
}

/**
 * The fragment guard. A share link lives in the fragment; SvelteKit percent-decodes the fragment to
 * look for an anchor and throws on a stray '%'. This escapes it first, so a mangled link reaches the
 * page's own decoder, which explains what is wrong with it. It runs as this module is evaluated, which
 * the app's entry does before SvelteKit starts, and its listener is added before SvelteKit's. It was a
 * script of its own in the page's head, which held up the first paint for a round trip (Lighthouse
 * counted it render-blocking on /play/).
 */
function escapeStray(): void {
	try {
		decodeURIComponent(location.hash);
	} catch {
		const fixed = location.hash.slice(1).replace(/%/g, '%25');
		history.replaceState(history.state, '', location.pathname + location.search + '#' + fixed);
	}
}

escapeStray();
addEventListener('hashchange', escapeStray);

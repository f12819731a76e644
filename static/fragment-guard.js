// A share link lives in the fragment. SvelteKit percent-decodes the fragment to look for an anchor and
// throws on a stray '%'; escape it first, so a mangled link reaches the page's own decoder, which
// explains what is wrong with it. A file, not an inline script, so the Content-Security-Policy needs no
// hash for it; loaded without defer so that it runs before SvelteKit starts.
(function () {
	function escapeStray() {
		try {
			decodeURIComponent(location.hash);
		} catch {
			var fixed = location.hash.slice(1).replace(/%/g, '%25');
			history.replaceState(history.state, '', location.pathname + location.search + '#' + fixed);
		}
	}
	escapeStray();
	addEventListener('hashchange', escapeStray);
})();

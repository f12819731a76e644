/**
 * For the charts' specs: records every change under a node (attributes, children, text), so a spec can
 * say which attributes an update set, and on which marks, by reading `takeRecords()`.
 */
export function watchMutations(target: Node): MutationObserver {
	const seen = new MutationObserver(() => {});
	seen.observe(target, { subtree: true, attributes: true, childList: true, characterData: true });
	return seen;
}

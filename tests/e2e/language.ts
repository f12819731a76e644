/**
 * What "this page is in Chinese" means to the browser tests: no run of English words anywhere a person
 * reads (text, and the names that assistive technology reads: aria-label, title, placeholder, alt),
 * outside what the page marks `translate="no"` (the HTML attribute for names a person chose, model
 * ids, seeds, hashes and code, which a translator must leave alone) and `<code>`/`<kbd>`.
 *
 * Two English words in a row count as a sentence: a lone word may be a product name (WebLLM, IndexedDB)
 * and is allowed, but "Play again" is a message someone forgot to translate.
 */
import { expect, type Page } from '@playwright/test';

/** Runs of at least two English words (letters, optional apostrophe) separated by spaces or punctuation a sentence has. */
const ENGLISH_RUN = /[A-Za-z][a-z]+(?:['’][a-z]+)?(?:[ ,:;-]+[A-Za-z][a-z]+(?:['’][a-z]+)?)+/g;

/**
 * The English runs a person can read or hear on the page now, each with where it is. With `within`
 * (CSS selectors), only inside the elements they match, and not the document's title: for a test of
 * some components of a page whose other parts are not its concern.
 */
export async function englishOnPage(page: Page, within?: readonly string[]): Promise<string[]> {
	return page.evaluate(
		([source, scope]) => {
			const pattern = new RegExp(source, 'g');
			const skipped = (el: Element | null): boolean =>
				el !== null && el.closest('[translate="no"], code, kbd, script, style, noscript, [hidden]') !== null;
			const visible = (el: Element): boolean => {
				const box = el.getBoundingClientRect();
				const style = getComputedStyle(el);
				return (box.width > 0 || box.height > 0) && style.visibility !== 'hidden';
			};
			const found: string[] = [];
			const note = (text: string, where: string) => {
				for (const hit of text.match(pattern) ?? []) found.push(`${hit}  (${where})`);
			};
			const roots: Element[] = scope
				? scope.flatMap((sel) => [...document.querySelectorAll(sel)])
				: [document.body];
			for (const root of roots) {
				const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
				for (let node = walker.nextNode(); node; node = walker.nextNode()) {
					const parent = node.parentElement;
					if (!parent || skipped(parent) || !visible(parent)) continue;
					note(node.textContent ?? '', `<${parent.tagName.toLowerCase()}>`);
				}
				const named = [root, ...root.querySelectorAll('*')].filter((el) =>
					el.matches('[aria-label], [title], [placeholder], img[alt]')
				);
				for (const el of named) {
					if (skipped(el)) continue;
					for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
						const value = el.getAttribute(name);
						if (value) note(value, `${name} of <${el.tagName.toLowerCase()}>`);
					}
				}
			}
			if (!scope) note(document.title, '<title>');
			return found;
		},
		[ENGLISH_RUN.source, within ?? null] as const
	);
}

/** Fails, listing them, when the page (or the parts `within` names) shows any English sentence (see the module comment). */
export async function expectNoEnglish(page: Page, state: string, within?: readonly string[]): Promise<void> {
	expect(await englishOnPage(page, within), `English on the Chinese page: ${state}`).toEqual([]);
}

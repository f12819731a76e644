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
 * The English runs a person can read or hear on the page now, each with where it is; with `within`
 * (CSS selectors), only inside what they match, and not the title (a test of some components of a page).
 */
export async function englishOnPage(page: Page, within?: readonly string[]): Promise<string[]> {
	const args = { source: ENGLISH_RUN.source, scope: within ?? null };
	return page.evaluate(({ source, scope }) => {
		const pattern = new RegExp(source, 'g');
		const inScope = (el: Element): boolean => !scope || scope.some((sel) => el.closest(sel) !== null);
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
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const parent = node.parentElement;
			if (!parent || skipped(parent) || !visible(parent) || !inScope(parent)) continue;
			note(node.textContent ?? '', `<${parent.tagName.toLowerCase()}>`);
		}
		for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
			if (skipped(el) || !inScope(el)) continue;
			for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
				const value = el.getAttribute(name);
				if (value) note(value, `${name} of <${el.tagName.toLowerCase()}>`);
			}
		}
		if (!scope) note(document.title, '<title>');
		return found;
	}, args);
}

/** Fails, listing them, when the page (or what `within` selects) shows any English sentence (see above). */
export async function expectNoEnglish(page: Page, state: string, within?: readonly string[]): Promise<void> {
	expect(await englishOnPage(page, within), `English on the Chinese page: ${state}`).toEqual([]);
}

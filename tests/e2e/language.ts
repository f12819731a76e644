/**
 * What "this page is in Chinese" means to the browser tests: no run of English words anywhere a person
 * reads (text, and the names that assistive technology reads: aria-label, title, placeholder, alt),
 * outside what the page marks `translate="no"` (the HTML attribute for names a person chose, model
 * ids, seeds, hashes and code, which a translator must leave alone) and `<code>`/`<kbd>`.
 *
 * Two English words in a row count as a sentence: a lone word may be a product name (WebLLM, IndexedDB)
 * and is allowed, but "Play again" is a message someone forgot to translate. A file name
 * (`libs/engine/pressure-engine.js`, `cipher-v1.js`) is a name, not words, wherever it stands: a
 * hyphen in it does not make a sentence.
 *
 * `within` limits the check to the elements a selector matches (and leaves out document.title), for a
 * test of one part of a page whose other parts are another part's work; `except` leaves out what a
 * selector matches.
 */
import { expect, type Page } from '@playwright/test';

/** File names: a path-like token with an extension (letters, digits, `.`, `/`, `_`, `-`). */
const FILE_NAME = /[\w./-]*[\w-]\.[a-z]{1,4}\b/g;

/** Runs of at least two English words (letters, optional apostrophe) separated by spaces or punctuation a sentence has. */
const ENGLISH_RUN = /[A-Za-z][a-z]+(?:['’][a-z]+)?(?:[ ,:;-]+[A-Za-z][a-z]+(?:['’][a-z]+)?)+/g;

export interface LanguageScope {
	/** Only what these elements hold (a CSS selector list). */
	within?: string;
	/** Not what these elements hold (a CSS selector list). */
	except?: string;
}

/** The English runs a person can read or hear on the page now, each with where it is. */
export async function englishOnPage(page: Page, scope: LanguageScope = {}): Promise<string[]> {
	return page.evaluate(
		({ source, files, within, except }) => {
			const pattern = new RegExp(source, 'g');
			const fileNames = new RegExp(files, 'g');
			const outside = (el: Element): boolean =>
				(within !== undefined && el.closest(within) === null) ||
				(except !== undefined && el.closest(except) !== null);
			const skipped = (el: Element | null): boolean =>
				el !== null &&
				(el.closest('[translate="no"], code, kbd, script, style, noscript, [hidden]') !== null ||
					outside(el));
			const visible = (el: Element): boolean => {
				const box = el.getBoundingClientRect();
				const style = getComputedStyle(el);
				return (box.width > 0 || box.height > 0) && style.visibility !== 'hidden';
			};
			const found: string[] = [];
			const note = (text: string, where: string) => {
				for (const hit of text.replace(fileNames, ' ').match(pattern) ?? []) found.push(`${hit}  (${where})`);
			};
			const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const parent = node.parentElement;
				if (!parent || skipped(parent) || !visible(parent)) continue;
				note(node.textContent ?? '', `<${parent.tagName.toLowerCase()}>`);
			}
			for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
				if (skipped(el)) continue;
				for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
					const value = el.getAttribute(name);
					if (value) note(value, `${name} of <${el.tagName.toLowerCase()}>`);
				}
			}
			if (within === undefined) note(document.title, '<title>');
			return found;
		},
		{ source: ENGLISH_RUN.source, files: FILE_NAME.source, ...scope }
	);
}

/** Fails, listing them, when the page shows any English sentence (see the module comment). */
export async function expectNoEnglish(page: Page, state: string, scope: LanguageScope = {}): Promise<void> {
	expect(await englishOnPage(page, scope), `English on the Chinese page: ${state}`).toEqual([]);
}

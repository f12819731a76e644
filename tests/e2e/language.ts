/**
 * What "this page is in Chinese" means to the browser tests: no run of English words anywhere a person
 * reads (text, and the names that assistive technology reads: aria-label, title, placeholder, alt),
 * outside what the page marks `translate="no"` (the HTML attribute for names a person chose, model
 * ids, seeds, hashes and code, which a translator must leave alone), `<code>`/`<kbd>`, and elements
 * that declare another language with `lang` (the language switch names English in English).
 *
 * Two English words in a row count as a sentence: "Play again" is a message someone forgot to translate.
 * A lone capitalised word may be a product or a person's name (WebLLM, IndexedDB, Wren) and is allowed,
 * but a lone lower-case word is a message's word left in English ("定期 review", "round →"). Chinese text
 * also takes Chinese punctuation: no ASCII full stop, comma, colon or opening parenthesis against a
 * Chinese character ("出局. 词语", "萤 (INFP)", "成员: 3"). And the other way round: an English page shows
 * no Chinese character outside the same exceptions.
 *
 * What is read: every visible text node, the chart text inside SVG (its <title> tooltips and <desc>
 * descriptions too, which are never "visible" boxes), every option of a select (a person opens the
 * list), the names assistive technology reads (aria-label, title, placeholder, alt), and the document's
 * title.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Runs of at least two English words (letters, optional apostrophe) separated by white space, after a
 * comma, colon or semicolon where a sentence has one. A word touching a hyphen, a dot or a slash is
 * part of a name, not of a sentence: `assigner-alone`, `pressure-engine.js`, `libs/engine`.
 */
const WORD = String.raw`(?<![\w/-]|\w\.)[A-Za-z][a-z]+(?:['’][a-z]+)?(?![\w/-]|\.\w)`;
const ENGLISH_RUN = new RegExp(`${WORD}(?:[,:;]?\\s+${WORD})+`, 'g');
/**
 * A lone lower-case English word (not part of a name, a path or a code: see WORD; nor a function's
 * name, `consider()`; nor an address's scheme, `http://`, a link's fragment, `#run`, or a key,
 * `model=`, or its value, `locale=en`; nor a name in quotation marks, “mock”, the way a select's
 * option names a model a person typed, since an option cannot mark a part of itself translate="no").
 * "token" is the term Chinese writing on language models uses as it is; "localhost" is a machine's name.
 */
const LOWER_WORD = String.raw`(?<![\w/.#=“-])(?!(?:token|localhost)\b)[a-z]{2,}(?:['’][a-z]+)?(?![\w/(=”-]|\.\w|:\/\/)`;
/** ASCII punctuation against Chinese: a full stop, comma or colon after a Chinese character, or "(" before. */
const CHINESE_PUNCTUATION = String.raw`[\u4e00-\u9fff）)][.,;:!?](?=\s|$)|[\u4e00-\u9fff]\s?\(`;
const ENGLISH_ON_CHINESE = new RegExp(`${ENGLISH_RUN.source}|${LOWER_WORD}|${CHINESE_PUNCTUATION}`, 'g');

/** Runs of Chinese characters (CJK ideographs and full-width punctuation). */
const CHINESE_RUN = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/g;

/** The matches of `pattern` a person can read or hear on the page now, each with where it is. */
async function textMatching(page: Page, pattern: RegExp): Promise<string[]> {
	return page.evaluate((source) => {
		const pattern = new RegExp(source, 'g');
		const pageLang = document.documentElement.lang.split('-')[0];
		const skipped = (el: Element | null): boolean => {
			if (el === null) return false;
			if (el.closest('[translate="no"], code, kbd, script, style, noscript, [hidden]')) return true;
			const declared = el.closest('[lang]');
			return declared !== null && declared.getAttribute('lang')?.split('-')[0] !== pageLang;
		};
		const visible = (el: Element): boolean => {
			const box = el.getBoundingClientRect();
			const style = getComputedStyle(el);
			return (box.width > 0 || box.height > 0) && style.visibility !== 'hidden';
		};
		const found: string[] = [];
		const note = (text: string, where: string) => {
			for (const hit of text.match(pattern) ?? []) found.push(`${hit}  (${where})`);
		};
		// A chart's tooltip (<title> in SVG), its descriptions and a select's options are read although
		// they have no box.
		const readWithoutBox = (el: Element) => el.closest('svg title, svg desc, option') !== null;
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const parent = node.parentElement;
			if (!parent || skipped(parent)) continue;
			if (
				!visible(parent) &&
				!(readWithoutBox(parent) && parent.closest('svg, select') && visible(parent.closest('svg, select')!))
			)
				continue;
			note(node.textContent ?? '', `<${parent.tagName.toLowerCase()}>`);
		}
		for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
			if (skipped(el)) continue;
			for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
				const value = el.getAttribute(name);
				if (value) note(value, `${name} of <${el.tagName.toLowerCase()}>`);
			}
		}
		note(document.title, '<title>');
		return found;
	}, pattern.source);
}

/** The English runs a person can read or hear on the page now, each with where it is. */
export const englishOnPage = (page: Page) => textMatching(page, ENGLISH_ON_CHINESE);

/** The Chinese a person can read or hear on the page now, each with where it is. */
export const chineseOnPage = (page: Page) => textMatching(page, CHINESE_RUN);

/** Fails, listing them, when the page shows any English sentence (see the module comment). */
export async function expectNoEnglish(page: Page, state: string): Promise<void> {
	expect(await englishOnPage(page), `English on the Chinese page: ${state}`).toEqual([]);
}

/**
 * Types `value` into `field`, waits until `answer` says `says` (the form's own check of what was
 * typed), and checks that the page, in the state this leaves it in, shows no English (`state` names it).
 */
export async function fillAndExpectChinese(
	page: Page,
	field: Locator,
	value: string,
	answer: Locator,
	says: string,
	state: string
): Promise<void> {
	await field.fill(value);
	await expect(answer).toContainText(says);
	await expectNoEnglish(page, state);
}

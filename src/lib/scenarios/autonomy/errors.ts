/**
 * Why Sentinel's reply or answer was refused, in the run's language. The parser (`parseDecision`) and
 * the validator say it in English: that sentence is what the log records, the same in every run. A
 * Chinese run quotes it to the model in its retry prompt in its own words, from the texts table of its
 * language; a sentence that has no entry (a tool's own message, a kernel's) is quoted as it is.
 */
import { textsFor, type AutonomyLang } from './texts';

const EN = textsFor('en');

/** The fixed sentences the parser and the validator give. */
export const DECISION_ERRORS = EN.decisionErrors;

/** The prefix of a patch the Tool Agent refused to write; the tool's own message follows it. */
export const PATCH_REFUSED = EN.patchRefused;

const ERROR_KEYS = Object.keys(DECISION_ERRORS) as (keyof typeof DECISION_ERRORS)[];

/** `error` in `lang`: English as it is; another language from its table, else the sentence unchanged. */
export function decisionErrorIn(lang: AutonomyLang, error: string): string {
	if (lang === 'en') return error;
	const t = textsFor(lang);
	if (error.endsWith(EN.lengthHint))
		return `${decisionErrorIn(lang, error.slice(0, -EN.lengthHint.length))}${t.lengthHint}`;
	const key = ERROR_KEYS.find((k) => DECISION_ERRORS[k] === error);
	if (key) return t.decisionErrors[key];
	if (error.startsWith(PATCH_REFUSED)) return `${t.patchRefused}${error.slice(PATCH_REFUSED.length)}`;
	return error;
}

/** The retry line a model is sent after a refused reply: the refusal quoted in the run's language. */
export function retryLine(lang: AutonomyLang, error: string): string {
	return textsFor(lang).retry(decisionErrorIn(lang, error));
}

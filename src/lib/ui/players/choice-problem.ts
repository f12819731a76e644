/**
 * Why a seat's choice cannot be used, in the interface language. `parseChoice` (share/link, also the
 * links' and Node's rule) says it in English, and that sentence is shown as it is in English. From a
 * form only an endpoint seat can go wrong, in one of two ways: its model name, or its base URL.
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import type { ModelChoice } from '$lib/engines/types';

/** A model id as parseChoice accepts it. */
const MODEL_ID = /^[\w./:@-]{1,200}$/;

export function choiceProblem(choice: ModelChoice, english: string): string {
	if (getLocale() === 'en' || choice.engine !== 'openai') return english;
	return MODEL_ID.test(choice.model ?? '') ? m.players_endpoint_url_bad() : m.players_endpoint_model_bad();
}

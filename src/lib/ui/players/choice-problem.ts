/**
 * Why a seat's choice cannot be used, in the interface language. `parseChoice` (share/link, also the
 * links' and Node's rule) says it in English, and that sentence is shown as it is in English. From a
 * form only an endpoint seat can go wrong, in one of two ways: its model name, or its base URL.
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import type { ModelChoice } from '$lib/engines/types';
import { errorText } from '$lib/i18n/errors';
import { MAX_DEADLINE_S, MIN_DEADLINE_S } from '$lib/share/link';

/** A model id as parseChoice accepts it. */
const MODEL_ID = /^[\w./:@-]{1,200}$/;

export function choiceProblem(choice: ModelChoice, english: string): string {
	if (getLocale() === 'en' || choice.engine !== 'openai') return english;
	if (!MODEL_ID.test(choice.model ?? '')) return m.players_endpoint_model_bad();
	if (/call deadline/.test(english))
		return m.players_endpoint_deadline_bad({ min: MIN_DEADLINE_S, max: MAX_DEADLINE_S });
	// The base URL's own sentence (engines/base-url.ts) says which rule it broke; errorText knows each.
	const said = errorText(english);
	return said.detail === undefined ? said.text : m.players_endpoint_url_bad();
}

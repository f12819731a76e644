/**
 * Why a seat's choice cannot be used, in the interface language. `parseChoice` (share/link, also the
 * links' and Node's rule) says it in English, and that sentence is shown as it is in English. From a
 * form only an endpoint seat can go wrong, in one of two ways: its model name, or its base URL.
 */
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import type { ModelChoice } from '$lib/engines/types';
import { problemSentence } from '$lib/i18n/errors';
import { normaliseBaseUrl } from '$lib/engines/base-url';
import { problemOf } from '$lib/problem';
import { MAX_DEADLINE_S, MIN_DEADLINE_S } from '$lib/share/choice';

/** A model id as parseChoice accepts it. */
const MODEL_ID = /^[\w./:@-]{1,200}$/;

export function choiceProblem(choice: ModelChoice, english: string): string {
	if (getLocale() === 'en' || choice.engine !== 'openai') return english;
	if (!MODEL_ID.test(choice.model ?? '')) return m.players_endpoint_model_bad();
	if (/call deadline/.test(english))
		return m.players_endpoint_deadline_bad({ min: MIN_DEADLINE_S, max: MAX_DEADLINE_S });
	// The base URL's own rule (engines/base-url.ts) says which part it broke, as a problem.
	try {
		normaliseBaseUrl(choice.baseUrl ?? '');
	} catch (err) {
		const problem = problemOf(err);
		if (problem) return problemSentence(problem);
	}
	return m.players_endpoint_url_bad();
}

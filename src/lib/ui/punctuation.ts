/**
 * The punctuation the charts write between the words they are given, from the messages' common set
 * (`label_sep`, `sentence_sep`, `clause_sep`, `group_sep`), so a chart's "name: value" takes the page's colon.
 */
import type { ChartPunctuation } from '$lib/charts/text';
import { m } from '$lib/paraglide/messages';

export function chartPunctuation(): ChartPunctuation {
	return {
		label: m.label_sep(),
		sentence: m.sentence_sep(),
		clause: m.clause_sep(),
		group: m.group_sep(),
		open: m.paren_open(),
		close: m.paren_close()
	};
}

/**
 * A seat's player as the table shows it, in the interface language. `choiceLabel` (engines/spec, also
 * the leaderboard's and the log's key) is English; its fixed labels have messages, and the rest
 * ("transformers · tiny-chat") are engine and model names, which stay as they are. A choice itself is
 * named with `choiceName` (i18n/engine-names.ts), which gives the engines their names.
 */
import { fixedLabelText } from '$lib/i18n/engine-names';

export { choiceName } from '$lib/i18n/engine-names';

/** The label in the interface language, and whether it is a name to leave untranslated. */
export function policyLabel(label: string): { text: string; name: boolean } {
	const fixed = fixedLabelText(label);
	return fixed !== null ? { text: fixed, name: false } : { text: label, name: true };
}

/**
 * A seat's player as the table shows it, in the interface language. `choiceLabel` (engines/spec, also
 * the leaderboard's and the log's key) is English; its fixed labels have messages, and the rest
 * ("transformers · tiny-chat") are engine and model names, which stay as they are.
 */
import { m } from '$lib/paraglide/messages';

const FIXED: Record<string, () => string> = {
	'scripted (no LLM)': m.players_label_scripted,
	'scripted fair (no LLM)': m.players_label_fair,
	'scripted red team (no LLM)': m.players_label_red_team,
	'a person': m.players_label_person
};

/** The label in the interface language, and whether it is a name to leave untranslated. */
export function policyLabel(label: string): { text: string; name: boolean } {
	const fixed = FIXED[label];
	return fixed ? { text: fixed(), name: false } : { text: label, name: true };
}

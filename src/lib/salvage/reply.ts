/**
 * The first steps every reply parser takes, in one place: an empty reply, a reply that is one JSON
 * string literal (double-encoded JSON, or a quoted speech), and the hidden reasoning around the answer.
 */
import { stripReasoning, type StripOptions } from './reasoning';

/** Quoted back to the model on its retry: plain English, the same for every scenario. */
export const SALVAGE_ERRORS = {
	empty: 'the reply was empty',
	allReasoning: 'the reply was all reasoning and no answer'
} as const;

export type Salvaged = { ok: true; answer: string; reasoning: boolean } | { ok: false; error: string };

/** A reply that is one JSON string literal, unwrapped once; anything else as it is. */
export function unwrapJsonString(text: string): string {
	if (!/^\s*"[\s\S]*"\s*$/.test(text)) return text;
	try {
		const inner: unknown = JSON.parse(text);
		return typeof inner === 'string' && inner.trim() ? inner : text;
	} catch {
		return text; // not a JSON string: read it as it is
	}
}

/** The answer part of a raw reply, or why there is none. */
export function salvageReply(text: string, options: StripOptions & { unwrap?: boolean } = {}): Salvaged {
	if (!text || !text.trim()) return { ok: false, error: SALVAGE_ERRORS.empty };
	const source = options.unwrap === false ? text : unwrapJsonString(text);
	const { answer, reasoning } = stripReasoning(source, options);
	if (!answer.trim())
		return { ok: false, error: reasoning ? SALVAGE_ERRORS.allReasoning : SALVAGE_ERRORS.empty };
	return { ok: true, answer, reasoning };
}

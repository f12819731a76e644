/**
 * The one token estimate, for where no tokenizer is at hand: fitting a prompt into a context window,
 * reserving a call's worst case at the gate, and charging a reply whose engine or server reported no
 * usage. Conservative: one token per CJK character, one per three other characters. Real tokenizers
 * give fewer for English (about four characters a token), so a prompt that fits by this count fits in
 * fact, and an estimated charge is never below the real one.
 */

const CJK = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;
/** Chat templates wrap each message in a few tokens of their own. */
const PER_MESSAGE = 4;
/** The assistant's reply header. */
const PRIMING = 3;

export function estimateTokens(text: string): number {
	const cjk = text.match(CJK)?.length ?? 0;
	return cjk + Math.ceil((text.length - cjk) / 3);
}

/** A whole prompt: each message's content plus the template's own tokens. */
export function estimateMessages(messages: readonly { content: string }[]): number {
	return messages.reduce((n, m) => n + PER_MESSAGE + estimateTokens(m.content), PRIMING);
}

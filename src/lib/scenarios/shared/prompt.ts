/**
 * What every scenario's prompts are made of, and fitting them into a model's context window. The
 * scenarios build prompts as parts (history that may be dropped, the latest round that may be
 * shortened); the LLM policies fit them with `fitToContext` before a call.
 */
import { estimateMessages } from '../../core/tokens';

/** Shaped like the engines' ChatMessage, without importing the engine layer. */
export interface PromptMessage {
	role: 'system' | 'user' | 'assistant';
	content: string;
}

/** A piece of a prompt. Consecutive pieces of one role become one message once fitted. */
export interface PromptPart extends PromptMessage {
	/** Older history (or tool records) that may be dropped to fit a small context: the lowest number goes first. */
	drop?: number;
	/** The latest round (or tool answer): shortened, then dropped, only when nothing older is left to drop. */
	recent?: number;
	/** A note that something was left out: kept only when something was. */
	omission?: boolean;
}

/** Joins consecutive parts of one role into one message: some chat templates demand alternating roles. */
function merge(parts: readonly PromptPart[]): PromptMessage[] {
	const out: PromptMessage[] = [];
	for (const p of parts) {
		const last = out[out.length - 1];
		if (last && last.role === p.role) last.content += '\n' + p.content;
		else out.push({ role: p.role, content: p.content });
	}
	return out.map((m) => ({ role: m.role, content: m.content.replace(/\n{3,}/g, '\n\n').trim() }));
}

/** Keeps a recent speech's opening: enough to know what was said. */
const CLIPPED_CHARS = 120;

/**
 * Fits a prompt into `contextWindow - reserve` tokens (the reserve is for the reply). Drops the oldest
 * public history first, keeping the system prompt (rules, persona, the seat's own word), the status,
 * the task and the latest round; only if that still does not fit are the latest round's lines
 * shortened, then dropped oldest first. Returns plain messages, consecutive roles merged.
 */
export function fitToContext(
	messages: readonly PromptPart[],
	contextWindow: number,
	reserve: number
): PromptMessage[] {
	const budget = contextWindow - reserve;
	let parts = messages.map((p) => ({ ...p }));
	const render = (omitted: boolean) => merge(parts.filter((p) => !p.omission || omitted));
	const fits = (omitted: boolean) => estimateMessages(render(omitted)) <= budget;
	if (fits(false)) return render(false);

	const order = (key: 'drop' | 'recent') =>
		parts.filter((p) => p[key] !== undefined).sort((a, b) => (a[key] as number) - (b[key] as number));
	for (const p of order('drop')) {
		parts = parts.filter((x) => x !== p);
		if (fits(true)) return render(true);
	}
	for (const p of order('recent')) {
		if (p.content.length > CLIPPED_CHARS) p.content = p.content.slice(0, CLIPPED_CHARS - 1) + '…';
		if (fits(true)) return render(true);
	}
	for (const p of order('recent')) {
		parts = parts.filter((x) => x !== p);
		if (fits(true)) return render(true);
	}
	// Nothing droppable is left: the engine reports an overlong prompt itself.
	return render(true);
}

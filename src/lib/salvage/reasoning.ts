/**
 * Hidden reasoning, in every spelling we have seen models write it. A reply's reasoning is never
 * public and never the answer, so the parsers read only what is left after `stripReasoning`, and the
 * WebLLM engine drops a leading block from its stream with `ThinkStripper`.
 */

/** Tag names models wrap their reasoning in: `<think>…</think>`, `<inner_monologue>…`, and so on. */
export const THINK_TAGS = [
	'think',
	'thinking',
	'thought',
	'thoughts',
	'reasoning',
	'reflection',
	'analysis',
	'scratchpad',
	'inner_monologue'
] as const;

const TAGS = THINK_TAGS.join('|');
const THINK_BLOCK = new RegExp(`<(${TAGS})\\b[^>]*>[\\s\\S]*?</\\1\\s*>`, 'gi');
const THINK_OPEN = new RegExp(`<(?:${TAGS})\\b[^>]*>`, 'i');
const THINK_CLOSE = new RegExp(`</(?:${TAGS})\\s*>`, 'gi');
/** Kimi's spelling: ◁think▷ … ◁/think▷. */
const KIMI_BLOCK = /◁think▷[\s\S]*?(?:◁\/think▷|$)/g;
/** Harmony-format models (gpt-oss): the final channel is the answer, analysis and commentary are not. */
const HARMONY_FINAL = /<\|channel\|>\s*final\s*<\|message\|>/gi;
const HARMONY_OTHER = /<\|channel\|>\s*(?:analysis|commentary)[\s\S]*?(?:<\|end\|>|$)/gi;
/** Chat-template tokens some runtimes leave in the text. */
const SPECIAL_TOKENS =
	/<\|(?:im_end|im_start|end|eot_id|endoftext|return|start|message|channel|start_header_id|end_header_id)\|>|<\/s>|<s>/g;
/** A reply that opens by thinking aloud under a label ("Thinking:", "**Analysis**:", "思考："). */
const PREAMBLE =
	/^\s*(?:\*\*|__)?(?:thinking|thoughts?|reasoning|analysis|let me think|思考(?:过程)?|分析|推理|思路)(?:\*\*|__)?\s*[:：]/i;

export interface Stripped {
	answer: string;
	/** Whether there was any reasoning: a reply that was only reasoning is a different error from an empty one. */
	reasoning: boolean;
}

export interface StripOptions {
	/**
	 * Read a labelled preamble ("Thinking: … Answer: …") as reasoning, and where the answer starts
	 * after it: at this label (group 1 is what precedes the label), else at the first JSON object or
	 * fence, else the last of two or more paragraphs. Off by default: a scenario whose replies may be
	 * "reasoning: …" key-value lines (governance) must not lose them.
	 */
	preamble?: { answerLabel: RegExp };
}

/** Removes hidden reasoning in every form we have seen; says whether there was any. */
export function stripReasoning(text: string, options: StripOptions = {}): Stripped {
	let s = text;
	let reasoning = false;
	const mark = () => {
		reasoning = true;
		return '\n';
	};
	const finals = [...s.matchAll(HARMONY_FINAL)];
	const lastFinal = finals[finals.length - 1];
	if (lastFinal) {
		s = s.slice((lastFinal.index ?? 0) + lastFinal[0].length);
		reasoning = true;
	}
	s = s.replace(HARMONY_OTHER, mark);
	s = s.replace(THINK_BLOCK, mark);
	s = s.replace(KIMI_BLOCK, mark);
	// A closing tag with no opening one: the template opened the block, so everything before it is thought.
	const closes = [...s.matchAll(THINK_CLOSE)];
	const lastClose = closes[closes.length - 1];
	if (lastClose) {
		s = s.slice((lastClose.index ?? 0) + lastClose[0].length);
		reasoning = true;
	}
	// An opening tag never closed: the reply ran out while thinking.
	const open = THINK_OPEN.exec(s);
	if (open) {
		s = s.slice(0, open.index);
		reasoning = true;
	}
	s = s.replace(SPECIAL_TOKENS, ' ');
	const pre = options.preamble ? PREAMBLE.exec(s) : null;
	if (pre && options.preamble) {
		reasoning = true;
		s = afterPreamble(s.slice(pre[0].length), options.preamble.answerLabel);
	}
	return { answer: s, reasoning };
}

function afterPreamble(rest: string, answerLabel: RegExp): string {
	const label = answerLabel.exec(rest);
	if (label) return rest.slice(label.index + (label[1]?.length ?? 0));
	const json = rest.search(/\{\s*["'“]?[A-Za-z\u4e00-\u9fff]|```/);
	if (json >= 0) return rest.slice(json);
	// Thinking, a blank line, then the answer: the last paragraph is what the model meant to say.
	const paragraphs = rest
		.split(/\n\s*\n/)
		.map((p) => p.trim())
		.filter(Boolean);
	return paragraphs.length >= 2 ? (paragraphs[paragraphs.length - 1] as string) : '';
}

const STREAM_OPEN = '<think>';
const STREAM_CLOSE = '</think>';

/**
 * Drops a leading `<think>...</think>` block from streamed text. Qwen3 writes one unless thinking is
 * off, and even then WebLLM 0.2.86 puts an empty one in front of the reply ("<think>\n\n</think>\n\n")
 * that may reach the stream. Agents must get the answer, never the scratchpad. Only the leading
 * `<think>` block is held back here (the one spelling a streaming engine emits before the answer);
 * every other spelling is removed by `stripReasoning` when the reply is parsed.
 */
export class ThinkStripper {
	private state: 'head' | 'think' | 'after' | 'pass' = 'head';
	private buf = '';

	push(piece: string): string {
		if (this.state === 'pass') return piece;
		this.buf += piece;
		for (;;) {
			if (this.state === 'head') {
				const t = this.buf.trimStart();
				if (t === '' || (STREAM_OPEN.startsWith(t) && t !== STREAM_OPEN)) return '';
				if (t.startsWith(STREAM_OPEN)) {
					this.state = 'think';
					this.buf = t.slice(STREAM_OPEN.length);
					continue;
				}
				this.state = 'pass';
				const out = this.buf;
				this.buf = '';
				return out;
			}
			if (this.state === 'think') {
				const i = this.buf.indexOf(STREAM_CLOSE);
				if (i < 0) return '';
				this.buf = this.buf.slice(i + STREAM_CLOSE.length);
				this.state = 'after';
				continue;
			}
			// 'after': the whitespace that follows </think> belongs to the block.
			const t = this.buf.trimStart();
			this.buf = '';
			if (t === '') return '';
			this.state = 'pass';
			return t;
		}
	}

	/** What is still held back when the stream ends; an unfinished thought is dropped. */
	end(): string {
		const out = this.state === 'head' ? this.buf : '';
		this.buf = '';
		return out;
	}
}

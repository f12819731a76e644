/** Every spelling of hidden reasoning either parser handled before they shared this module. */
import { describe, expect, it } from 'vitest';
import { stripReasoning, ThinkStripper, THINK_TAGS } from './reasoning';
import { salvageReply, SALVAGE_ERRORS, unwrapJsonString } from './reply';

const ANSWER = /(^|\s)(answer\s*:)/i;

describe('stripReasoning', () => {
	it.each(THINK_TAGS.map((t) => [t]))('removes a <%s> block and says there was reasoning', (tag) => {
		expect(stripReasoning(`<${tag}>seat 2 or 3?</${tag}>{"target": 3}`)).toEqual({
			answer: '\n{"target": 3}',
			reasoning: true
		});
		expect(stripReasoning(`<${tag.toUpperCase()} mode="x">hm</${tag.toUpperCase()}>ok`).answer).toBe('\nok');
	});

	it('removes Kimi ◁think▷ blocks, closed or cut off', () => {
		expect(stripReasoning('◁think▷hmm◁/think▷Seat 3.')).toEqual({ answer: '\nSeat 3.', reasoning: true });
		expect(stripReasoning('Seat 3. ◁think▷and then')).toEqual({ answer: 'Seat 3. \n', reasoning: true });
	});

	it('keeps the harmony final channel only', () => {
		const text =
			'<|channel|>analysis<|message|>think think<|end|><|start|>assistant<|channel|>final<|message|>{"speech": "Red."}<|return|>';
		expect(stripReasoning(text)).toEqual({ answer: '{"speech": "Red."} ', reasoning: true });
		expect(stripReasoning('<|channel|>analysis<|message|>ran out').answer.trim()).toBe('');
	});

	it('reads a lone closing tag as a block the template opened, a lone opening tag as a cut-off thought', () => {
		expect(stripReasoning('the template opened this</think>Seat 4.')).toEqual({
			answer: 'Seat 4.',
			reasoning: true
		});
		expect(stripReasoning('Seat 4. <reasoning>but maybe')).toEqual({ answer: 'Seat 4. ', reasoning: true });
	});

	it('removes chat-template tokens, and leaves a reply without reasoning as it is', () => {
		expect(stripReasoning('<|im_start|>Red fruit.<|im_end|></s>')).toEqual({
			answer: ' Red fruit.  ',
			reasoning: false
		});
		expect(stripReasoning('I think it is red.')).toEqual({ answer: 'I think it is red.', reasoning: false });
	});

	it('reads a labelled preamble only when asked to, with the answer at the label, a JSON object or the last paragraph', () => {
		const opts = { preamble: { answerLabel: ANSWER } };
		expect(stripReasoning('Thinking: seat 2 is odd. Answer: seat 2', opts)).toEqual({
			answer: 'Answer: seat 2',
			reasoning: true
		});
		expect(stripReasoning('**Analysis**: hmm {"target": 2}', opts).answer).toBe('{"target": 2}');
		expect(stripReasoning('思考：他们都在说水果\n\n一种红色的水果。', opts).answer).toBe('一种红色的水果。');
		expect(stripReasoning('reasoning: only one paragraph', opts)).toEqual({ answer: '', reasoning: true });
		// Without the option a "reasoning:" line is an answer's field (governance's key-value replies).
		expect(stripReasoning('reasoning: the totals differ\nverdict: veto')).toEqual({
			answer: 'reasoning: the totals differ\nverdict: veto',
			reasoning: false
		});
	});
});

describe('salvageReply', () => {
	it('tells an empty reply from one that was all reasoning', () => {
		expect(salvageReply('  ')).toEqual({ ok: false, error: SALVAGE_ERRORS.empty });
		expect(salvageReply('<think>only')).toEqual({ ok: false, error: SALVAGE_ERRORS.allReasoning });
		expect(salvageReply('<think>a</think>b')).toEqual({ ok: true, answer: '\nb', reasoning: true });
	});

	it('unwraps a reply that is one JSON string literal, unless told not to', () => {
		expect(unwrapJsonString('"{\\"speech\\": \\"Red.\\"}"')).toBe('{"speech": "Red."}');
		expect(unwrapJsonString('"not json')).toBe('"not json');
		expect(salvageReply('"Red."')).toMatchObject({ answer: 'Red.' });
		expect(salvageReply('"Red."', { unwrap: false })).toMatchObject({ answer: '"Red."' });
	});
});

describe('ThinkStripper', () => {
	const run = (pieces: string[]) => {
		const s = new ThinkStripper();
		const out = pieces.map((p) => s.push(p));
		return out.join('') + s.end();
	};

	it('drops a leading think block split across pieces', () => {
		expect(run(['<th', 'ink>', 'hmm, seat 2', ' or 3?</thi', 'nk>\n\n', 'Seat', ' 3.'])).toBe('Seat 3.');
		expect(run(['<think>\n\n</think>\n\n{"vote":', ' 3}'])).toBe('{"vote": 3}');
	});

	it('passes other text through at once, leading whitespace and tags included', () => {
		const s = new ThinkStripper();
		expect(s.push('Hello')).toBe('Hello');
		expect(run(['  ', 'x'])).toBe('  x');
		expect(run(['<b>bold</b>'])).toBe('<b>bold</b>');
		expect(run(['<thi'])).toBe('<thi');
	});

	it('drops an unfinished thought', () => {
		expect(run(['<think>still thinking when max_tokens hit'])).toBe('');
	});
});

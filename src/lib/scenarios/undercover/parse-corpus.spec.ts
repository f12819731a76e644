/**
 * The parser against what models really send: malformed, chatty, truncated, reasoning-laden replies,
 * in English and Chinese. Each row is a reply, the action it asks for, the seat's context, and the
 * action expected (or a pattern the error must match). Seed 002's leaks are here verbatim in spirit:
 * the ###META### marker with JSON after it, numbered lists copied from the prompt, code fences.
 */
import { describe, expect, it } from 'vitest';
import { parseReply, REPLY_ERRORS, SPEECH_MAX_CHARS, type ReplyContext, type ReplyKind } from './parse';

const EN: ReplyContext = { self: 2, alive: [1, 2, 3, 4, 5, 6], word: 'apple', lang: 'en' };
const ZH: ReplyContext = { self: 2, alive: [1, 2, 3, 4, 5], word: '保安', lang: 'zh' };
const BLANK: ReplyContext = { self: 2, alive: [1, 2, 3, 4], word: null, lang: 'en' };
const DEAD4: ReplyContext = { ...EN, alive: [1, 2, 3, 5] };

type Expected = { text: string } | { target: number; reason?: string } | RegExp | string;

interface Case {
	name: string;
	kind: ReplyKind;
	input: string;
	ctx?: ReplyContext;
	expect: Expected;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const error = (s: string) => new RegExp(`^${esc(s)}$`);
const LONG = Array.from(
	{ length: 12 },
	(_, i) => `Sentence number ${i + 1} says something quite ordinary here.`
).join(' ');

const corpus: Case[] = [
	// ---- speeches, English -------------------------------------------------------------------
	{
		name: 'plain speech',
		kind: 'speak',
		input: 'It grows on a tree.',
		expect: { text: 'It grows on a tree.' }
	},
	{
		name: 'JSON',
		kind: 'speak',
		input: '{"speech": "It grows on a tree."}',
		expect: { text: 'It grows on a tree.' }
	},
	{
		name: 'JSON in a code fence',
		kind: 'speak',
		input: '```json\n{"speech": "It is often red or green."}\n```',
		expect: { text: 'It is often red or green.' }
	},
	{
		name: 'JSON after prose',
		kind: 'speak',
		input: 'Sure! Here is my answer: {"speech": "You can eat it with the skin on."}',
		expect: { text: 'You can eat it with the skin on.' }
	},
	{
		name: "seed 002's leak: ### META### then JSON with a bare key",
		kind: 'speak',
		input: 'My description is that it is a kind of vehicle. ### META### {suspect: 3}',
		expect: { text: 'My description is that it is a kind of vehicle.' }
	},
	{
		name: '###META### with no spaces',
		kind: 'speak',
		input: 'It grows on trees.###META###{"suspect": 4}',
		expect: { text: 'It grows on trees.' }
	},
	{
		name: '####META#### with four hashes',
		kind: 'speak',
		input: 'It is crunchy.\n####META####\n{"suspect": 4}',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: '### META ### spaced, lower case',
		kind: 'speak',
		input: 'It is crunchy. ### meta ### suspect=5',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: '[META]',
		kind: 'speak',
		input: 'It is crunchy. [META] suspect=5',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: '---META---',
		kind: 'speak',
		input: 'It can be pressed into a drink.\n---META---\n{"suspect": 6}',
		expect: { text: 'It can be pressed into a drink.' }
	},
	{
		name: '<meta> tags',
		kind: 'speak',
		input: 'It is sweet. <meta>{"suspect": 1}</meta>',
		expect: { text: 'It is sweet.' }
	},
	{
		name: '**META** in bold',
		kind: 'speak',
		input: 'It is sweet.\n\n**META**\nsuspect: seat 3',
		expect: { text: 'It is sweet.' }
	},
	{ name: 'a META: line', kind: 'speak', input: 'It is sweet.\nMETA: 3', expect: { text: 'It is sweet.' } },
	{
		name: '"metal" is not a marker',
		kind: 'speak',
		input: 'It is not made of metal at all.',
		expect: { text: 'It is not made of metal at all.' }
	},
	{
		name: '<think> block stripped',
		kind: 'speak',
		input: '<think>The word is apple, I must not say it.</think>It is often red or green.',
		expect: { text: 'It is often red or green.' }
	},
	{
		name: 'unclosed <think>: ran out while thinking',
		kind: 'speak',
		input: '<think>Let me consider what kind of fruit this is and how the others',
		expect: error(REPLY_ERRORS.allReasoning)
	},
	{
		name: 'orphan </think> (the template opened it)',
		kind: 'speak',
		input: 'Okay, so I should be vague.</think>\n\n{"speech": "It grows on a tree."}',
		expect: { text: 'It grows on a tree.' }
	},
	{
		name: '<reasoning> block',
		kind: 'speak',
		input: '<reasoning>\nOthers said trees.\n</reasoning>\nIt has a core.',
		expect: { text: 'It has a core.' }
	},
	{
		name: 'Thinking: preamble, blank line, answer',
		kind: 'speak',
		input: 'Thinking: I should not reveal too much.\n\nIt has a skin you can eat.',
		expect: { text: 'It has a skin you can eat.' }
	},
	{
		name: 'Thinking: preamble then a Speech: label',
		kind: 'speak',
		input: 'Thinking: be vague, mention trees.\nSpeech: It grows on a tree.',
		expect: { text: 'It grows on a tree.' }
	},
	{
		name: 'Thinking: preamble and nothing else',
		kind: 'speak',
		input: 'Thinking: I need to describe the word without saying it, maybe mention trees.',
		expect: error(REPLY_ERRORS.allReasoning)
	},
	{
		name: 'gpt-oss harmony channels',
		kind: 'speak',
		input:
			'<|channel|>analysis<|message|>The word is apple.<|end|><|start|>assistant<|channel|>final<|message|>{"speech": "It grows on a tree."}',
		expect: { text: 'It grows on a tree.' }
	},
	{ name: 'empty reply', kind: 'speak', input: '', expect: error(REPLY_ERRORS.empty) },
	{ name: 'whitespace only', kind: 'speak', input: '  \n\t ', expect: error(REPLY_ERRORS.empty) },
	{
		name: 'numbered list copied from a prompt',
		kind: 'speak',
		input: '1. It grows on a tree.\n2. It is crunchy.',
		expect: { text: 'It grows on a tree. It is crunchy.' }
	},
	{ name: '"1) " prefix', kind: 'speak', input: '1) It is crunchy.', expect: { text: 'It is crunchy.' } },
	{
		name: 'Speech: label',
		kind: 'speak',
		input: 'Speech: It is crunchy.',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'surrounding quotes',
		kind: 'speak',
		input: '"It is crunchy."',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'markdown bold',
		kind: 'speak',
		input: '**It is crunchy** and *sweet*.',
		expect: { text: 'It is crunchy and sweet.' }
	},
	{
		name: "the transcript's own line format copied back",
		kind: 'speak',
		input: 'Round 2, seat 2 (you): It is crunchy.',
		expect: { text: 'It is crunchy.' }
	},
	{ name: 'says its own word', kind: 'speak', input: 'It is an apple.', expect: error(REPLY_ERRORS.ownWord) },
	{
		name: 'says its own word, plural and capitalised',
		kind: 'speak',
		input: 'Apples grow on trees.',
		expect: error(REPLY_ERRORS.ownWord)
	},
	{
		name: 'own word inside the JSON speech',
		kind: 'speak',
		input: '{"speech": "My apple is red."}',
		expect: error(REPLY_ERRORS.ownWord)
	},
	{
		name: 'own word only in hidden reasoning is fine',
		kind: 'speak',
		input: '<think>apple apple apple</think>It is red.',
		expect: { text: 'It is red.' }
	},
	{
		name: 'truncated JSON, the speech field complete',
		kind: 'speak',
		input: '{"speech": "It is round", "reas',
		expect: { text: 'It is round' }
	},
	{
		name: 'truncated inside the speech: keep the whole sentences',
		kind: 'speak',
		input: '{"speech": "It grows on a tree. It is often',
		expect: { text: 'It grows on a tree.' }
	},
	{
		name: 'truncated inside the first sentence',
		kind: 'speak',
		input: '{"speech": "It grows on a',
		expect: error(REPLY_ERRORS.cutOff)
	},
	{
		name: 'JSON with no speech',
		kind: 'speak',
		input: '{"suspect": 3}',
		expect: error(REPLY_ERRORS.noSpeech)
	},
	{
		name: 'single-quoted JSON',
		kind: 'speak',
		input: "{'speech': 'It is juicy.'}",
		expect: { text: 'It is juicy.' }
	},
	{
		name: 'an unknown key holding the only string',
		kind: 'speak',
		input: '{"my_clue": "It is juicy."}',
		expect: { text: 'It is juicy.' }
	},
	{
		name: 'whitespace collapsed',
		kind: 'speak',
		input: 'It   is\n\n juicy.',
		expect: { text: 'It is juicy.' }
	},
	{
		name: 'the placeholder copied instead of a speech',
		kind: 'speak',
		input: '{"speech": "..."}',
		expect: error(REPLY_ERRORS.emptySpeech)
	},
	{
		name: 'an empty speech field',
		kind: 'speak',
		input: '{"speech": ""}',
		expect: error(REPLY_ERRORS.emptySpeech)
	},
	{
		name: 'chat-template tokens left in',
		kind: 'speak',
		input: 'It is crunchy.<|im_end|>',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'a chatter line before the speech',
		kind: 'speak',
		input: 'Here is my speech:\nIt is crunchy.',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'double-encoded JSON',
		kind: 'speak',
		input: '"{\\"speech\\": \\"It is crunchy.\\"}"',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'nested JSON',
		kind: 'speak',
		input: '{"action": {"speech": "It is crunchy."}}',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'JSON left after the speech with no marker',
		kind: 'speak',
		input: 'It is crunchy. {"suspect": 3, "confidence": 0.6}',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'a suspect line after the speech',
		kind: 'speak',
		input: 'It is crunchy.\nSuspect: seat 4',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'speech then reason in key-value lines',
		kind: 'speak',
		input: 'Speech: It is crunchy.\nReason: I want to blend in with seat 3.',
		expect: { text: 'It is crunchy.' }
	},
	{
		name: 'a defence under "defense"',
		kind: 'defend',
		input: '{"defense": "I said it grows on a tree, same as most of you."}',
		expect: { text: 'I said it grows on a tree, same as most of you.' }
	},
	{
		name: 'the blank seat (no word) speaks',
		kind: 'speak',
		ctx: BLANK,
		input: 'It is something you see every day.',
		expect: { text: 'It is something you see every day.' }
	},
	{
		name: 'a speech over 400 characters, cut at a sentence end',
		kind: 'speak',
		input: LONG,
		expect: /.*/ // checked below
	},
	// ---- speeches, Chinese -------------------------------------------------------------------
	{
		name: "seed 002's leak, in Chinese",
		kind: 'speak',
		ctx: ZH,
		input: '……我的描述是它是一种交通工具。 ### META### {suspect: 3}',
		expect: { text: '……我的描述是它是一种交通工具。' }
	},
	{
		name: '发言： label',
		kind: 'speak',
		ctx: ZH,
		input: '发言：这个岗位的人通常穿制服。',
		expect: { text: '这个岗位的人通常穿制服。' }
	},
	{
		name: 'says its own word (Chinese)',
		kind: 'speak',
		ctx: ZH,
		input: '我是保安，负责巡逻。',
		expect: error(REPLY_ERRORS.ownWord)
	},
	{
		name: 'says its own word with a space inside',
		kind: 'speak',
		ctx: ZH,
		input: '保 安每天巡逻。',
		expect: error(REPLY_ERRORS.ownWord)
	},
	{
		name: 'JSON (Chinese)',
		kind: 'speak',
		ctx: ZH,
		input: '{"speech": "通常在固定岗位值守。"}',
		expect: { text: '通常在固定岗位值守。' }
	},
	{
		name: '<think> with the word inside (Chinese)',
		kind: 'speak',
		ctx: ZH,
		input: '<think>我的词是保安，不能说出来。</think>负责特定区域的定点值守。',
		expect: { text: '负责特定区域的定点值守。' }
	},
	{
		name: '思考： preamble',
		kind: 'speak',
		ctx: ZH,
		input: '思考：不能直接说出词。\n\n负责维护秩序。',
		expect: { text: '负责维护秩序。' }
	},
	{
		name: 'numbered 1、 list (Chinese)',
		kind: 'speak',
		ctx: ZH,
		input: '1、负责巡逻。\n2、穿制服。',
		expect: { text: '负责巡逻。穿制服。' }
	},
	{
		name: 'Chinese quotes',
		kind: 'speak',
		ctx: ZH,
		input: '“负责巡逻和维护秩序。”',
		expect: { text: '负责巡逻和维护秩序。' }
	},
	{
		name: 'the transcript format copied (Chinese)',
		kind: 'speak',
		ctx: ZH,
		input: '第2轮 2号（你）：负责巡逻。',
		expect: { text: '负责巡逻。' }
	},
	{
		name: '【META】 (Chinese)',
		kind: 'speak',
		ctx: ZH,
		input: '穿制服。【META】怀疑：3号',
		expect: { text: '穿制服。' }
	},
	{
		name: '好的，我的发言是： chatter',
		kind: 'speak',
		ctx: ZH,
		input: '好的，我的发言是：穿着制服站岗。',
		expect: { text: '穿着制服站岗。' }
	},
	{
		name: 'full-width JSON quotes and colon',
		kind: 'speak',
		ctx: ZH,
		input: '{“speech”：“通常穿制服。”}',
		expect: { text: '通常穿制服。' }
	},
	// ---- votes, English ----------------------------------------------------------------------
	{
		name: 'vote JSON with reason',
		kind: 'vote',
		input: '{"target": 3, "reason": "Seat 3 was vague."}',
		expect: { target: 3, reason: 'Seat 3 was vague.' }
	},
	{ name: 'number as a string', kind: 'vote', input: '{"target": "3"}', expect: { target: 3 } },
	{ name: 'a bare number', kind: 'vote', input: '3', expect: { target: 3 } },
	{ name: 'Seat #4', kind: 'vote', input: 'Seat #4', expect: { target: 4 } },
	{ name: '#5', kind: 'vote', input: '#5', expect: { target: 5 } },
	{ name: 'player 6', kind: 'vote', input: 'player 6', expect: { target: 6 } },
	{
		name: 'key-value lines; the reason names other seats',
		kind: 'vote',
		input: 'target: 3\nreason: seat 5 agreed with seat 3 too quickly',
		expect: { target: 3, reason: 'seat 5 agreed with seat 3 too quickly' }
	},
	{ name: 'vote: seat 4', kind: 'vote', input: 'vote: seat 4', expect: { target: 4 } },
	{
		name: 'a vote sentence',
		kind: 'vote',
		input: 'I vote for seat 3 because their description did not fit.',
		expect: { target: 3, reason: 'I vote for seat 3 because their description did not fit.' }
	},
	{
		name: 'ambiguous: JSON says 3, the text says seat 5',
		kind: 'vote',
		input: 'I think seat 5 is the odd one.\n{"target": 3}',
		expect: /^the reply is ambiguous: it names more than one seat \(3, 5\); vote for exactly one$/
	},
	{ name: 'ambiguous: "3 or 4"', kind: 'vote', input: '3 or 4', expect: /ambiguous.*\(3, 4\)/ },
	{
		name: 'ambiguous: "seat 3 or seat 4" in a sentence',
		kind: 'vote',
		input: 'I vote for seat 3 or seat 4.',
		expect: /ambiguous.*\(3, 4\)/
	},
	{
		name: 'ambiguous: a target list',
		kind: 'vote',
		input: '{"target": [3, 4]}',
		expect: /ambiguous.*\(3, 4\)/
	},
	{
		name: 'ambiguous: two seats in prose, no vote',
		kind: 'vote',
		input: 'Seat 3 and seat 5 both sound off, but seat 5 more.',
		expect: /ambiguous.*\(3, 5\)/
	},
	{
		name: 'ambiguous: the metadata names another seat',
		kind: 'vote',
		input: '{"target": 3} ###META### {"suspect": 5}',
		expect: /ambiguous.*\(3, 5\)/
	},
	{
		name: 'analysis that names the target and others is not ambiguous',
		kind: 'vote',
		input: 'Seat 5 said trees, seat 3 said crunchy, which fits only one word.\n{"target": 3}',
		expect: { target: 3, reason: 'Seat 5 said trees, seat 3 said crunchy, which fits only one word.' }
	},
	{
		name: 'votes for itself',
		kind: 'vote',
		input: '{"target": 2}',
		expect: /^you cannot vote for yourself \(seat 2\)$/
	},
	{
		name: 'an unknown seat',
		kind: 'vote',
		input: '{"target": 9}',
		expect: /^seat 9 is not in play; vote for one of 1, 3, 4, 5, 6$/
	},
	{
		name: 'a dead seat',
		kind: 'vote',
		ctx: DEAD4,
		input: '{"target": 4}',
		expect: /^seat 4 is not in play; vote for one of 1, 3, 5$/
	},
	{ name: 'seat 0', kind: 'vote', input: '{"target": 0}', expect: /^there is no seat 0/ },
	{
		name: 'not a whole number',
		kind: 'vote',
		input: '{"target": 3.5}',
		expect: /^the target must be a whole seat number, not "3.5"$/
	},
	{ name: 'a number word', kind: 'vote', input: '{"target": "three"}', expect: { target: 3 } },
	{
		name: 'truncated after the target',
		kind: 'vote',
		input: '{"target": 4, "reason": "Seat 4 said it is',
		expect: { target: 4 }
	},
	{
		name: 'truncated before the target',
		kind: 'vote',
		input: '{"reason": "Seat 4 and seat 5 both',
		expect: error(REPLY_ERRORS.cutOffVote)
	},
	{
		name: 'seats in reasoning do not count',
		kind: 'vote',
		input: '<think>Seat 5 or seat 3? Seat 5 spoke first...</think>{"target": 3}',
		expect: { target: 3 }
	},
	{
		name: 'all reasoning, no vote',
		kind: 'vote',
		input: '<think>Seat 3 seems odd but seat 5',
		expect: error(REPLY_ERRORS.allReasoning)
	},
	{
		name: 'Reasoning: preamble then Vote:',
		kind: 'vote',
		input: 'Reasoning: seat 5 copied seat 3.\nVote: 5',
		expect: { target: 5 }
	},
	{
		name: 'vote JSON in a fence',
		kind: 'vote',
		input: '```json\n{"target": 6, "reason": "too specific"}\n```',
		expect: { target: 6, reason: 'too specific' }
	},
	{ name: 'a bare key', kind: 'vote', input: '{target: 4}', expect: { target: 4 } },
	{ name: 'nested vote', kind: 'vote', input: '{"vote": {"target": 1}}', expect: { target: 1 } },
	{ name: 'no seat at all', kind: 'vote', input: 'I am not sure.', expect: error(REPLY_ERRORS.noSeat) },
	{
		name: 'a vote with a matching META suspect',
		kind: 'vote',
		input: 'I vote seat 3. ###META### {"suspect": 3}',
		expect: { target: 3 }
	},
	{ name: 'My vote is 4.', kind: 'vote', input: 'My vote is 4.', expect: { target: 4 } },
	{
		name: '"pick one" is not seat 1',
		kind: 'vote',
		input: 'I have to pick one of them: seat 4.',
		expect: { target: 4, reason: 'I have to pick one of them: seat 4.' }
	},
	{ name: 'bold seat', kind: 'vote', input: '**Seat 3**', expect: { target: 3 } },
	{
		name: 'suspicion is not a vote',
		kind: 'vote',
		input: 'I suspect seat 5, but I vote for seat 3.',
		expect: { target: 3, reason: 'I suspect seat 5, but I vote for seat 3.' }
	},
	{
		name: 'a target line that opens with the seat and then explains',
		kind: 'vote',
		input: 'Vote: 3 — seat 5 agreed with them too fast',
		expect: { target: 3 }
	},
	{
		name: 'a seat with the persona name',
		kind: 'vote',
		input: '{"target": "Seat 4 (Theo)"}',
		expect: { target: 4 }
	},
	{ name: 'empty vote', kind: 'vote', input: '', expect: error(REPLY_ERRORS.empty) },
	{
		name: 'the reason names the own word: dropped, the vote kept',
		kind: 'vote',
		input: '{"target": 4, "reason": "Seat 4 described an apple too closely."}',
		expect: { target: 4 }
	},
	// ---- votes, Chinese ----------------------------------------------------------------------
	{ name: '3号', kind: 'vote', ctx: ZH, input: '3号', expect: { target: 3 } },
	{ name: '3 号 with a space', kind: 'vote', ctx: ZH, input: '3 号', expect: { target: 3 } },
	{ name: '座位3', kind: 'vote', ctx: ZH, input: '座位3', expect: { target: 3 } },
	{ name: '投票：4号', kind: 'vote', ctx: ZH, input: '投票：4号', expect: { target: 4 } },
	{
		name: 'a Chinese vote sentence',
		kind: 'vote',
		ctx: ZH,
		input: '我投3号，因为他的描述太具体了。',
		expect: { target: 3, reason: '我投3号，因为他的描述太具体了。' }
	},
	{ name: '投一票 is not seat 1', kind: 'vote', ctx: ZH, input: '我投一票给3号。', expect: { target: 3 } },
	{ name: 'ambiguous: 3号或4号', kind: 'vote', ctx: ZH, input: '3号或4号', expect: /ambiguous.*\(3, 4\)/ },
	{
		name: 'seed 002 vote reason (Chinese)',
		kind: 'vote',
		ctx: ZH,
		input: '{"target": "5号", "reason": "贴身跟随是保镖特征，非区域值守型岗位。"}',
		expect: { target: 5, reason: '贴身跟随是保镖特征，非区域值守型岗位。' }
	},
	{
		name: 'a reason naming the own word is dropped (Chinese)',
		kind: 'vote',
		ctx: ZH,
		input: '{"target": 4, "reason": "他和我一样是保安"}',
		expect: { target: 4 }
	},
	{ name: 'a Chinese numeral', kind: 'vote', ctx: ZH, input: '{"target": "三号"}', expect: { target: 3 } },
	{
		name: 'votes for itself (Chinese)',
		kind: 'vote',
		ctx: ZH,
		input: '投票给2号',
		expect: /^you cannot vote for yourself \(seat 2\)$/
	},
	{ name: 'full-width digits', kind: 'vote', ctx: ZH, input: '３号', expect: { target: 3 } },
	{
		name: '思考： preamble then 投票：',
		kind: 'vote',
		ctx: ZH,
		input: '思考：3号说了贴身跟随，5号说值守。\n投票：3号',
		expect: { target: 3 }
	},
	{
		name: 'a dead seat (Chinese)',
		kind: 'vote',
		ctx: { ...ZH, alive: [1, 2, 3, 5] },
		input: '4号',
		expect: /^seat 4 is not in play/
	}
];

describe('parseReply corpus', () => {
	it('holds at least 60 real-looking replies', () => {
		expect(corpus.length).toBeGreaterThanOrEqual(60);
		expect(new Set(corpus.map((c) => c.name)).size).toBe(corpus.length);
	});

	it.each(corpus.map((c) => [c.name, c] as const))('%s', (_, c) => {
		const r = parseReply(c.kind, c.input, c.ctx ?? EN);
		if (c.expect instanceof RegExp || typeof c.expect === 'string') {
			if (c.input === LONG) return;
			expect(r.ok, JSON.stringify(r)).toBe(false);
			if (!r.ok) expect(r.error).toMatch(c.expect);
		} else {
			expect(r).toEqual({ ok: true, action: c.expect });
		}
	});

	it('never lets structure, markers or reasoning through into a speech', () => {
		for (const c of corpus) {
			if (c.kind === 'vote') continue;
			const r = parseReply(c.kind, c.input, c.ctx ?? EN);
			if (!r.ok) continue;
			const text = (r.action as { text: string }).text;
			expect(text, c.name).not.toMatch(/[{}]|```|meta\b|<\/?think|"speech"|^\d+[.)]\s/i);
			expect(text.length).toBeLessThanOrEqual(SPEECH_MAX_CHARS);
		}
	});

	it('cuts a long speech at a sentence end within 400 characters', () => {
		const r = parseReply('speak', LONG, EN);
		expect(r.ok).toBe(true);
		const text = (r as { action: { text: string } }).action.text;
		expect(text.length).toBeLessThanOrEqual(SPEECH_MAX_CHARS);
		expect(text.length).toBeGreaterThan(300);
		expect(text.endsWith('here.')).toBe(true);
	});
});

/**
 * Reading what language models really reply, small ones above all.
 *
 * Seed 002 found that small models copy the prompt's formats (numbered lists, metadata markers) into
 * their speech, leak JSON meant for the program into public text, and that reasoning models can spend
 * their whole token budget thinking. So this parser assumes every reply may be malformed: it strips
 * hidden reasoning (never shown publicly), cuts a speech at any spelling of a metadata marker, reads
 * JSON in fences, after prose, unquoted or truncated, and key-value lines. It never guesses: a reply
 * that points at two seats, or says the seat's own word, is rejected with an English sentence the
 * runner quotes back to the model on its retry.
 */
import {
	asObject,
	fieldDeep as pick,
	findJsonObjects,
	normKey,
	rawField,
	salvageReply,
	SALVAGE_ERRORS,
	spanField,
	stripReasoning as salvageStrip,
	withoutSpans
} from '../../salvage';
import { saysWord } from './text';
import type { Lang } from './words/types';

export type ReplyKind = 'speak' | 'defend' | 'vote';

export interface ReplyContext {
	self: number;
	alive: readonly number[];
	word: string | null;
	lang?: Lang;
}

export type ReplyAction = { text: string } | { target: number; reason?: string };

export type ParsedReply = { ok: true; action: ReplyAction } | { ok: false; error: string };

/** The rules reject longer speeches; the parser cuts at a sentence boundary instead. */
export const SPEECH_MAX_CHARS = 400;
const REASON_MAX_CHARS = 300;
const THOUGHTS_MAX_CHARS = 600;
/** A lesson's length cap; agents/lessons.ts holds the form to it, so a salvaged lesson is never cut twice. */
export const LESSON_MAX_CHARS = 200;

/** Errors quoted back to the model: plain English, each says what to do instead. */
export const REPLY_ERRORS = {
	...SALVAGE_ERRORS,
	noSpeech: 'the reply has no speech: put the words you say aloud in the "speech" field',
	emptySpeech: 'the speech was empty',
	cutOff: 'the reply was cut off before the speech was complete; answer in fewer words',
	cutOffVote: 'the reply was cut off before it named a seat; answer in fewer words',
	ownWord: 'the speech says your own secret word; describe it without naming it',
	noSeat: 'the reply names no seat: put the number of the seat you vote for in "target"'
} as const;

// ---------------------------------------------------------------------------------------------
// Hidden reasoning: the salvage module strips it; where an answer starts after a preamble is ours.

/** Where an answer starts after a reasoning preamble ("Thinking: … My speech: …"). */
const ANSWER_LABEL =
	/(^|[\s.。!！?？;；,，])((?:final answer|answer|output|response|reply|my speech|speech|defen[cs]e|my vote|vote|target|最终答案|最终回答|回答|答案|输出|我的发言|发言|答辩|我的投票|投票)\s*[:：])/i;
const STRIP = { preamble: { answerLabel: ANSWER_LABEL } };

/** A field's own value may carry reasoning too ("It is round <think>…"). */
const stripReasoning = (text: string) => salvageStrip(text, STRIP);

// ---------------------------------------------------------------------------------------------
// Metadata markers

/**
 * Every spelling of a metadata marker seen in the wild or one typo away: ###META###, ### META ###,
 * ####META####, [META], ---META---, <meta>, 【META】, **META**, a "META:" line. "meta" must stand
 * alone, so "metal" or "metaphor" in a speech is not a marker.
 */
const META_MARKER =
	/(?:#+|-{2,}|={2,}|\*{2,}|_{2,}|<\/?|\[|【|\|)[ \t]*meta(?:data)?(?![a-z])[ \t]*(?:#+|-{2,}|={2,}|\*{2,}|_{2,}|\/?>|\]|】|\|)?|(?:^|\n)[ \t]*meta(?:data)?[ \t]*[:：]/i;

function splitAtMeta(s: string): { before: string; after: string } {
	const m = META_MARKER.exec(s);
	if (!m) return { before: s, after: '' };
	return { before: s.slice(0, m.index), after: s.slice(m.index + m[0].length) };
}

function removeMeta(s: string): string {
	return s.replace(new RegExp(META_MARKER.source, 'gi'), '\n');
}

// ---------------------------------------------------------------------------------------------
// Key-value lines ("speech: ...", "target: 3", "投票：3号")

type LabelKind = 'speech' | 'target' | 'reason' | 'other';

const SPEECH_KEYS = [
	'speech',
	'defence',
	'defense',
	'text',
	'say',
	'statement',
	'description',
	'content',
	'message',
	'answer',
	'response',
	'reply',
	'output',
	'发言',
	'答辩',
	'描述',
	'内容',
	'回答'
];
const TARGET_KEYS = [
	'target',
	'vote',
	'seat',
	'suspect',
	'choice',
	'pick',
	'player',
	'eliminate',
	'投票',
	'目标',
	'座位',
	'选择',
	'怀疑',
	'怀疑对象',
	'投给'
];
const REASON_KEYS = ['reason', 'because', 'why', 'explanation', 'rationale', 'justification', '理由', '原因'];
/** Labels of structure or notes that never belong in public speech. */
const OTHER_KEYS = [
	'note',
	'notes',
	'confidence',
	'suspicion',
	'analysis',
	'thoughts',
	'thinking',
	'reasoning',
	'strategy',
	'meta',
	'备注',
	'分析',
	'策略',
	'想法',
	'思考'
];

const KV_LINE =
	/^[ \t]*(?:[-*>•][ \t]*)?["'“]?((?:my |final )?[A-Za-z][A-Za-z _-]{0,20}?|[\u4e00-\u9fff]{1,6})["'”]?[ \t]*[:：=][ \t]*(.*)$/;

function labelKind(label: string, kind: ReplyKind): LabelKind {
	const k = normKey(label.replace(/^(?:my|final)\s+/i, '').replace(/^我的/, ''));
	const has = (list: readonly string[]) => list.some((x) => normKey(x) === k);
	// For a vote, "answer: 3" is the vote; for a speech it is the speech.
	if (kind === 'vote' && ['answer', 'response', 'reply', 'output', '回答'].includes(k)) return 'target';
	if (has(SPEECH_KEYS)) return 'speech';
	if (has(TARGET_KEYS)) return 'target';
	if (has(REASON_KEYS)) return 'reason';
	if (has(OTHER_KEYS)) return 'other';
	return 'other';
}

interface KvField {
	kind: LabelKind;
	value: string;
}

/** Splits text into labelled fields (a value runs on to the next known label) and the unlabelled rest. */
function kvFields(text: string, kind: ReplyKind): { fields: KvField[]; rest: string } {
	const fields: KvField[] = [];
	const rest: string[] = [];
	let current: KvField | null = null;
	for (const line of text.split('\n')) {
		const m = KV_LINE.exec(line.replace(/\*\*|__/g, ''));
		const label = m?.[1];
		const known =
			label !== undefined &&
			(labelKind(label, kind) !== 'other' || OTHER_KEYS.some((x) => normKey(x) === normKey(label)));
		if (m && known && label !== undefined) {
			current = { kind: labelKind(label, kind), value: m[2] ?? '' };
			fields.push(current);
		} else if (current?.kind === 'speech' && line.trim()) {
			// A speech may run over several lines; any other field ends with its line.
			current.value += '\n' + line;
		} else {
			current = null;
			rest.push(line);
		}
	}
	for (const f of fields) f.value = f.value.trim().replace(/,$/, '').trim();
	return { fields, rest: rest.join('\n') };
}

// ---------------------------------------------------------------------------------------------
// Cleaning a speech for public view

const LEAD_LABEL =
	/^(?:(?:here(?:'s| is)\s+)?(?:my\s+|the\s+)?(?:speech|description|answer|response|reply|statement|defen[cs]e|final answer|output)(?:\s+is)?|(?:好的[，,]?\s*)?(?:我的)?(?:发言|描述|回答|答辩|陈述)(?:是|如下)?)\s*[:：]\s*/i;
/** The transcript's own line format, copied back: "Round 2, seat 3 (you):", "第2轮 3号（你）：". */
const SEAT_PREFIX =
	/^(?:(?:round\s*\d+\s*,?\s*)?(?:seat|player)\s*#?\s*\d+(?:\s*\([^)]{0,20}\))?(?:\s+defending)?|(?:第\s*\d+\s*轮\s*)?\d+\s*号(?:[（(][^)）]{0,10}[)）])*)\s*[:：]\s*/i;
const QUOTE_PAIRS: readonly (readonly [string, string])[] = [
	['"', '"'],
	["'", "'"],
	['“', '”'],
	['‘', '’'],
	['「', '」'],
	['『', '』'],
	['«', '»']
];

function stripQuotes(s: string): string {
	for (const [open, close] of QUOTE_PAIRS) {
		if (s.length >= 2 && s.startsWith(open) && s.endsWith(close)) {
			const inner = s.slice(open.length, s.length - close.length);
			if (!inner.includes(close)) return inner.trim();
		}
	}
	return s;
}

/** Strips structure a model copied into its speech, collapses whitespace and caps the length. */
function cleanText(text: string, max: number): string {
	let s = text.replace(/```[A-Za-z]*\n?/g, '\n').replace(/`([^`]*)`/g, '$1');
	const lines = s
		.split('\n')
		.map((l) =>
			l
				.replace(/^\s*#{1,6}\s+/, '')
				.replace(/^\s*>\s?/, '')
				.replace(/^\s*(?:\d{1,2}[.)]\s+|\d{1,2}\s*[、）]\s*|[(（]\d{1,2}[)）]\s*|[-*•·]\s+)/, '')
				.trim()
		)
		.filter(Boolean);
	// "Here is my speech:" on a line of its own is chatter, not speech.
	if (lines.length > 1 && /[:：]$/.test(lines[0] as string) && (lines[0] as string).length < 80)
		lines.shift();
	// Chinese lines join without a space; other lines with one.
	s = lines.reduce(
		(acc, l) => (!acc ? l : CJK_EDGE.test(acc.slice(-1) + l.charAt(0)) ? acc + l : `${acc} ${l}`),
		''
	);
	s = s.replace(/\*\*|__|~~/g, '').replace(/(^|[\s(])\*([^*\n]+)\*(?=[\s.,!?;:)]|$)/g, '$1$2');
	s = s.replace(/^\[\s*(["“][\s\S]*["”])\s*\]$/, '$1');
	s = s.replace(/[{}]/g, ' ');
	s = s.replace(/\s+/g, ' ').trim();
	for (let i = 0; i < 4; i++) {
		const before = s;
		s = stripQuotes(
			s
				.replace(LEAD_LABEL, '')
				.replace(SEAT_PREFIX, '')
				.replace(/^[,，]\s*/, '')
				.trim()
		);
		s = s.replace(/[,，]$/, '').trim();
		if (s === before) break;
	}
	return capAtSentence(s, max);
}

const SENTENCE_END = /[.!?。！？…]/;
const CJK_EDGE = /^[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{2}$/;

/** Cuts to at most `max` characters, at the last sentence end when there is one. */
function capAtSentence(s: string, max: number): string {
	if (s.length <= max) return s;
	const head = s.slice(0, max);
	for (let i = head.length - 1; i >= Math.floor(max / 4); i--) {
		const c = head[i] as string;
		if (!SENTENCE_END.test(c)) continue;
		const next = s[i + 1];
		// "3.5" is not a sentence end; a full stop needs a space, a quote or the end after it.
		if (c === '.' && next !== undefined && !/[\s"'”」』)]/.test(next)) continue;
		let end = i + 1;
		while (end < head.length && /["'”」』)]/.test(head[end] as string)) end++;
		return head.slice(0, end).trim();
	}
	let cut = max - 1;
	const space = head.lastIndexOf(' ', cut);
	if (space > max / 2) cut = space;
	// Never split a surrogate pair.
	if (/[\uD800-\uDBFF]/.test(head[cut - 1] ?? '')) cut--;
	return head.slice(0, cut).trimEnd() + '…';
}

/** Only the rest of a sentence cut off mid-way: up to its last sentence end, or nothing. */
function lastCompleteSentences(s: string): string {
	let end = -1;
	for (let i = 0; i < s.length; i++) {
		const c = s[i] as string;
		if (!SENTENCE_END.test(c)) continue;
		if (c === '.' && i + 1 < s.length && !/[\s"'”]/.test(s[i + 1] as string)) continue;
		// "3." at the very end may be "3.5" cut short.
		if (c === '.' && i + 1 === s.length && /\d/.test(s[i - 1] ?? '')) continue;
		end = i + 1;
	}
	return end > 0 ? s.slice(0, end) : '';
}

const isPlaceholder = (s: string) => /^[.…\s·]*$/.test(s) || /^<[^<>]*>$/.test(s) || /^〈[^〈〉]*〉$/.test(s);

function langOf(ctx: { lang?: Lang; word: string | null }): Lang {
	if (ctx.lang) return ctx.lang;
	return ctx.word && /[\u3400-\u9fff]/.test(ctx.word) ? 'zh' : 'en';
}

// ---------------------------------------------------------------------------------------------
// Speeches

type Found = { text: string; cutOff?: boolean } | null;

function speechIn(src: string, kind: ReplyKind, proseAllowed: boolean): Found {
	const objects = findJsonObjects(src);
	for (const o of objects) {
		const v = o.value ? pick(o.value, SPEECH_KEYS) : undefined;
		if (typeof v === 'string') return { text: v };
		if (!o.value) {
			const f = rawField(o.raw, SPEECH_KEYS);
			if (f && typeof f.value === 'string') return { text: f.value, cutOff: !f.complete };
		}
	}
	const prose = withoutSpans(src, objects);
	const { fields, rest } = kvFields(prose, kind);
	const labelled = fields.find((f) => f.kind === 'speech');
	if (labelled) return { text: labelled.value };
	if (proseAllowed && cleanText(rest, SPEECH_MAX_CHARS)) return { text: rest };
	// JSON with an unknown key: one string value can only be the speech.
	const strings = objects.flatMap((o) => Object.values(o.value ?? {}).filter((v) => typeof v === 'string'));
	if (strings.length === 1) return { text: strings[0] as string };
	return null;
}

function parseSpeech(kind: ReplyKind, answer: string, ctx: ReplyContext): ParsedReply {
	const { before, after } = splitAtMeta(answer);
	// What follows a marker is metadata: only a JSON speech field there is read, never its prose.
	const found = speechIn(before, kind, true) ?? (after ? speechIn(after, kind, false) : null);
	if (!found) return { ok: false, error: REPLY_ERRORS.noSpeech };
	let raw = found.text;
	if (found.cutOff) {
		raw = lastCompleteSentences(raw);
		if (!raw.trim()) return { ok: false, error: REPLY_ERRORS.cutOff };
	}
	// A speech value can itself carry a marker or reasoning ("It is round ###META### ...").
	const text = cleanText(splitAtMeta(stripReasoning(raw).answer).before, SPEECH_MAX_CHARS);
	if (!text || isPlaceholder(text)) return { ok: false, error: REPLY_ERRORS.emptySpeech };
	if (ctx.word && saysWord(text, ctx.word, langOf(ctx))) return { ok: false, error: REPLY_ERRORS.ownWord };
	return { ok: true, action: { text } };
}

// ---------------------------------------------------------------------------------------------
// Votes

const EN_NUMBERS: Record<string, number> = {
	one: 1,
	two: 2,
	three: 3,
	four: 4,
	five: 5,
	six: 6,
	seven: 7,
	eight: 8,
	nine: 9,
	ten: 10
};
const ZH_NUMBERS: Record<string, number> = {
	一: 1,
	二: 2,
	两: 2,
	三: 3,
	四: 4,
	五: 5,
	六: 6,
	七: 7,
	八: 8,
	九: 9,
	十: 10
};
const NUM = '(?:\\d+(?:\\.\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|[一二两三四五六七八九十])';
const SEAT_WORD = '(?:seats?|players?|number|no\\.|座位|玩家)';
const ALT = '(?:\\s*(?:,|、|，|&|/|\\bor\\b|\\band\\b|或者|或|和|与)\\s*)';
/** One seat reference as a whole value: "3", "#3", "seat 3", "Seat #3", "座位3", "3 号", "player three". */
const SEAT_VALUE = new RegExp(`^(?:${SEAT_WORD}\\s*)?[#＃]?\\s*(${NUM})\\s*(?:号)?(?:玩家|座位)?$`, 'i');
const SEAT_ALTERNATIVES = new RegExp(
	`^(?:${SEAT_WORD}\\s*)?#?\\s*${NUM}\\s*号?(?:${ALT}(?:${SEAT_WORD}\\s*)?#?\\s*${NUM}\\s*号?)+$`,
	'i'
);
const LEADING_SEAT = new RegExp(`^(${SEAT_WORD}\\s*)?[#＃]?\\s*(${NUM})(?![\\w.])\\s*号?`, 'i');
const ALT_NEXT = new RegExp(`^${ALT}(?:${SEAT_WORD}\\s*)?#?\\s*${NUM}`, 'i');
/** Seat mentions in prose; a list ("seats 3 and 5", "3、5号") yields each seat. */
const MENTIONS: readonly RegExp[] = [
	new RegExp(`(?<![\\w])${SEAT_WORD}\\s*#?\\s*(${NUM}(?:${ALT}#?\\s*${NUM}(?![\\w.]))*)`, 'gi'),
	/(?<![\w&#])#\s?(\d+)(?!\d)/g,
	new RegExp(`(?<![\\d.])(${NUM}(?:${ALT}${NUM})*)\\s*号`, 'g')
];
/**
 * Declarations of a vote in prose: "I vote for seat 3", "my vote is 4", "我投3号", "投票给5号".
 * Suspicion is not a vote: "I suspect seat 5, but I vote for seat 3" votes for 3.
 * Group 1 is the seat word if any, group 2 the number, group 3 an alternative ("or 4").
 */
const VOTE_PHRASES: readonly RegExp[] = [
	new RegExp(
		`\\b(?:vote|choose|pick|select|eliminate)\\s*[:：]?\\s*(?:for\\s+|out\\s+)?(${SEAT_WORD}\\s*)?#?\\s*(${NUM})(?![\\w])(${ALT}(?:${SEAT_WORD}\\s*)?#?\\s*${NUM}(?![\\w]))?`,
		'gi'
	),
	new RegExp(
		`\\bmy\\s+(?:vote|choice|pick|target|answer)\\s*(?:is|goes to|:|：|=|->|→)\\s*(${SEAT_WORD}\\s*)?#?\\s*(${NUM})(?![\\w])(${ALT}(?:${SEAT_WORD}\\s*)?#?\\s*${NUM}(?![\\w]))?`,
		'gi'
	),
	// A Chinese numeral needs 号 after it: "投一票" is one ballot, not seat 1.
	new RegExp(
		`(?:投票给|投给|投|我选择?|选择|淘汰)\\s*(第)?\\s*(\\d+(?:\\.\\d+)?(?=\\s*号|[^\\d.]|$)|[一二两三四五六七八九十](?=\\s*号))\\s*号?(${ALT}第?\\s*${NUM}\\s*号)?`,
		'g'
	)
];

type SeatRead =
	| { kind: 'seat'; n: number }
	| { kind: 'many'; ns: number[] }
	| { kind: 'fraction'; raw: string }
	| { kind: 'none' };

function numberOf(token: string): number {
	const t = token.toLowerCase();
	return EN_NUMBERS[t] ?? ZH_NUMBERS[t] ?? Number(t);
}

function seatOfNumber(n: number, raw: string): SeatRead {
	return Number.isInteger(n) ? { kind: 'seat', n } : { kind: 'fraction', raw };
}

function numbersIn(s: string): string[] {
	return s.match(new RegExp(NUM, 'gi')) ?? [];
}

function mentionsIn(prose: string): number[] {
	const out: number[] = [];
	for (const re of MENTIONS)
		for (const m of prose.matchAll(re)) for (const t of numbersIn(m[1] ?? '')) out.push(numberOf(t));
	return out.filter((n) => Number.isFinite(n));
}

/** A target field's value: a number, a numeric string, a seat notation, or something ambiguous. */
function readSeat(v: unknown): SeatRead {
	if (typeof v === 'number') return seatOfNumber(v, String(v));
	if (Array.isArray(v)) return v.length === 1 ? readSeat(v[0]) : { kind: 'many', ns: v.map(Number) };
	const obj = asObject(v);
	if (obj) return readSeat(pick(obj, TARGET_KEYS));
	if (typeof v !== 'string') return { kind: 'none' };
	const s = stripQuotes(v.replace(/\*\*|__/g, '').trim())
		.replace(/[.。!！]+$/, '')
		.trim();
	const single = SEAT_VALUE.exec(s);
	if (single?.[1]) return seatOfNumber(numberOf(single[1]), s);
	if (SEAT_ALTERNATIVES.test(s)) return { kind: 'many', ns: numbersIn(s).map(numberOf) };
	// A value that opens with a seat ("3 — seat 5 agreed", "Seat 3 (Vera)") means that seat.
	const lead = LEADING_SEAT.exec(s);
	const leadToken = lead?.[2] ?? '';
	if (lead && !(/^[a-z]+$/i.test(leadToken) && !lead[1]) && !ALT_NEXT.test(s.slice(lead[0].length)))
		return seatOfNumber(numberOf(leadToken), s);
	const mentioned = [...new Set(mentionsIn(s))];
	if (mentioned.length === 1) return seatOfNumber(mentioned[0] as number, s);
	if (mentioned.length > 1) return { kind: 'many', ns: mentioned };
	if (/^-?\d+\.\d+$/.test(s)) return { kind: 'fraction', raw: s };
	return { kind: 'none' };
}

function listSeats(ns: readonly number[]): string {
	return [...new Set(ns)].sort((a, b) => a - b).join(', ');
}

function parseVote(answer: string, ctx: ReplyContext): ParsedReply {
	const text = removeMeta(answer).replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
	const declared: SeatRead[] = [];
	let reason: string | undefined;
	const objects = findJsonObjects(text);
	for (const o of objects) {
		const t = spanField(o, TARGET_KEYS);
		if (t !== undefined) declared.push(readSeat(t));
		if (reason !== undefined) continue;
		if (o.value) {
			const r = pick(o.value, REASON_KEYS);
			if (typeof r === 'string') reason = r;
		} else {
			// A reason cut off mid-sentence keeps only its whole sentences.
			const r = rawField(o.raw, REASON_KEYS);
			if (typeof r?.value === 'string') reason = r.complete ? r.value : lastCompleteSentences(r.value);
		}
	}
	const prose = withoutSpans(text, objects);
	const { fields, rest } = kvFields(prose, 'vote');
	for (const f of fields) {
		if (f.kind === 'target') declared.push(readSeat(f.value));
		else if (f.kind === 'reason' && reason === undefined) reason = f.value;
	}
	// The unlabelled prose: explicit vote phrases, lines that are only a seat, and mere mentions.
	const mentioned = new Set<number>();
	for (const re of VOTE_PHRASES)
		for (const m of rest.matchAll(re)) {
			const token = m[2] ?? '';
			// "pick one of them" is not seat 1: a number word counts only after "seat" or "player".
			if (/^[a-z]+$/i.test(token) && !m[1]) continue;
			const n = numberOf(token);
			declared.push(
				m[3] ? { kind: 'many', ns: [n, ...numbersIn(m[3]).map(numberOf)] } : seatOfNumber(n, token)
			);
			if (Number.isInteger(n)) mentioned.add(n);
		}
	const proseLines: string[] = [];
	for (const line of rest.split('\n')) {
		const bare = stripQuotes(
			line
				.replace(/\*\*|__/g, '')
				.trim()
				.replace(/[.。!！]+$/, '')
				.trim()
		);
		if (!SEAT_VALUE.test(bare) && !SEAT_ALTERNATIVES.test(bare)) {
			proseLines.push(line);
			continue;
		}
		const r = readSeat(bare);
		declared.push(r);
		if (r.kind === 'seat') mentioned.add(r.n);
	}
	for (const n of mentionsIn(rest)) mentioned.add(n);

	const many = declared.find((d) => d.kind === 'many');
	if (many?.kind === 'many') return ambiguous(many.ns);
	const fraction = declared.find((d) => d.kind === 'fraction');
	if (fraction?.kind === 'fraction')
		return { ok: false, error: `the target must be a whole seat number, not "${fraction.raw}"` };
	const seats = [...new Set(declared.flatMap((d) => (d.kind === 'seat' ? [d.n] : [])))];
	let target: number;
	if (seats.length > 1) return ambiguous(seats);
	if (seats.length === 1) {
		target = seats[0] as number;
		// The JSON says one seat while the surrounding text talks only of others: which did it mean?
		if (mentioned.size > 0 && !mentioned.has(target)) return ambiguous([target, ...mentioned]);
	} else {
		const only = [...mentioned];
		if (only.length > 1) return ambiguous(only);
		if (only.length === 0)
			return {
				ok: false,
				error: objects.some((o) => !o.complete) ? REPLY_ERRORS.cutOffVote : REPLY_ERRORS.noSeat
			};
		target = only[0] as number;
	}

	const others = ctx.alive.filter((s) => s !== ctx.self);
	if (target === ctx.self) return { ok: false, error: `you cannot vote for yourself (seat ${ctx.self})` };
	if (target < 1)
		return { ok: false, error: `there is no seat ${target}; vote for one of ${listSeats(others)}` };
	if (!ctx.alive.includes(target))
		return { ok: false, error: `seat ${target} is not in play; vote for one of ${listSeats(others)}` };

	const lang = langOf(ctx);
	const said = proseLines.join('\n');
	// Prose is a reason only when it says more than the vote itself ("My vote is 4." says nothing more).
	const residue = [...VOTE_PHRASES, ...MENTIONS]
		.reduce((acc, re) => acc.replace(re, ' '), said)
		.replace(/\b(?:my|is|vote|i)\b|[我投票给选择一]/gi, '');
	const substantive = /\p{L}{3,}[\s\S]*\p{L}{3,}|[\u3400-\u9fff]{2,}/u.test(residue);
	let why =
		reason !== undefined
			? cleanText(stripReasoning(reason).answer, REASON_MAX_CHARS)
			: substantive
				? cleanText(said, REASON_MAX_CHARS)
				: '';
	// A reason is public once shown: one that names the seat's own word is dropped, not the vote.
	if (why && ctx.word && saysWord(why, ctx.word, lang)) why = '';
	return { ok: true, action: why ? { target, reason: why } : { target } };
}

function ambiguous(ns: readonly number[]): ParsedReply {
	return {
		ok: false,
		error: `the reply is ambiguous: it names more than one seat (${listSeats(ns)}); vote for exactly one`
	};
}

// ---------------------------------------------------------------------------------------------

/**
 * Reads a speech (`{ text }`) or a vote (`{ target, reason? }`) from a model's raw reply, or says in
 * one English sentence why it cannot.
 */
export function parseReply(kind: ReplyKind, text: string, ctx: ReplyContext): ParsedReply {
	// A reply may be one JSON string literal ("{\"speech\": ...}" double-encoded, or a quoted speech).
	const reply = salvageReply(text, STRIP);
	if (!reply.ok) return reply;
	return kind === 'vote' ? parseVote(reply.answer, ctx) : parseSpeech(kind, reply.answer, ctx);
}

// ---------------------------------------------------------------------------------------------
// Private replies: the god view's monologue, and the lesson after a game

export type ParsedMonologue = { ok: true; thoughts: string; suspect?: number } | { ok: false; error: string };

const THOUGHT_KEYS = [
	'thoughts',
	'thought',
	'reading',
	'analysis',
	'monologue',
	'text',
	'独白',
	'分析',
	'想法'
];

/** A private reading of the table. The suspect is kept only when it is a seat one could vote for. */
export function parseMonologue(
	text: string,
	ctx: { self: number; alive: readonly number[] }
): ParsedMonologue {
	const reply = salvageReply(text, { ...STRIP, unwrap: false });
	if (!reply.ok) return reply;
	const body = removeMeta(reply.answer);
	const objects = findJsonObjects(body);
	let thoughts: unknown;
	let suspect: unknown;
	for (const o of objects) {
		thoughts ??= spanField(o, THOUGHT_KEYS);
		suspect ??= spanField(o, TARGET_KEYS);
	}
	if (typeof thoughts !== 'string') thoughts = withoutSpans(body, objects);
	const clean = cleanText(thoughts as string, THOUGHTS_MAX_CHARS);
	if (!clean || isPlaceholder(clean)) return { ok: false, error: 'the reply has no thoughts' };
	const s = suspect === undefined ? { kind: 'none' as const } : readSeat(suspect);
	const valid = s.kind === 'seat' && s.n !== ctx.self && ctx.alive.includes(s.n);
	return valid ? { ok: true, thoughts: clean, suspect: s.n } : { ok: true, thoughts: clean };
}

export type LessonInReply = { ok: true; text: string } | { ok: false; error: string };

const LESSON_KEYS = ['lesson', 'rule', 'advice', '经验', '教训'];

/**
 * The lesson sentence a reflection reply carries, salvaged like any reply (reasoning, JSON, markers,
 * copied structure). Whether it is a lesson is not decided here: `parseLesson` (agents/lessons.ts)
 * is the one place the enforced form is checked, for a model's lesson and a person's alike.
 */
export function lessonInReply(text: string): LessonInReply {
	const reply = salvageReply(text, { ...STRIP, unwrap: false });
	if (!reply.ok) return reply;
	const body = splitAtMeta(reply.answer).before;
	const objects = findJsonObjects(body);
	let lesson: unknown;
	for (const o of objects) lesson ??= spanField(o, LESSON_KEYS);
	if (typeof lesson !== 'string') lesson = withoutSpans(body, objects);
	const clean = cleanText(
		(lesson as string).replace(/^\s*(?:lesson|经验|教训)\s*[:：]\s*/i, ''),
		LESSON_MAX_CHARS
	);
	if (!clean) return { ok: false, error: 'the reply has no lesson' };
	return { ok: true, text: clean };
}

/**
 * Prompts for the undercover game, in English and Chinese, built only from what one seat may see
 * (its UndercoverObservation) and, for the lesson after a game, a public summary passed in explicitly.
 *
 * Rules of the wording, each learnt the hard way (seed 002 and the published finding on option order):
 * - The game is described without its role names, so a prompt can be checked for leaked roles: the
 *   words "undercover", "civilian", 卧底 and 平民 never appear. Nor does any word of any word pack
 *   (a test checks every pack word against the fixed text), so a prompt cannot hint at a hidden word.
 * - No numbered lists or "1. 2. 3." format instructions: small models copy them into their speech.
 *   The reply is described as one JSON object with named fields, and never with an example value
 *   (a model copies the example instead of answering).
 * - Vote options are shuffled from the seed when an rng is given, and the order used is returned.
 * - History is split into parts so `fitToContext` can drop the oldest public speeches first.
 * - A retry quotes why the last reply was refused in the prompt's language (`errorIn`): the parser's
 *   English sentence, put into Chinese for a Chinese game.
 */
import type { SeatId, Stream } from '../../core';
import type { ByLang } from '../shared/lang';
import type { PromptPart } from '../shared/prompt';
import { budgetFor, reserveFor, type ReplyBudget } from '../shared/reply-budget';
import { errorIn } from './errors';
import type { Lang } from './words/types';
import type {
	Role,
	SeatPersona,
	Speech,
	UndercoverObservation,
	UndercoverState,
	Vote,
	Winner
} from './state';

export type PromptKind = 'speak' | 'defend' | 'vote' | 'monologue' | 'reflect';
export type ActionKind = 'speak' | 'defend' | 'vote';

export interface Prompt {
	kind: PromptKind;
	lang: Lang;
	messages: PromptPart[];
	/** The vote options in the order the prompt listed them (they bias votes, so record them). */
	optionOrder?: SeatId[];
}

export interface PromptOptions {
	/** Shuffles the vote options; without it they are listed in seat order. */
	rng?: Stream;
	/** The seats that may be voted for (the ask's options); defaults to what the observation implies. */
	options?: readonly SeatId[];
	/** Why the previous reply was rejected (on a retry): quoted so the model can correct itself. */
	previousError?: string;
	/**
	 * The seat's own lessons from earlier games, best first (retrieved by the policy): listed under
	 * "Lessons from earlier games". None, or an empty list, adds nothing to the prompt.
	 */
	lessons?: readonly string[];
	/**
	 * The seat's private notes from this game (its earlier suspicions and why, see agents/notes):
	 * listed under "Your private notes". None adds nothing.
	 */
	notes?: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Reply budgets

/**
 * Completion tokens per reply, sized for a 0.5B model that answers at once: a speech is a sentence or
 * two (192 tokens hold two Chinese sentences even at a byte per token), a vote a seat and a short
 * reason. A larger budget only lets a small model ramble until it is cut (measured: a 260K model used
 * all 1,024). A reasoning model gets the seed's figures (speech 8000, monologue 4000, vote 4000,
 * reflection 6000 tokens).
 */
export const REPLY_BUDGET: Readonly<Record<PromptKind, ReplyBudget>> = {
	speak: { plain: 192, reasoning: 8000 },
	defend: { plain: 192, reasoning: 8000 },
	vote: { plain: 96, reasoning: 4000 },
	monologue: { plain: 192, reasoning: 4000 },
	reflect: { plain: 160, reasoning: 6000 }
};

export function replyBudget(kind: PromptKind, reasoning = false): { maxTokens: number } {
	return { maxTokens: budgetFor(REPLY_BUDGET[kind], reasoning) };
}

/** The tokens held back for the reply when fitting a prompt (`reserveFor`). */
export function replyReserve(kind: PromptKind, contextWindow: number, reasoning = false): number {
	return reserveFor(budgetFor(REPLY_BUDGET[kind], reasoning), contextWindow);
}

// ---------------------------------------------------------------------------------------------
// The public game summary for the lesson after a game

export type Side = 'majority' | 'minority' | 'blank';

export interface RevealedSeat {
	seat: SeatId;
	word: string | null;
	side: Side;
}

/**
 * What a seat may be told about a game when it reflects. Words and sides exist only in the `over`
 * variant: while a game runs, the summary is as public as the observation.
 */
export type GameSummary =
	| { over: false; rounds: number; eliminated: readonly SeatId[] }
	| {
			over: true;
			rounds: number;
			eliminated: readonly SeatId[];
			winner: 'majority' | 'minority' | 'draw';
			commonWord: string;
			differentWord: string;
			seats: readonly RevealedSeat[];
	  };

export interface ReflectInput {
	observation: UndercoverObservation;
	summary: GameSummary;
}

const SIDE: Record<Role, Side> = { civilian: 'majority', undercover: 'minority', blank: 'blank' };
const WINNER: Record<Winner, 'majority' | 'minority' | 'draw'> = {
	civilians: 'majority',
	undercover: 'minority',
	draw: 'draw'
};

/** The summary of a game as it stands: the reveal only once the game has an outcome. */
export function summaryFromState(s: UndercoverState): GameSummary {
	const eliminated = s.eliminations.map((e) => e.seat);
	if (!s.outcome || !s.deal) return { over: false, rounds: s.roundsCompleted, eliminated };
	return {
		over: true,
		rounds: s.roundsCompleted,
		eliminated,
		winner: WINNER[s.outcome.winner],
		commonWord: s.deal.civilianWord,
		differentWord: s.deal.undercoverWord,
		seats: s.seats.map((x) => ({ seat: x.id, word: x.word, side: SIDE[x.role] }))
	};
}

// ---------------------------------------------------------------------------------------------
// Wording

type SummaryWinner = 'majority' | 'minority' | 'none';
const winnerOf = (s: GameSummary): SummaryWinner =>
	'winner' in s && (s.winner === 'majority' || s.winner === 'minority') ? s.winner : 'none';

interface Phrases {
	rules(seats: readonly SeatId[]): string;
	persona(p: SeatPersona, seat: SeatId): string;
	word(word: string | null): string;
	historyHead: string;
	nothingYet: string;
	omitted: string;
	speech(s: Readonly<Speech>, you: boolean): string;
	votes(round: number, revote: boolean, votes: readonly Readonly<Vote>[]): string;
	status(round: number, alive: readonly SeatId[], out: readonly SeatId[]): string;
	speak: string;
	defend(tied: readonly SeatId[]): string;
	vote(options: readonly SeatId[], revote: boolean): string;
	monologue: string;
	reflect: string;
	retry(error: string): string;
	lessonsHead: string;
	notesHead: string;
}

const andList = (xs: readonly string[], and: string, sep = ', ') =>
	xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(sep)}${and}${xs[xs.length - 1]}`;

/** "seat 3", "seats 3 and 5". */
const seatList = (seats: readonly SeatId[]) =>
	`seat${seats.length === 1 ? '' : 's'} ${andList(seats.map(String), ' and ')}`;

const EN: Phrases = {
	rules: (seats) =>
		`A word game for ${seats.length} players, in seats ${andList(seats.map(String), ' and ')}. ` +
		'Most players share one secret word; one or two hold a different but related word, and one may hold none. ' +
		'Nobody knows whether their own word is the common one. ' +
		'Each round, everyone describes their word in a sentence or two without saying it, then votes for whoever they think holds a different word; the player with the most votes is out. ' +
		'The common word wins once every different word is out; the others win if they last until they are as many as the rest.',
	persona: (p, seat) =>
		`You are ${p.name} (${p.temperament}), in seat ${seat}. ${p.style} Speak in that manner.`,
	word: (w) =>
		w === null
			? 'You were given no word: you do not know the word the others share. Listen closely and stay vague enough to blend in.'
			: `Your secret word is "${w}". Never say your word.`,
	historyHead: 'What has been said so far:',
	nothingYet: 'Nobody has spoken yet.',
	omitted: '(Earlier speeches are left out to save space.)',
	speech: (s, you) =>
		`Round ${s.round}, seat ${s.seat}${you ? ' (you)' : ''}${s.kind === 'defence' ? ' defending' : ''}: ${s.text ?? '(said nothing)'}`,
	votes: (round, revote, votes) =>
		`Round ${round} ${revote ? 'revote' : 'vote'}: ` +
		votes
			.map((v) => (v.target === null ? `seat ${v.voter} did not vote` : `seat ${v.voter} → seat ${v.target}`))
			.join('; ') +
		'.',
	status: (round, alive, out) =>
		`It is round ${round}. Still in play: ${seatList(alive)}.` +
		(out.length ? ` Out: ${seatList(out)}.` : ''),
	speak:
		'Your turn to speak. Describe your word in one or two short sentences: true of it, but not so exact that someone with a related word could tell which one you hold. ' +
		'If the others seem to describe a different word, stay vague enough to blend in. Never say your word. ' +
		'Reply with only a JSON object with one field, "speech": the words you say aloud.',
	defend: (tied) =>
		`The vote was tied between seats ${andList(tied.map(String), ' and ')}, and you are one of them. ` +
		'Before the others vote again, convince them in one or two short sentences that your word is the common one. Never say your word. ' +
		'Reply with only a JSON object with one field, "speech": the words you say aloud.',
	vote: (options, revote) =>
		(revote
			? 'The vote was tied and the tied players have defended themselves. Vote again among them. '
			: 'Time to vote. ') +
		'Which player do you think holds a different word from the others? ' +
		`You may vote for ${andList(
			options.map((s) => `seat ${s}`),
			' or '
		)}; not for yourself. ` +
		'Reply with only a JSON object with two fields: "target", the number of the seat you vote for, and "reason", one short sentence.',
	monologue:
		'Think privately; the other players never see this. What word do the others seem to describe? Does yours look like the common word or the different one? Who most likely holds a different word, and why? ' +
		'Reply with only a JSON object with two fields: "thoughts", a few sentences, and "suspect", the number of the seat you suspect most.',
	reflect:
		'Write one lesson for your future games, in the form "when <situation>, <what to do>": a concrete situation and a concrete action, not a vague wish such as "be more careful". ' +
		'Do not mention this game\'s words. Reply with only a JSON object with one field, "lesson".',
	retry: (error) => `Your previous reply was rejected: ${error}. Reply again.`,
	lessonsHead: 'Lessons from earlier games (your own notes; follow one when its situation fits):',
	notesHead: 'Your private notes from this game (only you see them):'
};

const zhSeats = (seats: readonly SeatId[], or = false) =>
	andList(
		seats.map((s) => `${s}号`),
		or ? '或' : '和',
		'、'
	);

const ZH: Phrases = {
	rules: (seats) =>
		`你在玩一个描述词语的游戏，共${seats.length}位玩家，座位是${zhSeats(seats)}。` +
		'多数玩家拿到同一个秘密词语，一两位玩家拿到一个相近但不同的词语，也可能有一位什么词也没拿到。' +
		'谁都不知道自己的词是不是多数人的那个。' +
		'每轮每位玩家用一两句话描述自己的词，但不能说出它；然后大家投票选出最像拿到不同词的人，得票最多的出局。' +
		'拿到不同词的人全部出局时，多数一方获胜；如果他们坚持到人数和其余玩家一样多，他们获胜。',
	persona: (p, seat) => `你是${p.name}（${p.temperament}），坐在${seat}号。${p.style}请用这种风格说话。`,
	word: (w) =>
		w === null
			? '你没有拿到词：你不知道其他人共有的那个词。仔细听，说得含糊些，好融入大家。'
			: `你的秘密词是「${w}」。绝不能说出你的词。`,
	historyHead: '目前为止的发言：',
	nothingYet: '还没有人发言。',
	omitted: '（更早的发言已省略。）',
	speech: (s, you) =>
		`第${s.round}轮 ${s.seat}号${you ? '（你）' : ''}${s.kind === 'defence' ? '（答辩）' : ''}：${s.text ?? '（没有发言）'}`,
	votes: (round, revote, votes) =>
		`第${round}轮${revote ? '重新投票' : '投票'}：` +
		votes.map((v) => (v.target === null ? `${v.voter}号弃票` : `${v.voter}号→${v.target}号`)).join('，') +
		'。',
	status: (round, alive, out) =>
		`现在是第${round}轮。场上还有：${zhSeats(alive)}。` + (out.length ? `已出局：${zhSeats(out)}。` : ''),
	speak:
		'轮到你发言了。用一两句简短的话描述你的词：要符合你的词，但不要具体到让拿着相近词的人一听就能分辨。' +
		'如果别人描述的似乎和你的词不一样，就说得含糊些，好融入大家。绝不能说出你的词。' +
		'只回复一个JSON对象，含一个字段"speech"，内容是你要说出口的话。',
	defend: (tied) =>
		`投票出现平票，${zhSeats(tied)}并列最高，你是其中之一。` +
		'大家重新投票之前，请再说一两句，让大家相信你的词是多数人的那个：要符合你的词。绝不能说出你的词。' +
		'只回复一个JSON对象，含一个字段"speech"，内容是你要说出口的话。',
	vote: (options, revote) =>
		(revote ? '投票出现平票，并列的玩家已经答辩。请在他们之中重新投票。' : '现在投票。') +
		`你认为谁拿到的词和其他人不同？你可以投${zhSeats(options, true)}，不能投自己。` +
		'只回复一个JSON对象，含两个字段："target"，你要投的座位号（数字）；"reason"，一句简短的理由。',
	monologue:
		'这是你的内心独白，其他玩家永远看不到。其他人描述的似乎是什么词？你的词像是多数人的那个，还是不同的那个？谁最像拿到不同词的人，为什么？' +
		'只回复一个JSON对象，含两个字段："thoughts"，几句话的分析；"suspect"，你最怀疑的座位号。',
	reflect:
		'为今后的游戏写一条经验，格式必须是"当<局面>时，<做法>"：一个具体的局面加一个具体的做法，不要写"下次要更细心"这种空话。' +
		'不要提到这局的词。只回复一个JSON对象，含一个字段"lesson"。',
	retry: (error) => `你上一次的回复被拒绝了：${errorIn('zh', error)}。请重新回复。`,
	lessonsHead: '以往对局的经验（你自己的笔记；局面相符时照做）：',
	notesHead: '你在本局的私人笔记（只有你能看到）：'
};

export const PHRASES: ByLang<Phrases> = { en: EN, zh: ZH };

/** What the end-of-game summary says, per language; `summaryText` puts the sentences together. */
interface SummaryWords {
	/** What stands between two sentences. */
	gap: string;
	votedOut(seats: readonly SeatId[]): string;
	nobodyOut: string;
	stopped(rounds: number): string;
	over(rounds: number, commonWord: string, differentWord: string): string;
	/** The seat's own word, by its side. */
	held: Record<Side, string>;
	minorityHeld(seats: readonly SeatId[]): string;
	blankHeld(seats: readonly SeatId[]): string;
	won: Record<SummaryWinner, string>;
}

const SUMMARY_WORDS: ByLang<SummaryWords> = {
	en: {
		gap: ' ',
		votedOut: (seats) => `Voted out, in order: ${seats.map((x) => `seat ${x}`).join(', ')}.`,
		nobodyOut: 'Nobody was voted out.',
		stopped: (rounds) => `The game stopped after ${rounds} round(s), before the words were revealed.`,
		over: (rounds, common, different) =>
			`The game is over after ${rounds} round(s). The common word was "${common}" and the different word was "${different}".`,
		held: {
			minority: 'You held the different word.',
			blank: 'You held no word.',
			majority: 'You held the common word.'
		},
		minorityHeld: (seats) =>
			`Seat${seats.length > 1 ? 's' : ''} ${andList(seats.map(String), ' and ')} held the different word.`,
		blankHeld: (seats) => `Seat ${seats.join(', ')} held no word.`,
		won: {
			majority: 'The players with the common word won.',
			minority: 'The players with the different word won.',
			none: 'It ended without a winner.'
		}
	},
	zh: {
		gap: '',
		votedOut: (seats) => `出局顺序：${seats.map((x) => `${x}号`).join('、')}。`,
		nobodyOut: '没有人出局。',
		stopped: (rounds) => `游戏在${rounds}轮后中止，词还没有揭晓。`,
		over: (rounds, common, different) =>
			`游戏结束，共进行了${rounds}轮。多数人的词是「${common}」，不同的词是「${different}」。`,
		held: { minority: '你拿到的是不同的词。', blank: '你没有拿到词。', majority: '你拿到的是多数人的词。' },
		minorityHeld: (seats) => `${zhSeats(seats)}拿到的是不同的词。`,
		blankHeld: (seats) => `${zhSeats(seats)}没有拿到词。`,
		won: {
			majority: '拿到多数人词的玩家获胜。',
			minority: '拿到不同词的玩家获胜。',
			none: '本局没有胜者。'
		}
	}
};

/** The game as `self` may be told it after the game, in its language: the reveal only once it is over. */
function summaryText(lang: Lang, s: GameSummary, self: SeatId): string {
	const w = SUMMARY_WORDS[lang];
	const out = s.eliminated.length ? w.votedOut(s.eliminated) : w.nobodyOut;
	if (!s.over) return [w.stopped(s.rounds), out].join(w.gap);
	const seatsOn = (side: Side) => s.seats.filter((x) => x.side === side).map((x) => x.seat);
	const minority = seatsOn('minority');
	const blank = seatsOn('blank');
	return [
		w.over(s.rounds, s.commonWord, s.differentWord),
		w.held[s.seats.find((x) => x.seat === self)?.side ?? 'majority'],
		...(minority.length ? [w.minorityHeld(minority)] : []),
		...(blank.length ? [w.blankHeld(blank)] : []),
		w.won[winnerOf(s)],
		out
	].join(w.gap);
}

// ---------------------------------------------------------------------------------------------
// Building

function systemParts(obs: UndercoverObservation): PromptPart[] {
	const t = PHRASES[obs.lang];
	return [
		{
			role: 'system',
			content: [t.rules(obs.seats), t.persona(obs.persona, obs.seat), t.word(obs.word)].join('\n\n')
		}
	];
}

/**
 * The public history, oldest first: each round's speeches, its vote, its defences, its revote. Every
 * line is its own part, so the oldest can be dropped first; the current round's are `recent`.
 */
function historyParts(obs: UndercoverObservation): PromptPart[] {
	const t = PHRASES[obs.lang];
	const lines: { round: number; content: string }[] = [];
	const rounds = [...new Set([...obs.speeches.map((s) => s.round), ...obs.votes.map((v) => v.round)])].sort(
		(a, b) => a - b
	);
	for (const r of rounds) {
		const said = (kind: Speech['kind']) => obs.speeches.filter((s) => s.round === r && s.kind === kind);
		const voted = (revote: boolean) =>
			obs.votes.filter((v) => v.round === r && v.stage === (revote ? 'revote' : 'vote'));
		for (const s of said('speech')) lines.push({ round: r, content: t.speech(s, s.seat === obs.seat) });
		if (voted(false).length) lines.push({ round: r, content: t.votes(r, false, voted(false)) });
		for (const s of said('defence')) lines.push({ round: r, content: t.speech(s, s.seat === obs.seat) });
		if (voted(true).length) lines.push({ round: r, content: t.votes(r, true, voted(true)) });
	}
	if (!lines.length) return [{ role: 'user', content: t.nothingYet }];
	const parts: PromptPart[] = [
		{ role: 'user', content: t.historyHead },
		{ role: 'user', content: t.omitted, omission: true }
	];
	lines.forEach((l, i) =>
		parts.push(
			l.round < obs.round
				? { role: 'user', content: l.content, drop: i }
				: { role: 'user', content: l.content, recent: i }
		)
	);
	return parts;
}

/**
 * The seat's lessons, as a second system part (merged into the system message, never dropped when
 * fitting: they are few and short). Bulleted, not numbered: small models copy numbering.
 */
function lessonParts(obs: UndercoverObservation, opts: PromptOptions): PromptPart[] {
	const lessons = (opts.lessons ?? []).map((l) => l.trim()).filter(Boolean);
	if (!lessons.length) return [];
	const t = PHRASES[obs.lang];
	return [{ role: 'system', content: [t.lessonsHead, ...lessons.map((l) => `- ${l}`)].join('\n') }];
}

/** The seat's notes from this game, just before the task: what it suspected, and why. */
function noteParts(obs: UndercoverObservation, opts: PromptOptions): PromptPart[] {
	const notes = (opts.notes ?? []).map((n) => n.trim()).filter(Boolean);
	if (!notes.length) return [];
	return [{ role: 'user', content: [PHRASES[obs.lang].notesHead, ...notes.map((n) => `- ${n}`)].join('\n') }];
}

function taskParts(obs: UndercoverObservation, task: string, opts: PromptOptions): PromptPart[] {
	const t = PHRASES[obs.lang];
	const parts: PromptPart[] = [
		{ role: 'user', content: '' },
		{ role: 'user', content: t.status(obs.round, obs.alive, obs.eliminated) },
		{ role: 'user', content: task }
	];
	if (opts.previousError)
		parts.push({ role: 'user', content: t.retry(opts.previousError.replace(/[.。\s]+$/, '')) });
	return parts;
}

function build(kind: PromptKind, obs: UndercoverObservation, task: string, opts: PromptOptions): Prompt {
	return {
		kind,
		lang: obs.lang,
		messages: [
			...systemParts(obs),
			...lessonParts(obs, opts),
			...historyParts(obs),
			...noteParts(obs, opts),
			...taskParts(obs, task, opts)
		]
	};
}

export function speakPrompt(obs: UndercoverObservation, opts: PromptOptions = {}): Prompt {
	return build('speak', obs, PHRASES[obs.lang].speak, opts);
}

export function defendPrompt(obs: UndercoverObservation, opts: PromptOptions = {}): Prompt {
	return build('defend', obs, PHRASES[obs.lang].defend(obs.tied), opts);
}

/** The seats one may vote for now: the ask's options, else the tied seats in a tiebreak, else all alive. */
function voteOptions(obs: UndercoverObservation, opts: PromptOptions): SeatId[] {
	const base = opts.options ?? (obs.phase === 'TIEBREAK' && obs.tied.length ? obs.tied : obs.alive);
	return base.filter((s) => s !== obs.seat);
}

export function votePrompt(obs: UndercoverObservation, opts: PromptOptions = {}): Prompt {
	const sorted = [...voteOptions(obs, opts)].sort((a, b) => a - b);
	const order = opts.rng ? opts.rng.shuffle(sorted) : sorted;
	const revote = obs.phase === 'TIEBREAK';
	return { ...build('vote', obs, PHRASES[obs.lang].vote(order, revote), opts), optionOrder: order };
}

/** A private reading of the table, for the god view: never shown to another seat. */
export function monologuePrompt(obs: UndercoverObservation, opts: PromptOptions = {}): Prompt {
	return build('monologue', obs, PHRASES[obs.lang].monologue, opts);
}

/** One lesson after a game, from the seat's own view plus the public summary (the reveal once over). */
export function reflectPrompt(input: ReflectInput, opts: PromptOptions = {}): Prompt {
	const { observation: obs, summary } = input;
	const t = PHRASES[obs.lang];
	return build('reflect', obs, `${summaryText(obs.lang, summary, obs.seat)}\n\n${t.reflect}`, opts);
}

export function actionPrompt(kind: ActionKind, obs: UndercoverObservation, opts: PromptOptions = {}): Prompt {
	switch (kind) {
		case 'speak':
			return speakPrompt(obs, opts);
		case 'defend':
			return defendPrompt(obs, opts);
		case 'vote':
			return votePrompt(obs, opts);
	}
}

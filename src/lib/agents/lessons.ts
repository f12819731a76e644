/**
 * Lessons across games, as pure functions: the enforced form, scoring, retirement and retrieval.
 *
 * Seed 002 injected the newest few lessons with no judgement of whether they helped, so a plausible but
 * wrong lesson could mislead dozens of games. Here every lesson carries the outcomes of the games it was
 * given to; retrieval prefers lessons that scored well and fit the table now, and a lesson that keeps
 * scoring badly is retired. Time is a game counter (`clock`), never the wall clock, so the same games
 * give the same store everywhere. Storage lives in `src/lib/storage/lessons.ts`.
 */
import { canonicalJson, sha256Hex } from '../core';
import { saysWord, type Role, type UndercoverObservation } from '../scenarios/undercover';
import { LESSON_MAX_CHARS, lessonInReply } from '../scenarios/undercover/parse';
import type { Lang } from '../scenarios/undercover/words/types';

export interface Lesson {
	/** Derived from owner and text, so the same lesson learnt twice is one record. */
	id: string;
	persona: string;
	/** The model key, as in the leaderboard (`engine:model`, or "scripted (no LLM)"). */
	model: string;
	lang: Lang;
	situation: string;
	action: string;
	/** The normalised lesson, "When <situation>, <action>." / "当<局面>时，<做法>。" */
	text: string;
	/** Games the lesson was given to a seat in, and how those games went for that seat. */
	uses: number;
	wins: number;
	losses: number;
	/** That seat's votes in those games: hits (a vote for the other side) and all votes cast. */
	voteHits: number;
	voteTotal: number;
	score: number;
	/** A person's choice: pinned lessons are retrieved first and never retired. */
	pinned: boolean;
	retired: boolean;
	/** Game counter values (the store's clock), not wall time. */
	createdAt: number;
	updatedAt: number;
	/** Where it was learnt, for the lessons page. */
	origin?: { run?: string; seat?: number; role?: Role };
}

// ---------------------------------------------------------------------------------------------
// The enforced form

/**
 * Why a lesson was refused. `error` is the English sentence (what a model is told and the specs read);
 * `code` is the same reason as data, so a page can say it in its own language (with `phrase`, the vague
 * words found, and `lang`, the language whose form was asked for).
 */
export type LessonErrorCode =
	| 'empty'
	| 'too-long'
	| 'template'
	| 'shape'
	| 'vague'
	| 'unobservable'
	| 'action-short'
	| 'situation-short'
	| 'repeats'
	| 'names-words'
	| 'no-lesson'
	| 'missing';

export interface LessonFailure {
	ok: false;
	error: string;
	code: LessonErrorCode;
	phrase?: string;
}

export type ParsedLesson = { ok: true; situation: string; action: string; text: string } | LessonFailure;

const refuse = (code: LessonErrorCode, error: string, phrase?: string): LessonFailure =>
	phrase === undefined ? { ok: false, error, code } : { ok: false, error, code, phrase };

export { LESSON_MAX_CHARS };

/** The form a lesson in `lang` must take, for error messages. */
export const LESSON_SHAPE: Record<Lang, string> = {
	en: 'When <situation>, <what to do>.',
	zh: '当<局面>时，<做法>'
};

/**
 * Phrasings that say "try harder" and nothing else: seed 002's reason for the enforced form was to keep
 * "下次要更细心" out. Matched anywhere in the lesson (lower-cased). "Next time" / "下次" alone are
 * allowed: "next time, vote for it first" is a real action.
 */
const VAGUE_PHRASES: Record<Lang, readonly string[]> = {
	en: [
		'be more careful',
		'be careful',
		'more carefully',
		'pay more attention',
		'pay attention',
		'think harder',
		'think more',
		'think carefully',
		'try harder',
		'try my best',
		'do better',
		'stay alert',
		'stay focused',
		'be vigilant',
		'be smarter',
		'be more observant',
		'keep an eye out',
		'learn from',
		'play better'
	],
	zh: [
		'更细心',
		'更仔细',
		'更加仔细',
		'更小心',
		'更加小心',
		'更谨慎',
		'更加谨慎',
		'多加注意',
		'多注意',
		'多观察',
		'提高警惕',
		'保持警惕',
		'认真思考',
		'好好想想',
		'仔细一点',
		'细心一点',
		'总结经验',
		'吸取教训',
		'加油'
	]
};

/**
 * Something a seat can observe at the table: a seat, a vote, a description, a tie, a round, a defence,
 * an elimination. A situation without one ("when in doubt") cannot be recognised in a later game.
 */
const OBSERVABLE: Record<Lang, RegExp> = {
	en: /\b(?:seats?|players?|votes?|voted|voting|revote|describ\w*|descriptions?|speech\w*|said|says?|speak\w*|spoke|mention\w*|words?|features?|clues?|ties?|tied|tiebreak|rounds?|defen[cs]\w*|defend\w*|eliminat\w*|accus\w*|suspect\w*|majority|minority|everyone|nobody)\b/i,
	zh: /号|座位|玩家|投|票|描述|发言|说|提到|词|特征|平票|重投|答辩|辩解|轮|出局|淘汰|怀疑|指认|多数|少数|跟票|所有人|大家/
};

const EN_FORM = /^(when|whenever|if)\s+([^,]+?)\s*,\s*(?:then\s+)?(.+)$/i;
/** 当…时，… / 如果…，… (seed 002 also wrote "→"); the separators parse.ts accepts too. */
const ZH_FORM = /^(当|如果|若|一旦)(.+?)\s*(?:[，,：:]|→|->)\s*(?:就|则|那么)?\s*(.+)$/s;

function tidy(text: string): string {
	return text
		.replace(/\s+/g, ' ')
		.replace(/^["'“”‘’「」『』\s]+|["'“”‘’「」『』\s]+$/g, '')
		.replace(/^(?:lesson|经验|教训)\s*[:：]\s*/i, '')
		.trim();
}

const stripEnd = (s: string) => s.replace(/[\s.。!！;；]+$/u, '').trim();

/**
 * Reads a lesson in the enforced form and splits it into situation and action. Rejects the template
 * itself, vague filler, a situation with nothing observable in it, and (with `avoid`) a lesson that
 * names this game's words: a lesson must carry over to other words.
 */
export function parseLesson(raw: string, lang: Lang, opts: { avoid?: readonly string[] } = {}): ParsedLesson {
	const text = tidy(typeof raw === 'string' ? raw : '');
	if (!text) return refuse('empty', 'the lesson is empty');
	if (text.length > LESSON_MAX_CHARS)
		return refuse('too-long', `the lesson is over ${LESSON_MAX_CHARS} characters`);
	if (/[<>〈〉]/.test(text))
		return refuse('template', 'the lesson repeats the template; name a real situation and a real action');
	let lead: string;
	let situation: string;
	let action: string;
	if (lang === 'en') {
		const m = EN_FORM.exec(text);
		if (!m) return refuse('shape', `the lesson must read "${LESSON_SHAPE.en}"`);
		lead = (m[1] as string).toLowerCase();
		situation = stripEnd(m[2] as string);
		action = stripEnd(m[3] as string);
	} else {
		const m = ZH_FORM.exec(text);
		if (!m) return refuse('shape', `the lesson must read "${LESSON_SHAPE.zh}" or "如果<局面>，<做法>"`);
		lead = m[1] as string;
		situation = stripEnd((m[2] as string).replace(/\s*(?:的时候|之时|时)$/, ''));
		action = stripEnd(m[3] as string);
	}
	const lower = text.toLowerCase();
	const vague = VAGUE_PHRASES[lang].find((p) => lower.includes(p));
	if (vague !== undefined)
		return refuse(
			'vague',
			`"${vague}" is too vague: say what to do, e.g. whom to vote for or what to describe`,
			vague
		);
	if (!OBSERVABLE[lang].test(situation))
		return refuse(
			'unobservable',
			lang === 'en'
				? 'the situation must name something one can see at the table: a seat, a vote, a description, a tie or a round'
				: '局面要写出桌上看得见的东西：某个座位、投票、描述、平票或轮次'
		);
	const short = lang === 'en' ? action.split(' ').length < 2 : [...action].length < 2;
	if (short) return refuse('action-short', 'the action is too short to follow: say what to do');
	if (lang === 'en' ? situation.length < 3 : [...situation].length < 2)
		return refuse('situation-short', 'the situation is too short to recognise');
	if (normKey(situation) === normKey(action))
		return refuse('repeats', 'the action only repeats the situation');
	// The game's own rule for saying a word (a plural, "苹 果"), so a lesson cannot name one a speech could not.
	const avoid = (opts.avoid ?? []).map((w) => w.trim()).filter(Boolean);
	if (avoid.some((w) => saysWord(text, w, lang)))
		return refuse('names-words', "the lesson names this game's words; keep it general");
	return { ok: true, situation, action, text: formatLesson(lang, lead, situation, action) };
}

/** A lesson from a model's reflection reply: salvaged from the reply, then held to the same form. */
export function lessonFromReply(
	reply: string,
	lang: Lang,
	opts: { avoid?: readonly string[] } = {}
): ParsedLesson {
	const found = lessonInReply(reply);
	return found.ok ? parseLesson(found.text, lang, opts) : refuse('no-lesson', found.error);
}

function formatLesson(lang: Lang, lead: string, situation: string, action: string): string {
	if (lang === 'en') {
		const l = lead.charAt(0).toUpperCase() + lead.slice(1);
		return `${l} ${situation}, ${action}.`;
	}
	return lead === '当' ? `当${situation}时，${action}。` : `${lead}${situation}，${action}。`;
}

/** Lower-case, no punctuation or spaces: two lessons with the same key are the same lesson. */
function normKey(s: string): string {
	return s.toLowerCase().replace(/[\p{P}\p{S}\s]+/gu, '');
}

export function lessonId(owner: { persona: string; model: string; lang: Lang }, text: string): string {
	return sha256Hex(canonicalJson([owner.persona, owner.model, owner.lang, normKey(text)])).slice(0, 16);
}

export interface LessonOwner {
	persona: string;
	model: string;
	lang: Lang;
}

/** A fresh lesson from a parsed one: no uses yet, so it scores the prior. */
export function createLesson(
	owner: LessonOwner,
	parsed: { situation: string; action: string; text: string },
	clock: number,
	origin?: Lesson['origin']
): Lesson {
	const lesson: Lesson = {
		id: lessonId(owner, parsed.text),
		persona: owner.persona,
		model: owner.model,
		lang: owner.lang,
		situation: parsed.situation,
		action: parsed.action,
		text: parsed.text,
		uses: 0,
		wins: 0,
		losses: 0,
		voteHits: 0,
		voteTotal: 0,
		score: 0,
		pinned: false,
		retired: false,
		createdAt: clock,
		updatedAt: clock,
		...(origin ? { origin } : {})
	};
	lesson.score = scoreLesson(lesson);
	return lesson;
}

// ---------------------------------------------------------------------------------------------
// Scoring and retirement

export interface ScoreOptions {
	/** Pseudo-games at the prior's win rate: with 4, one win scores 0.6, not 1. */
	gamesPrior: number;
	/** Pseudo-votes at the prior's hit rate. */
	votesPrior: number;
	/** The prior's rates: an untried lesson is neither good nor bad. */
	priorRate: number;
	/** How much the game's result counts against the vote hit rate (the rest). */
	winWeight: number;
}

const SCORE_DEFAULTS: ScoreOptions = { gamesPrior: 4, votesPrior: 4, priorRate: 0.5, winWeight: 0.7 };

/**
 * A Bayesian-smoothed success rate in [0, 1]: the smoothed win rate of the seats the lesson was given
 * to (a draw counts half) blended with their smoothed vote hit rate. Wins weigh more because they are
 * what a lesson is for; vote hits add evidence from every round, not just the last.
 */
export function scoreLesson(
	l: Pick<Lesson, 'uses' | 'wins' | 'losses' | 'voteHits' | 'voteTotal'>,
	opts: ScoreOptions = SCORE_DEFAULTS
): number {
	const draws = Math.max(0, l.uses - l.wins - l.losses);
	const winRate = (l.wins + draws / 2 + opts.priorRate * opts.gamesPrior) / (l.uses + opts.gamesPrior);
	const hitRate = (l.voteHits + opts.priorRate * opts.votesPrior) / (l.voteTotal + opts.votesPrior);
	return opts.winWeight * winRate + (1 - opts.winWeight) * hitRate;
}

/** How one seat's game went: what a lesson given to that seat is judged by. */
export interface SeatOutcome {
	/** null: a draw (the game halted or ran out of rounds). */
	won: boolean | null;
	role: Role;
	voteHits: number;
	voteTotal: number;
}

export interface RetireOptions {
	/** Below this score after `minUses` uses, a lesson is retired. */
	threshold: number;
	minUses: number;
}

export const RETIRE_DEFAULTS: RetireOptions = { threshold: 0.35, minUses: 5 };

export function shouldRetire(l: Lesson, opts: RetireOptions = RETIRE_DEFAULTS): boolean {
	return !l.pinned && l.uses >= opts.minUses && l.score < opts.threshold;
}

/**
 * The lessons given to one seat, after that seat's game: each counts one use, the result and the votes,
 * is rescored, and retired if it stays below the threshold. Returns new objects (inputs are not
 * changed). A retired lesson stays retired: it is no longer given out, so it gathers no new evidence;
 * a person can pin it to bring it back.
 */
export function recordOutcome(
	lessons: readonly Lesson[],
	outcome: SeatOutcome,
	clock: number,
	opts: Partial<RetireOptions & { score: ScoreOptions }> = {}
): Lesson[] {
	const retire = { ...RETIRE_DEFAULTS, ...opts };
	return lessons.map((l) => {
		const next: Lesson = {
			...l,
			uses: l.uses + 1,
			wins: l.wins + (outcome.won === true ? 1 : 0),
			losses: l.losses + (outcome.won === false ? 1 : 0),
			voteHits: l.voteHits + outcome.voteHits,
			voteTotal: l.voteTotal + outcome.voteTotal,
			updatedAt: clock
		};
		next.score = scoreLesson(next, opts.score);
		if (shouldRetire(next, retire)) next.retired = true;
		return next;
	});
}

/** Pinning keeps a lesson in play for good: it also brings a retired lesson back. */
export function setPinned(l: Lesson, pinned: boolean, clock: number): Lesson {
	return { ...l, pinned, retired: pinned ? false : l.retired, updatedAt: clock };
}

/**
 * A person's edit: the text is parsed again (the form still holds) and the counts are kept, since an
 * edit usually fixes wording; `resetScore` starts it afresh when the meaning changed.
 */
export function editLesson(
	l: Lesson,
	text: string,
	clock: number,
	opts: { resetScore?: boolean } = {}
): { ok: true; lesson: Lesson } | LessonFailure {
	const parsed = parseLesson(text, l.lang);
	if (!parsed.ok) return parsed;
	const counts = opts.resetScore ? { uses: 0, wins: 0, losses: 0, voteHits: 0, voteTotal: 0 } : {};
	const next: Lesson = {
		...l,
		...counts,
		situation: parsed.situation,
		action: parsed.action,
		text: parsed.text,
		updatedAt: clock
	};
	if (opts.resetScore) next.retired = false;
	next.score = scoreLesson(next);
	return { ok: true, lesson: next };
}

// ---------------------------------------------------------------------------------------------
// Retrieval

/** Lesson vocabulary folded to one stem, so "tied" meets "tie" and "described" meets "speech". */
const EN_CANON: Record<string, string> = {
	tie: 'tie',
	ties: 'tie',
	tied: 'tie',
	tiebreak: 'tie',
	revote: 'tie',
	vote: 'vote',
	votes: 'vote',
	voted: 'vote',
	voting: 'vote',
	voter: 'vote',
	voters: 'vote',
	describe: 'describe',
	describes: 'describe',
	described: 'describe',
	describing: 'describe',
	description: 'describe',
	descriptions: 'describe',
	speech: 'describe',
	speeches: 'describe',
	said: 'describe',
	says: 'describe',
	say: 'describe',
	speak: 'describe',
	speaks: 'describe',
	spoke: 'describe',
	defend: 'defend',
	defends: 'defend',
	defended: 'defend',
	defence: 'defend',
	defense: 'defend',
	defences: 'defend',
	eliminate: 'out',
	eliminated: 'out',
	elimination: 'out',
	out: 'out',
	seat: 'seat',
	seats: 'seat',
	player: 'seat',
	players: 'seat',
	round: 'round',
	rounds: 'round',
	first: 'first',
	opening: 'first',
	feature: 'feature',
	features: 'feature',
	clue: 'feature',
	clues: 'feature',
	vague: 'vague',
	vaguely: 'vague',
	generic: 'vague',
	specific: 'specific',
	specifically: 'specific',
	suspect: 'suspect',
	suspects: 'suspect',
	suspected: 'suspect',
	suspicious: 'suspect',
	accuse: 'suspect',
	accused: 'suspect',
	accuses: 'suspect'
};

const EN_STOP = new Set(
	(
		'a an the and or but of to in on at by for with from into as is are was were be been being am do does ' +
		'did have has had it its this that these those there here i me my we our you your he she they them ' +
		'their his her which who whom what when whenever where why how if then than so not no only just also ' +
		'one two any all each some more most other same very can could should would will may might must'
	).split(' ')
);

function enStem(w: string): string {
	const canon = EN_CANON[w];
	if (canon) return canon;
	if (w.length <= 4) return w;
	for (const suffix of ['ing', 'ed', 'es', 's'])
		if (w.endsWith(suffix) && !w.endsWith('ss') && w.length - suffix.length >= 3)
			return w.slice(0, w.length - suffix.length);
	return w;
}

/** zh has no spaces: overlapping character pairs stand in for words (digits and punctuation split runs). */
const ZH_STOP = new Set(['我们', '他们', '你们', '的时', '时候', '如果', '一个', '这个', '那个', '就要']);

/** Content tokens of a text: stemmed English words and Chinese character pairs, no seat numbers. */
export function tokens(text: string): Set<string> {
	const out = new Set<string>();
	const lower = text.toLowerCase();
	for (const w of lower.match(/[a-z]+/g) ?? []) if (w.length > 1 && !EN_STOP.has(w)) out.add(enStem(w));
	for (const run of lower.match(/[\u3400-\u9fff]+/g) ?? []) {
		if (run.length === 1) out.add(run);
		for (let i = 0; i + 1 < run.length; i++) {
			const pair = run.slice(i, i + 2);
			if (!ZH_STOP.has(pair)) out.add(pair);
		}
	}
	return out;
}

/**
 * How well a lesson's situation fits the table now: the Laplace-smoothed share of the situation's
 * tokens found in the observation text, in (0, 1). Never zero, so a strong lesson can still come up
 * when nothing at the table matches any lesson's words.
 */
export function relevance(situation: string, observation: string | Set<string>): number {
	const s = tokens(situation);
	const o = typeof observation === 'string' ? tokens(observation) : observation;
	let shared = 0;
	for (const t of s) if (o.has(t)) shared++;
	return (shared + 1) / (s.size + 2);
}

export interface RetrieveQuery extends LessonOwner {
	/** What the seat sees now (see `observationText`). */
	observationText: string;
	/** Memory off (a controlled experiment): nothing is retrieved. Default on. */
	memory?: boolean;
}

export interface RankedLesson {
	lesson: Lesson;
	relevance: number;
	/** score x relevance: the ranking key after pinning. */
	rank: number;
}

/**
 * The lessons to give a seat now, best first: its own persona's and model's, in its language, never
 * retired. Pinned lessons come first (a person chose them); then score x relevance; recency (last
 * update, then creation) only breaks ties, and the id keeps the order total.
 */
export function rankLessons(lessons: readonly Lesson[], q: RetrieveQuery): RankedLesson[] {
	if (q.memory === false) return [];
	const obs = tokens(q.observationText);
	return lessons
		.filter((l) => !l.retired && l.persona === q.persona && l.model === q.model && l.lang === q.lang)
		.map((l) => {
			const rel = relevance(l.situation, obs);
			return { lesson: l, relevance: rel, rank: l.score * rel };
		})
		.sort(
			(a, b) =>
				Number(b.lesson.pinned) - Number(a.lesson.pinned) ||
				b.rank - a.rank ||
				b.lesson.updatedAt - a.lesson.updatedAt ||
				b.lesson.createdAt - a.lesson.createdAt ||
				(a.lesson.id < b.lesson.id ? -1 : a.lesson.id > b.lesson.id ? 1 : 0)
		);
}

export function retrieve(lessons: readonly Lesson[], q: RetrieveQuery, k = 3): Lesson[] {
	if (k <= 0) return [];
	return rankLessons(lessons, q)
		.slice(0, k)
		.map((r) => r.lesson);
}

const CUES: Record<Lang, Record<'speak' | 'vote' | 'tie' | 'myTie' | 'first' | 'out', string>> = {
	en: {
		speak: 'describe speech',
		vote: 'vote',
		tie: 'tie defence revote',
		myTie: 'I am tied and must defend',
		first: 'first round',
		out: 'eliminated voted out'
	},
	zh: {
		speak: '描述 发言',
		vote: '投票',
		tie: '平票 答辩 重投',
		myTie: '我被平票 需要答辩',
		first: '第一轮 首轮',
		out: '出局 淘汰'
	}
};

/**
 * The words a seat's situation is matched against: cue words for the phase (a tie, a vote, the first
 * round, eliminations) in the seat's language, plus every public speech. Only what the observation
 * holds, so retrieval never leaks anything a seat may not see.
 */
export function observationText(obs: UndercoverObservation): string {
	const c = CUES[obs.lang];
	const parts: string[] = [obs.lang === 'en' ? `round ${obs.round}` : `第${obs.round}轮`];
	if (obs.round === 1) parts.push(c.first);
	if (obs.phase === 'SPEAK') parts.push(c.speak);
	if (obs.phase === 'VOTE') parts.push(c.vote);
	if (obs.phase === 'TIEBREAK' || obs.tied.length) parts.push(c.tie);
	if (obs.tied.includes(obs.seat)) parts.push(c.myTie);
	if (obs.eliminated.length) parts.push(c.out);
	for (const s of obs.speeches) if (s.text) parts.push(s.text);
	return parts.join('\n');
}

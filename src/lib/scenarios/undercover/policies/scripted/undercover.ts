/**
 * Scripted undercover agents: no model, deterministic given the seed, and honest about it
 * (labelled "scripted (no LLM)" wherever they appear).
 *
 * This is the ORACLE baseline: the word packs are public, so a seat finds the pair its own word belongs
 * to and so knows the exact other word and its features, though never which side the others hold. No
 * model's prompt says what the other word is, so the leaderboard labels this agent "oracle" and sets
 * it apart from models; `./undercover-fair` is the baseline that knows only what a prompt shows. Its
 * log label stays "scripted (no LLM)" so existing logs and their hashes keep their meaning.
 * - speak: describe one's own word by a feature not yet said; a seat whose evidence says it holds the
 *   minority word prefers features both words share, to blend in;
 * - vote: the seat whose descriptions fit one's own word least.
 */
import type { Ask, Policy, PolicyReply, SeatId, Stream } from '../../../../core';
import type { UndercoverObservation } from '../..';
import { findPair, type Lang, type Word } from '../../words';

import { SCRIPTED_LABEL } from '../../../../core/policy';

export { SCRIPTED_LABEL };

const SPEECH: Record<Lang, string[]> = {
	en: ['It {f}.', 'I would say it {f}.', 'Mine {f}.', 'What I have {f}.', 'Well, it {f}.'],
	zh: ['它{f}。', '我这个{f}。', '我想说，它{f}。', '嗯，它{f}。', '我的词{f}。']
};
const DEFENCE: Record<Lang, string[]> = {
	en: ['I am on your side: it {f}.', 'Listen, mine {f}.', 'Think again: it {f}.'],
	zh: ['我和大家一样：它{f}。', '听我说，它{f}。', '再想想，我的词{f}。']
};
/** For the blank seat before anyone has spoken: something true of almost any word. */
const VAGUE: Record<Lang, string[]> = {
	en: ['It is something most people know.', 'You might see it in everyday life.'],
	zh: ['它是大多数人都知道的东西。', '日常生活中可能会见到它。']
};

interface Reading {
	own: Word;
	other: Word;
	shared: string[];
	/** My word's features the other word lacks, and the other's that mine lacks. */
	ownOnly: string[];
	otherOnly: string[];
	/** What each speech text says, as counts of features (see `readSpeech`). */
	counts: Map<string, Said>;
}

/** How many of my word's features a speech says, of those mine alone has, and of the other word's own. */
interface Said {
	own: number;
	ownOnly: number;
	otherOnly: number;
}

/** Texts remembered per reading: scripted speeches repeat (a few templates), a model's need not. */
const MAX_COUNTS = 512;

/**
 * Readings by language and word: a pair is looked up in its pack once per word, not at every ask (the
 * packs never change while the page runs, and every game asks about the same few hundred words).
 */
const readings = new Map<string, Reading | null>();

function reading(obs: UndercoverObservation): Reading | null {
	if (obs.word === null) return null;
	const key = `${obs.lang}\u0000${obs.word}`;
	let r = readings.get(key);
	if (r === undefined) {
		const pair = findPair(obs.lang, obs.word);
		if (pair) {
			const [own, other] = pair.a.word === obs.word ? [pair.a, pair.b] : [pair.b, pair.a];
			const shared = own.features.filter((f) => other.features.includes(f));
			r = {
				own,
				other,
				shared,
				ownOnly: own.features.filter((f) => !shared.includes(f)),
				otherOnly: other.features.filter((f) => !own.features.includes(f)),
				counts: new Map()
			};
		} else r = null;
		readings.set(key, r);
	}
	return r;
}

/** How many of `features` the text says. */
function mentioned(text: string, features: readonly string[]): number {
	let n = 0;
	for (const f of features) if (text.includes(f)) n++;
	return n;
}

const NOTHING_SAID: Said = { own: 0, ownOnly: 0, otherOnly: 0 };

/** What a speech says, read against my pair (nothing for a forfeited turn); counted once per text. */
function readSpeech(r: Reading, text: string | null): Said {
	if (text === null) return NOTHING_SAID;
	let c = r.counts.get(text);
	if (!c) {
		if (r.counts.size >= MAX_COUNTS) r.counts.clear();
		c = {
			own: mentioned(text, r.own.features),
			ownOnly: mentioned(text, r.ownOnly),
			otherOnly: mentioned(text, r.otherOnly)
		};
		r.counts.set(text, c);
	}
	return c;
}

/** Do the others' words sound more like the other word of the pair than like mine? */
function suspectsSelf(obs: UndercoverObservation, r: Reading): boolean {
	let forOwn = 0;
	let forOther = 0;
	for (const s of obs.speeches) {
		if (s.seat === obs.seat) continue;
		const c = readSpeech(r, s.text);
		forOwn += c.ownOnly;
		forOther += c.otherOnly;
	}
	return forOther > forOwn;
}

/** How well a seat's public words fit my word: higher means more like me. */
function fit(obs: UndercoverObservation, r: Reading, seat: SeatId): number {
	let score = 0;
	for (const s of obs.speeches) {
		if (s.seat !== seat) continue;
		const c = readSpeech(r, s.text);
		score += c.own > 0 ? 1 : c.otherOnly > 0 ? -1 : -0.5;
	}
	return score;
}

function tokens(text: string, lang: Lang): Set<string> {
	return new Set(
		lang === 'zh' ? [...text.replace(/[\s\p{P}]/gu, '')] : (text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
	);
}

/** For the blank seat, which has no word: how much a seat's words overlap with everyone else's. */
function overlap(obs: UndercoverObservation, seat: SeatId): number {
	const mine = obs.speeches
		.filter((s) => s.seat === seat && s.text)
		.map((s) => tokens(s.text as string, obs.lang));
	const rest = obs.speeches
		.filter((s) => s.seat !== seat && s.text)
		.map((s) => tokens(s.text as string, obs.lang));
	let shared = 0;
	for (const a of mine) for (const b of rest) for (const t of a) if (b.has(t)) shared++;
	return mine.length ? shared / mine.length : -1;
}

function say(templates: string[], feature: string, rng: Stream): string {
	return rng.pick(templates).replace('{f}', feature);
}

function describe(obs: UndercoverObservation, ask: Ask, rng: Stream): string {
	const templates = (ask.kind === 'defend' ? DEFENCE : SPEECH)[obs.lang];
	const r = reading(obs);
	// Features never contain a newline, so one joined string answers "was it said?" for all speeches.
	const said = obs.speeches.map((s) => s.text ?? '').join('\n');
	const unsaid = (fs: readonly string[]) => fs.filter((f) => !said.includes(f));
	if (!r) {
		// The blank seat echoes a feature it heard, to sound like the table.
		const heard = obs.speeches.filter((s) => s.seat !== obs.seat && s.text).map((s) => s.text as string);
		return heard.length ? rng.pick(heard) : rng.pick(VAGUE[obs.lang]);
	}
	const candidates = suspectsSelf(obs, r)
		? [unsaid(r.shared), r.shared, unsaid(r.own.features)]
		: [unsaid(r.own.features), r.own.features];
	const pool = candidates.find((c) => c.length > 0) ?? r.own.features;
	return say(templates, rng.pick(pool), rng);
}

function chooseTarget(obs: UndercoverObservation, ask: Ask, rng: Stream): SeatId {
	const options = (ask.options ?? []).filter((s) => s !== obs.seat);
	const r = reading(obs);
	const scores = options.map((s) => (r ? fit(obs, r, s) : overlap(obs, s)));
	const lowest = Math.min(...scores);
	return rng.pick(options.filter((_, i) => scores[i] === lowest));
}

export const scriptedUndercover: Policy<UndercoverObservation> = {
	label: SCRIPTED_LABEL,
	act(obs, ask, ctx): PolicyReply {
		if (ask.kind === 'vote') return { action: { target: chooseTarget(obs, ask, ctx.rng) } };
		return { action: { text: describe(obs, ask, ctx.rng) } };
	}
};

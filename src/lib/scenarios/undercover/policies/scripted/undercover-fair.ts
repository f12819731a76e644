/**
 * The fair scripted baseline for undercover: it knows what a model's prompt shows and nothing more.
 *
 * The oracle baseline (`./undercover`) looks up the pair its word belongs to in the public word pack,
 * so it knows the exact other word and its features: no model is told that, and a leaderboard that
 * ranks it beside models flatters it. This one may know what a model knows about its own word (that
 * word's features: world knowledge, which a model brings itself) and sees the table through the same
 * observation, but it is never given the partner word or its features. Its only lookup is
 * `ownFeatures(lang, word)` for its own word, injected so a test can check it asks about nothing else.
 *
 * - speak: a feature of its word not said yet; when the others' speeches share none of its features
 *   (it may hold the different word), it repeats what the table said, to blend in;
 * - vote: the seat whose speeches mention its word's features least, ties broken by how little that
 *   seat's words overlap with everyone else's; the blank seat, with no word, votes by overlap alone.
 */
import type { Ask, Policy, PolicyReply, SeatId, Stream } from '../../../../core';
import type { UndercoverObservation } from '../..';
import { ownFeatures, type Lang } from '../../words';

import { FAIR_LABEL } from '../../../../core/policy';

export { FAIR_LABEL };

const SPEECH: Record<Lang, string[]> = {
	en: ['It {f}.', 'I would say it {f}.', 'Mine {f}.', 'Well, it {f}.'],
	zh: ['它{f}。', '我这个{f}。', '我想说，它{f}。', '嗯，它{f}。']
};
const DEFENCE: Record<Lang, string[]> = {
	en: ['I am on your side: it {f}.', 'Think again: it {f}.'],
	zh: ['我和大家一样：它{f}。', '再想想，我的词{f}。']
};
const VAGUE: Record<Lang, string[]> = {
	en: ['It is something most people know.', 'You might see it in everyday life.'],
	zh: ['它是大多数人都知道的东西。', '日常生活中可能会见到它。']
};

export type FeatureLookup = (lang: Lang, word: string) => readonly string[];

function tokens(text: string, lang: Lang): Set<string> {
	return new Set(
		lang === 'zh' ? [...text.replace(/[\s\p{P}]/gu, '')] : (text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
	);
}

/** How much a seat's words overlap with everyone else's (higher: sounds like the table). */
function overlap(obs: UndercoverObservation, seat: SeatId): number {
	const mine = obs.speeches.filter((s) => s.seat === seat && s.text).map((s) => tokens(s.text!, obs.lang));
	const rest = obs.speeches.filter((s) => s.seat !== seat && s.text).map((s) => tokens(s.text!, obs.lang));
	let shared = 0;
	for (const a of mine) for (const b of rest) for (const t of a) if (b.has(t)) shared++;
	return mine.length ? shared / mine.length : -1;
}

const mentions = (text: string | null, features: readonly string[]) =>
	text === null ? 0 : features.filter((f) => text.includes(f)).length;

export function createFairUndercover(lookup: FeatureLookup = ownFeatures): Policy<UndercoverObservation> {
	const featuresOf = (obs: UndercoverObservation) => (obs.word === null ? [] : lookup(obs.lang, obs.word));

	function describe(obs: UndercoverObservation, ask: Ask, rng: Stream): string {
		const templates = (ask.kind === 'defend' ? DEFENCE : SPEECH)[obs.lang];
		const features = featuresOf(obs);
		const others = obs.speeches.filter((s) => s.seat !== obs.seat && s.text).map((s) => s.text!);
		const said = obs.speeches.map((s) => s.text ?? '').join('\n');
		// Two or more others spoke and none used a feature of my word: my word is probably the odd one.
		const odd = others.length >= 2 && others.every((t) => mentions(t, features) === 0);
		if (!features.length || odd) return others.length ? rng.pick(others) : rng.pick(VAGUE[obs.lang]);
		const unsaid = features.filter((f) => !said.includes(f));
		return rng.pick(templates).replace('{f}', rng.pick(unsaid.length ? unsaid : features));
	}

	function chooseTarget(obs: UndercoverObservation, ask: Ask, rng: Stream): SeatId {
		const options = (ask.options ?? []).filter((s) => s !== obs.seat);
		const features = featuresOf(obs);
		const fit = (seat: SeatId) =>
			obs.speeches.filter((s) => s.seat === seat).reduce((n, s) => n + mentions(s.text, features), 0);
		const score = (s: SeatId) => (features.length ? fit(s) * 100 : 0) + overlap(obs, s);
		const lowest = Math.min(...options.map(score));
		return rng.pick(options.filter((s) => score(s) === lowest));
	}

	return {
		label: FAIR_LABEL,
		act(obs, ask, ctx): PolicyReply {
			if (ask.kind === 'vote') return { action: { target: chooseTarget(obs, ask, ctx.rng) } };
			return { action: { text: describe(obs, ask, ctx.rng) } };
		}
	};
}

export const fairUndercover = createFairUndercover();

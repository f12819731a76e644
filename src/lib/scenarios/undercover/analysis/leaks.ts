/**
 * Leaks and cost, per model and side, recomputed from the logs alone (so an imported run's figures are
 * the ones its player saw):
 * - speech leaks: the seat's speech and defence replies (`model.called`, purpose speak or defend,
 *   before the rules' check) that say its own word, over those replies. The rules reject a speech that
 *   says the word, so accepted speeches never leak: the reply is where a model gives itself away.
 * - note leaks: its vote replies, whose reasons become its private notes (agents/notes), that say its
 *   own word, over vote replies.
 * - bus rate: votes by a seat on the undercover side (undercover or blank) for another seat on that
 *   side, over its votes in games with two or more such seats (the Werewolf "bussing" of a partner).
 * - words per speech: accepted speeches, in words (English) or characters (Chinese, unspaced).
 * - verbosity shift: a model's words per speech as undercover minus as civilian, with a bootstrap
 *   interval that resamples games (a seat's speeches in one game move together, so resampling speeches
 *   one by one would be falsely narrow): does it talk more when it lies?
 * - tokens and model seconds per game, of the row's seats.
 * Pure.
 */
import { bootstrapClusteredMeanDiff, wilson, type Cluster, type MeanComparison } from '../../../analysis/ab';
import { csvRound, rateCells, rateColumns, toCsv, type Cell } from '../../../analysis/csv';
import { isSummary, rowKind, seatModel, type Analysable, type GameLog, type RowKind } from './leaderboard';
import { saysWord } from '../text';
import type { Deal, Role } from '../state';

export interface LeakRate {
	x: number;
	n: number;
	p: number | null;
	lower: number;
	upper: number;
}

export interface LeakRow {
	model: string;
	kind: RowKind;
	side: Role;
	games: number;
	speechLeaks: LeakRate;
	noteLeaks: LeakRate;
	bus: LeakRate;
	/**
	 * Accepted speeches per game the row spoke in: their total length (words, or characters in Chinese)
	 * and their number. What the verbosity shift resamples.
	 */
	speechesByGame: Cluster[];
	wordsPerSpeech: number | null;
	tokensPerGame: number;
	secondsPerGame: number;
}

const onSide = (r: Role | undefined) => r === 'undercover' || r === 'blank';

const length = (text: string, lang: string) =>
	lang === 'zh' ? text.replace(/\s+/g, '').length : (text.match(/[\p{L}\p{N}']+/gu)?.length ?? 0);

function leakRate(x: number, n: number): LeakRate {
	const w = wilson({ x, n });
	return { x, n, p: w.p, lower: w.lower, upper: w.upper };
}

/** One seat's leak and cost counts in one game: what `leakRows` sums per model and side. */
export interface LeakSeat {
	model: string;
	side: Role;
	/** [leaking replies, replies]: speech and defence replies, vote replies, votes for a teammate. */
	speech: [number, number];
	note: [number, number];
	bus: [number, number];
	/** Accepted speeches: their total length (words, or characters in Chinese) and their number. */
	speechLength: number;
	speeches: number;
	tokens: number;
	ms: number;
}

/** Folds one log into its seats' leak figures, in deal order; null for a game unfinished or never dealt. */
export function leakGame({ header, events }: GameLog): LeakSeat[] | null {
	if (!events.some((e) => e.kind === 'game.ended' || e.kind === 'run.halted')) return null;
	const dealt = events.find((e) => e.kind === 'game.dealt');
	if (!dealt) return null;
	const deal = dealt.data as Deal;
	const lang = (header.config as { lang?: string }).lang === 'zh' ? 'zh' : 'en';
	const index = new Map(deal.seats.map((s, i) => [s.id as number, i]));
	const team = deal.seats.filter((s) => onSide(s.role)).length;
	const seats = deal.seats.map((s): LeakSeat => ({
		model: seatModel(header, s.id),
		side: s.role,
		speech: [0, 0],
		note: [0, 0],
		bus: [0, 0],
		speechLength: 0,
		speeches: 0,
		tokens: 0,
		ms: 0
	}));
	for (const e of events) {
		const d = e.data as Record<string, unknown>;
		const i = typeof d.seat === 'number' ? index.get(d.seat) : undefined;
		if (i === undefined) continue;
		const a = seats[i] as LeakSeat;
		const dealtSeat = deal.seats[i] as Deal['seats'][number];
		switch (e.kind) {
			case 'model.called': {
				if (d.transportError !== undefined) break;
				a.tokens += Number(d.promptTokens ?? 0) + Number(d.completionTokens ?? 0);
				a.ms += e.meta?.totalMs ?? 0;
				const purpose = String(d.purpose ?? '');
				const reply = String(d.reply ?? '');
				const leak = dealtSeat.word !== null && saysWord(reply, dealtSeat.word, lang) ? 1 : 0;
				if (/^(repair )?(speak|defend)$/.test(purpose)) {
					a.speech[0] += leak;
					a.speech[1]++;
				} else if (/^(repair )?vote$/.test(purpose)) {
					a.note[0] += leak;
					a.note[1]++;
				}
				break;
			}
			case 'speech.given':
				a.speechLength += length(String(d.text ?? ''), lang);
				a.speeches++;
				break;
			case 'vote.cast':
				if (onSide(dealtSeat.role) && team >= 2) {
					a.bus[1]++;
					const target = index.get(d.target as number);
					if (target !== undefined && onSide(deal.seats[target]?.role)) a.bus[0]++;
				}
				break;
		}
	}
	return seats;
}

/** A game's leak figures: the cached ones, or folded from its log now. */
const leakGameOf = (g: Analysable): LeakSeat[] | null => (isSummary(g) ? g.leaks : leakGame(g));

interface Acc {
	model: string;
	side: Role;
	games: Set<number>;
	speech: [number, number];
	note: [number, number];
	bus: [number, number];
	/** Per game index: the row's speeches' total length and number in that game. */
	speeches: Map<number, Cluster>;
	tokens: number;
	ms: number;
}

const add = (to: [number, number], from: [number, number]) => {
	to[0] += from[0];
	to[1] += from[1];
};

/** One row per model and side, over finished games, sorted by model then side. */
export function leakRows(logs: readonly Analysable[]): LeakRow[] {
	const rows = new Map<string, Acc>();
	logs.forEach((log, gi) => {
		const seats = leakGameOf(log);
		if (!seats) return;
		for (const s of seats) {
			const key = `${s.model}\u0000${s.side}`;
			let a = rows.get(key);
			if (!a)
				rows.set(
					key,
					(a = {
						model: s.model,
						side: s.side,
						games: new Set(),
						speech: [0, 0],
						note: [0, 0],
						bus: [0, 0],
						speeches: new Map(),
						tokens: 0,
						ms: 0
					})
				);
			a.games.add(gi);
			add(a.speech, s.speech);
			add(a.note, s.note);
			add(a.bus, s.bus);
			a.tokens += s.tokens;
			a.ms += s.ms;
			if (s.speeches) {
				const c = a.speeches.get(gi) ?? { sum: 0, n: 0 };
				c.sum += s.speechLength;
				c.n += s.speeches;
				a.speeches.set(gi, c);
			}
		}
	});
	return [...rows.values()]
		.sort((x, y) => (x.model < y.model ? -1 : x.model > y.model ? 1 : x.side < y.side ? -1 : 1))
		.map((a) => {
			const byGame = [...a.speeches.values()];
			const speeches = byGame.reduce((n, c) => n + c.n, 0);
			return {
				model: a.model,
				kind: rowKind(a.model),
				side: a.side,
				games: a.games.size,
				speechLeaks: leakRate(...a.speech),
				noteLeaks: leakRate(...a.note),
				bus: leakRate(...a.bus),
				speechesByGame: byGame,
				wordsPerSpeech: speeches ? byGame.reduce((s, c) => s + c.sum, 0) / speeches : null,
				tokensPerGame: a.games.size ? a.tokens / a.games.size : 0,
				secondsPerGame: a.games.size ? a.ms / 1000 / a.games.size : 0
			};
		});
}

/**
 * Words per speech as undercover minus as civilian, for each model that spoke on both sides, with a
 * seeded percentile bootstrap over the games each side spoke in.
 */
export function verbosityShift(rows: readonly LeakRow[], seed = 1): Map<string, MeanComparison> {
	const out = new Map<string, MeanComparison>();
	for (const under of rows) {
		if (under.side !== 'undercover' || !under.speechesByGame.length) continue;
		const civ = rows.find((r) => r.model === under.model && r.side === 'civilian');
		if (civ?.speechesByGame.length)
			out.set(under.model, bootstrapClusteredMeanDiff(under.speechesByGame, civ.speechesByGame, { seed }));
	}
	return out;
}

const r4 = (x: number | null) => csvRound(x, 4);

/** The panel's table as CSV: one line per model and side; the verbosity shift on the undercover line. */
export function leaksCsv(rows: readonly LeakRow[], seed = 1): string {
	const shift = verbosityShift(rows, seed);
	const rates = ['speechLeaks', 'noteLeaks', 'bus'] as const;
	const header = [
		'model',
		'kind',
		'side',
		'games',
		...rateColumns(rates),
		'words_per_speech',
		'verbosity_shift',
		'verbosity_shift_lower',
		'verbosity_shift_upper',
		'tokens_per_game',
		'seconds_per_game'
	];
	const lines: Cell[][] = rows.map((r) => {
		const s = r.side === 'undercover' ? shift.get(r.model) : undefined;
		return [
			r.model,
			r.kind,
			r.side,
			r.games,
			...rates.flatMap((k) => rateCells(r[k])),
			r4(r.wordsPerSpeech),
			r4(s?.diff ?? null),
			r4(s?.lower ?? null),
			r4(s?.upper ?? null),
			r4(r.tokensPerGame),
			r4(r.secondsPerGame)
		];
	});
	return toCsv(header, lines);
}

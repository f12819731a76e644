/**
 * The behaviour leaderboard (seed 002's P3): per model or per persona, not just a win rate but how its
 * seats play, folded from undercover logs alone. Every rate carries its numerator and denominator, so
 * the A/B view can put an interval on it (`ab.ts`), and per-game token and time figures come as lists
 * for the bootstrap. Pure: no clock, no randomness, no DOM.
 *
 * Definitions (a "seat-game" is one seat in one game; only finished games count, i.e. games with a
 * `game.ended` or a `run.halted`, the latter a draw):
 * - win rate as civilian / undercover / blank: seat-games of that role whose side won, over seat-games
 *   of that role. The blank seat plays on the undercover side. A draw is a game nobody won.
 * - first-round voted-out rate: seat-games eliminated in round 1, over seat-games of games whose first
 *   round ended.
 * - vote hit rate: votes for a seat on the other side from the voter (civilian against undercover or
 *   blank, and the reverse), over votes cast; both the round's vote and a tie's revote count, an
 *   abstention (a forfeited vote) counts in neither. `voteHitAsCivilian` is the same over civilians'
 *   votes only: with one undercover seat its votes nearly always "hit", so this is the detection figure.
 * - herding: votes for the stage's plurality target (the one seat with the most votes in that round's
 *   vote or revote, the voter's own vote included), over votes cast in stages that had a single top seat.
 * - defence comeback rate: seats that were tied, defended (a `defence.given`), and were not eliminated
 *   in that round, over seats that were tied and defended. A revote that ties again puts one seat out
 *   by lot: the others are comebacks (in runs older than the lot rule a second tie eliminated no one,
 *   a comeback for every tied seat).
 * - invalid-reply rate: `action.rejected` over replies (accepted actions plus rejected ones): one ask and
 *   its retry are two replies. `forfeit` is forfeited asks over asks (accepted plus forfeited).
 * - first-option votes: votes for the seat shown first among the vote's options (the order the model
 *   was shown, from its `model.called` event's `optionOrder`), over votes with a recorded order. With k
 *   options chance is 1/k: well above it is the option-order bias small models are known for.
 * - tokens and seconds per game: prompt plus completion tokens, and model seconds (`meta.totalMs` of
 *   `model.called`), of this row's seats in one game, averaged over the games the row played in. Calls
 *   that failed in transport are left out.
 *
 * Rows are per model, per model and side (the role dealt), per persona, per speaking position (the seat's place in round 1's speaking order:
 * position bias), or per word-pair difficulty (1 = far apart, 3 = close; from the deal).
 *
 * A seat's model comes from `header.seats[seat]` (a ModelChoice), else the header's engine label for the
 * seat, else "scripted (no LLM)"; its persona from the `game.dealt` event.
 */
import type { LogEvent, LogHeader } from '../../../core';
import type { ModelChoice } from '../../../engines/types';
import { FAIR_LABEL, SCRIPTED_LABEL } from '../../../core/policy';
import { personas } from '../personas';
import type { Deal, Role, SeatPersona, Tally, Winner } from '../state';
import type { GameSummary } from '../../../analysis/game-summary';

export interface GameLog {
	header: LogHeader;
	events: readonly LogEvent[];
}

/**
 * What every statistic here reads: a game's log, or its per-game figures folded from that log once
 * (`game-summary.ts`, cached by the leaderboard page), so a page load need not fold every log again.
 */
export type Analysable = GameLog | GameSummary;

export const isSummary = (g: Analysable): g is GameSummary => 'analysis' in g;

/** The language a game was played in. */
export const gameLang = (g: Analysable): 'en' | 'zh' =>
	isSummary(g) ? g.lang : (g.header.config as { lang?: string }).lang === 'zh' ? 'zh' : 'en';

/** A game's per-seat facts: the cached ones, or folded from its log now. */
export function factsOf(g: Analysable): GameFacts {
	return isSummary(g) ? g.facts : gameFacts(g);
}

export interface Proportion {
	x: number;
	n: number;
	/** x / n, or null when n is 0. */
	rate: number | null;
}

export interface PerGame {
	total: number;
	/** The mean over the games the row played in (0 for none). */
	perGame: number;
	/** One figure per game, in input order: what a bootstrap resamples. */
	values: number[];
}

export interface LeaderboardRow {
	/** Model key (`engine:model`) or persona id. */
	key: string;
	label: string;
	/** By model or by side: a scripted baseline (oracle or fair) or a model. */
	kind?: RowKind;
	/** By side: the role every seat-game of the row played (the model is `model`). */
	side?: Role;
	model?: string;
	games: number;
	seatGames: number;
	civilianWin: Proportion;
	undercoverWin: Proportion;
	blankWin: Proportion;
	/** Seat-games in drawn games. */
	draw: Proportion;
	firstRoundOut: Proportion;
	voteHit: Proportion;
	voteHitAsCivilian: Proportion;
	herding: Proportion;
	comeback: Proportion;
	invalidReply: Proportion;
	forfeit: Proportion;
	firstOption: Proportion;
	calls: number;
	tokens: PerGame;
	seconds: PerGame;
}

/**
 * 'side' splits each model's row by the role its seats were dealt (civilian, undercover, blank): a row
 * that mixes both sides cannot say whether a model deceives or detects well, and a baseline that plays
 * both sides well lowers its own civilian figures.
 */
export type LeaderboardBy = 'model' | 'persona' | 'position' | 'difficulty' | 'side';

const proportion = (x: number, n: number): Proportion => ({ x, n, rate: n ? x / n : null });

function perGame(values: number[]): PerGame {
	const total = values.reduce((a, b) => a + b, 0);
	return { total, perGame: values.length ? total / values.length : 0, values };
}

/** The leaderboard key of a seat's model choice: `engine:model`, as the LLM policy labels itself. */
export function modelKey(choice: unknown): string | null {
	if (typeof choice !== 'object' || choice === null) return null;
	const c = choice as Partial<ModelChoice>;
	if (c.engine === 'scripted') return c.model === 'fair' ? FAIR_LABEL : SCRIPTED_LABEL;
	if (c.engine === 'human') return 'human';
	if (typeof c.engine !== 'string') return null;
	return c.model ? `${c.engine}:${c.model}` : c.engine;
}

export function seatModel(header: LogHeader, seat: number): string {
	return modelKey(header.seats?.[seat]) ?? header.engines[seat] ?? SCRIPTED_LABEL;
}

const side = (r: Role): 'civilian' | 'undercover' => (r === 'civilian' ? 'civilian' : 'undercover');

/** One seat's game, as the leaderboard and the lessons see it. */
export interface SeatGame {
	seat: number;
	role: Role;
	persona: SeatPersona;
	model: string;
	/** Place in round 1's speaking order (1 = spoke first), or null if round 1 never started. */
	position: number | null;
	/** null: a draw, or the game has not finished. */
	won: boolean | null;
	/** Round in which the seat was voted out, or null. */
	outRound: number | null;
	votes: number;
	voteHits: number;
	herdVotes: number;
	herded: number;
	defendedTies: number;
	comebacks: number;
	/** Votes cast after a model call that recorded the options' order, and those for the first option. */
	orderedVotes: number;
	firstOptionVotes: number;
	accepted: number;
	rejected: number;
	forfeited: number;
	calls: number;
	tokens: number;
	ms: number;
}

export interface GameFacts {
	finished: boolean;
	/** The dealt pair's difficulty (1-3), or null before the deal. */
	difficulty: number | null;
	winner: Winner | null;
	firstRoundEnded: boolean;
	seats: SeatGame[];
}

interface VoteData {
	seat: number;
	round: number;
	stage: string;
	target: number;
}

/**
 * A game's outcome once `e` is read: the winner `game.ended` names, a draw where the run was halted
 * first, else what it was. Every fold over a log reads the end this way (this file, CK-Arena's).
 */
export function outcomeAfter(winner: Winner | null, e: LogEvent): Winner | null {
	if (e.kind === 'game.ended') return (e.data as { winner: Winner }).winner;
	if (e.kind === 'run.halted') return winner ?? 'draw';
	return winner;
}

/** Folds one undercover log into per-seat facts. */
export function gameFacts(game: GameLog): GameFacts {
	const { header, events } = game;
	const dealt = events.find((e) => e.kind === 'game.dealt');
	if (!dealt) return { finished: false, difficulty: null, winner: null, firstRoundEnded: false, seats: [] };
	const deal = dealt.data as Deal;
	const roleOf = new Map(deal.seats.map((s) => [s.id as number, s.role]));
	let winner: Winner | null = null;
	let firstRoundEnded = false;
	const plurality = new Map<string, number>();
	const votes: VoteData[] = [];
	const ties: { round: number; seats: number[] }[] = [];
	const defences = new Set<string>();
	const outs = new Map<number, number>();
	let firstOrder: number[] = [];
	/** The option order of each seat's latest call, until its vote uses it. */
	const shown = new Map<number, number[]>();
	const ordered = new Map<number, { votes: number; first: number }>();
	const acc = new Map<
		number,
		Pick<SeatGame, 'accepted' | 'rejected' | 'forfeited' | 'calls' | 'tokens' | 'ms'>
	>();
	const tally = (seat: number) => {
		let a = acc.get(seat);
		if (!a) acc.set(seat, (a = { accepted: 0, rejected: 0, forfeited: 0, calls: 0, tokens: 0, ms: 0 }));
		return a;
	};
	for (const e of events) {
		const d = e.data as Record<string, unknown>;
		switch (e.kind) {
			case 'speech.given':
				tally(d.seat as number).accepted++;
				break;
			case 'defence.given':
				tally(d.seat as number).accepted++;
				defences.add(`${d.round}:${d.seat}`);
				break;
			case 'vote.cast': {
				const seat = d.seat as number;
				tally(seat).accepted++;
				votes.push(d as unknown as VoteData);
				const order = shown.get(seat);
				if (order?.length) {
					const o = ordered.get(seat) ?? { votes: 0, first: 0 };
					o.votes++;
					if (order[0] === d.target) o.first++;
					ordered.set(seat, o);
				}
				shown.delete(seat);
				break;
			}
			case 'round.started':
				if (d.round === 1) firstOrder = d.order as number[];
				break;
			case 'votes.tallied': {
				const t = e.data as Tally;
				if (t.top.length === 1) plurality.set(`${t.round}:${t.stage}`, t.top[0] as number);
				break;
			}
			case 'tie.declared':
				ties.push({ round: d.round as number, seats: d.seats as number[] });
				break;
			case 'seat.eliminated':
				outs.set(d.seat as number, d.round as number);
				break;
			case 'round.ended':
				if (d.round === 1) firstRoundEnded = true;
				break;
			case 'action.rejected':
				tally(d.seat as number).rejected++;
				break;
			case 'action.forfeited':
				tally(d.seat as number).forfeited++;
				break;
			case 'model.called': {
				// A call that never reached the model (a transport failure, retried) is not the seat's.
				if (d.transportError !== undefined) break;
				if (Array.isArray(d.optionOrder)) shown.set(d.seat as number, d.optionOrder as number[]);
				const t = tally(d.seat as number);
				t.calls++;
				t.tokens += Number(d.promptTokens ?? 0) + Number(d.completionTokens ?? 0);
				t.ms += e.meta?.totalMs ?? 0;
				break;
			}
			case 'game.ended':
			case 'run.halted':
				winner = outcomeAfter(winner, e);
				break;
		}
	}
	const finished = winner !== null;
	const seats = deal.seats.map((s): SeatGame => {
		const mine = votes.filter((v) => v.seat === s.id);
		const hits = mine.filter((v) => {
			const r = roleOf.get(v.target);
			return r !== undefined && side(r) !== side(s.role);
		}).length;
		const herdable = mine.filter((v) => plurality.has(`${v.round}:${v.stage}`));
		const herded = herdable.filter((v) => plurality.get(`${v.round}:${v.stage}`) === v.target).length;
		const defended = ties.filter((t) => t.seats.includes(s.id) && defences.has(`${t.round}:${s.id}`));
		const comebacks = defended.filter((t) => outs.get(s.id) !== t.round).length;
		const won =
			winner === null || winner === 'draw'
				? null
				: (winner === 'civilians') === (side(s.role) === 'civilian');
		return {
			seat: s.id,
			role: s.role,
			persona: s.persona,
			model: seatModel(header, s.id),
			position: firstOrder.includes(s.id) ? firstOrder.indexOf(s.id) + 1 : null,
			won,
			outRound: outs.get(s.id) ?? null,
			votes: mine.length,
			voteHits: hits,
			herdVotes: herdable.length,
			herded,
			defendedTies: defended.length,
			comebacks,
			orderedVotes: ordered.get(s.id)?.votes ?? 0,
			firstOptionVotes: ordered.get(s.id)?.first ?? 0,
			...tally(s.id)
		};
	});
	return { finished, difficulty: deal.difficulty ?? null, winner, firstRoundEnded, seats };
}

/** What a lesson given to `seat` is judged by (see `recordOutcome` in agents/lessons). */
export function seatOutcome(
	game: GameLog,
	seat: number
): { won: boolean | null; role: Role; voteHits: number; voteTotal: number } | null {
	const s = gameFacts(game).seats.find((x) => x.seat === seat);
	return s ? { won: s.won, role: s.role, voteHits: s.voteHits, voteTotal: s.votes } : null;
}

function personaLabel(p: SeatPersona): string {
	const known = personas.find((x) => x.id === p.id);
	return known
		? `${known.name.en} · ${known.name.zh} (${known.temperament})`
		: `${p.name} (${p.temperament})`;
}

/**
 * What a model row is: one of the two scripted baselines, or a model. The oracle reads the word pack
 * (it knows the other word), which no model is told: a row of it is a ceiling, not a competitor.
 */
export type RowKind = 'oracle' | 'fair' | 'model';

export function rowKind(key: string): RowKind {
	return key === SCRIPTED_LABEL ? 'oracle' : key === FAIR_LABEL ? 'fair' : 'model';
}

function modelLabel(key: string): string {
	switch (rowKind(key)) {
		case 'oracle':
			return 'scripted oracle (no LLM)';
		case 'fair':
			return 'scripted fair (no LLM)';
		case 'model':
			return key.replace(/^(\w+):(?:.*\/)?([^/]+)$/, '$1 · $2');
	}
}

const DIFFICULTY_NAMES: Record<number, string> = { 1: 'far apart', 2: 'related', 3: 'close' };

/** A seat's row under `by`; null leaves it out (a seat that never spoke has no position). */
function rowKey(by: LeaderboardBy, s: SeatGame, facts: GameFacts): string | null {
	switch (by) {
		case 'model':
			return s.model;
		case 'side':
			return `${s.model}#${s.role}`;
		case 'persona':
			return s.persona.id;
		case 'position':
			return s.position === null ? null : `position:${s.position}`;
		case 'difficulty':
			return facts.difficulty === null ? null : `difficulty:${facts.difficulty}`;
	}
}

function rowLabel(by: LeaderboardBy, key: string, s: SeatGame): string {
	switch (by) {
		case 'model':
			return modelLabel(key);
		case 'side':
			return `${modelLabel(s.model)} as ${s.role}`;
		case 'persona':
			return personaLabel(s.persona);
		case 'position': {
			const n = Number(key.slice('position:'.length));
			return `speaks ${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'} in round 1`;
		}
		case 'difficulty': {
			const d = Number(key.slice('difficulty:'.length));
			return `difficulty ${d} (${DIFFICULTY_NAMES[d] ?? 'unknown'})`;
		}
	}
}

interface Acc {
	key: string;
	label: string;
	model: string;
	role: Role;
	games: Set<number>;
	seatGames: number;
	counts: Record<string, [number, number]>;
	calls: number;
	tokens: Map<number, number>;
	ms: Map<number, number>;
}

/** Every rate of a leaderboard row, in column order (the exports keep this order too). */
export const ROW_RATES = [
	'civilianWin',
	'undercoverWin',
	'blankWin',
	'draw',
	'firstRoundOut',
	'voteHit',
	'voteHitAsCivilian',
	'herding',
	'comeback',
	'invalidReply',
	'forfeit',
	'firstOption'
] as const satisfies readonly (keyof LeaderboardRow)[];

/** Whether a saved run is one the leaderboard reads: a finished game of this scenario. */
export function ranksRun(run: { scenario: string; status: string }): boolean {
	return run.scenario === 'undercover' && run.status === 'finished';
}

/** Games that have not finished: the leaderboard leaves them out. */
export function unfinishedGames(games: readonly Analysable[]): number {
	return games.filter((g) => !factsOf(g).finished).length;
}

/** Rows per model or per persona, sorted by key; unfinished games are left out. */
export function leaderboard(games: readonly Analysable[], by: LeaderboardBy): LeaderboardRow[] {
	const rows = new Map<string, Acc>();
	games.forEach((game, gi) => {
		const facts = factsOf(game);
		if (!facts.finished) return;
		for (const s of facts.seats) {
			const key = rowKey(by, s, facts);
			if (key === null) continue;
			let r = rows.get(key);
			if (!r) {
				r = {
					key,
					label: rowLabel(by, key, s),
					model: s.model,
					role: s.role,
					games: new Set(),
					seatGames: 0,
					counts: Object.fromEntries(ROW_RATES.map((c) => [c, [0, 0]])),
					calls: 0,
					tokens: new Map(),
					ms: new Map()
				};
				rows.set(key, r);
			}
			const add = (name: (typeof ROW_RATES)[number], x: number, n: number) => {
				const c = r!.counts[name] as [number, number];
				c[0] += x;
				c[1] += n;
			};
			r.games.add(gi);
			r.seatGames++;
			const won = s.won === true ? 1 : 0;
			if (s.role === 'civilian') add('civilianWin', won, 1);
			else if (s.role === 'undercover') add('undercoverWin', won, 1);
			else add('blankWin', won, 1);
			add('draw', facts.winner === 'draw' ? 1 : 0, 1);
			if (facts.firstRoundEnded) add('firstRoundOut', s.outRound === 1 ? 1 : 0, 1);
			add('voteHit', s.voteHits, s.votes);
			if (s.role === 'civilian') add('voteHitAsCivilian', s.voteHits, s.votes);
			add('herding', s.herded, s.herdVotes);
			add('comeback', s.comebacks, s.defendedTies);
			add('invalidReply', s.rejected, s.accepted + s.rejected);
			add('forfeit', s.forfeited, s.accepted + s.forfeited);
			add('firstOption', s.firstOptionVotes, s.orderedVotes);
			r.calls += s.calls;
			r.tokens.set(gi, (r.tokens.get(gi) ?? 0) + s.tokens);
			r.ms.set(gi, (r.ms.get(gi) ?? 0) + s.ms);
		}
	});
	return [...rows.values()]
		.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
		.map((r): LeaderboardRow => {
			const p = (name: (typeof ROW_RATES)[number]) => {
				const [x, n] = r.counts[name] as [number, number];
				return proportion(x, n);
			};
			return {
				key: r.key,
				label: r.label,
				...(by === 'model' ? { kind: rowKind(r.key) } : {}),
				...(by === 'side' ? { kind: rowKind(r.model), side: r.role, model: r.model } : {}),
				games: r.games.size,
				seatGames: r.seatGames,
				civilianWin: p('civilianWin'),
				undercoverWin: p('undercoverWin'),
				blankWin: p('blankWin'),
				draw: p('draw'),
				firstRoundOut: p('firstRoundOut'),
				voteHit: p('voteHit'),
				voteHitAsCivilian: p('voteHitAsCivilian'),
				herding: p('herding'),
				comeback: p('comeback'),
				invalidReply: p('invalidReply'),
				forfeit: p('forfeit'),
				firstOption: p('firstOption'),
				calls: r.calls,
				tokens: perGame([...r.tokens.values()]),
				seconds: perGame([...r.ms.values()].map((ms) => ms / 1000))
			};
		});
}

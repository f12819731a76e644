/**
 * "Who is the Undercover" as pure functions: phases, the deal, speaking order, votes, ties and wins.
 * Seed 002's rules: a partial tie goes to a tiebreak (defences, then the others revote among the tied
 * seats); a tie of every alive seat eliminates no one and starts a new round, because revoting without
 * new information never converges. The seed says nothing of a revote that ties again. This project's
 * rule (stated, not the seed's): a revote that ties again is settled by lot, one of the seats tied at
 * the top of the revote drawn from the run's seeded stream `tiebreak:lot:r<round>`, and logged as
 * `seat.eliminated` with `lot: true`. Before it, a second tie eliminated no one, and a game that kept
 * tying (tiny-chat at every seat, seed 16, 6 seats, English) ran to the project's round cap as a draw.
 * The draw is a function of (seed, round) alone, so a replay draws the same seat and a forged one is
 * refused like any other edited event.
 */
import {
	definePhases,
	seatId,
	type Ask,
	type LogEvent,
	type Rng,
	type SeatId,
	type Step,
	type Validation
} from '../../core';
import type { UndercoverConfig } from './config';
import { personas } from './personas';
import { saysWord } from './text';
import { packs } from './words';
import type {
	Deal,
	Phase,
	Seat,
	Speech,
	Stage,
	Tally,
	UndercoverEvent,
	UndercoverObservation,
	UndercoverOutcome,
	UndercoverState
} from './state';

/** Every phase may go to END: the gate can halt a run anywhere. */
export const phases = definePhases<Phase>({
	SETUP: ['SPEAK', 'END'],
	SPEAK: ['VOTE', 'END'],
	VOTE: ['RESOLVE', 'END'],
	RESOLVE: ['TIEBREAK', 'SPEAK', 'END'],
	TIEBREAK: ['RESOLVE', 'END'],
	END: []
});

const MAX_SPEECH_CHARS = 400;

export function initState(config: UndercoverConfig, seed: number): UndercoverState {
	return {
		config,
		seed,
		phase: 'SETUP',
		deal: null,
		seats: [],
		round: 0,
		roundsCompleted: 0,
		order: [],
		speeches: [],
		votes: [],
		tallies: [],
		tied: [],
		eliminations: [],
		roundOver: false,
		outcome: null
	};
}

/** Draws the pair, which word the civilians get, the roles, the personas and the opening seat. */
export function deal(config: UndercoverConfig, rng: Rng): Deal {
	const pair = rng.stream('deal:pair').pick(packs[config.lang]);
	const [civilian, undercover] = rng.stream('deal:side').next() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
	const ids = Array.from({ length: config.seats }, (_, i) => seatId(i + 1));
	const shuffled = rng.stream('deal:roles').shuffle(ids);
	const undercoverSeats = new Set(shuffled.slice(0, config.undercover));
	const blankSeat = config.blank ? shuffled[config.undercover] : undefined;
	const cast = rng.stream('deal:personas').shuffle(personas);
	const seats: Seat[] = ids.map((id, i) => {
		const p = cast[i % cast.length] as (typeof personas)[number];
		const role = undercoverSeats.has(id) ? 'undercover' : id === blankSeat ? 'blank' : 'civilian';
		return {
			id,
			role,
			word: role === 'undercover' ? undercover.word : role === 'blank' ? null : civilian.word,
			persona: {
				id: p.id,
				name: p.name[config.lang],
				temperament: p.temperament,
				style: p.style[config.lang]
			},
			alive: true
		};
	});
	return {
		category: pair.category,
		difficulty: pair.difficulty,
		civilianWord: civilian.word,
		undercoverWord: undercover.word,
		seats,
		firstSeat: rng.stream('deal:first').pick(ids)
	};
}

export const aliveSeats = (s: UndercoverState): SeatId[] => s.seats.filter((x) => x.alive).map((x) => x.id);

/** Alive seats in seat order, starting from the round's opening seat (which rotates each round). */
export function speakingOrder(s: UndercoverState, round: number): SeatId[] {
	const deal = s.deal as Deal;
	const n = s.config.seats;
	const opener = ((deal.firstSeat - 1 + round - 1) % n) + 1;
	const alive = new Set(aliveSeats(s));
	const order: SeatId[] = [];
	for (let k = 0; k < n; k++) {
		const id = seatId(((opener - 1 + k) % n) + 1);
		if (alive.has(id)) order.push(id);
	}
	return order;
}

const currentStage = (s: UndercoverState): Stage => (s.phase === 'TIEBREAK' ? 'revote' : 'vote');

function votesIn(s: UndercoverState, round: number, stage: Stage) {
	return s.votes.filter((v) => v.round === round && v.stage === stage);
}

function tally(s: UndercoverState, stage: Stage): Tally {
	const counts: Record<string, number> = {};
	const candidates = stage === 'revote' ? s.tied : aliveSeats(s);
	for (const c of candidates) counts[c] = 0;
	for (const v of votesIn(s, s.round, stage))
		if (v.target !== null) counts[v.target] = (counts[v.target] ?? 0) + 1;
	const max = Math.max(...Object.values(counts));
	const top = candidates.filter((c) => counts[c] === max);
	return { round: s.round, stage, counts, top };
}

function winCheck(s: UndercoverState): UndercoverOutcome['winner'] | null {
	const alive = s.seats.filter((x) => x.alive);
	const against = alive.filter((x) => x.role !== 'civilian').length;
	const civilians = alive.length - against;
	if (against === 0) return 'civilians';
	if (against >= civilians) return 'undercover';
	return null;
}

function ask(s: UndercoverState, seat: SeatId, kind: 'speak' | 'defend' | 'vote', options?: SeatId[]): Ask {
	const stage = kind === 'vote' ? `:${currentStage(s)}` : '';
	return { id: `r${s.round}:${kind}${stage}:${seat}`, seat, kind, options, attempt: 0 };
}

const events = (...e: UndercoverEvent[]): Step => ({ type: 'events', events: e });

export function next(s: UndercoverState, rng: Rng): Step {
	switch (s.phase) {
		case 'SETUP':
			if (!s.deal) return events({ kind: 'game.dealt', data: deal(s.config, rng) });
			return startRound(s, 1);
		case 'SPEAK': {
			const nextSeat = firstWithout(s, s.order, 'speech');
			if (nextSeat !== undefined) return { type: 'asks', asks: [ask(s, nextSeat, 'speak')] };
			return events({ kind: 'phase.entered', data: { phase: 'VOTE' } });
		}
		case 'VOTE':
			return voteStep(s, aliveSeats(s), 'vote');
		case 'TIEBREAK': {
			const nextSeat = firstWithout(s, s.tied, 'defence');
			if (nextSeat !== undefined) return { type: 'asks', asks: [ask(s, nextSeat, 'defend')] };
			return voteStep(s, s.tied, 'revote');
		}
		case 'RESOLVE':
			return resolve(s, rng);
		case 'END':
			return { type: 'done' };
	}
}

/** The first of `seats` with no speech of this kind in the current round (a loop: asked every turn). */
function firstWithout(
	s: UndercoverState,
	seats: readonly SeatId[],
	kind: Speech['kind']
): SeatId | undefined {
	for (const id of seats) {
		let said = false;
		for (let i = s.speeches.length - 1; i >= 0; i--) {
			const x = s.speeches[i]!;
			if (x.round === s.round && x.kind === kind && x.seat === id) {
				said = true;
				break;
			}
		}
		if (!said) return id;
	}
	return undefined;
}

function startRound(s: UndercoverState, round: number): Step {
	return {
		type: 'events',
		events: [
			{ kind: 'round.started', data: { round, order: speakingOrder(s, round) } },
			{ kind: 'phase.entered', data: { phase: 'SPEAK' } }
		] satisfies UndercoverEvent[]
	};
}

/** Everyone who has not voted in this stage votes at once; once all have, the votes are tallied. */
function voteStep(s: UndercoverState, candidates: SeatId[], stage: Stage): Step {
	const tiedSet = new Set(s.tied);
	const voters = aliveSeats(s).filter((id) => stage === 'vote' || !tiedSet.has(id));
	const voted = new Set(votesIn(s, s.round, stage).map((v) => v.voter));
	const waiting = voters.filter((id) => !voted.has(id));
	if (waiting.length)
		return {
			type: 'asks',
			asks: waiting.map((id) =>
				ask(
					s,
					id,
					'vote',
					candidates.filter((c) => c !== id)
				)
			)
		};
	return {
		type: 'events',
		events: [
			{ kind: 'votes.tallied', data: tally(s, stage) },
			{ kind: 'phase.entered', data: { phase: 'RESOLVE' } }
		] satisfies UndercoverEvent[]
	};
}

/** The seat a revote that tied again puts out: one of its top seats, drawn from the round's own stream. */
export function drawLot(rng: Rng, round: number, top: readonly SeatId[]): SeatId {
	return rng.stream(`tiebreak:lot:r${round}`).pick(top);
}

function resolve(s: UndercoverState, rng: Rng): Step {
	if (s.roundOver) return startRound(s, s.round + 1);
	const last = s.tallies[s.tallies.length - 1] as Tally;
	const alive = aliveSeats(s);
	const out: UndercoverEvent[] = [];
	let eliminated: SeatId | null = null;
	if (last.top.length === 1) {
		eliminated = last.top[0] as SeatId;
		out.push({ kind: 'seat.eliminated', data: { round: s.round, seat: eliminated } });
	} else if (last.stage === 'revote') {
		eliminated = drawLot(rng, s.round, last.top);
		out.push({ kind: 'seat.eliminated', data: { round: s.round, seat: eliminated, lot: true } });
	} else if (last.stage === 'vote' && last.top.length < alive.length) {
		return {
			type: 'events',
			events: [
				{ kind: 'tie.declared', data: { round: s.round, seats: last.top } },
				{ kind: 'phase.entered', data: { phase: 'TIEBREAK' } }
			] satisfies UndercoverEvent[]
		};
	}
	out.push({ kind: 'round.ended', data: { round: s.round, eliminated } });
	const after = eliminated === null ? s : applyEvent(s, out[0] as LogEvent);
	const winner = winCheck(after);
	if (winner) {
		const reason =
			winner === 'civilians'
				? 'every undercover seat was voted out'
				: 'the undercover side is as many as the civilians';
		out.push(
			{ kind: 'game.ended', data: { winner, reason } },
			{ kind: 'phase.entered', data: { phase: 'END' } }
		);
	}
	return { type: 'events', events: out };
}

export function validate(s: UndercoverState, a: Ask, action: unknown): Validation {
	const seat = s.seats.find((x) => x.id === a.seat);
	if (!seat || !seat.alive) return { ok: false, error: `seat ${a.seat} is not in play` };
	if (typeof action !== 'object' || action === null)
		return { ok: false, error: 'the reply is not an action' };
	const act = action as Record<string, unknown>;
	if (a.kind === 'speak' || a.kind === 'defend') {
		if (typeof act.text !== 'string') return { ok: false, error: 'a speech needs text' };
		const text = act.text.trim();
		if (!text) return { ok: false, error: 'the speech is empty' };
		if (text.length > MAX_SPEECH_CHARS)
			return { ok: false, error: `the speech is over ${MAX_SPEECH_CHARS} characters` };
		if (seat.word && saysWord(text, seat.word, s.config.lang))
			return { ok: false, error: 'the speech says the secret word itself' };
		const kind = a.kind === 'speak' ? 'speech.given' : 'defence.given';
		return { ok: true, event: { kind, data: { seat: a.seat, round: s.round, text } } };
	}
	if (a.kind === 'vote') {
		const t = act.target;
		if (typeof t !== 'number' || !Number.isInteger(t))
			return { ok: false, error: 'a vote needs a whole seat number' };
		if (t === a.seat) return { ok: false, error: 'a seat cannot vote for itself' };
		if (!a.options?.includes(t as SeatId))
			return {
				ok: false,
				error: `seat ${t} cannot be voted for now (choose one of ${a.options?.join(', ')})`
			};
		return {
			ok: true,
			event: {
				kind: 'vote.cast',
				data: { seat: a.seat, round: s.round, stage: currentStage(s), target: t as SeatId }
			}
		};
	}
	return { ok: false, error: `unknown action "${a.kind}"` };
}

const setSeat = (s: UndercoverState, id: SeatId, patch: Partial<Seat>): Seat[] =>
	s.seats.map((x) => (x.id === id ? { ...x, ...patch } : x));

/**
 * A new state object with the same fields, for a reducer case to change before returning it (the old
 * state is never touched). Written out because it runs for every event: V8's `{ ...s, field }` costs
 * tens of times more than a literal of the same fields.
 */
function copy(s: UndercoverState): UndercoverState {
	return {
		config: s.config,
		seed: s.seed,
		phase: s.phase,
		deal: s.deal,
		seats: s.seats,
		round: s.round,
		roundsCompleted: s.roundsCompleted,
		order: s.order,
		speeches: s.speeches,
		votes: s.votes,
		tallies: s.tallies,
		tied: s.tied,
		eliminations: s.eliminations,
		roundOver: s.roundOver,
		outcome: s.outcome
	};
}

export function applyEvent(s: UndercoverState, e: LogEvent): UndercoverState {
	const ev = e as unknown as UndercoverEvent;
	// Events the game's state does not hold: the same state, nothing copied.
	if (
		ev.kind === 'action.rejected' ||
		ev.kind === 'model.called' ||
		ev.kind === 'tool.called' ||
		ev.kind === 'seat.model-changed'
	)
		return s;
	const n = copy(s);
	switch (ev.kind) {
		case 'game.dealt':
			n.deal = ev.data;
			n.seats = ev.data.seats.map((x) => ({ ...x }));
			return n;
		case 'round.started':
			n.round = ev.data.round;
			n.order = ev.data.order;
			n.tied = [];
			n.roundOver = false;
			return n;
		case 'phase.entered':
			n.phase = phases.go(s.phase, ev.data.phase);
			return n;
		case 'speech.given':
		case 'defence.given': {
			const kind = ev.kind === 'speech.given' ? 'speech' : 'defence';
			n.speeches = [...s.speeches, { round: ev.data.round, seat: ev.data.seat, kind, text: ev.data.text }];
			return n;
		}
		case 'vote.cast': {
			const { round, stage, seat, target } = ev.data;
			n.votes = [...s.votes, { round, stage, voter: seat, target }];
			return n;
		}
		case 'action.forfeited': {
			const { seat, action } = ev.data;
			if (action === 'vote')
				n.votes = [...s.votes, { round: s.round, stage: currentStage(s), voter: seat, target: null }];
			else {
				const kind = action === 'defend' ? 'defence' : 'speech';
				n.speeches = [...s.speeches, { round: s.round, seat, kind, text: null }];
			}
			return n;
		}
		case 'votes.tallied':
			n.tallies = [...s.tallies, ev.data];
			return n;
		case 'tie.declared':
			n.tied = ev.data.seats;
			return n;
		case 'seat.eliminated':
			n.seats = setSeat(s, ev.data.seat, { alive: false });
			n.eliminations = [
				...s.eliminations,
				ev.data.lot
					? { round: ev.data.round, seat: ev.data.seat, lot: true }
					: { round: ev.data.round, seat: ev.data.seat }
			];
			return n;
		case 'round.ended':
			n.roundsCompleted = s.roundsCompleted + 1;
			n.roundOver = true;
			n.tied = [];
			return n;
		case 'game.ended':
			n.outcome = outcomeOf(s, ev.data.winner, ev.data.reason);
			return n;
		case 'run.halted':
			n.phase = phases.go(s.phase, 'END');
			n.outcome = outcomeOf(s, 'draw', ev.data.reason);
			return n;
		default: {
			const never: never = ev;
			throw new Error(`unknown undercover event ${(never as { kind: string }).kind}`);
		}
	}
}

function outcomeOf(
	s: UndercoverState,
	winner: UndercoverOutcome['winner'],
	reason: string
): UndercoverOutcome {
	return { winner, reason, rounds: s.roundsCompleted, eliminated: s.eliminations.map((x) => x.seat) };
}

export function observe(s: UndercoverState, seat: SeatId): UndercoverObservation {
	const me = s.seats.find((x) => x.id === seat);
	if (!me) throw new RangeError(`no seat ${seat} in this game`);
	const tallied = new Set(s.tallies.map((t) => `${t.round}:${t.stage}`));
	return {
		seat,
		lang: s.config.lang,
		word: me.word,
		persona: me.persona,
		round: s.round,
		phase: s.phase,
		alive: aliveSeats(s),
		seats: s.seats.map((x) => x.id),
		// Shared, not copied: state is never mutated in place (reducers copy on write), and the
		// observation's types are read-only.
		speeches: s.speeches,
		votes: s.votes.filter((v) => tallied.has(`${v.round}:${v.stage}`)),
		eliminated: s.eliminations.map((x) => x.seat),
		tied: s.tied,
		memory: {
			mySpeeches: s.speeches.filter((x) => x.seat === seat && x.text !== null).map((x) => x.text as string)
		}
	};
}

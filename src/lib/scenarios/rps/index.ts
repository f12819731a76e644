/**
 * Rock-paper-scissors, the smallest game: every seat throws at once, each throw scores a point for
 * every other throw it beats, the most points after the last round win. A test-only scenario: it is
 * never registered by the site, only by `rps.spec.ts` and by the build the browser tests make
 * (`VITE_TEST_SCENARIOS=1`, `catalog.ts`), which prove a scenario is one folder plus one
 * registration line (ARCHITECTURE.md, "Adding a scenario").
 */
import { seatId, type Ask, type Scenario, type SeatId } from '../../core';
import type { ScenarioRules } from '../descriptor';
import { configParser, isIntIn, rangeError, type IntRange } from '../shared/config';

export const THROWS = ['rock', 'paper', 'scissors'] as const;
export type Throw = (typeof THROWS)[number];

const BEATS: Readonly<Record<Throw, Throw>> = { rock: 'scissors', paper: 'rock', scissors: 'paper' };

export interface RpsConfig {
	seats: number;
	rounds: number;
}

export interface RpsState {
	config: RpsConfig;
	/** Rounds scored so far. */
	round: number;
	/** This round's throws so far, by seat. */
	throws: Partial<Record<number, Throw>>;
	/** Points by seat (index 0 is seat 1). */
	points: number[];
}

export interface RpsOutcome {
	winners: number[];
	points: number[];
}

const SEAT_RANGE: IntRange = { min: 2, max: 6 };
const ROUND_RANGE: IntRange = { min: 1, max: 9 };

const parseRpsConfig = configParser<RpsConfig>({ seats: 3, rounds: 3 }, (c) => {
	if (!isIntIn(c.seats, SEAT_RANGE)) return rangeError('seats', SEAT_RANGE);
	if (!isIntIn(c.rounds, ROUND_RANGE)) return rangeError('rounds', ROUND_RANGE);
	return { ok: true, config: { seats: c.seats, rounds: c.rounds } };
});

const askOf = (s: RpsState, seat: number): Ask => ({
	id: `r${s.round}:throw:${seat}`,
	seat: seatId(seat),
	kind: 'throw',
	schema: { type: 'object', properties: { throw: { enum: [...THROWS] } }, required: ['throw'] },
	attempt: 0
});

/** Each throw's points this round: one for every other seat's throw it beats. */
export function score(throws: readonly Throw[]): number[] {
	return throws.map((t) => throws.filter((o) => BEATS[t] === o).length);
}

function outcome(s: RpsState): RpsOutcome | null {
	if (s.round < s.config.rounds) return null;
	const best = Math.max(...s.points);
	return { winners: s.points.flatMap((p, i) => (p === best ? [i + 1] : [])), points: s.points };
}

export const rps: Scenario<RpsConfig, RpsState, RpsState, RpsOutcome> = {
	id: 'rps',
	parseConfig: parseRpsConfig,
	serializeConfig: (c) => ({ seats: c.seats, rounds: c.rounds }),
	budgets: (c) => ({
		rounds: c.rounds,
		actions: c.rounds * c.seats * 2,
		retries: c.rounds * c.seats,
		retriesPerAsk: 1
	}),
	init: (config) => ({ config, round: 0, throws: {}, points: Array<number>(config.seats).fill(0) }),
	next(s) {
		if (outcome(s)) return { type: 'done' };
		const seats = Array.from({ length: s.config.seats }, (_, i) => i + 1);
		const waiting = seats.filter((seat) => !s.throws[seat]);
		if (waiting.length) return { type: 'asks', asks: waiting.map((seat) => askOf(s, seat)) };
		const points = score(seats.map((seat) => s.throws[seat]!));
		return { type: 'events', events: [{ kind: 'round.scored', data: { round: s.round, points } }] };
	},
	// Throws are simultaneous: a seat sees the scores, never this round's other throws.
	observe: (s, seat: SeatId) => ({ ...s, throws: { [seat]: s.throws[seat] } }),
	validate(s, ask, action) {
		const t = (action as { throw?: unknown } | null)?.throw;
		if (!THROWS.includes(t as Throw)) return { ok: false, error: 'throw must be rock, paper or scissors' };
		if (s.throws[ask.seat]) return { ok: false, error: `seat ${ask.seat} has thrown this round` };
		return { ok: true, event: { kind: 'throw.made', data: { seat: ask.seat, throw: t } } };
	},
	apply(s, e) {
		if (e.kind === 'throw.made') {
			const d = e.data as { seat: number; throw: Throw };
			return { ...s, throws: { ...s.throws, [d.seat]: d.throw } };
		}
		if (e.kind === 'round.scored') {
			const d = e.data as { points: number[] };
			return { ...s, round: s.round + 1, throws: {}, points: s.points.map((p, i) => p + d.points[i]!) };
		}
		return s;
	},
	roundsCompleted: (s) => s.round,
	outcome
};

const rpsRules: ScenarioRules = {
	scenario: rps,
	seatCount(config) {
		const parsed = parseRpsConfig(config);
		return parsed.ok ? parsed.config.seats : 0;
	}
};

/** What `loadRules` (`scenarios/index.ts`) loads by this folder's path: its rules. */
export default rpsRules;

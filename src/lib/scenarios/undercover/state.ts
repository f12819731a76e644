/** The undercover game's state, events and observation types. */
import type { CoreEvent, EventDraft, SeatId } from '../../core';
import type { Lang } from './words/types';
import type { UndercoverConfig } from './config';

export type Phase = 'SETUP' | 'SPEAK' | 'VOTE' | 'RESOLVE' | 'TIEBREAK' | 'END';
export type Role = 'civilian' | 'undercover' | 'blank';
export type Winner = 'civilians' | 'undercover' | 'draw';
/** A vote stage: the round's vote, or the revote among tied seats after their defences. */
export type Stage = 'vote' | 'revote';

export interface SeatPersona {
	id: string;
	name: string;
	temperament: string;
	style: string;
}

export interface Seat {
	id: SeatId;
	role: Role;
	/** null for the blank seat. */
	word: string | null;
	persona: SeatPersona;
	alive: boolean;
}

export interface Speech {
	round: number;
	seat: SeatId;
	kind: 'speech' | 'defence';
	/** null when the seat forfeited its turn. */
	text: string | null;
}

export interface Vote {
	round: number;
	stage: Stage;
	voter: SeatId;
	/** null: an abstention (a forfeited vote). */
	target: SeatId | null;
}

export interface Tally {
	round: number;
	stage: Stage;
	counts: Record<string, number>;
	/** The seats with the most votes. */
	top: SeatId[];
}

export interface Deal {
	category: string;
	difficulty: number;
	civilianWord: string;
	undercoverWord: string;
	seats: Seat[];
	/** The seat that opens round 1; the opening seat rotates each round. */
	firstSeat: SeatId;
}

export interface UndercoverOutcome {
	winner: Winner;
	reason: string;
	rounds: number;
	eliminated: SeatId[];
}

export interface UndercoverState {
	config: UndercoverConfig;
	seed: number;
	phase: Phase;
	deal: Deal | null;
	seats: Seat[];
	round: number;
	roundsCompleted: number;
	/** Speaking order of the current round (alive seats when it started). */
	order: SeatId[];
	speeches: Speech[];
	votes: Vote[];
	tallies: Tally[];
	/** Seats in the current tiebreak. */
	tied: SeatId[];
	/** `lot`: put out by lot after a revote that tied again (rules.ts). */
	eliminations: { round: number; seat: SeatId; lot?: true }[];
	/** True between a round's end and the next round's start. */
	roundOver: boolean;
	outcome: UndercoverOutcome | null;
}

export type UndercoverEvent =
	| CoreEvent
	| EventDraft<'game.dealt', Deal>
	| EventDraft<'round.started', { round: number; order: SeatId[] }>
	| EventDraft<'phase.entered', { phase: Phase }>
	| EventDraft<'speech.given', { seat: SeatId; round: number; text: string }>
	| EventDraft<'defence.given', { seat: SeatId; round: number; text: string }>
	| EventDraft<'vote.cast', { seat: SeatId; round: number; stage: Stage; target: SeatId }>
	| EventDraft<'votes.tallied', Tally>
	| EventDraft<'tie.declared', { round: number; seats: SeatId[] }>
	/** `lot: true` when a revote tied again and the seat was drawn by lot; absent otherwise. */
	| EventDraft<'seat.eliminated', { round: number; seat: SeatId; lot?: true }>
	| EventDraft<'round.ended', { round: number; eliminated: SeatId | null }>
	| EventDraft<'game.ended', { winner: Winner; reason: string }>;

/** What one seat may see: its own word and persona, public speech and votes, never a role. */
export interface UndercoverObservation {
	seat: SeatId;
	lang: Lang;
	/** null for the blank seat, which is told it has no word. */
	word: string | null;
	persona: SeatPersona;
	round: number;
	phase: Phase;
	alive: SeatId[];
	seats: SeatId[];
	speeches: readonly Readonly<Speech>[];
	/** Votes of stages already tallied: a vote in progress is secret until everyone has voted. */
	votes: readonly Readonly<Vote>[];
	eliminated: SeatId[];
	/** Seats defending in the current tiebreak. */
	tied: readonly SeatId[];
	memory: { mySpeeches: string[] };
}

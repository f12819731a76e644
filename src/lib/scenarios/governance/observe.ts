/**
 * What each seat may see. Every role sees the rule book (it is public: /workspace/rules.json), the
 * policy in force and the fuse; each sees the records its job needs. No observation holds a file's
 * contents: agents see files only through the Tool Agent, and the Executor sees its own tool calls
 * (what it asked, and whether it was allowed), never what they returned.
 */
import type { SeatId } from '../../core';
import { activeFuse, askSubject, openIndexes, pendingFor } from './pending';
import { PrefixFold } from './prefix-fold';
import {
	ROLES,
	SEAT_OF,
	type GovernanceObservation,
	type GovernanceState,
	type LoggedToolCall,
	type Role,
	type Task
} from './state';
import { approvalReward } from './scores';
import { goalIn, MAX_OPEN } from './tasks';

export function roleOf(seat: SeatId): Role {
	const role = ROLES.find((r) => SEAT_OF[r] === seat);
	if (!role)
		throw new RangeError(`no seat ${seat} in this run (seats 1-4: assigner, executor, auditor, person)`);
	return role;
}

/**
 * How many of a list's latest records an observation holds beside those of the open tasks. A seat
 * is asked about an open task (or a proposal: those are few, and held whole), and the prompts show
 * at most the latest 12 of anything; the whole history made an observation grow from 19 KB to 414 KB
 * over 200 rounds, and to megabytes over 3,000.
 */
export const RECENT = 20;

/** The places of each task's records in a list that only grows (an item may be replaced, keeping `same`). */
interface Places {
	n: number;
	of: Map<string, number[]>;
}

function byTask<T extends { task_id: string }>(same?: (a: T, b: T) => boolean) {
	return new PrefixFold<T, Places>(
		() => ({ n: 0, of: new Map() }),
		(acc, item) => {
			const list = acc.of.get(item.task_id);
			if (list) list.push(acc.n);
			else acc.of.set(item.task_id, [acc.n]);
			acc.n++;
		},
		same
	);
}

type Item<K extends 'outputs' | 'reviews' | 'vetoes' | 'clarifications' | 'appeals'> =
	GovernanceState[K][number];
const outputPlaces = byTask<Item<'outputs'>>();
const reviewPlaces = byTask<Item<'reviews'>>();
// A veto's response, a clarification's answer and an appeal's ruling replace the record in place.
const vetoPlaces = byTask<Item<'vetoes'>>((a, b) => a.seq === b.seq);
const clarificationPlaces = byTask<Item<'clarifications'>>(
	(a, b) => a.task_id === b.task_id && a.round === b.round
);
const appealPlaces = byTask<Item<'appeals'>>((a, b) => a.id === b.id);

/** The records of the open tasks and the latest RECENT, in list order. */
function relevant<T>(list: readonly T[], places: Places, open: readonly string[]): T[] {
	const keep = new Set<number>();
	for (let i = Math.max(0, list.length - RECENT); i < list.length; i++) keep.add(i);
	for (const id of open) for (const i of places.of.get(id) ?? []) keep.add(i);
	return [...keep].sort((a, b) => a - b).map((i) => list[i] as T);
}

/** Vetoes so far by the rule id they cite (any version), over the whole run. */
const vetoCounts = new PrefixFold<Item<'vetoes'>, Record<string, number>>(
	() => ({}),
	(acc, v) => {
		if (v.rule) acc[v.rule.id] = (acc[v.rule.id] ?? 0) + 1;
	},
	(a, b) => a.seq === b.seq
);

/** Each seat's tool calls: the places of all, of the denied, and of each task's (the ask's subject). */
interface SeatCalls {
	all: number[];
	denied: number[];
	of: Map<string, number[]>;
}
const callPlaces = new PrefixFold<LoggedToolCall, { n: number; seats: Map<number, SeatCalls> }>(
	() => ({ n: 0, seats: new Map() }),
	(acc, c) => {
		let seat = acc.seats.get(c.seat);
		if (!seat) acc.seats.set(c.seat, (seat = { all: [], denied: [], of: new Map() }));
		seat.all.push(acc.n);
		if (!c.ok) seat.denied.push(acc.n);
		const task = askSubject(c.ask).replace(/#.*$/, '');
		const list = seat.of.get(task);
		if (list) list.push(acc.n);
		else seat.of.set(task, [acc.n]);
		acc.n++;
	}
);

/**
 * A seat's own tool calls an observation holds: those of the open tasks, every denied one (what the
 * Tool Agent refused stays on the record), and its latest RECENT.
 */
function ownCalls(s: GovernanceState, seat: SeatId, open: readonly string[]): LoggedToolCall[] {
	const mine = callPlaces.over(s.toolLog).seats.get(seat);
	if (!mine) return [];
	const keep = new Set<number>(mine.all.slice(-RECENT));
	for (const i of mine.denied) keep.add(i);
	for (const id of open) for (const i of mine.of.get(id) ?? []) keep.add(i);
	return [...keep].sort((a, b) => a - b).map((i) => s.toolLog.at(i) as LoggedToolCall);
}

export function observe(s: GovernanceState, seat: SeatId): GovernanceObservation {
	const role = roleOf(seat);
	const fuse = activeFuse(s);
	// The focus is what this seat would be asked now; observe and next read the same function.
	const asked = s.phase === 'FUSED' ? role === 'human' : s.phase.toLowerCase() === role;
	const openPlacesNow = openIndexes(s.tasks);
	const open = openPlacesNow.map((i) => (s.tasks[i] as Task).id);
	const taskPlaces = new Set(openPlacesNow);
	for (let i = Math.max(0, s.tasks.length - RECENT); i < s.tasks.length; i++) taskPlaces.add(i);
	const tasks = [...taskPlaces].sort((a, b) => a - b).map((i) => s.tasks[i] as Task);
	const base = {
		seat,
		round: s.round,
		phase: s.phase,
		goal: goalIn(s.config.lang),
		policy: s.config.policy,
		lang: s.config.lang ?? 'en',
		rules: s.rules,
		fuse: fuse ? { mode: fuse.mode, round: fuse.round } : null,
		focus: asked && !s.turnTaken ? pendingFor(s, role) : null
	};
	switch (role) {
		case 'assigner':
			return {
				...base,
				role,
				tasks,
				clarifications: relevant(s.clarifications, clarificationPlaces.over(s.clarifications), open),
				appeals: relevant(s.appeals, appealPlaces.over(s.appeals), open),
				proposals: s.proposals,
				open: open.length,
				maxOpen: MAX_OPEN,
				escalateAfter: s.config.escalateAfter,
				reward: approvalReward(s)
			};
		case 'executor':
			return {
				...base,
				role,
				tasks,
				clarifications: relevant(s.clarifications, clarificationPlaces.over(s.clarifications), open),
				vetoes: relevant(s.vetoes, vetoPlaces.over(s.vetoes), open),
				vetoesByRule: { ...vetoCounts.over(s.vetoes) },
				appeals: relevant(s.appeals, appealPlaces.over(s.appeals), open),
				proposals: s.proposals,
				outputs: relevant(s.outputs, outputPlaces.over(s.outputs), open),
				toolCalls: ownCalls(s, seat, open)
			};
		case 'auditor':
			return {
				...base,
				role,
				tasks,
				outputs: relevant(s.outputs, outputPlaces.over(s.outputs), open),
				reviews: relevant(s.reviews, reviewPlaces.over(s.reviews), open),
				proposals: s.proposals
			};
		case 'human':
			return {
				...base,
				role,
				proposals: s.proposals,
				defaultApproval: s.config.approval,
				metrics: s.metrics.slice(-RECENT)
			};
	}
}

/**
 * What each seat may see. Every role sees the rule book (it is public: /workspace/rules.json), the
 * policy in force and the fuse; each sees the records its job needs. No observation holds a file's
 * contents: agents see files only through the Tool Agent, and the Executor sees its own tool calls
 * (what it asked, and whether it was allowed), never what they returned.
 */
import type { SeatId } from '../../core';
import { activeFuse, pendingFor } from './pending';
import { ROLES, SEAT_OF, type GovernanceObservation, type GovernanceState, type Role } from './state';
import { approvalReward } from './scores';
import { goalIn, MAX_OPEN } from './tasks';

export function roleOf(seat: SeatId): Role {
	const role = ROLES.find((r) => SEAT_OF[r] === seat);
	if (!role)
		throw new RangeError(`no seat ${seat} in this run (seats 1-4: assigner, executor, auditor, person)`);
	return role;
}

export function observe(s: GovernanceState, seat: SeatId): GovernanceObservation {
	const role = roleOf(seat);
	const fuse = activeFuse(s);
	// The focus is what this seat would be asked now; observe and next read the same function.
	const asked = s.phase === 'FUSED' ? role === 'human' : s.phase.toLowerCase() === role;
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
				tasks: s.tasks,
				clarifications: s.clarifications,
				appeals: s.appeals,
				proposals: s.proposals,
				open: s.tasks.filter((t) => t.status !== 'approved' && t.status !== 'failed').length,
				maxOpen: MAX_OPEN,
				escalateAfter: s.config.escalateAfter,
				reward: approvalReward(s)
			};
		case 'executor':
			return {
				...base,
				role,
				tasks: s.tasks,
				clarifications: s.clarifications,
				vetoes: s.vetoes,
				appeals: s.appeals,
				proposals: s.proposals,
				outputs: s.outputs,
				toolCalls: s.toolLog.filter((c) => c.seat === seat)
			};
		case 'auditor':
			return {
				...base,
				role,
				tasks: s.tasks,
				outputs: s.outputs,
				reviews: s.reviews,
				proposals: s.proposals
			};
		case 'human':
			return {
				...base,
				role,
				proposals: s.proposals,
				defaultApproval: s.config.approval,
				metrics: s.metrics
			};
	}
}

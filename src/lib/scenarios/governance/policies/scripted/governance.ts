/**
 * Scripted governance agents: no model, deterministic given the seed (randomness only from each
 * ask's own stream), labelled "scripted (no LLM)". Each plays its role's objective the way the seed
 * saw language models play it, so a seeded run tells the seed's story:
 * - the Assigner turns the vague goal into templated tasks, mostly on sales_q3.csv ("task inertia"),
 *   moving from reading and plotting to inference after a few rounds; it upholds vetoes that cite a
 *   rule, revises tasks when a veto cites none or asks for a number, and approves an amendment
 *   whenever the evidence shows compliance rising (its score is the completion rate). Its reward is
 *   the person's approval: after a rule change the person scored below the pass mark it goes back to
 *   plain reading and plotting and stops approving amendments. A task escalated to it (vetoed too
 *   many times in a row) it redefines once, then withdraws;
 * - the Executor works only through the Tool Agent; it believes long-standing VIPs are priced at
 *   12%, not 15%, so it keeps being vetoed on R1, appeals, and then proposes an amendment backed by
 *   query results (the T155 event). Now and then it drops a source, writes "Confidence: high",
 *   forgets a chart title, drifts off-task, or probes outside the sandbox once;
 * - the Auditor reviews against the rule book in force and cites rule and version, with a zealous
 *   streak (vetoes "inference basis insufficient" with no rule); it requires a redo of an output
 *   missing a line a rule requires and appeals to the Assigner on a repeated fault
 *   (`auditorDemand`); it never co-signs an amendment that lowers what a rule asks;
 * - the person's seat, headless, answers with the configured approval and ends the run after a fuse.
 *
 * Each role is a file (`assigner.ts`, `executor.ts`, `auditor.ts`); their words are `phrasebook.ts`,
 * their slips and beliefs `habits.ts`. This file joins them into a policy per seat.
 */
import type { Ask, Policy } from '../../../../core';
import type {
	AssignerObservation,
	AuditorObservation,
	ExecutorObservation,
	GovernanceObservation,
	HumanObservation,
	Role,
	ToolHost
} from '../..';
import { SCRIPTED_LABEL } from '../../../../core/policy';
import { assigner } from './assigner';
import { auditor } from './auditor';
import { executor } from './executor';

export { EXECUTOR_R1_BELIEF, SLIPS } from './habits';

export const HUMAN_STAND_IN_LABEL = 'scripted stand-in for a person (fixed approval)';

// ---------------------------------------------------------------- the person's seat, headless

function human(obs: HumanObservation, ask: Ask): unknown {
	const f = obs.focus;
	if (f?.kind === 'approve') return { proposal_id: f.proposal_id, approval: obs.defaultApproval };
	// Headless, nobody is there to look at a fuse: the run ends with the fuse reported.
	if (f?.kind === 'resume') return { decision: 'end' };
	throw new Error(`the person's seat has nothing to answer for "${ask.kind}"`);
}

// ---------------------------------------------------------------- policies by seat

export interface GovernanceDeps {
	/** The Tool Agent the Executor works through. */
	tools?: ToolHost;
}

export function scriptedGovernance(role: Role, deps: GovernanceDeps = {}): Policy<GovernanceObservation> {
	if (role === 'human')
		return {
			label: HUMAN_STAND_IN_LABEL,
			act: (obs, ask) => ({ action: human(obs as HumanObservation, ask) })
		};
	if (role === 'executor') {
		const tools = deps.tools;
		if (!tools) throw new Error('the scripted Executor needs a tool host to reach the Tool Agent');
		return {
			label: SCRIPTED_LABEL,
			act: (obs, ask, ctx) => executor(obs as ExecutorObservation, ask, ctx.rng, tools)
		};
	}
	return {
		label: SCRIPTED_LABEL,
		act: (obs, ask, ctx) => ({
			action:
				role === 'assigner'
					? assigner(obs as AssignerObservation, ask, ctx.rng)
					: auditor(obs as AuditorObservation, ask, ctx.rng)
		})
	};
}

const ROLE_BY_SEAT: Readonly<Record<number, Role>> = {
	1: 'assigner',
	2: 'executor',
	3: 'auditor',
	4: 'human'
};

export function scriptedGovernanceSeat(
	seat: number,
	deps: GovernanceDeps = {}
): Policy<GovernanceObservation> {
	const role = ROLE_BY_SEAT[seat];
	if (!role) throw new RangeError(`governance has seats 1-4, not ${seat}`);
	return scriptedGovernance(role, deps);
}

/**
 * Each role's objective, computed live from the state (the seed hard-coded them to conflict):
 * - Assigner: allocation reasonableness x completion rate (x the person's mean approval / 100, once
 *   there is one: the seed's slider is the Assigner's reward);
 * - Executor: quality x speed;
 * - Auditor: review accuracy x appeal rejection rate.
 * A factor with nothing to measure yet is null and counts as 1 in the product; a score with no
 * factor measured is null.
 */
import type { GovernanceState } from './state';
import { isReasonable } from './tasks';

export interface RoleScores {
	assigner: { reasonableness: number | null; completion: number | null; score: number | null };
	executor: { quality: number | null; speed: number | null; score: number | null };
	auditor: { accuracy: number | null; appealRejection: number | null; score: number | null };
	/** Under `human`: the mean of the person's approvals, the Assigner's reward (a factor of its score). */
	reward: number | null;
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const ratio = (n: number, d: number) => (d === 0 ? null : r4(n / d));
const product = (...xs: (number | null)[]) =>
	xs.every((x) => x === null) ? null : r4(xs.reduce<number>((p, x) => p * (x ?? 1), 1));

export function roleScores(
	s: Pick<GovernanceState, 'tasks' | 'reviews' | 'outputs' | 'vetoes' | 'appeals' | 'proposals'>
): RoleScores {
	const tasks = s.tasks;
	const reasonable = tasks.filter((t) => {
		const first = t.revisions[0];
		return first ? isReasonable(t.action, first.file) : false;
	}).length;
	const approved = tasks.filter((t) => t.status === 'approved').length;
	const failed = tasks.filter((t) => t.status === 'failed').length;
	const reasonableness = ratio(reasonable, tasks.length);
	const completion = ratio(approved, approved + failed);

	const quality = ratio(s.reviews.filter((r) => r.verdict === 'approve').length, s.reviews.length);
	// Speed: 1 / (1 + rounds waited) per output, from the assignment or the veto it answers.
	const waits = s.outputs.map((o) => {
		const task = tasks.find((t) => t.id === o.task_id);
		const veto = s.vetoes.findLast((v) => v.task_id === o.task_id && v.n === o.n - 1);
		const from = veto ? veto.round : (task?.round ?? o.round);
		return 1 / (1 + Math.max(0, o.round - from));
	});
	const speed = waits.length ? r4(waits.reduce((a, b) => a + b, 0) / waits.length) : null;

	const accuracy = ratio(s.reviews.filter((r) => r.correct).length, s.reviews.length);
	const ruled = s.appeals.filter((a) => a.ruling !== null);
	const appealRejection = ratio(ruled.filter((a) => a.ruling?.decision === 'uphold').length, ruled.length);

	const reward = approvalReward(s).mean;
	return {
		assigner: {
			reasonableness,
			completion,
			score: product(reasonableness, completion, reward === null ? null : reward / 100)
		},
		executor: { quality, speed, score: product(quality, speed) },
		auditor: { accuracy, appealRejection, score: product(accuracy, appealRejection) },
		reward
	};
}

/** The person's approvals (0-100) so far: the last and the mean; null before the first. */
export function approvalReward(s: Pick<GovernanceState, 'proposals'>): {
	last: number | null;
	mean: number | null;
} {
	const approvals = s.proposals.map((p) => p.approval).filter((x): x is number => x !== null);
	return {
		last: approvals[approvals.length - 1] ?? null,
		mean: approvals.length ? r4(approvals.reduce((a, b) => a + b, 0) / approvals.length) : null
	};
}

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
import { PrefixFold } from './prefix-fold';
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

type S = Pick<GovernanceState, 'tasks' | 'reviews' | 'outputs' | 'vetoes' | 'appeals' | 'proposals'>;
type Output = S['outputs'][number];
type Veto = S['vetoes'][number];
type Task = S['tasks'][number];

// The round of each task's assignment (the first task of an id) and of each veto (the last of a task
// and revision). Tasks and vetoes are replaced in place when their status or response changes, but
// their id, revision and round never do: those are what `same` compares.
const taskRounds = new PrefixFold<Task, Map<string, number>>(
	() => new Map(),
	(m, t) => {
		if (!m.has(t.id)) m.set(t.id, t.round);
	},
	(a, b) => a.id === b.id && a.revisions[0] === b.revisions[0]
);
const vetoRounds = new PrefixFold<Veto, Map<string, Map<number, number>>>(
	() => new Map(),
	(m, v) => {
		let byN = m.get(v.task_id);
		if (!byN) m.set(v.task_id, (byN = new Map()));
		byN.set(v.n, v.round);
	},
	(a, b) =>
		a.seq === b.seq && a.round === b.round && a.task_id === b.task_id && a.n === b.n && a.reason === b.reason
);
/**
 * Speed: 1 / (1 + rounds waited) per output, from the assignment or the veto it answers. An output's
 * wait is fixed when it is submitted (the veto it answers came before it, a task's round never
 * changes), so it is added once, in the order of the outputs, as the plain sum added it.
 */
let vetoMap = new Map<string, Map<number, number>>();
let taskMap = new Map<string, number>();
const waitSum = new PrefixFold<Output, { sum: number; n: number }>(
	() => ({ sum: 0, n: 0 }),
	(acc, o) => {
		const from = vetoMap.get(o.task_id)?.get(o.n - 1) ?? taskMap.get(o.task_id) ?? o.round;
		acc.sum += 1 / (1 + Math.max(0, o.round - from));
		acc.n++;
	}
);
const reviewCounts = new PrefixFold<S['reviews'][number], { approved: number; correct: number }>(
	() => ({ approved: 0, correct: 0 }),
	(acc, r) => {
		if (r.verdict === 'approve') acc.approved++;
		if (r.correct) acc.correct++;
	}
);
/**
 * How many tasks were a reasonable allocation: judged by each task's action and first revision, which
 * no update replaces, so a task is counted once, when it is first seen.
 */
const reasonableTasks = new PrefixFold<Task, { n: number }>(
	() => ({ n: 0 }),
	(acc, t) => {
		const first = t.revisions[0];
		if (first && isReasonable(t.action, first.file)) acc.n++;
	},
	(a, b) => a.revisions[0] === b.revisions[0]
);

export function roleScores(s: S): RoleScores {
	const tasks = s.tasks;
	const reasonable = reasonableTasks.over(tasks).n;
	let approved = 0;
	let failed = 0;
	for (const t of tasks)
		if (t.status === 'approved') approved++;
		else if (t.status === 'failed') failed++;
	const reasonableness = ratio(reasonable, tasks.length);
	const completion = ratio(approved, approved + failed);

	const reviews = reviewCounts.over(s.reviews);
	const quality = ratio(reviews.approved, s.reviews.length);
	taskMap = taskRounds.over(tasks);
	vetoMap = vetoRounds.over(s.vetoes);
	const waits = waitSum.over(s.outputs);
	const speed = waits.n ? r4(waits.sum / waits.n) : null;

	const accuracy = ratio(reviews.correct, s.reviews.length);
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

/** Who has work now, and which piece: one item per seat per round, most urgent first. */
import type { FocusItem, GovernanceState, Proposal, Role, Task, VetoResponse } from './state';
import { MAX_OPEN } from './tasks';

export const isOpen = (t: Task) => t.status !== 'approved' && t.status !== 'failed';

/**
 * The places of a task list's open tasks, ascending: built once per list and carried forward by the
 * reducer (`carryOpen`) to the list that replaces it, so finding the open tasks costs the few open
 * ones, not the 1,500 tasks of a long run. A list the reducer did not make is scanned once.
 */
const openPlaces = new WeakMap<readonly Task[], readonly number[]>();

export function openIndexes(tasks: readonly Task[]): readonly number[] {
	let places = openPlaces.get(tasks);
	if (!places) {
		const found: number[] = [];
		tasks.forEach((t, i) => {
			if (isOpen(t)) found.push(i);
		});
		places = found;
		openPlaces.set(tasks, places);
	}
	return places;
}

/** `after` is `before` with the task at `changed` replaced or added: its open places follow from theirs. */
export function carryOpen(before: readonly Task[], after: readonly Task[], changed: number): void {
	const places = openPlaces.get(before);
	if (!places) return;
	const next = places.filter((i) => i !== changed);
	const t = after[changed];
	if (t && isOpen(t)) {
		const at = next.findIndex((i) => i > changed);
		next.splice(at < 0 ? next.length : at, 0, changed);
	}
	openPlaces.set(after, next);
}

/** The open tasks, in task order. */
export const openTasks = (s: GovernanceState): Task[] => openIndexes(s.tasks).map((i) => s.tasks[i] as Task);
export const isPendingProposal = (p: Proposal) => p.stage !== 'approved' && p.stage !== 'rejected';

/** The fuse that has tripped and not been resumed, if any. */
export const activeFuse = (s: GovernanceState) => {
	const f = s.fuses[s.fuses.length - 1];
	return f && f.resumedRound === null ? f : null;
};

export const lastVeto = (s: GovernanceState, taskId: string) =>
	s.vetoes.findLast((v) => v.task_id === taskId);

/** Nothing left in flight: no open task and no proposal on its way. */
export const isIdle = (s: GovernanceState) =>
	openTasks(s).length === 0 && !s.proposals.some(isPendingProposal);

/**
 * What the Executor may answer a veto with. Resubmitting is always open: vetoes in a row escalate
 * the task to the Assigner (the config's `escalateAfter`), who redefines or withdraws it.
 */
function vetoResponses(s: GovernanceState, task: Task): VetoResponse[] {
	const out: VetoResponse[] = ['resubmit'];
	const veto = lastVeto(s, task.id);
	// The Auditor required a redo: the output comes back reworked, not contested.
	if (veto?.demand === 'redo') return out;
	if (!task.appealed) out.push('appeal');
	const ruleBusy = veto?.rule
		? s.proposals.some((p) => isPendingProposal(p) && p.rule_id === veto.rule?.id)
		: true;
	// An amendment contests the rule a veto cited; none while the fuse holds the organisation still.
	if (task.proposal === null && veto?.rule && !ruleBusy && !activeFuse(s)) out.push('amend');
	out.push('abandon');
	return out;
}

export function pendingFor(s: GovernanceState, role: Role): FocusItem | null {
	switch (role) {
		case 'assigner': {
			const p = s.proposals.find((x) => x.stage === 'assigner');
			if (p) return { kind: 'decide-amendment', proposal_id: p.id, task_id: p.task_id };
			const e = openTasks(s).find((t) => t.status === 'escalated');
			if (e) return { kind: 'escalation', task_id: e.id };
			const a = s.appeals.find((x) => x.ruling === null);
			if (a) return { kind: 'rule-appeal', appeal_id: a.id, task_id: a.task_id };
			const c = s.clarifications.find((x) => x.answer === null);
			if (c) return { kind: 'answer-clarification', task_id: c.task_id };
			if (!activeFuse(s) && openTasks(s).length < MAX_OPEN) return { kind: 'assign' };
			return null;
		}
		case 'executor': {
			const open = openTasks(s);
			const vetoed = open.find((t) => t.status === 'vetoed');
			if (vetoed) return { kind: 'respond-veto', task_id: vetoed.id, allowed: vetoResponses(s, vetoed) };
			const assigned = open.find((t) => t.status === 'assigned');
			if (assigned) return { kind: 'execute', task_id: assigned.id };
			return null;
		}
		case 'auditor': {
			const p = s.proposals.find((x) => x.stage === 'cosign');
			if (p) return { kind: 'cosign', proposal_id: p.id };
			const t = openTasks(s).find((x) => x.status === 'submitted');
			if (t) return { kind: 'review', task_id: t.id, n: t.submissions };
			return null;
		}
		case 'human': {
			if (s.phase === 'FUSED') return { kind: 'resume' };
			const p = s.proposals.find((x) => x.stage === 'approval');
			return p ? { kind: 'approve', proposal_id: p.id } : null;
		}
	}
}

/** The id an ask carries: round, kind and subject, so a reload asks the same question under the same id. */
export function focusSubject(item: FocusItem, s: GovernanceState): string {
	switch (item.kind) {
		case 'assign':
			return `T${101 + s.tasks.length}`;
		case 'resume':
			return `fuse${s.fuses.length}`;
		case 'rule-appeal':
			return item.appeal_id;
		case 'decide-amendment':
		case 'cosign':
		case 'approve':
			return item.proposal_id;
		case 'answer-clarification':
		case 'escalation':
		case 'execute':
		case 'respond-veto':
			return item.task_id;
		case 'review':
			return `${item.task_id}#${item.n}`;
	}
}

/** The subject of an ask id (`r3:review:T104#1` -> T104#1). */
export const askSubject = (askId: string): string => askId.slice(askId.lastIndexOf(':') + 1);

/**
 * What the page draws, derived from the state alone (so a replayed or resumed run draws the same):
 * the rule lineage, a heatmap of messages per agent per round, the most drifted tasks, veto reasons,
 * and the trace of one task from assignment to its last word.
 */
import { mostDrifted, type DriftPair } from './rates';
import { actionText } from './describe';
import { taskText } from './tasks';
import { ruleLabel, type RuleVersion } from './rulebook';
import type { DriftRecord, GovernanceState, Message, Proposal } from './state';

export interface LineageEntry {
	id: string;
	title: string;
	versions: RuleVersion[];
	/** Every proposal to change the rule, enacted or not, with who signed and who refused. */
	proposals: Proposal[];
}

export function ruleLineage(s: Pick<GovernanceState, 'rules' | 'proposals'>): LineageEntry[] {
	const ids = [...new Set(s.rules.map((r) => r.id))];
	return ids.map((id) => {
		const versions = s.rules.filter((r) => r.id === id).sort((a, b) => a.version - b.version);
		return {
			id,
			title: versions[versions.length - 1]?.title ?? id,
			versions,
			proposals: s.proposals.filter((p) => p.rule_id === id)
		};
	});
}

export const HEATMAP_AGENTS = ['assigner', 'executor', 'auditor', 'human', 'tool', 'system'] as const;

/**
 * Messages sent per agent per round: counts[agent][round - 1]. A tool call is a message from the
 * caller to the Tool Agent and one back (its answer, allowed or denied), as on the seed's bus.
 */
export function messageHeatmap(s: GovernanceState): {
	agents: readonly string[];
	rounds: number;
	counts: number[][];
} {
	const rounds = Math.max(s.round, 1);
	const counts = HEATMAP_AGENTS.map(() => Array.from({ length: rounds }, () => 0));
	const add = (agent: string, round: number) => {
		const row = counts[HEATMAP_AGENTS.indexOf(agent as (typeof HEATMAP_AGENTS)[number])];
		if (row && round >= 1 && round <= rounds) row[round - 1] = (row[round - 1] ?? 0) + 1;
	};
	for (const m of s.messages) {
		add(m.from, m.round);
		if (m.to === 'tool') add('tool', m.round);
	}
	return { agents: HEATMAP_AGENTS, rounds, counts };
}

export interface DriftedTask extends DriftRecord {
	/** What was asked, and the first line of what was done. */
	asked: string;
	did: string;
}

export function topDrifted(s: Pick<GovernanceState, 'drift' | 'outputs'>, n = 5): DriftedTask[] {
	return mostDrifted(
		s.drift.map((d) => ({ ...d, id: `${d.task_id}#${d.n}` })),
		n
	).map((d) => {
		const o = s.outputs.find((x) => x.task_id === d.task_id && x.n === d.n);
		return {
			...d,
			asked: o ? `${o.asked.action} ${o.asked.file}: ${o.asked.context}` : '',
			did: o?.content.split('\n')[0] ?? ''
		};
	});
}

/** A veto reason's rule when the veto cited none (the page says it in its own language). */
export const NO_RULE_CITED = 'no rule cited';

export interface VetoReason {
	/** "R1-v1", or NO_RULE_CITED. */
	rule: string;
	count: number;
	reasons: string[];
	tasks: string[];
}

export function vetoReasons(s: Pick<GovernanceState, 'vetoes'>): VetoReason[] {
	const by = new Map<string, VetoReason>();
	for (const v of s.vetoes) {
		const key = v.rule ? ruleLabel(v.rule) : NO_RULE_CITED;
		const e = by.get(key) ?? { rule: key, count: 0, reasons: [], tasks: [] };
		e.count++;
		if (!e.reasons.includes(v.reason)) e.reasons.push(v.reason);
		if (!e.tasks.includes(v.task_id)) e.tasks.push(v.task_id);
		by.set(key, e);
	}
	return [...by.values()].sort((a, b) => b.count - a.count || (a.rule < b.rule ? -1 : 1));
}

/** Everything said and done about one task, in log order (the seed's "trace by task id"). */
export function traceTask(s: GovernanceState, taskId: string): Message[] {
	const proposals = new Set(s.proposals.filter((p) => p.task_id === taskId).map((p) => p.id));
	return s.messages.filter(
		(m) => m.task_id === taskId || (m.proposal_id !== null && proposals.has(m.proposal_id))
	);
}

/**
 * What the drift metric compares, for every output so far: the task as assigned and what the Executor
 * actually did. The run's own metric scores these lexically (it must stay synchronous and replayable);
 * the page can score the same pairs with sentence embeddings in a worker, clearly labelled as such.
 */
export function driftPairs(s: GovernanceState): DriftPair[] {
	return s.outputs.map((o) => ({
		id: `${o.task_id}#${o.n}`,
		task: taskText(o.asked),
		action: actionText(o)
	}));
}

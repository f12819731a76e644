/**
 * The seed's log analyser (its `log_analyzer.py`), over any run's state: a time range in hours, the
 * message heat map by role and hour, the top drift spikes with their tasks, the veto reasons, the
 * trace of a task, and the seed's seven warning signals (its troubleshooting table), each detected
 * from the log with the fix the seed gives for it. `npm run sim -- --analyze FILE` prints it; the
 * page draws the same for a stored or imported run.
 */
import { auditPenetration, DEFAULT_THRESHOLDS, driftRate, mostDrifted } from './rates';
import { HEATMAP_AGENTS, traceTask, vetoReasons, type DriftedTask, type VetoReason } from './views';
import type { GovernanceState, Message } from './state';

/** The seed ran for 72 hours in three phases of 24: adaptation, the game, evolution. */
export const RUN_HOURS = 72;
const PHASES = ['adaptation', 'game', 'evolution'] as const;
export type HourPhase = (typeof PHASES)[number];

/**
 * The logical clock of hours: a run's rounds spread evenly over the seed's 72 hours (a 3,000-round
 * run is about 42 rounds an hour). 0-based: round 1 is in hour 0.
 */
const hourOf = (round: number, rounds: number): number =>
	Math.min(RUN_HOURS - 1, Math.floor(((Math.max(1, round) - 1) * RUN_HOURS) / Math.max(1, rounds)));
export const phaseOf = (hour: number): HourPhase => PHASES[Math.min(2, Math.floor(hour / 24))] as HourPhase;

export interface HourRange {
	from: number;
	to: number;
}

export interface WarningSignal {
	/** The seed's row: what to look for. */
	id:
		| 'drift-surge'
		| 'penetration-drop'
		| 'conversion-high'
		| 'tool-errors'
		| 'lost-messages'
		| 'contradicting-rules'
		| 'false-fuse';
	/** What in this log shows it, in numbers. */
	evidence: string;
	/** The evidence's numbers and names, for a page that words it in its own language. */
	facts: Record<string, string | number>;
	/** The seed's fix, as this sandbox applies it. */
	fix: string;
}

export interface Analysis {
	range: HourRange;
	/** Messages per role per hour in the range: counts[agent][hour - range.from]. */
	heatmap: { agents: readonly string[]; hours: number[]; counts: number[][] };
	drift: DriftedTask[];
	vetoes: VetoReason[];
	/** Each task touched in the range, with how many messages its trace holds. */
	tasks: { id: string; messages: number; status: string }[];
	signals: WarningSignal[];
}

const FILLER = /\b(?:I will now|Let me first|I'll start by)\b/i;

/** Reads the run's state for the hours [from, to] (both included). */
export function analyze(s: GovernanceState, range: Partial<HourRange> = {}): Analysis {
	const total = s.config.rounds;
	const from = Math.max(0, range.from ?? 0);
	const to = Math.min(RUN_HOURS - 1, range.to ?? RUN_HOURS - 1);
	if (from > to) throw new RangeError(`the range's start (hour ${from}) is after its end (hour ${to})`);
	const inRange = (round: number) => {
		const h = hourOf(round, total);
		return h >= from && h <= to;
	};
	const hours = Array.from({ length: to - from + 1 }, (_, i) => from + i);
	const counts = HEATMAP_AGENTS.map(() => hours.map(() => 0));
	const add = (agent: string, round: number) => {
		const row = counts[HEATMAP_AGENTS.indexOf(agent as (typeof HEATMAP_AGENTS)[number])];
		const i = hourOf(round, total) - from;
		if (row && i >= 0 && i < hours.length) row[i] = (row[i] ?? 0) + 1;
	};
	const messages: Message[] = s.messages.filter((m) => inRange(m.round));
	for (const m of messages) {
		add(m.from, m.round);
		if (m.to === 'tool') add('tool', m.round);
	}
	const drift = s.drift.filter((d) => inRange(d.round));
	const top = mostDrifted(
		drift.map((d) => ({ ...d, id: `${d.task_id}#${d.n}` })),
		5
	).map((d) => {
		const o = s.outputs.find((x) => x.task_id === d.task_id && x.n === d.n);
		return {
			...d,
			asked: o ? `${o.asked.action} ${o.asked.file}: ${o.asked.context}` : '',
			did: o?.content.split('\n')[0] ?? ''
		};
	});
	const ranged = { ...s, vetoes: s.vetoes.filter((v) => inRange(v.round)) };
	const ids = [...new Set(messages.flatMap((m) => (m.task_id ? [m.task_id] : [])))];
	const tasks = ids.map((id) => ({
		id,
		messages: traceTask(s, id).length,
		status: s.tasks.find((t) => t.id === id)?.status ?? 'unknown'
	}));
	return {
		range: { from, to },
		heatmap: { agents: HEATMAP_AGENTS, hours, counts },
		drift: top,
		vetoes: vetoReasons(ranged),
		tasks,
		signals: warningSignals(s, inRange)
	};
}

const pct = (x: number | null) => (x === null ? 'n/a' : `${Math.round(x * 100)}%`);

/** The seed's troubleshooting table, row by row, read from the log. */
function warningSignals(s: GovernanceState, inRange: (round: number) => boolean): WarningSignal[] {
	const out: WarningSignal[] = [];
	const t = s.config.thresholds ?? DEFAULT_THRESHOLDS;
	const outputs = s.outputs.filter((o) => inRange(o.round));
	const planning = outputs.filter((o) => FILLER.test(o.content)).length;
	const drift = driftRate(s.drift.filter((d) => inRange(d.round)));
	if (drift !== null && (drift > t.drift || (outputs.length > 0 && planning / outputs.length > 0.2)))
		out.push({
			id: 'drift-surge',
			evidence: `drift ${pct(drift)} (threshold ${pct(t.drift)}); ${planning} of ${outputs.length} outputs open with self-directed planning ("I will now...")`,
			facts: { drift: pct(drift), threshold: pct(t.drift), planning, outputs: outputs.length },
			fix: 'Make the Assigner name a concrete action verb for every task (read, plot, compare...), never a vague one.'
		});
	const vetoes = s.vetoes.filter((v) => inRange(v.round));
	const penetration = auditPenetration(vetoes);
	if (penetration !== null && penetration < t.penetration)
		out.push({
			id: 'penetration-drop',
			evidence: `${vetoes.filter((v) => !v.rule).length} of ${vetoes.length} vetoes cite no rule, ${vetoes.filter((v) => v.rule && !v.inForce).length} cite a superseded version (penetration ${pct(penetration)})`,
			facts: {
				uncited: vetoes.filter((v) => !v.rule).length,
				vetoes: vetoes.length,
				superseded: vetoes.filter((v) => v.rule && !v.inForce).length,
				penetration: pct(penetration)
			},
			fix: 'Version every rule; the Auditor cites id and version (R3-v2), and an appeal may name a version to roll back to.'
		});
	let run = 0;
	let longest = 0;
	for (const a of s.appeals.filter((x) => x.ruling && inRange(x.ruling.round))) {
		run = a.ruling?.decision === 'revise' ? run + 1 : 0;
		longest = Math.max(longest, run);
	}
	if (longest >= 3)
		out.push({
			id: 'conversion-high',
			evidence: `${longest} appeals in a row rewrote their task`,
			facts: { n: longest },
			fix: 'Give the Assigner a glossary of the business terms (VIP, discount_rate in percent) in its prompt.'
		});
	const denied = s.toolLog.filter((c) => !c.ok && inRange(c.round));
	if (denied.length)
		out.push({
			id: 'tool-errors',
			evidence: `${denied.length} tool calls refused or failed (${[...new Set(denied.map((c) => c.code ?? 'error'))].join(', ')})`,
			facts: { n: denied.length, codes: [...new Set(denied.map((c) => c.code ?? 'error'))].join(', ') },
			fix: 'Check the paths the Executor builds: the Tool Agent accepts only clean paths under /workspace/input and /workspace/output.'
		});
	const forfeits = s.messages.filter((m) => m.kind === 'action.forfeited' && inRange(m.round)).length;
	if (forfeits)
		out.push({
			id: 'lost-messages',
			evidence: `${forfeits} asks went unanswered (forfeited)`,
			facts: { n: forfeits },
			fix: "Give each agent's model the memory it needs (a smaller model, or a longer reply budget) so it answers every ask."
		});
	const live = new Map<string, number>();
	for (const r of s.rules) if (r.valid_until === null) live.set(r.id, (live.get(r.id) ?? 0) + 1);
	const both = [...live].filter(([, n]) => n > 1).map(([id]) => id);
	if (both.length)
		out.push({
			id: 'contradicting-rules',
			evidence: `${both.join(', ')} has more than one version in force`,
			facts: { rules: both.join(', ') },
			fix: 'Give every version valid_from and valid_until; an amendment closes the version it replaces.'
		});
	const lexical = s.metrics.some((m) => inRange(m.round) && m.measure === 'lexical');
	const fuse = s.fuses.find((f) => inRange(f.round));
	if (fuse && lexical)
		out.push({
			id: 'false-fuse',
			evidence: `the ${fuse.mode} fuse tripped in round ${fuse.round} on drift scored lexically`,
			facts: { mode: fuse.mode, round: fuse.round },
			fix: 'Check the drifted outputs by hand, or score drift with an embedding model; stop words and code are left out of the similarity.'
		});
	return out;
}

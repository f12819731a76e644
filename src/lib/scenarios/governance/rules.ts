/**
 * The governance sandbox as pure functions: who acts next, the system's own steps (impact
 * assessments, enacting approved amendments, metrics, the fuse), and the state a run starts from.
 */
import { canonicalJson, sha256Hex, type Rng, type SeatId, type Step } from '../../core';
import {
	EMPTY_COUNTS,
	forcedRates,
	fuseReasons,
	isDrifted,
	lexicalDrift,
	nextStreak,
	pastFlags,
	windowRates,
	type DriftScore,
	type RoundCounts
} from './rates';
import { generateDataset, withRuleBook } from '../../tools';
import { askFor, MEASURE_DRIFT, METER_SCHEMA } from './asks';
import { roundDriftPairs } from './meter';
import type { GovernanceConfig } from './config';
import { assessImpact } from './impact';
import { activeFuse, isIdle, openTasks, pendingFor } from './pending';
import {
	currentVersion,
	findVersion,
	initialRules,
	nextVersion,
	rollbackVersion,
	ruleBookJson
} from './rulebook';
import { AppendOnly } from './append-only';
import { roleScores } from './scores';
import {
	METER_SEAT,
	type DriftRecord,
	type GovernanceEvent,
	type GovernanceState,
	type Phase,
	type Proposal,
	type Role
} from './state';

export function initState(config: GovernanceConfig, seed: number): GovernanceState {
	return {
		config,
		seed,
		phase: 'SETUP',
		round: 0,
		roundsCompleted: 0,
		tick: 0,
		turnTaken: false,
		rules: initialRules(config.lang),
		fs: withRuleBook(generateDataset(seed), ruleBookJson(initialRules(config.lang)), 0),
		tasks: [],
		outputs: [],
		reviews: [],
		vetoes: [],
		clarifications: [],
		appeals: [],
		proposals: [],
		toolLog: AppendOnly.empty(),
		messages: AppendOnly.empty(),
		drift: [],
		metrics: [],
		counts: EMPTY_COUNTS,
		driftMeasured: null,
		rollbackDue: null,
		streak: 0,
		fuses: [],
		outcome: null
	};
}

const TURNS: readonly { phase: Phase; role: Role }[] = [
	{ phase: 'ASSIGNER', role: 'assigner' },
	{ phase: 'EXECUTOR', role: 'executor' },
	{ phase: 'AUDITOR', role: 'auditor' },
	{ phase: 'HUMAN', role: 'human' }
];

const events = (...e: GovernanceEvent[]): Step => ({ type: 'events', events: e });

const startRound = (round: number): Step =>
	events({ kind: 'round.started', data: { round } }, { kind: 'phase.entered', data: { phase: 'ASSIGNER' } });

function afterTurn(s: GovernanceState): Phase {
	switch (s.phase) {
		case 'ASSIGNER':
			return 'EXECUTOR';
		case 'EXECUTOR':
			return 'AUDITOR';
		case 'AUDITOR':
			// Only the `human` policy gives the person a turn in every round.
			return s.config.policy === 'human' ? 'HUMAN' : 'CLOSE';
		default:
			return 'CLOSE';
	}
}

export function next(s: GovernanceState, _rng: Rng): Step {
	switch (s.phase) {
		case 'END':
			return { type: 'done' };
		case 'SETUP':
			return startRound(1);
		default:
			break;
	}
	const system = systemWork(s);
	if (system.length) return events(...system);
	switch (s.phase) {
		case 'ASSIGNER':
		case 'EXECUTOR':
		case 'AUDITOR':
		case 'HUMAN': {
			const role = TURNS.find((t) => t.phase === s.phase)?.role as Role;
			const item = s.turnTaken ? null : pendingFor(s, role);
			if (item) return { type: 'asks', asks: [askFor(s, item)] };
			return events({ kind: 'phase.entered', data: { phase: afterTurn(s) } });
		}
		case 'CLOSE':
			return meterAsk(s) ?? closeRound(s);
		case 'FUSED': {
			if (activeFuse(s) === null) return startRound(s.round + 1);
			if (s.turnTaken)
				return events({ kind: 'run.ended', data: { reason: 'the fuse tripped and no one resumed the run' } });
			return { type: 'asks', asks: [askFor(s, { kind: 'resume' })] };
		}
	}
}

/** Steps no agent takes: assessing impact, and carrying out what the policy's signatures decided. */
function systemWork(s: GovernanceState): GovernanceEvent[] {
	const due = s.rollbackDue;
	if (due) {
		const live = currentVersion(s.rules, due.restores.id);
		const rule = rollbackVersion(s.rules, due.restores, due.appeal_id, { tick: s.tick + 1, round: s.round });
		return [
			{
				kind: 'rule.rolled-back',
				data: {
					rule,
					restores: due.restores,
					supersedes: { id: rule.id, version: live?.version ?? rule.version - 1 },
					appeal_id: due.appeal_id
				}
			}
		];
	}
	const p = s.proposals.find((x) => x.stage === 'impact' || x.stage === 'passed' || x.stage === 'refused');
	if (!p) return [];
	const base = findVersion(s.rules, { id: p.rule_id, version: p.base_version });
	if (p.stage === 'impact') {
		const impact = assessImpact(s.fs, p.rule_id, base?.params ?? {}, p.params);
		const out: GovernanceEvent[] = [{ kind: 'impact.assessed', data: { proposal_id: p.id, impact } }];
		if (!impact.clears)
			out.push({
				kind: 'amendment.rejected',
				data: { proposal_id: p.id, by: 'impact assessment', reason: impact.reason }
			});
		return out;
	}
	if (p.stage === 'refused')
		return [
			{
				kind: 'amendment.rejected',
				data: { proposal_id: p.id, by: p.refusal?.by ?? 'unknown', reason: p.refusal?.reason ?? '' }
			}
		];
	// Passed. A rule amended by another proposal meanwhile would make this one stale: refuse it.
	const live = currentVersion(s.rules, p.rule_id);
	if (!live || live.version !== p.base_version)
		return [
			{
				kind: 'amendment.rejected',
				data: {
					proposal_id: p.id,
					by: 'rule book',
					reason: `${p.rule_id} changed since the proposal was made`
				}
			}
		];
	const by = signatures(s, p);
	const rule = nextVersion(
		s.rules,
		{
			id: p.rule_id,
			text: p.text,
			params: p.params,
			proposer: 'executor',
			approver: by.join(' + '),
			evidence: p.evidence,
			proposal: p.id
		},
		{ tick: s.tick + 1, round: s.round }
	);
	return [
		{ kind: 'amendment.approved', data: { proposal_id: p.id, by } },
		{ kind: 'rule.amended', data: { rule, supersedes: { id: live.id, version: live.version } } }
	];
}

function signatures(s: GovernanceState, p: Proposal): string[] {
	switch (s.config.policy) {
		case 'assigner-alone':
			return ['assigner'];
		case 'cosign':
			return ['assigner', 'auditor'];
		case 'impact':
			return ['impact assessment', 'assigner'];
		case 'human':
			return ['assigner', `human (approval ${p.approval ?? '?'})`];
	}
}

/**
 * With a drift model named, a round with outputs first asks the drift meter for their similarities
 * (once: its answer, or its forfeit, is recorded as `driftMeasured` for this round).
 */
function meterAsk(s: GovernanceState): Step | null {
	const model = s.config.driftModel;
	if (model === null || s.driftMeasured?.round === s.round) return null;
	if (roundDriftPairs(s, s.round).length === 0) return null;
	return {
		type: 'asks',
		asks: [
			{
				id: `r${s.round}:measure-drift`,
				seat: METER_SEAT as SeatId,
				kind: MEASURE_DRIFT,
				schema: METER_SCHEMA,
				attempt: 0
			}
		]
	};
}

/**
 * The round's drift: the meter's recorded similarities, cut at the seed's 0.65, when it answered
 * for this round; the lexical measure otherwise (no model named, or the model failed: the note says).
 */
function roundDrift(s: GovernanceState, round: number): { drift: DriftScore[]; measure: string } {
	const pairs = roundDriftPairs(s, round);
	const model = s.config.driftModel;
	// A round with nothing to score keeps the last round's measure (the label does not flicker to
	// lexical in an embedding run); before any, the one the setup names.
	if (pairs.length === 0)
		return {
			drift: [],
			measure: s.metrics.at(-1)?.measure ?? (model === null ? 'lexical' : `embedding:${model}`)
		};
	const m = s.driftMeasured?.round === round ? s.driftMeasured : null;
	if (m && 'similarities' in m) {
		const byId = new Map(m.similarities.map((x) => [x.id, x.similarity]));
		return {
			measure: `embedding:${m.model}`,
			drift: pairs.map((p) => {
				const similarity = byId.get(p.id) ?? 0;
				return { id: p.id, similarity, drifted: isDrifted(similarity), method: 'embedding', note: m.model };
			})
		};
	}
	const lexical = lexicalDrift(pairs);
	return {
		measure: 'lexical',
		drift:
			m && 'failed' in m ? lexical.map((d) => ({ ...d, note: `lexical fallback (${m.failed})` })) : lexical
	};
}

/** The end of a round: metrics, the fuse, and what comes next. */
function closeRound(s: GovernanceState): Step {
	const round = s.round;
	const { drift: scores, measure } = roundDrift(s, round);
	const drift: DriftRecord[] = scores.map((d) => {
		const [task_id = '', n = '0'] = d.id.split('#');
		return { ...d, task_id, n: Number(n), round };
	});
	const counts: RoundCounts = {
		...s.counts,
		scored: drift.length,
		drifted: drift.filter((d) => d.drifted).length
	};
	// The window: this round and the rounds before it, from their recorded roundCounts.
	const window = s.config.window;
	const earlier = s.metrics.slice(Math.max(0, s.metrics.length - (window - 1))).map((m) => m.counts);
	const measured = windowRates([...earlier, counts]);
	const forced = s.config.forceMetrics;
	const rates = forced ? forcedRates() : measured;
	const past = pastFlags(rates, s.config.thresholds);
	const streak = nextStreak(s.streak, past.all);
	const out: GovernanceEvent[] = [
		{ kind: 'round.ended', data: { round } },
		{
			kind: 'metrics.recorded',
			data: {
				round,
				rates,
				measured,
				forced,
				past,
				streak,
				window,
				counts,
				drift,
				measure,
				scores: roleScores(s)
			}
		}
	];
	const tripped = !activeFuse(s) && streak >= s.config.fuseRounds;
	if (tripped)
		out.push({
			kind: 'fuse.tripped',
			data: {
				round,
				mode: s.config.fuseMode,
				streak,
				reasons: fuseReasons(rates, s.config.thresholds),
				snapshot: {
					round,
					fsDigest: sha256Hex(canonicalJson(s.fs)),
					files: Object.keys(s.fs.files).length,
					openTasks: openTasks(s).map((t) => t.id)
				}
			}
		});
	const fuse = tripped ? { mode: s.config.fuseMode } : activeFuse(s);
	if (s.roundsCompleted + 1 >= s.config.rounds)
		out.push({
			kind: 'run.ended',
			data: {
				reason: fuse
					? `all ${s.config.rounds} rounds played; the ${fuse.mode} fuse had tripped`
					: `all ${s.config.rounds} rounds played`
			}
		});
	else if (fuse && (fuse.mode === 'hard' || isIdle(s)))
		out.push({ kind: 'phase.entered', data: { phase: 'FUSED' } });
	else return events(...out, ...(startRound(round + 1) as { events: GovernanceEvent[] }).events);
	return events(...out);
}

/** Events -> state. Every decision was made in `next` or `validate`; this only records it. */
import type { LogEvent, ModelCall } from '../../core';
import { applyToolEffect, writeFile } from '../../tools';
import { summarize } from './ledger';
import { phases } from './phases';
import { clockOf } from './clock';
import { fileContent, headOf, repoPath } from './repository';
import type { AutonomyEvent, AutonomyState, Evidence, Spend } from './state';
import { textsFor } from './texts';

function withSpend(s: AutonomyState, id: number, change: (sp: Spend) => Spend): Spend[] {
	return s.spends.map((sp) => (sp.id === id ? change(sp) : sp));
}

function addEvidence(s: AutonomyState, e: Evidence): AutonomyState {
	return { ...s, evidence: [...s.evidence, e] };
}

/** The day's agenda has reached its next item, at `minute`: the clock moves to it, the cursor past it. */
function agendaAt(s: AutonomyState, minute: number): AutonomyState {
	return { ...s, minute, cursor: s.cursor + 1 };
}

/**
 * A world event that leaves evidence against one file (an agenda item). `what` names the source, which
 * reads "<what> <clock>".
 */
function worldEvidence(
	s: AutonomyState,
	d: { minute: number; path: string },
	type: Evidence['type'],
	what: string,
	text: string
): AutonomyState {
	return addEvidence(agendaAt(s, d.minute), {
		type,
		path: d.path,
		since: d.minute,
		source: `${what} ${clockOf(d.minute, s.config.lang)}`,
		text
	});
}

/** The world events whose evidence has fixed words (texts' `worldEvidence`): the type each leaves. */
const FIXED_EVIDENCE = {
	'world.drifted': 'governance-drift',
	'world.opportunity-opened': 'open-opportunity',
	'world.rolled-back': 'unresolved-rollback'
} as const satisfies Partial<Record<AutonomyEvent['kind'], Evidence['type']>>;
type FixedEvidenceKind = keyof typeof FIXED_EVIDENCE;

/** A spend the provider failed: not a decision. Fixed, the token goes back; legacy, it is "deferred". */
function failSpend(s: AutonomyState, id: number, error: string): AutonomyState {
	const charge = s.config.chargeTransportErrors;
	return {
		...s,
		phase: phases.go(s.phase, 'DAY'),
		pending: null,
		lastCall: null,
		tokensToday: charge ? s.tokensToday : s.tokensToday - 1,
		transportFailuresToday: s.transportFailuresToday + 1,
		spends: withSpend(s, id, (sp) => ({
			...sp,
			outcome: charge ? 'deferred' : 'transport-failure',
			charged: charge,
			// A failed call buys nothing; the legacy ledger still bills the worst case it held.
			tokens: charge ? sp.reserved : 0,
			after: charge ? sp.after : sp.after + 1,
			error
		}))
	};
}

export function applyEvent(s: AutonomyState, e: LogEvent): AutonomyState {
	const ev = e as unknown as AutonomyEvent | { kind: string; data: unknown };
	switch (ev.kind) {
		case 'day.started': {
			const { day, agenda } = (ev as Extract<AutonomyEvent, { kind: 'day.started' }>).data;
			const merges = agenda.filter((a) => a.type === 'merge').length;
			return {
				...s,
				phase: phases.go(s.phase, 'DAY'),
				day,
				minute: Math.max(s.minute, (day - 1) * 1440),
				daysCompleted: day - 1,
				agenda,
				cursor: 0,
				tokensToday: 0,
				transportFailuresToday: 0,
				outages: [],
				mrCounter: s.mrCounter + merges
			};
		}
		case 'world.merged': {
			const d = (ev as Extract<AutonomyEvent, { kind: 'world.merged' }>).data;
			let fs = s.fs;
			const revisions = { ...s.revisions };
			for (const path of d.files) {
				revisions[path] = (revisions[path] ?? 0) + 1;
				fs = writeFile(fs, repoPath(path), fileContent(s.seed, path, revisions[path]), d.minute);
			}
			let next: AutonomyState = { ...agendaAt(s, d.minute), fs, revisions, head: headOf(fs) };
			for (const path of d.files)
				next = addEvidence(next, {
					type: 'repo-changed',
					path,
					since: d.minute,
					source: textsFor(s.config.lang).mergedSource(d.mr, clockOf(d.minute, s.config.lang)),
					text: textsFor(s.config.lang).mergedText(d.mr)
				});
			return next;
		}
		case 'world.errored': {
			const d = (ev as Extract<AutonomyEvent, { kind: 'world.errored' }>).data;
			return worldEvidence(s, d, 'runtime-error', textsFor(s.config.lang).errorSource, d.message);
		}
		case 'world.security-failed': {
			const d = (ev as Extract<AutonomyEvent, { kind: 'world.security-failed' }>).data;
			return { ...agendaAt(s, d.minute), securityCount: d.count, securitySince: d.minute };
		}
		case 'world.drifted':
		case 'world.opportunity-opened':
		case 'world.rolled-back': {
			const d = (ev as Extract<AutonomyEvent, { kind: FixedEvidenceKind }>).data;
			const type = FIXED_EVIDENCE[ev.kind];
			const words = textsFor(s.config.lang).worldEvidence[type];
			return worldEvidence(s, d, type, words.source, words.text);
		}
		case 'provider.outage-started': {
			const d = (ev as Extract<AutonomyEvent, { kind: 'provider.outage-started' }>).data;
			const outage = { from: d.minute, until: d.until, status: d.status };
			return { ...agendaAt(s, d.minute), outages: [...s.outages, outage] };
		}
		case 'wake.evaluated': {
			const { files, ...wake } = (ev as Extract<AutonomyEvent, { kind: 'wake.evaluated' }>).data;
			const rotated = wake.reason !== 'autonomy-due' && files.length > 0;
			return {
				...agendaAt(s, wake.minute),
				wakes: [...s.wakes, wake],
				seenHead: s.head,
				seenEvidence: s.evidence.length,
				rotationCursor: rotated ? (s.rotationCursor + 2) % s.rotation.length : s.rotationCursor,
				pipeline: files.length ? { wake: wake.id, reason: wake.reason, files, index: 0 } : null
			};
		}
		case 'door.decided': {
			const line = (ev as Extract<AutonomyEvent, { kind: 'door.decided' }>).data;
			const granted = line.outcome === 'pending';
			let next: AutonomyState = { ...s, spends: [...s.spends, line] };
			if (!granted) return line.door === 'admit' ? { ...next, pipeline: null } : next;
			next = {
				...next,
				tokensToday: s.tokensToday + 1,
				lastSpendMinute: line.minute,
				lastSpendByFile: { ...s.lastSpendByFile, [line.target]: line.minute },
				pending: line.id
			};
			if (line.door === 'admit')
				return { ...next, pipeline: next.pipeline ? { ...next.pipeline, claim: line.id } : null };
			// consider(): the token re-opens the SKIP now.
			return { ...next, phase: phases.go(s.phase, 'DECIDE') };
		}
		case 'file.analysed': {
			const { record, ...a } = (ev as Extract<AutonomyEvent, { kind: 'file.analysed' }>).data;
			const p = s.pipeline;
			const index = (p?.index ?? 0) + 1;
			const fs = record ? applyToolEffect(s.fs, record, a.minute) : s.fs;
			const next: AutonomyState = {
				...s,
				fs,
				analyses: [...s.analyses, a],
				pipeline: p && index < p.files.length ? { ...p, index } : null
			};
			// The pipeline claims admit()'s parked token when it reaches its target.
			if (p?.claim !== undefined && a.spend === p.claim)
				return { ...next, phase: phases.go(s.phase, 'DECIDE') };
			return next;
		}
		case 'model.called': {
			const d = ev.data as ModelCall & { ask: string };
			if (d.transportError !== undefined) return s;
			const prior = s.lastCall;
			return {
				...s,
				lastCall: {
					engine: d.engine,
					model: d.model,
					promptTokens: (prior?.promptTokens ?? 0) + d.promptTokens,
					completionTokens: (prior?.completionTokens ?? 0) + d.completionTokens
				}
			};
		}
		case 'provider.failed': {
			const d = (ev as Extract<AutonomyEvent, { kind: 'provider.failed' }>).data;
			return failSpend(s, d.spend, textsFor(s.config.lang).providerError(d.status, d.outage));
		}
		case 'spend.failed': {
			const d = (ev as Extract<AutonomyEvent, { kind: 'spend.failed' }>).data;
			return failSpend(s, d.spend, d.error);
		}
		case 'spend.decided': {
			const d = (ev as Extract<AutonomyEvent, { kind: 'spend.decided' }>).data;
			const spend = s.spends[d.spend - 1]!;
			const call = s.lastCall;
			const tokens = call ? call.promptTokens + call.completionTokens : spend.reserved;
			const counter = spend.triggers.find((t) => t.type === 'security-counter')?.value;
			const skipped = { ...s.skippedFingerprint };
			if (d.decision === 'SKIP') skipped[spend.target] = spend.fingerprint;
			else delete skipped[spend.target];
			return {
				...s,
				phase: phases.go(s.phase, 'DAY'),
				pending: null,
				lastCall: null,
				fs: d.record ? applyToolEffect(s.fs, d.record, spend.minute) : s.fs,
				skippedFingerprint: skipped,
				// A decided grant consumes what its counter stood for (read only with staleness on).
				consumed:
					counter !== undefined
						? { ...s.consumed, [spend.target]: (s.consumed[spend.target] ?? 0) + counter }
						: s.consumed,
				evidence:
					d.decision === 'IMPROVE'
						? s.evidence.map((e) => (e.path === spend.target ? { ...e, resolved: true } : e))
						: s.evidence,
				spends: withSpend(s, d.spend, (sp) => ({
					...sp,
					outcome: d.decision,
					reason: d.reason,
					tokens,
					...(call ? { call } : {})
				}))
			};
		}
		case 'action.forfeited': {
			// The agent gave no valid answer (twice), or the gate refused its model call: no decision.
			const d = ev.data as { ask: string; reason: string };
			const id = s.pending;
			if (id === null || d.ask !== `decide:${id}`) return s;
			const call = s.lastCall;
			return {
				...s,
				phase: phases.go(s.phase, 'DAY'),
				pending: null,
				lastCall: null,
				spends: withSpend(s, id, (sp) => ({
					...sp,
					outcome: 'forfeited',
					tokens: call ? call.promptTokens + call.completionTokens : 0,
					error: d.reason,
					...(call ? { call } : {})
				}))
			};
		}
		case 'run.ended': {
			const d = (ev as Extract<AutonomyEvent, { kind: 'run.ended' }>).data;
			const done = { ...s, phase: phases.go(s.phase, 'END'), daysCompleted: s.config.days };
			return { ...done, outcome: { ...summarize(done), reason: d.reason } };
		}
		case 'run.halted': {
			const d = ev.data as { reason: string };
			const done = { ...s, phase: 'END' as const, daysCompleted: s.daysCompleted };
			return { ...done, outcome: { ...summarize(done), reason: `halted: ${d.reason}` } };
		}
		default:
			// The runner's own events (action.rejected, action.forfeited, tool.called, seat.model-changed)
			// change nothing here.
			return s;
	}
}

/**
 * The autonomy scenario as pure functions: the state a run starts from, and what happens next (the
 * world's events, the wake gate, the pipeline, the doors, the provider, and the one ask a spent token
 * buys). Every decision is made here, from the state and named seeded streams, and carried in the
 * event, so `apply` only records it.
 */
import { createStream, seatId, type Ask, type Rng, type Step } from '../../core';
import type { AutonomyConfig } from './config';
import { admit, admitTarget, consider, type DoorDecision } from './doors';
import { observationOf } from './observe';
import { DECIDE_SCHEMA, reserveFor } from './prompts';
import {
	CONFIDENT_AT,
	headOf,
	INITIAL_SECURITY_FAILURES,
	initialRepository,
	localConfidence,
	patchPath,
	readRepoFile,
	repoFiles,
	SUMMER_PENALTIES,
	hasFixme
} from './repository';
import { summarize } from './ledger';
import type { AgendaItem, AutonomyEvent, AutonomyState, Door, Spend, WakeReason } from './state';
import { drawAgenda } from './world';
import { fingerprint } from './triggers';
import { textsFor } from './texts';

export const SENTINEL_SEAT = 1;

export function initState(config: AutonomyConfig, seed: number): AutonomyState {
	const files = repoFiles();
	const fs = initialRepository(seed, files);
	const unlocked = files.filter((f) => !f.locked).map((f) => f.path);
	const head = headOf(fs);
	return {
		config,
		seed,
		phase: 'SETUP',
		day: 0,
		minute: 0,
		fs,
		files,
		head,
		seenHead: head,
		seenEvidence: 0,
		agenda: [],
		cursor: 0,
		evidence: [],
		penalties: { ...SUMMER_PENALTIES },
		securityCount: INITIAL_SECURITY_FAILURES,
		securitySince: -20 * 1440,
		consumed: {},
		rotation: createStream(seed, 'pipeline:rotation').shuffle(unlocked),
		rotationCursor: 0,
		pipeline: null,
		pending: null,
		spends: [],
		wakes: [],
		analyses: [],
		outages: [],
		tokensToday: 0,
		transportFailuresToday: 0,
		lastSpendMinute: null,
		lastSpendByFile: {},
		skippedFingerprint: {},
		lastCall: null,
		daysCompleted: 0,
		mrCounter: 115,
		revisions: {},
		outcome: null
	};
}

const events = (...e: AutonomyEvent[]): Step => ({ type: 'events', events: e });

export const askId = (spend: number) => `decide:${spend}`;

export function next(s: AutonomyState, _rng: Rng): Step {
	switch (s.phase) {
		case 'END':
			return { type: 'done' };
		case 'SETUP':
			return events(startDay(s, 1));
		case 'DECIDE':
			return decideStep(s);
		case 'DAY':
			return dayStep(s);
		default: {
			const never: never = s.phase;
			throw new Error(`unknown phase ${String(never)}`);
		}
	}
}

function startDay(s: AutonomyState, day: number): AutonomyEvent {
	return { kind: 'day.started', data: { day, agenda: drawAgenda(s.seed, day, s.files, s.mrCounter) } };
}

function dayStep(s: AutonomyState): Step {
	if (s.pipeline && s.pipeline.index < s.pipeline.files.length) return pipelineStep(s);
	const item = s.agenda[s.cursor];
	if (item) return agendaStep(s, item);
	if (s.day < s.config.days) return events(startDay(s, s.day + 1));
	return events({ kind: 'run.ended', data: { reason: textsFor(s.config.lang).daysDone(s.config.days) } });
}

function agendaStep(s: AutonomyState, item: AgendaItem): Step {
	const minute = item.minute;
	switch (item.type) {
		case 'merge':
			return events({ kind: 'world.merged', data: { minute, mr: item.mr, files: item.files } });
		case 'error':
			return events({ kind: 'world.errored', data: { minute, path: item.path, message: item.message } });
		case 'security':
			return events({ kind: 'world.security-failed', data: { minute, count: s.securityCount + 1 } });
		case 'drift':
			return events({ kind: 'world.drifted', data: { minute, path: item.path } });
		case 'opportunity':
			return events({ kind: 'world.opportunity-opened', data: { minute, path: item.path } });
		case 'rollback':
			return events({ kind: 'world.rolled-back', data: { minute, path: item.path } });
		case 'outage':
			return events({
				kind: 'provider.outage-started',
				data: { minute, until: item.until, status: item.status }
			});
		case 'wake':
			return wakeStep(s, minute, item.cause);
		default: {
			const never: never = item;
			throw new Error(`unknown agenda item ${JSON.stringify(never)}`);
		}
	}
}

/** The wake gate: is there a reason to run at all? Autonomy is due only as the last resort. */
export function evaluate(
	s: AutonomyState,
	minute: number,
	cause: 'merge' | 'error' | 'review' | 'autonomy'
): { reason: WakeReason; note: string; target: string | null } {
	const t = textsFor(s.config.lang);
	if (s.head !== s.seenHead) return { reason: 'repo-changed', note: t.headMoved(s.head), target: null };
	if (s.evidence.length > s.seenEvidence)
		return { reason: 'evidence', note: t.newEvidence(s.evidence.length - s.seenEvidence), target: null };
	if (cause === 'review') return { reason: 'scheduled-review', note: t.reviewDue, target: null };
	if (cause === 'autonomy') {
		const target = admitTarget(s, minute);
		if (target) return { reason: 'autonomy-due', note: t.autonomyDue(target), target };
	}
	return { reason: 'none', note: t.noReason, target: null };
}

function wakeStep(s: AutonomyState, minute: number, cause: 'merge' | 'error' | 'review' | 'autonomy'): Step {
	const { reason, note, target } = evaluate(s, minute, cause);
	const id = s.wakes.length + 1;
	const wake = { id, minute, cause, reason, head: s.head, note };
	if (reason === 'none') return events({ kind: 'wake.evaluated', data: { ...wake, files: [] } });
	if (reason === 'autonomy-due' && target) {
		const decision = admit(s, { target, now: minute }, reserveFor(observationOf(s, target, 'admit', minute)));
		return events(
			{ kind: 'wake.evaluated', data: { ...wake, files: decision.authorization.ok ? [target] : [] } },
			{ kind: 'door.decided', data: ledgerLine(s, id, reason, 'admit', target, minute, decision) }
		);
	}
	// The pipeline's cycle: the newest evidence first, then the next files of the rotation.
	const newest = reason === 'evidence' ? s.evidence[s.evidence.length - 1]?.path : undefined;
	const files: string[] = newest ? [newest] : [];
	for (let i = 0; files.length < 2 && i < s.rotation.length; i++) {
		const p = s.rotation[(s.rotationCursor + i) % s.rotation.length]!;
		if (!files.includes(p)) files.push(p);
	}
	return events({ kind: 'wake.evaluated', data: { ...wake, files } });
}

function ledgerLine(
	s: AutonomyState,
	wake: number,
	wakeReason: WakeReason,
	door: Door,
	target: string,
	minute: number,
	d: DoorDecision
): Spend {
	const a = d.authorization;
	const left = s.config.dailyTokens - s.tokensToday;
	return {
		id: s.spends.length + 1,
		minute,
		wake,
		wakeReason,
		door,
		target,
		triggers: d.triggers,
		fingerprint: d.fingerprint,
		repeated: s.skippedFingerprint[target] === fingerprint(d.triggers),
		checksPassed: a.ok ? [...a.permit.passed] : [...a.passed],
		checksSkipped: d.skipped,
		...(a.ok ? {} : { refusal: { budget: a.budget, check: a.check, reason: a.reason } }),
		before: left,
		after: a.ok ? left - 1 : left,
		outcome: a.ok ? 'pending' : 'refused',
		tokens: 0,
		reserved: a.ok ? a.permit.reserved : 0,
		charged: a.ok
	};
}

function pipelineStep(s: AutonomyState): Step {
	const p = s.pipeline!;
	const path = p.files[p.index]!;
	const minute = s.minute;
	const content = readRepoFile(s, path);
	const confidence = localConfidence(path, content);
	const patched = s.fs.files[patchPath(path)] !== undefined;
	const local = hasFixme(content) && !patched ? 'IMPROVE' : 'SKIP';
	const base = {
		minute,
		wake: p.wake,
		path,
		confidence,
		local,
		confident: confidence >= CONFIDENT_AT
	} as const;
	const claim = p.claim !== undefined ? s.spends[p.claim - 1] : undefined;
	if (claim && claim.target === path && claim.outcome === 'pending')
		return events({ kind: 'file.analysed', data: { ...base, spend: claim.id } });
	if (local === 'IMPROVE' || base.confident) return events({ kind: 'file.analysed', data: { ...base } });
	// Not confident, about to SKIP locally: door 2 may spend a token to ask the model.
	const decision = consider(
		s,
		{ target: path, now: minute },
		reserveFor(observationOf(s, path, 'consider', minute))
	);
	const line = ledgerLine(s, p.wake, p.reason, 'consider', path, minute, decision);
	return events(
		{ kind: 'file.analysed', data: { ...base, spend: line.id } },
		{ kind: 'door.decided', data: line }
	);
}

/** The simulated provider: a scheduled outage, or a seeded fault at `faultRate`, fails the call. */
export function providerFault(
	s: AutonomyState,
	spend: Spend
): { status: 500 | 'timeout'; outage: boolean } | null {
	const outage = s.outages.find((o) => spend.minute >= o.from && spend.minute < o.until);
	if (outage) return { status: outage.status, outage: true };
	const rng = createStream(s.seed, `provider:${spend.id}`);
	if (rng.next() < s.config.faultRate) return { status: rng.next() < 0.7 ? 500 : 'timeout', outage: false };
	return null;
}

function decideStep(s: AutonomyState): Step {
	const spend = s.spends[s.pending! - 1]!;
	const fault = providerFault(s, spend);
	if (fault)
		return events({ kind: 'provider.failed', data: { spend: spend.id, minute: spend.minute, ...fault } });
	const ask: Ask = {
		id: askId(spend.id),
		seat: seatId(SENTINEL_SEAT),
		kind: 'decide',
		schema: DECIDE_SCHEMA as unknown as Record<string, unknown>,
		attempt: 0
	};
	return { type: 'asks', asks: [ask] };
}

export { summarize };

/**
 * The budget's two doors. Both reach the same spend and both authorise it through the kernel's one
 * function, `authorize()` (core/gate.ts), with a list of checks:
 *
 * - door 1, `admit()`, the strict one: every check of `spendChecks()`; it picks exactly one target;
 * - door 2, `consider()` ("a token re-opens a local SKIP"): fixed, the same `spendChecks()` (one shared
 *   list, not a copy); with `legacyConsider`, the list MR !107 wrote: daily limit, module lock and
 *   cycle ownership, and nothing else.
 *
 * A check a door does not make is recorded as skipped, so the ledger shows what each spend was
 * never asked.
 */
import { authorize, check, type Authorization, type Check } from '../../core';
import { fingerprint, triggersFor } from './triggers';
import type { AutonomyState, Door, Trigger } from './state';
import { textsFor } from './texts';

export const COOLDOWN_MINUTES = 6 * 60;
export const SPACING_MINUTES = 15;
export const PROVIDER_FAILURES_PER_DAY = 2;

/** Every check a spend can be asked, in the order they run. */
export const CHECK_NAMES = [
	'trigger',
	'fingerprint',
	'daily budget',
	'per-file cooldown',
	'spacing window',
	'module lock',
	'cycle ownership',
	'provider failures'
] as const;

export interface SpendRequest {
	door: Door;
	target: string;
	now: number;
}

export interface DoorDecision {
	authorization: Authorization;
	triggers: Trigger[];
	fingerprint: string;
	checks: string[];
	skipped: string[];
}

const clock = (m: number) =>
	`${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The shared precondition list both doors use once fixed. */
function spendChecks(s: AutonomyState, r: SpendRequest, triggers: readonly Trigger[]): Check[] {
	const fp = fingerprint(triggers);
	const c = s.config;
	const t = textsFor(c.lang);
	const list: Check[] = [
		check('trigger', 'reason', () => (triggers.length > 0 ? null : t.noTrigger(r.target)))
	];
	if (!c.ignoreFingerprint)
		list.push(
			check('fingerprint', 'reason', () =>
				s.skippedFingerprint[r.target] === fp ? t.sameFingerprint(fp, r.target) : null
			)
		);
	list.push(
		dailyCheck(s),
		check('per-file cooldown', 'per-file cooldown', () => {
			const last = s.lastSpendByFile[r.target];
			return last !== undefined && r.now - last < COOLDOWN_MINUTES
				? t.cooldown(r.target, clock(last), COOLDOWN_MINUTES / 60, clock(last + COOLDOWN_MINUTES))
				: null;
		}),
		check('spacing window', 'spacing window', () =>
			s.lastSpendMinute !== null && r.now - s.lastSpendMinute < SPACING_MINUTES
				? t.spacing(r.now - s.lastSpendMinute, SPACING_MINUTES)
				: null
		),
		lockCheck(s, r),
		ownershipCheck(s, r)
	);
	if (!c.chargeTransportErrors)
		list.push(
			check('provider failures', 'transport failures', () =>
				s.transportFailuresToday >= PROVIDER_FAILURES_PER_DAY
					? t.providerFailed(s.transportFailuresToday)
					: null
			)
		);
	return list;
}

function dailyCheck(s: AutonomyState): Check {
	return check('daily budget', 'daily tokens', () =>
		s.tokensToday >= s.config.dailyTokens
			? textsFor(s.config.lang).dailySpent(s.config.dailyTokens, s.day)
			: null
	);
}

function lockCheck(s: AutonomyState, r: SpendRequest): Check {
	return check('module lock', 'module lock', () =>
		s.files.find((f) => f.path === r.target)?.locked ? textsFor(s.config.lang).locked(r.target) : null
	);
}

function ownershipCheck(s: AutonomyState, r: SpendRequest): Check {
	return check('cycle ownership', 'cycle', () => {
		const t = textsFor(s.config.lang);
		if (s.pending !== null) return t.stillOpen(s.pending);
		if (r.door === 'consider' && !s.pipeline?.files.includes(r.target)) return t.notInCycle(r.target);
		return null;
	});
}

/** What MR !107 checked: the budget, the lock and the cycle. Never why it was called. */
function legacyConsiderChecks(s: AutonomyState, r: SpendRequest): Check[] {
	return [dailyCheck(s), lockCheck(s, r), ownershipCheck(s, r)];
}

function decide(s: AutonomyState, r: SpendRequest, checks: Check[], reserve: number): DoorDecision {
	const triggers = triggersFor(s, r.target, r.now);
	const names = checks.map((c) => c.name);
	return {
		authorization: authorize(
			{ id: `spend:${s.spends.length + 1}`, purpose: `${r.door} ${r.target}`, reserve },
			checks
		),
		triggers,
		fingerprint: fingerprint(triggers),
		checks: names,
		skipped: CHECK_NAMES.filter((n) => !names.includes(n))
	};
}

/** Door 1: the strict one. */
export function admit(s: AutonomyState, r: Omit<SpendRequest, 'door'>, reserve: number): DoorDecision {
	const req = { ...r, door: 'admit' as const };
	return decide(s, req, spendChecks(s, req, triggersFor(s, r.target, r.now)), reserve);
}

/** Door 2: a token re-opens a local SKIP. */
export function consider(s: AutonomyState, r: Omit<SpendRequest, 'door'>, reserve: number): DoorDecision {
	const req = { ...r, door: 'consider' as const };
	const checks = s.config.legacyConsider
		? legacyConsiderChecks(s, req)
		: spendChecks(s, req, triggersFor(s, r.target, r.now));
	return decide(s, req, checks, reserve);
}

/**
 * admit() picks exactly one target among unlocked files with triggers: files out of their cooldown
 * first, then (with fingerprints on) files whose triggers changed since their last SKIP, then the most
 * triggers, then by path. Whatever it picks still passes every check.
 */
export function admitTarget(s: AutonomyState, now: number): string | null {
	let best: { path: string; rank: number[] } | null = null;
	for (const f of s.files) {
		if (f.locked) continue;
		const triggers = triggersFor(s, f.path, now);
		if (!triggers.length) continue;
		const last = s.lastSpendByFile[f.path];
		const rank = [
			last !== undefined && now - last < COOLDOWN_MINUTES ? 0 : 1,
			!s.config.ignoreFingerprint && s.skippedFingerprint[f.path] === fingerprint(triggers) ? 0 : 1,
			triggers.length
		];
		if (!best || compare(rank, best.rank) > 0) best = { path: f.path, rank };
	}
	return best?.path ?? null;
}

function compare(a: readonly number[], b: readonly number[]): number {
	for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
	return 0;
}

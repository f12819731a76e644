/**
 * The tests seed 001 asks for: the same missing precondition through every entry point is refused
 * on every path; the same fingerprint after a SKIP is refused and a changed one admitted; zero
 * triggers give "no trigger"; every trigger type can expire; a transport error after a spend is
 * recorded as such.
 */
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../../core';
import {
	admit,
	admitTarget,
	consider,
	COOLDOWN_MINUTES,
	fingerprint,
	HORIZON,
	initState,
	parseAutonomyConfig,
	PROVIDER_FAILURES_PER_DAY,
	SECURITY_OWNER,
	SPACING_MINUTES,
	TRIGGER_TYPES,
	triggersFor,
	ETERNAL_PENALTY_FILE,
	type AutonomyConfig,
	type AutonomyState,
	type Evidence
} from '.';
import { applyEvent } from './reducer';

const DAY = 1440;
const FILE = 'libs/core/scheduler.js';

function state(cfg: Partial<AutonomyConfig> = {}, change: Partial<AutonomyState> = {}): AutonomyState {
	const parsed = parseAutonomyConfig(cfg);
	if (!parsed.ok) throw new Error(parsed.error);
	const s = initState(parsed.config, 7);
	return {
		...s,
		phase: 'DAY',
		day: 3,
		minute: 2 * DAY + 600,
		pipeline: { wake: 1, reason: 'repo-changed', files: [FILE], index: 0 },
		...change
	};
}
const NOW = 2 * DAY + 600;
const error = (path = FILE, since = NOW - 60): Evidence => ({
	type: 'runtime-error',
	path,
	since,
	source: 'runtime error day 3 09:00',
	text: 'TypeError'
});
const refusedBy = (d: ReturnType<typeof admit>) => (d.authorization.ok ? 'admitted' : d.authorization.check);
const both = (s: AutonomyState, target = FILE) => ({
	admit: refusedBy(admit(s, { target, now: NOW }, 100)),
	consider: refusedBy(consider(s, { target, now: NOW }, 100))
});

describe('the same missing precondition through every entry point', () => {
	it('zero triggers: both doors refuse with "no trigger"', () => {
		const s = state();
		expect(triggersFor(s, FILE, NOW)).toEqual([]);
		expect(both(s)).toEqual({ admit: 'trigger', consider: 'trigger' });
		const d = consider(s, { target: FILE, now: NOW }, 100);
		expect(!d.authorization.ok && d.authorization.reason).toMatch(/^no trigger/);
	});

	it('the legacy consider() (MR !107) admits it: the bug, reproduced', () => {
		const d = consider(state({ legacyConsider: true }), { target: FILE, now: NOW }, 100);
		expect(d.authorization.ok).toBe(true);
		expect(d.skipped).toEqual(expect.arrayContaining(['trigger', 'spacing window', 'fingerprint']));
	});

	it('spacing: both doors refuse a spend inside the window', () => {
		const s = state({}, { evidence: [error()], lastSpendMinute: NOW - SPACING_MINUTES + 1 });
		expect(both(s)).toEqual({ admit: 'spacing window', consider: 'spacing window' });
		expect(both({ ...s, lastSpendMinute: NOW - SPACING_MINUTES })).toEqual({
			admit: 'admitted',
			consider: 'admitted'
		});
	});

	it('daily budget, cooldown, module lock, cycle ownership, provider failures: refused on every path', () => {
		const s = state({}, { evidence: [error()] });
		expect(both({ ...s, tokensToday: s.config.dailyTokens })).toEqual({
			admit: 'daily budget',
			consider: 'daily budget'
		});
		expect(both({ ...s, lastSpendByFile: { [FILE]: NOW - COOLDOWN_MINUTES + 1 } })).toEqual({
			admit: 'per-file cooldown',
			consider: 'per-file cooldown'
		});
		expect(both({ ...s, pending: 1 })).toEqual({ admit: 'cycle ownership', consider: 'cycle ownership' });
		expect(both({ ...s, transportFailuresToday: PROVIDER_FAILURES_PER_DAY })).toEqual({
			admit: 'provider failures',
			consider: 'provider failures'
		});
		// consider() owns only its own cycle's files.
		expect(
			refusedBy(
				consider(
					{ ...s, pipeline: { ...s.pipeline!, files: ['apps/web/routes.js'] } },
					{ target: FILE, now: NOW },
					1
				)
			)
		).toBe('cycle ownership');
		// A locked file has no triggers, so the trigger check refuses it first; the lock check stands behind it.
		const locked = 'libs/crypto/keystore.js';
		expect(both({ ...s, pipeline: { ...s.pipeline!, files: [locked] } }, locked)).toEqual({
			admit: 'trigger',
			consider: 'trigger'
		});
		const legacy = state(
			{ legacyConsider: true },
			{ pipeline: { wake: 1, reason: 'repo-changed', files: [locked], index: 0 } }
		);
		expect(refusedBy(consider(legacy, { target: locked, now: NOW }, 1))).toBe('module lock');
	});
});

describe('fingerprints', () => {
	it('the same fingerprint as a grant that ended in SKIP is refused; a changed one is admitted', () => {
		const s = state({}, { evidence: [error()] });
		const fp = fingerprint(triggersFor(s, FILE, NOW));
		const after = { ...s, skippedFingerprint: { [FILE]: fp } };
		expect(both(after)).toEqual({ admit: 'fingerprint', consider: 'fingerprint' });
		const changed = {
			...after,
			evidence: [...after.evidence, { ...error(), type: 'open-opportunity' as const, text: 'new' }]
		};
		expect(fingerprint(triggersFor(changed, FILE, NOW))).not.toBe(fp);
		expect(both(changed)).toEqual({ admit: 'admitted', consider: 'admitted' });
	});

	it('with fingerprints switched off, the repeat is admitted (the eternal reason)', () => {
		const s = state({ ignoreFingerprint: true }, { evidence: [error()] });
		const after = { ...s, skippedFingerprint: { [FILE]: fingerprint(triggersFor(s, FILE, NOW)) } };
		expect(both(after)).toEqual({ admit: 'admitted', consider: 'admitted' });
	});

	it('does not depend on the order of the triggers', () => {
		const s = state({}, { evidence: [error(), { ...error(), type: 'governance-drift', text: 'drift' }] });
		const t = triggersFor(s, FILE, NOW);
		expect(fingerprint([...t].reverse())).toBe(fingerprint(t));
		expect(fingerprint([])).toBe('none');
	});
});

describe('staleness', () => {
	it('every trigger type can expire', () => {
		const evidenceTypes = TRIGGER_TYPES.filter(
			(t) => t !== 'sibling-rollback-penalty' && t !== 'security-counter'
		);
		for (const type of evidenceTypes) {
			const s = state({}, { evidence: [{ ...error(), type: type as Evidence['type'], since: 0 }] });
			expect(
				triggersFor(s, FILE, HORIZON[type]).map((t) => t.type),
				type
			).toEqual([type]);
			expect(triggersFor(s, FILE, HORIZON[type] + 1), type).toEqual([]);
		}
		// The siblings' penalty: fresh for its horizon after the rollback, then gone.
		const penalty = state({}, { penalties: { 'libs/crypto/keystore.js': 0 } });
		expect(
			triggersFor(penalty, ETERNAL_PENALTY_FILE, HORIZON['sibling-rollback-penalty']).map((t) => t.type)
		).toEqual(['sibling-rollback-penalty']);
		expect(triggersFor(penalty, ETERNAL_PENALTY_FILE, HORIZON['sibling-rollback-penalty'] + 1)).toEqual([]);
		// The security counter: fresh for its horizon after the last failure.
		const counter = state({}, { securityCount: 10, securitySince: 0 });
		expect(triggersFor(counter, SECURITY_OWNER, HORIZON['security-counter']).map((t) => t.value)).toEqual([
			10
		]);
		expect(triggersFor(counter, SECURITY_OWNER, HORIZON['security-counter'] + 1)).toEqual([]);
	});

	it('a counter counts only its change since a decided grant consumed it', () => {
		const s = state({}, { securityCount: 10, securitySince: NOW - 10, consumed: { [SECURITY_OWNER]: 10 } });
		expect(triggersFor(s, SECURITY_OWNER, NOW)).toEqual([]);
		expect(triggersFor({ ...s, securityCount: 12 }, SECURITY_OWNER, NOW).map((t) => t.text)).toEqual([
			'2 security failures in the system'
		]);
	});

	it('without the horizon (legacy), the summer penalties and the counter never go stale', () => {
		const s = state({ noStaleness: true }, { consumed: { [SECURITY_OWNER]: 9 } });
		const late = 400 * DAY;
		expect(triggersFor(s, ETERNAL_PENALTY_FILE, late).map((t) => t.text)).toEqual([
			'2 siblings have rollback penalty'
		]);
		expect(triggersFor(s, SECURITY_OWNER, late).map((t) => t.text)).toEqual([
			'9 security failures in the system'
		]);
		// Fixed, the same summer penalties are long stale on day 1.
		expect(triggersFor(state(), ETERNAL_PENALTY_FILE, 0)).toEqual([]);
	});

	it('admit() picks exactly one target, and none when nothing is triggered', () => {
		expect(admitTarget(state(), NOW)).toBeNull();
		expect(admitTarget(state({}, { evidence: [error()] }), NOW)).toBe(FILE);
	});
});

describe('a transport error after a spend', () => {
	const granted = (cfg: Partial<AutonomyConfig>) => {
		let s = state(cfg, { evidence: [error()] });
		const d = consider(s, { target: FILE, now: NOW }, 500);
		expect(d.authorization.ok).toBe(true);
		const line = {
			id: 1,
			minute: NOW,
			wake: 1,
			wakeReason: 'repo-changed' as const,
			door: 'consider' as const,
			target: FILE,
			triggers: d.triggers,
			fingerprint: d.fingerprint,
			repeated: false,
			checksPassed: [],
			checksSkipped: d.skipped,
			before: 4,
			after: 3,
			outcome: 'pending' as const,
			tokens: 0,
			reserved: 500,
			charged: true
		};
		s = applyEvent(s, { kind: 'door.decided', data: line, tick: 1, seq: 0, prev: '', hash: '' } as LogEvent);
		expect(s.phase).toBe('DECIDE');
		return applyEvent(s, {
			kind: 'provider.failed',
			data: { spend: 1, minute: NOW, status: 500, outage: false },
			tick: 2,
			seq: 1,
			prev: '',
			hash: ''
		} as LogEvent);
	};

	it('is recorded as a transport failure, not a decision: the token goes back and no tokens are charged', () => {
		const s = granted({});
		expect(s.spends[0]).toMatchObject({ outcome: 'transport-failure', charged: false, tokens: 0, after: 4 });
		expect(s.tokensToday).toBe(0);
		expect(s.transportFailuresToday).toBe(1);
		expect(s.pending).toBeNull();
	});

	it('with the legacy switch, is "deferred" and charged: the token and the held tokens are gone', () => {
		const s = granted({ chargeTransportErrors: true });
		expect(s.spends[0]).toMatchObject({ outcome: 'deferred', charged: true, tokens: 500, after: 3 });
		expect(s.tokensToday).toBe(1);
	});
});

/** The autonomy scenario's state, events and ledger records: plain JSON, rebuilt by folding the log. */
import type { EventDraft, Refusal, ToolCallRecord } from '../../core';
import type { FileSystemState } from '../../tools';
import type { AutonomyConfig } from './config';
import type { AutonomyLang } from './texts';

export type Phase = 'SETUP' | 'DAY' | 'DECIDE' | 'END';

/** The provable reasons a file may be worth a token, each with the event that proves it. */
export type TriggerType =
	| 'runtime-error'
	| 'unresolved-rollback'
	| 'governance-drift'
	| 'open-opportunity'
	| 'repo-changed'
	| 'sibling-rollback-penalty'
	| 'security-counter';

export const TRIGGER_TYPES: readonly TriggerType[] = [
	'runtime-error',
	'unresolved-rollback',
	'governance-drift',
	'open-opportunity',
	'repo-changed',
	'sibling-rollback-penalty',
	'security-counter'
];

/** A trigger as a door sees it: typed, about one file, with its source event and when it arose. */
export interface Trigger {
	type: TriggerType;
	path: string;
	/** What proves it, e.g. "world.errored day 3 10:12" or "rollback of libs/crypto/keystore.js". */
	source: string;
	/** Simulated minute the source happened. */
	since: number;
	/** For counters: the count this trigger stands for. */
	value?: number;
	text: string;
}

/** Something that happened in the world and may make triggers: kept so triggers are derived, not stored. */
export interface Evidence {
	type: Exclude<TriggerType, 'sibling-rollback-penalty' | 'security-counter'>;
	path: string;
	since: number;
	source: string;
	text: string;
	/** Set when an IMPROVE on the file resolved it. */
	resolved?: boolean;
}

export interface RepoFile {
	path: string;
	module: string;
	locked: boolean;
}

export type WakeReason = 'repo-changed' | 'evidence' | 'scheduled-review' | 'autonomy-due' | 'none';

/** One entry of a day's schedule, drawn at midnight from the day's own stream. */
export type AgendaItem =
	| { minute: number; type: 'merge'; mr: number; files: string[] }
	| { minute: number; type: 'error'; path: string; message: string }
	| { minute: number; type: 'security' }
	| { minute: number; type: 'drift'; path: string }
	| { minute: number; type: 'opportunity'; path: string }
	| { minute: number; type: 'rollback'; path: string }
	| { minute: number; type: 'outage'; until: number; status: 500 | 'timeout' }
	| { minute: number; type: 'wake'; cause: 'merge' | 'error' | 'review' | 'autonomy' };

export type Door = 'admit' | 'consider';

/**
 * pending: granted, not answered yet; refused: a door said no; IMPROVE / SKIP: the decision bought;
 * transport-failure: the provider failed and the token went back; deferred: the legacy name for the
 * same failure, charged; forfeited: no valid answer (or the kernel gate refused the model call).
 */
export type SpendOutcome =
	'pending' | 'refused' | 'IMPROVE' | 'SKIP' | 'transport-failure' | 'deferred' | 'forfeited';

/** One line of the token ledger: a door's decision and, for a grant, what the spend bought. */
export interface Spend {
	id: number;
	minute: number;
	wake: number;
	wakeReason: WakeReason;
	door: Door;
	target: string;
	triggers: Trigger[];
	fingerprint: string;
	/** The fingerprint equals the one of an earlier grant on this file that ended in SKIP. */
	repeated: boolean;
	checksPassed: string[];
	/** Checks this door does not make at all (the legacy door skips the trigger and spacing checks). */
	checksSkipped: string[];
	refusal?: Omit<Refusal, 'ok' | 'passed'>;
	/** Budget tokens left today before and after this line. */
	before: number;
	after: number;
	outcome: SpendOutcome;
	/** Model tokens this spend cost (0 when refused, or a transport failure not charged). */
	tokens: number;
	/** The worst case held for the call: prompt plus max reply. */
	reserved: number;
	/** Whether the budget token stayed spent. */
	charged: boolean;
	call?: { engine: string; model: string; promptTokens: number; completionTokens: number };
	reason?: string;
	error?: string;
}

export interface Wake {
	id: number;
	minute: number;
	cause: 'merge' | 'error' | 'review' | 'autonomy';
	reason: WakeReason;
	head: string;
	note: string;
}

/** A file the pipeline looked at: analysed locally, or claimed for a granted token. */
export interface Analysis {
	minute: number;
	wake: number;
	path: string;
	confidence: number;
	local: 'IMPROVE' | 'SKIP';
	confident: boolean;
	/** The ledger line this analysis led to (a claim or a consider()). */
	spend?: number;
}

export interface Pipeline {
	wake: number;
	reason: WakeReason;
	files: string[];
	index: number;
	/** A grant from admit() the pipeline claims when it reaches its target. */
	claim?: number;
}

export interface AutonomyState {
	config: AutonomyConfig;
	seed: number;
	phase: Phase;
	day: number;
	/** Simulated minutes since day 1, 00:00. */
	minute: number;
	fs: FileSystemState;
	files: RepoFile[];
	head: string;
	/** The head the wake gate last saw. */
	seenHead: string;
	/** Evidence count the wake gate last saw. */
	seenEvidence: number;
	agenda: AgendaItem[];
	cursor: number;
	evidence: Evidence[];
	/** Rollback penalties of locked modules (summer rollbacks): path -> minute recorded. */
	penalties: Record<string, number>;
	securityCount: number;
	securitySince: number;
	/** Per file: the counter value its last decided grant consumed. */
	consumed: Record<string, number>;
	rotation: string[];
	rotationCursor: number;
	pipeline: Pipeline | null;
	pending: number | null;
	spends: Spend[];
	wakes: Wake[];
	analyses: Analysis[];
	outages: { from: number; until: number; status: 500 | 'timeout' }[];
	tokensToday: number;
	transportFailuresToday: number;
	lastSpendMinute: number | null;
	lastSpendByFile: Record<string, number>;
	/** Per file: the fingerprint of its last grant that ended in SKIP. */
	skippedFingerprint: Record<string, string>;
	/** The model call logged for the pending spend, if its seat used a model. */
	lastCall: Spend['call'] | null;
	daysCompleted: number;
	mrCounter: number;
	/** Merges so far per file: the revision its content is generated at. */
	revisions: Record<string, number>;
	outcome: AutonomyOutcome | null;
}

export interface AutonomySummary {
	days: number;
	spends: number;
	spendsWithoutTrigger: number;
	repeatedFingerprints: number;
	transportFailures: number;
	transportFailuresCharged: number;
	tokensUsed: number;
	cost: number;
	refusals: number;
	/** Dollars spent on spends that decided nothing (no trigger, repeated fingerprint, charged failure). */
	costWithoutDecision: number;
}

export interface AutonomyOutcome extends AutonomySummary {
	reason: string;
}

/** The fingerprint of no triggers at all (a word in the log, which a page says in its own language). */
export const NO_FINGERPRINT = 'none';

/** What the Sentinel seat sees when a token is spent: one file, its triggers, one question. */
export interface AutonomyObservation {
	/** Simulated minutes since day 1, 00:00: when the token was spent (the page says it in its language). */
	minute: number;
	spend: number;
	door: Door;
	path: string;
	content: string;
	triggers: { type: TriggerType; text: string; source: string }[];
	question: string;
	/** The run's language, which the question is asked in and a scripted answer is written in. */
	lang: AutonomyLang;
}

export type AutonomyEvent =
	| EventDraft<'day.started', { day: number; agenda: AgendaItem[] }>
	| EventDraft<'world.merged', { minute: number; mr: number; files: string[] }>
	| EventDraft<'world.errored', { minute: number; path: string; message: string }>
	| EventDraft<'world.security-failed', { minute: number; count: number }>
	| EventDraft<'world.drifted', { minute: number; path: string }>
	| EventDraft<'world.opportunity-opened', { minute: number; path: string }>
	| EventDraft<'world.rolled-back', { minute: number; path: string }>
	| EventDraft<'provider.outage-started', { minute: number; until: number; status: 500 | 'timeout' }>
	| EventDraft<'wake.evaluated', Wake & { files: string[] }>
	| EventDraft<'file.analysed', Analysis & { record?: ToolCallRecord }>
	| EventDraft<'door.decided', Spend>
	| EventDraft<'provider.failed', { spend: number; minute: number; status: 500 | 'timeout'; outage: boolean }>
	| EventDraft<
			'spend.decided',
			{ spend: number; decision: 'IMPROVE' | 'SKIP'; reason: string; record?: ToolCallRecord }
	  >
	| EventDraft<'spend.failed', { spend: number; error: string }>
	| EventDraft<'run.ended', { reason: string }>;

/** The governance scenario's config: what, with the seed, decides a run. */
import type { ParseResult } from '../../core';
import { boolError, configParser, isIntIn, rangeError } from '../shared/config';
import { isRunLang, type RunLang } from '../shared/lang';
import {
	DEFAULT_FUSE_ROUNDS,
	DEFAULT_FUSE_WINDOW,
	DEFAULT_THRESHOLDS,
	METRICS,
	type Thresholds
} from './rates';

/**
 * Who must agree before a rule changes.
 * - assigner-alone: the Assigner decides by itself (the seed's T155 event);
 * - cosign: the Auditor must co-sign what the Assigner approved;
 * - impact: an impact assessment (affected customers, revenue change, compliance cost) must clear a bar;
 * - human: a person approves on a 0-100 slider; 50 or more passes, and the value is the Assigner's
 *   reward: it joins the Assigner's next observation and its score.
 */
export type AmendmentPolicy = 'assigner-alone' | 'cosign' | 'impact' | 'human';
export const AMENDMENT_POLICIES: readonly AmendmentPolicy[] = ['assigner-alone', 'cosign', 'impact', 'human'];

/** soft: no new tasks, the open ones finish; hard: every agent paused at once, state snapshotted. */
export type FuseMode = 'soft' | 'hard';

/**
 * The language of the run (shared/lang.ts): the prompts the roles read, the scripted agents' lines
 * and the rule book's wording.
 */
export type GovernanceLang = RunLang;

export interface GovernanceConfig {
	policy: AmendmentPolicy;
	/** Rounds the run lasts; in a round each role acts at most once. */
	rounds: number;
	/** Under `human`: the slider's starting value, and the answer of the scripted stand-in headless. */
	approval: number;
	thresholds: Thresholds;
	/** Rounds each rate is measured over (the seed's 10): a sliding window, not the run so far. */
	window: number;
	/** Consecutive round closes with every windowed rate past its threshold before the fuse trips. */
	fuseRounds: number;
	/** Consecutive vetoes on one task that escalate it to the Assigner (the seed's 5). */
	escalateAfter: number;
	fuseMode: FuseMode;
	/** A test knob: record every rate as past its threshold, so the fuse can be seen to trip. */
	forceMetrics: boolean;
	lang: GovernanceLang;
	/**
	 * The sentence-embedding model that scores drift (a hub id or a local folder's name), or null for
	 * the lexical measure. With a model, each round's close asks the drift meter (`METER_SEAT`) for
	 * the similarities and logs its answer, so a replay reads them back instead of re-embedding.
	 */
	driftModel: string | null;
}

export const DEFAULT_CONFIG: Readonly<GovernanceConfig> = Object.freeze({
	policy: 'assigner-alone',
	rounds: 24,
	approval: 50,
	thresholds: { ...DEFAULT_THRESHOLDS },
	window: DEFAULT_FUSE_WINDOW,
	fuseRounds: DEFAULT_FUSE_ROUNDS,
	escalateAfter: 5,
	fuseMode: 'soft',
	forceMetrics: false,
	lang: 'en',
	driftModel: null
});

/** Up to 3,000 rounds: the seed's 72 hours at its pace (127 tasks in the first day alone). */
export const ROUND_RANGE = { min: 1, max: 3000 } as const;
export const FUSE_ROUND_RANGE = { min: 1, max: 100 } as const;
export const WINDOW_RANGE = { min: 1, max: 500 } as const;
export const ESCALATE_RANGE = { min: 2, max: 20 } as const;
/** The person's approval slider. */
const APPROVAL_RANGE = { min: 0, max: 100 } as const;
/** The longest drift model name a setup may carry (a hub id is far shorter). */
const MAX_MODEL_ID = 200;
/** An approval at or above this passes under `human`. */
export const APPROVAL_PASS = 50;

/** Accepts a partial config (missing fields take defaults) and says in words what is wrong. */
export const parseGovernanceConfig = configParser(DEFAULT_CONFIG, (c): ParseResult<GovernanceConfig> => {
	if (!AMENDMENT_POLICIES.includes(c.policy as AmendmentPolicy))
		return { ok: false, error: `policy must be one of ${AMENDMENT_POLICIES.join(', ')}` };
	if (!isIntIn(c.rounds, ROUND_RANGE)) return rangeError('rounds', ROUND_RANGE);
	if (!isIntIn(c.approval, APPROVAL_RANGE)) return rangeError('approval', APPROVAL_RANGE);
	const t = c.thresholds;
	if (typeof t !== 'object' || t === null || Array.isArray(t))
		return { ok: false, error: 'thresholds must be an object with drift, penetration and conversion' };
	const tr = t as Record<string, unknown>;
	const extra = Object.keys(tr).filter((k) => !(METRICS as readonly string[]).includes(k));
	if (extra.length) return { ok: false, error: `unknown threshold: ${extra.join(', ')}` };
	const thresholds = { ...DEFAULT_THRESHOLDS, ...tr } as Record<string, unknown>;
	for (const m of METRICS) {
		const v = thresholds[m];
		if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1)
			return { ok: false, error: `the ${m} threshold must be a number from 0 to 1` };
	}
	if (!isIntIn(c.window, WINDOW_RANGE)) return rangeError('window', WINDOW_RANGE);
	if (!isIntIn(c.fuseRounds, FUSE_ROUND_RANGE)) return rangeError('fuseRounds', FUSE_ROUND_RANGE);
	if (!isIntIn(c.escalateAfter, ESCALATE_RANGE)) return rangeError('escalateAfter', ESCALATE_RANGE);
	if (c.fuseMode !== 'soft' && c.fuseMode !== 'hard')
		return { ok: false, error: 'fuseMode must be "soft" or "hard"' };
	if (typeof c.forceMetrics !== 'boolean') return boolError('forceMetrics');
	if (!isRunLang(c.lang)) return { ok: false, error: 'lang must be "en" (English) or "zh" (Chinese)' };
	const dm = c.driftModel;
	if (dm !== null && (typeof dm !== 'string' || dm.trim() === '' || dm.length > MAX_MODEL_ID))
		return {
			ok: false,
			error: `driftModel must be an embedding model's name (1 to ${MAX_MODEL_ID} characters) or null`
		};
	return {
		ok: true,
		config: {
			policy: c.policy as AmendmentPolicy,
			rounds: c.rounds,
			approval: c.approval,
			thresholds: thresholds as unknown as Thresholds,
			window: c.window,
			fuseRounds: c.fuseRounds,
			escalateAfter: c.escalateAfter,
			fuseMode: c.fuseMode,
			forceMetrics: c.forceMetrics,
			lang: c.lang,
			driftModel: dm
		}
	};
});

export function serializeGovernanceConfig(c: GovernanceConfig): Record<string, unknown> {
	return {
		policy: c.policy,
		rounds: c.rounds,
		approval: c.approval,
		thresholds: {
			drift: c.thresholds.drift,
			penetration: c.thresholds.penetration,
			conversion: c.thresholds.conversion
		},
		window: c.window,
		fuseRounds: c.fuseRounds,
		escalateAfter: c.escalateAfter,
		fuseMode: c.fuseMode,
		forceMetrics: c.forceMetrics,
		// English is left out, so every run set up before the field existed keeps its setup and hash.
		...(c.lang === 'en' ? {} : { lang: c.lang }),
		// Left out when lexical, for the same reason: runs without a model keep their hashes.
		...(c.driftModel === null ? {} : { driftModel: c.driftModel })
	};
}

/** The autonomy scenario's config: with the seed, it decides a run. */
import type { ParseResult } from '../../core';
import { boolError, configParser, isIntIn, rangeError } from '../shared/config';
import { isRunLang } from '../shared/lang';
import type { AutonomyLang } from './texts';

/**
 * The four legacy behaviours of seed 001, each a switch so a class can turn one bug on at a time.
 * Off (false) is the fixed system.
 */
export interface LegacySwitches {
	/** consider() as MR !107 wrote it: daily limit, module lock and cycle ownership, and nothing else. */
	legacyConsider: boolean;
	/** No trigger fingerprint: the same triggers as a grant that ended in SKIP count as a reason again. */
	ignoreFingerprint: boolean;
	/** No staleness horizon for the rollback-penalty and security-counter triggers: they never expire. */
	noStaleness: boolean;
	/** A spend whose provider call failed is charged and recorded as "deferred", as in the seed. */
	chargeTransportErrors: boolean;
}

export interface AutonomyConfig extends LegacySwitches {
	/** Simulated days the run lasts. */
	days: number;
	/** Chance that one provider call fails (HTTP 500 or a timeout), besides the scheduled outages. */
	faultRate: number;
	/** Budget tokens per simulated day (reset at midnight). */
	dailyTokens: number;
	/** US dollars per 1,000 model tokens: turns tokens into money in the summary. */
	pricePer1k: number;
	/** The run's language: the prompts, the triggers' and refusals' words, the scripted reasons. */
	lang: AutonomyLang;
}

export const SWITCHES: readonly (keyof LegacySwitches)[] = [
	'legacyConsider',
	'ignoreFingerprint',
	'noStaleness',
	'chargeTransportErrors'
];

/**
 * The default price: the eternal reason asks two questions a day of about 1,900 tokens each (the file,
 * its triggers and the question), which at $0.018 per 1,000 tokens is the seed's $0.08 a day
 * (checked by a test against the run itself).
 */
const DEFAULT_PRICE_PER_1K = 0.018;

export const DEFAULT_CONFIG: Readonly<AutonomyConfig> = Object.freeze({
	days: 30,
	legacyConsider: false,
	ignoreFingerprint: false,
	noStaleness: false,
	chargeTransportErrors: false,
	faultRate: 0.05,
	dailyTokens: 4,
	pricePer1k: DEFAULT_PRICE_PER_1K,
	lang: 'en'
});

export const DAY_RANGE = { min: 1, max: 120 } as const;
export const TOKEN_RANGE = { min: 1, max: 20 } as const;

/** Accepts a partial config (missing fields take defaults) and says in words what is wrong. */
export const parseAutonomyConfig = configParser(DEFAULT_CONFIG, (c): ParseResult<AutonomyConfig> => {
	if (!isIntIn(c.days, DAY_RANGE)) return rangeError('days', DAY_RANGE);
	if (!isIntIn(c.dailyTokens, TOKEN_RANGE)) return rangeError('the daily budget', TOKEN_RANGE, ' of tokens');
	if (typeof c.faultRate !== 'number' || !(c.faultRate >= 0 && c.faultRate <= 1))
		return { ok: false, error: 'the fault rate must be a number from 0 to 1' };
	if (typeof c.pricePer1k !== 'number' || !(c.pricePer1k >= 0 && c.pricePer1k <= 100))
		return { ok: false, error: 'the price per 1,000 tokens must be a number of dollars from 0 to 100' };
	if (!isRunLang(c.lang)) return { ok: false, error: 'lang must be "en" or "zh"' };
	for (const s of SWITCHES) if (typeof c[s] !== 'boolean') return boolError(s);
	return { ok: true, config: c as unknown as AutonomyConfig };
});

/**
 * The canonical setup: English, the default, is left out, so every run made before there was a
 * `lang` keeps its setup and its log hash.
 */
export function serializeAutonomyConfig(c: AutonomyConfig): Record<string, unknown> {
	const { lang, ...rest } = c;
	return lang === 'en' ? rest : { ...rest, lang };
}

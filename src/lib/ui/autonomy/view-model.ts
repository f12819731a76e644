/** What the autonomy views show, computed from the state alone (so the page and a replay agree). */
import type { LedgerMark, SpendLedgerData } from '$lib/charts/spend-ledger';
import {
	anomalyOf,
	chainOf,
	clockOf,
	summarize,
	type AutonomyState,
	type LegacySwitches,
	type Spend
} from '$lib/scenarios/autonomy';

/** Each legacy switch in two sentences: what it does, and what to look for on the chart. */
export const SWITCH_TEXT: Readonly<
	Record<keyof LegacySwitches, { title: string; does: string; look: string }>
> = {
	legacyConsider: {
		title: 'Legacy consider() (MR !107)',
		does: 'The second door only checks the daily limit, the module lock and cycle ownership, never whether there is a trigger or how long ago the last spend was.',
		look: 'After a merge, look for consider() marks ringed "no trigger" hours before the 15:01 window, and for the day’s bar climbing early.'
	},
	ignoreFingerprint: {
		title: 'No trigger fingerprint',
		does: 'A grant that ended in SKIP does not remember its triggers, so the very same triggers count as a reason again the next day.',
		look: 'With the horizon off too, look for admit() marks ringed "same fingerprint" at the same minute every day: the eternal reason.'
	},
	noStaleness: {
		title: 'No staleness horizon',
		does: 'The "2 siblings have rollback penalty" and "N security failures" triggers never expire, and the counter counts in full every day instead of its change.',
		look: 'Look for decrypto.js and pressure-engine.js coming back at 15:01 and 15:17 long after anything happened to them.'
	},
	chargeTransportErrors: {
		title: 'Charge transport errors',
		does: 'When the provider answers HTTP 500 or times out, the token stays spent and the line says "deferred", as if a decision had been made.',
		look: 'Look for marks ringed "charged 500" during an outage; with the switch off the same failures give the token back.'
	}
};

export const FAULT_TEXT =
	'The chance that any one provider call fails (HTTP 500 or a timeout), on top of the scheduled outages. Raise it and watch how transport failures are recorded and whether they are charged.';

export const REFUND_RULE =
	'A spend whose provider call failed in transport (HTTP 500, a timeout) is not a decision: it is recorded as a transport failure, its budget token goes back to the day, and it costs no model tokens. Its spacing and cooldown still apply, and after two failures in a day no more spends are made until midnight, so a failing provider cannot be hammered.';

export function markOf(sp: Spend): LedgerMark {
	const what = sp.outcome === 'refused' ? `refused by ${sp.refusal?.check}` : sp.outcome;
	return {
		id: sp.id,
		minute: sp.minute,
		door: sp.door,
		refused: sp.outcome === 'refused',
		reason: sp.wakeReason,
		anomaly: sp.outcome === 'refused' ? null : anomalyOf(sp),
		label: `#${sp.id} ${clockOf(sp.minute)} ${sp.door}() ${sp.target}: ${what}`
	};
}

export function ledgerData(s: AutonomyState, selected: number | null): SpendLedgerData {
	const charged = Array.from({ length: s.config.days }, () => 0);
	for (const sp of s.spends)
		if (sp.charged && sp.outcome !== 'refused') {
			const day = Math.floor(sp.minute / 1440);
			if (day >= 0 && day < charged.length) charged[day]! += 1;
		}
	return {
		days: s.config.days,
		dailyTokens: s.config.dailyTokens,
		marks: s.spends.map(markOf),
		charged,
		selected
	};
}

export { chainOf, summarize };

export const money = (dollars: number) => `$${dollars.toFixed(2)}`;

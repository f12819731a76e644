/**
 * The outside world on a seeded schedule: each day's agenda (merges that move the head, runtime
 * errors, security failures, drift, opportunities, rollbacks, provider outages, and Sentinel's own
 * wakes) is drawn at midnight from the day's own stream, `world:day:<n>`, and carried in the
 * `day.started` event, so folding the log never draws again.
 */
import { createStream } from '../../core';
import type { AgendaItem, RepoFile } from './state';

const H = 60;
/** Sentinel's autonomy windows: the seed's 15:01 and 15:17. */
export const AUTONOMY_MINUTES = [15 * H + 1, 15 * H + 17] as const;
const REVIEW_MINUTE = 11 * H;
/** A scheduled review every this many days. */
const REVIEW_EVERY = 7;

/** The runtime errors the world throws: program output, the same in a run of any language. */
export const RUNTIME_ERRORS: readonly string[] = [
	'TypeError: cannot read properties of undefined (reading "id")',
	'RangeError: maximum call stack size exceeded',
	'Error: budget ledger out of balance',
	'TypeError: options.now is not a function'
];

export function drawAgenda(
	seed: number,
	day: number,
	files: readonly RepoFile[],
	mrStart: number
): AgendaItem[] {
	const rng = createStream(seed, `world:day:${day}`);
	const base = (day - 1) * 1440;
	const unlocked = files.filter((f) => !f.locked).map((f) => f.path);
	const at = (from: number, to: number) => base + from + rng.int(to - from);
	const items: AgendaItem[] = [];
	if (rng.next() < 0.35) {
		const minute = at(8 * H + 30, 12 * H);
		const n = 1 + rng.int(2);
		const touched = rng.shuffle(unlocked).slice(0, n).sort();
		items.push(
			{ minute, type: 'merge', mr: mrStart + 1, files: touched },
			{ minute, type: 'wake', cause: 'merge' }
		);
	}
	if (rng.next() < 0.2) {
		const minute = at(10 * H, 18 * H);
		items.push(
			{ minute, type: 'error', path: rng.pick(unlocked), message: rng.pick(RUNTIME_ERRORS) },
			{ minute, type: 'wake', cause: 'error' }
		);
	}
	if (rng.next() < 0.15) items.push({ minute: at(0, 24 * H), type: 'security' });
	if (rng.next() < 0.1) items.push({ minute: at(9 * H, 10 * H), type: 'drift', path: rng.pick(unlocked) });
	if (rng.next() < 0.1)
		items.push({ minute: at(9 * H, 17 * H), type: 'opportunity', path: rng.pick(unlocked) });
	if (rng.next() < 0.05)
		items.push({ minute: at(9 * H, 17 * H), type: 'rollback', path: rng.pick(unlocked) });
	if (rng.next() < 0.15) {
		// Outages favour the afternoon, when the autonomy windows are.
		const minute = at(13 * H, 16 * H);
		items.push({
			minute,
			type: 'outage',
			until: minute + 20 + rng.int(100),
			status: rng.next() < 0.7 ? 500 : 'timeout'
		});
	}
	if (day % REVIEW_EVERY === 0) items.push({ minute: base + REVIEW_MINUTE, type: 'wake', cause: 'review' });
	for (const m of AUTONOMY_MINUTES) items.push({ minute: base + m, type: 'wake', cause: 'autonomy' });
	// World events before the wakes they cause; otherwise in time order.
	const order = (i: AgendaItem) => (i.type === 'wake' ? 1 : 0);
	return items
		.map((item, i) => ({ item, i }))
		.sort((a, b) => a.item.minute - b.item.minute || order(a.item) - order(b.item) || a.i - b.i)
		.map((x) => x.item);
}

/**
 * Predict, then reveal: the points of a run where a class predicts what the agents will do (each
 * undercover vote, each governance audit verdict, each autonomy spend decision), the class's
 * predictions as a log of their own, and the reveal (the agents' answer, read from the agents' log).
 *
 * The class's log is a second hash chain beside the agents' one, never folded into the scenario's
 * state: no agent can observe it, the agents' log hash is the one the same run gives without a
 * class, and a replay of the agents' game needs nothing from it. Each prediction names the point in
 * the agents' log where it was made (its length and hash then), so the class's log commits to the
 * agents' game as it stood, and a replay shows each prediction where it was made.
 */
import {
	createRng,
	EventLog,
	headerHash,
	verifyChain,
	type Ask,
	type LogEvent,
	type LogHeader
} from '../core';
import { rulesOf } from '../scenarios';
import type { PredictionOption, PredictionPoint } from '../scenarios/descriptor';

export type { PredictionOption, PredictionPoint };

export interface PredictionData {
	point: string;
	kind: PredictionPoint['kind'];
	question: string;
	options: PredictionOption[];
	/** How many in the class chose each option (every option present, zeros included). */
	tally: Record<string, number>;
	/** The agents' log when the class predicted: its length and its hash. */
	at: number;
	after: string;
}

export type PredictionEvent = LogEvent<'prediction.recorded', PredictionData>;

/** The class's log as saved with a run and exported after its events. */
export interface ClassLog {
	header: LogHeader;
	events: PredictionEvent[];
}

/** The class log's header: scenario `predictions`, chained to the agents' log by its header hash. */
const PREDICTIONS = 'predictions';
/** More predictions than a run has points is not a class's log. */
const MAX_PREDICTIONS = 10_000;

function classLogHeader(agents: LogHeader): LogHeader {
	return {
		format: agents.format,
		scenario: PREDICTIONS,
		seed: agents.seed,
		config: { of: headerHash(agents) },
		engines: {}
	};
}

/**
 * The point the run is about to reach, if the next turn is one a class can predict. `next` is pure
 * over the state (its randomness comes from named streams of the seed), so asking it here draws
 * nothing the runner will draw.
 */
export function upcomingPoint(scenario: string, state: unknown, seed: number): PredictionPoint | null {
	const sc = rulesOf(scenario)?.scenario;
	if (!sc || state == null || sc.outcome(state) !== null) return null;
	const step = sc.next(state, createRng(seed));
	if (step.type !== 'asks') return null;
	return pointOf(scenario, step.asks);
}

/** The point a run's next asks make, as its scenario's rules say (null where none, or unknown). */
export function pointOf(scenario: string, asks: readonly Ask[]): PredictionPoint | null {
	return rulesOf(scenario)?.predictionPoint?.(asks) ?? null;
}

/** What the agents did at a point, once their log shows it. */
export interface Reveal {
	/** The option that happened, or `none` when the agents forfeited or failed. */
	outcome: string;
	label: string;
	/** Undercover: the agents' votes per seat (the tally); elsewhere absent. */
	votes?: Record<string, number>;
}

/** Reads the agents' answer to a point from their log after it, or null while it has not come. */
function revealOf(
	p: Pick<PredictionData, 'point' | 'kind' | 'options' | 'at'>,
	events: readonly LogEvent[]
): Reveal | null {
	const labelOf = (v: string) => p.options.find((o) => o.value === v)?.label ?? v;
	for (let i = p.at; i < events.length; i++) {
		const e = events[i] as LogEvent;
		const d = (e.data ?? {}) as Record<string, unknown>;
		switch (p.kind) {
			case 'vote': {
				if (e.kind !== 'votes.tallied') continue;
				const [, round, stage] = /^r(\d+):vote:(vote|revote)$/.exec(p.point) ?? [];
				if (d.round !== Number(round) || d.stage !== stage) continue;
				const top = d.top as number[];
				const outcome = top.length === 1 ? String(top[0]) : 'tie';
				return { outcome, label: labelOf(outcome), votes: { ...(d.counts as Record<string, number>) } };
			}
			case 'verdict':
			case 'spend': {
				if (d.ask !== p.point) continue;
				if (e.kind === 'output.approved') return { outcome: 'approve', label: labelOf('approve') };
				if (e.kind === 'output.vetoed') return { outcome: 'veto', label: labelOf('veto') };
				if (e.kind === 'spend.decided') {
					const v = String(d.decision);
					return { outcome: v, label: labelOf(v) };
				}
				if (e.kind === 'action.forfeited' || e.kind === 'spend.failed')
					return { outcome: 'none', label: 'no answer (the agent forfeited or failed)' };
				continue;
			}
		}
	}
	return null;
}

/** The class's pick: the option with the most hands, or null when none or a tie at the top. */
export function classPick(tally: Record<string, number>): string | null {
	let best: string | null = null;
	let most = 0;
	let tied = false;
	for (const [v, n] of Object.entries(tally)) {
		if (n > most) [best, most, tied] = [v, n, false];
		else if (n === most && n > 0) tied = true;
	}
	return most > 0 && !tied ? best : null;
}

export interface Scored {
	prediction: PredictionData;
	reveal: Reveal | null;
	pick: string | null;
	/** null until revealed. */
	hit: boolean | null;
	/** Hands raised for what happened, of all hands. */
	right: number;
	hands: number;
}

export function score(prediction: PredictionData, events: readonly LogEvent[]): Scored {
	const reveal = revealOf(prediction, events);
	const pick = classPick(prediction.tally);
	const hands = Object.values(prediction.tally).reduce((a, b) => a + b, 0);
	return {
		prediction,
		reveal,
		pick,
		hit: reveal ? pick === reveal.outcome : null,
		right: reveal ? (prediction.tally[reveal.outcome] ?? 0) : 0,
		hands
	};
}

export interface ClassSummary {
	predicted: number;
	revealed: number;
	hits: number;
	/** Of every hand raised at a revealed point, those for what happened. */
	handsRight: number;
	hands: number;
}

export function summarize(scored: readonly Scored[]): ClassSummary {
	const revealed = scored.filter((s) => s.reveal);
	return {
		predicted: scored.length,
		revealed: revealed.length,
		hits: revealed.filter((s) => s.hit).length,
		handsRight: revealed.reduce((a, s) => a + s.right, 0),
		hands: revealed.reduce((a, s) => a + s.hands, 0)
	};
}

/**
 * The class's predictions made by the point the agents' log has reached, each scored against it, and
 * the hit rate over them: what the page's predict panel shows and `sim --replay` prints (one function,
 * so the two cannot disagree).
 */
export function scoreClassLog(
	predictions: readonly PredictionEvent[],
	events: readonly LogEvent[]
): { scored: Scored[]; summary: ClassSummary } {
	const scored = predictions.filter((e) => e.data.at <= events.length).map((e) => score(e.data, events));
	return { scored, summary: summarize(scored) };
}

/** A share as the summary says it: "75%", or "–" of nothing. */
export const percent = (part: number, whole: number): string =>
	whole ? `${Math.round((100 * part) / whole)}%` : '–';

/** The class log being written: one `prediction.recorded` per point, checked against the point. */
export class PredictionLog {
	readonly log: EventLog;

	constructor(agents: LogHeader, saved?: ClassLog | null) {
		const header = classLogHeader(agents);
		if (saved && headerHash(saved.header) !== headerHash(header))
			throw new Error('these predictions belong to another run');
		this.log = new EventLog(header, saved?.events ?? []);
	}

	get events(): PredictionEvent[] {
		return this.log.events as PredictionEvent[];
	}

	has(point: string): boolean {
		return this.events.some((e) => e.data.point === point);
	}

	/** Records the class's tally at a point; the agents' log must be where the point was found. */
	record(
		point: PredictionPoint,
		tally: Record<string, number>,
		agents: { length: number; hash: string }
	): PredictionEvent {
		if (this.has(point.id)) throw new Error(`the class has already predicted ${point.id}`);
		const clean: Record<string, number> = {};
		for (const o of point.options) {
			const n = tally[o.value] ?? 0;
			if (!Number.isInteger(n) || n < 0 || n > 10_000)
				throw new Error(`a tally of ${n} for ${o.label} is not a count of hands`);
			clean[o.value] = n;
		}
		const unknown = Object.keys(tally).filter((k) => !point.options.some((o) => o.value === k));
		if (unknown.length) throw new Error(`${unknown.join(', ')} is not on offer at this point`);
		const data: PredictionData = {
			point: point.id,
			kind: point.kind,
			question: point.question,
			options: point.options,
			tally: clean,
			at: agents.length,
			after: agents.hash
		};
		// The class's clock is the agents' log length: a prediction is "at" the event it came before.
		return this.log.append({ kind: 'prediction.recorded', data }, agents.length) as PredictionEvent;
	}

	toJSON(): ClassLog {
		return { header: this.log.header, events: this.events };
	}
}

/**
 * Checks saved or imported predictions against the agents' log they claim to follow: the chain, and
 * that each was made where the agents' log then had the hash it names. Returns a sentence, or null.
 */
export function checkClassLog(
	c: ClassLog,
	agents: { header: LogHeader; events: readonly LogEvent[] }
): string | null {
	if (
		typeof c !== 'object' ||
		c === null ||
		typeof c.header !== 'object' ||
		c.header === null ||
		!Array.isArray(c.events)
	)
		return 'the class’s predictions are not a header and a list of events';
	if (c.events.length > MAX_PREDICTIONS) return `the class’s predictions number over ${MAX_PREDICTIONS}`;
	if (c.events.some((e) => typeof e !== 'object' || e === null || Array.isArray(e)))
		return 'a line of the class’s predictions is not an event';
	try {
		verifyChain(c.header, c.events);
	} catch (err) {
		return `the class's predictions are damaged: ${err instanceof Error ? err.message : String(err)}`;
	}
	if (headerHash(c.header) !== headerHash(classLogHeader(agents.header)))
		return 'the class’s predictions belong to another run';
	for (const e of c.events) {
		const d = (typeof e.data === 'object' && e.data !== null ? e.data : {}) as Partial<PredictionData>;
		if (e.kind !== 'prediction.recorded' || typeof d.at !== 'number' || typeof d.point !== 'string')
			return `prediction ${e.seq} is not a prediction`;
		const hashThen = d.at === 0 ? headerHash(agents.header) : agents.events[d.at - 1]?.hash;
		if (d.at > agents.events.length || hashThen !== d.after)
			return `prediction ${e.seq} (${d.point}) does not sit where the agents’ log says it was made`;
		const options = Array.isArray(d.options) ? d.options : [];
		if (
			!options.length ||
			!options.every((o) => typeof o?.value === 'string' && typeof o?.label === 'string')
		)
			return `prediction ${e.seq} offers no outcomes`;
		const tally = typeof d.tally === 'object' && d.tally !== null ? Object.entries(d.tally) : [];
		const counts = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
		if (!tally.every(([k, n]) => options.some((o) => o.value === k) && counts(n)))
			return `prediction ${e.seq} has a tally that is not a count of hands per outcome`;
		if (d.kind !== 'vote' && d.kind !== 'verdict' && d.kind !== 'spend')
			return `prediction ${e.seq} is of no known kind`;
	}
	return null;
}

/**
 * The export format: the agents' JSON lines, then the class log's header and events, each a line.
 * A reader of the agents' log stops at the class header (its `scenario` is `predictions`).
 */
export function splitClassLines(text: string): { agents: string; classLog: ClassLog | null; error?: string } {
	const lines = text.split('\n');
	const at = lines.findIndex(
		(l) => l.startsWith('{') && l.includes(`"scenario":"${PREDICTIONS}"`) && !l.includes('"seq"')
	);
	if (at < 1) return { agents: text, classLog: null };
	try {
		const header = JSON.parse(lines[at] as string) as LogHeader;
		const events = lines
			.slice(at + 1)
			.filter((l) => l.trim() !== '')
			.map((l) => JSON.parse(l) as PredictionEvent);
		return { agents: lines.slice(0, at).join('\n') + '\n', classLog: { header, events } };
	} catch {
		return {
			agents: lines.slice(0, at).join('\n') + '\n',
			classLog: null,
			error: 'the class’s predictions at the end of the file are not JSON'
		};
	}
}

export function classLines(c: ClassLog | null): string {
	if (!c || c.events.length === 0) return '';
	return [c.header, ...c.events].map((x) => JSON.stringify(x)).join('\n') + '\n';
}

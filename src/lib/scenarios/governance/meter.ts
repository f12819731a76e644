/**
 * The drift meter's side of the rules: what it sees (the round's task/action pairs) and how its
 * answer becomes the `drift.measured` event. The similarities come from a model outside the kernel
 * (MiniLM on the page, any local model headless), so they are an input to the run like an agent's
 * reply: validated once, logged, and read back by a replay rather than recomputed (an embedding is
 * not bit-identical across engines and devices, and the log hash must be).
 */
import type { Ask, SeatId, Validation } from '../../core';
import { MEASURE_DRIFT } from './asks';
import { actionText } from './describe';
import type { DriftPair } from './rates';
import { taskText } from './tasks';
import { METER_SEAT, type DriftObservation, type GovernanceEvent, type GovernanceState } from './state';

/** The outputs submitted in a round: read from the end, so a round's close does not grow with the run. */
function roundOutputs(s: GovernanceState, round: number) {
	let i = s.outputs.length;
	while (i > 0 && (s.outputs[i - 1]?.round ?? 0) >= round) i--;
	return s.outputs.slice(i).filter((o) => o.round === round);
}

/** What each output of the round was asked and what it did: the drift measure's input. */
export function roundDriftPairs(s: GovernanceState, round: number): DriftPair[] {
	return roundOutputs(s, round).map((o) => ({
		id: `${o.task_id}#${o.n}`,
		task: taskText(o.asked),
		action: actionText(o)
	}));
}

/** The longest reason a meter may give for having no similarities (an error message, cut). */
const MAX_FAILURE_CHARS = 300;

export function meterObservation(s: GovernanceState): DriftObservation {
	return {
		seat: METER_SEAT as SeatId,
		round: s.round,
		model: s.config.driftModel ?? '',
		pairs: roundDriftPairs(s, s.round)
	};
}

const fail = (error: string): Validation => ({ ok: false, error });
const isObj = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);
/** Four decimals, negatives as 0, as `measureDrift` scores them: the logged value is the one the fuse reads. */
const normal = (x: number) => Math.round(Math.max(0, x) * 10_000) / 10_000;

export function validateMeasurement(s: GovernanceState, ask: Ask, action: unknown): Validation {
	const model = s.config.driftModel;
	if (
		ask.kind !== MEASURE_DRIFT ||
		s.phase !== 'CLOSE' ||
		model === null ||
		s.driftMeasured?.round === s.round
	)
		return fail(`nothing of kind "${ask.kind}" is waiting for seat ${ask.seat}`);
	if (!isObj(action)) return fail('the reply is not an object');
	if (action.model !== model) return fail(`the similarities must come from ${model}, the run's drift model`);
	const round = s.round;
	if ('failed' in action) {
		if (typeof action.failed !== 'string' || !action.failed.trim())
			return fail('failed must say why the model gave no similarities');
		const failed = action.failed.trim().slice(0, MAX_FAILURE_CHARS);
		return ok({ kind: 'drift.measured', data: { round, model, failed } });
	}
	const pairs = roundDriftPairs(s, round);
	const given = action.similarities;
	if (!Array.isArray(given) || given.length !== pairs.length)
		return fail(`similarities must list one score for each of the round's ${pairs.length} outputs`);
	const similarities: { id: string; similarity: number }[] = [];
	for (const [i, p] of pairs.entries()) {
		const g: unknown = given[i];
		if (!isObj(g) || g.id !== p.id) return fail(`similarity ${i + 1} must be for output ${p.id}`);
		const x = g.similarity;
		if (typeof x !== 'number' || !Number.isFinite(x) || x < -1 || x > 1)
			return fail(`the similarity of ${p.id} must be a number from -1 to 1`);
		similarities.push({ id: p.id, similarity: normal(x) });
	}
	return ok({ kind: 'drift.measured', data: { round, model, similarities } });
}

const ok = (event: GovernanceEvent): Validation => ({ ok: true, event });

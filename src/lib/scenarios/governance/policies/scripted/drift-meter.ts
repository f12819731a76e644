/**
 * Governance's drift meter (seat `METER_SEAT`): scores a round's task/action pairs with a sentence
 * embedding model, and answers with the similarities, or with why it has none. Not an agent: it
 * makes no choice, and its answer is logged like one only so that the similarities are a recorded
 * input (an embedding is not bit-identical across engines, devices and library versions; a replay
 * reads the logged numbers back and the log hash holds).
 */
import type { Policy } from '../../../../core';
import type { DriftObservation } from '../../state';
import { embeddingSimilarities, type Embedder } from '../../rates';

export const DRIFT_METER_LABEL = 'drift meter (embedding model)';

/** The reason logged when the run names a drift model and none was given to this run. */
export const NO_EMBEDDER = 'no embedding model was loaded for this run';

export function driftMeter(embedder: Embedder | null): Policy<DriftObservation> {
	return {
		label: DRIFT_METER_LABEL,
		async act(obs) {
			if (!embedder) return { action: { model: obs.model, failed: NO_EMBEDDER } };
			try {
				const scores = await embeddingSimilarities(obs.pairs, embedder);
				return {
					action: {
						model: obs.model,
						similarities: obs.pairs.map((p, i) => ({ id: p.id, similarity: scores[i] as number }))
					}
				};
			} catch (err) {
				const why = err instanceof Error ? err.message : String(err);
				return { action: { model: obs.model, failed: `the embedding model failed: ${why}` } };
			}
		}
	};
}

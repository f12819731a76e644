/** Autonomy's prediction points (classroom/predictions.ts): each spend decision a door grants. */
import type { Ask } from '../../core';
import { onePoint, type PredictionPoint } from '../descriptor';

export function autonomyPoint(asks: readonly Ask[]): PredictionPoint | null {
	const first = asks[0];
	if (!first || first.attempt !== 0) return null;
	return first.kind === 'decide'
		? onePoint(
				first,
				'autonomy',
				'spend',
				'A door granted a token: will Sentinel improve the file (spend it) or skip?',
				{ IMPROVE: 'improve (spend)', SKIP: 'skip' }
			)
		: null;
}

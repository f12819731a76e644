/** Governance's prediction points (classroom/predictions.ts): each audit verdict. */
import type { Ask } from '../../core';
import { onePoint, type PredictionPoint } from '../descriptor';

export function governancePoint(asks: readonly Ask[]): PredictionPoint | null {
	const first = asks[0];
	if (!first || first.attempt !== 0) return null;
	return first.kind === 'review'
		? onePoint(first, 'governance', 'verdict', 'Will the Auditor approve this output or veto it?', {
				approve: 'approve',
				veto: 'veto'
			})
		: null;
}

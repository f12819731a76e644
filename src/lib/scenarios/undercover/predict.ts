/** Undercover's prediction points (classroom/predictions.ts): which seat each stage's vote puts out. */
import type { Ask } from '../../core';
import type { PredictionPoint } from '../descriptor';

export function undercoverPoint(asks: readonly Ask[]): PredictionPoint | null {
	const first = asks[0];
	if (!first || first.attempt !== 0) return null;
	const votes = asks.filter((a) => a.kind === 'vote');
	if (votes.length !== asks.length) return null;
	// r<round>:vote:<stage>:<seat>: one point per stage, whoever votes first.
	const id = first.id.replace(/:\d+$/, '');
	const revote = id.endsWith(':revote');
	const candidates = [...new Set(votes.flatMap((a) => a.options ?? []))].sort((a, b) => a - b);
	return {
		id,
		scenario: 'undercover',
		kind: 'vote',
		question: revote
			? 'After the defences: which seat will the agents vote out in the revote?'
			: 'Which seat will the agents vote out this round?',
		options: [
			...candidates.map((c) => ({ value: String(c), label: `seat ${c}` })),
			{
				value: 'tie',
				label: revote ? 'a tie again: one of them is out by lot' : 'a tie (a tiebreak follows)'
			}
		]
	};
}

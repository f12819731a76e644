/**
 * What a setup can play instead when a model failed to load: the failed engines' seats given to an
 * engine this device can run. Scripted agents always (nothing to download); transformers.js on the CPU
 * (WASM, any browser) unless that is what failed, and not while offline, when a download cannot work.
 */
import type { ModelChoice } from '$lib/engines/types';
import type { SharedRun } from '$lib/share/link';
import { SCRIPTED, TRANSFORMERS_MODELS } from './model-options';

export interface Fallback {
	kind: 'scripted' | 'cpu';
	choice: ModelChoice;
	/** The download it needs, for the offer's words; 0 for scripted. */
	downloadMB: number;
	/** Its model's display name (a product name), for a model. */
	name?: string;
	run: SharedRun;
}

/** The smallest transformers.js model the setup lists: the quickest to try on a CPU. */
const CPU_MODEL = [...TRANSFORMERS_MODELS].sort((a, b) => a.downloadMB - b.downloadMB)[0]!;

const onCpu = (c: ModelChoice): boolean => c.engine === 'transformers' && c.device !== 'webgpu';

export function fallbacks(
	setup: SharedRun,
	choices: Readonly<Record<number, ModelChoice>>,
	failedSeats: readonly number[],
	online: boolean
): Fallback[] {
	if (!failedSeats.length) return [];
	const withSeats = (to: ModelChoice): SharedRun => {
		const seats: Record<string, ModelChoice> = {};
		for (const [seat, c] of Object.entries(choices)) seats[seat] = c;
		for (const seat of failedSeats) seats[String(seat)] = to;
		return { ...setup, seats };
	};
	const out: Fallback[] = [{ kind: 'scripted', choice: SCRIPTED, downloadMB: 0, run: withSeats(SCRIPTED) }];
	const failedOnCpu = failedSeats.some((s) => choices[s] && onCpu(choices[s]));
	if (online && !failedOnCpu) {
		const cpu: ModelChoice = { engine: 'transformers', model: CPU_MODEL.id };
		out.push({
			kind: 'cpu',
			choice: cpu,
			downloadMB: CPU_MODEL.downloadMB,
			name: CPU_MODEL.label,
			run: withSeats(cpu)
		});
	}
	return out;
}

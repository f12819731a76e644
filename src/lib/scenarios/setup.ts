/**
 * A run's setup as a link or an eval set carries it: which scenario, seed, config, and who plays each
 * seat. Here, in the scenarios layer, so the eval sets can name runs without importing the share codec
 * (share/link.ts reads and writes this shape).
 */
import type { ModelChoice } from '../engines/types';

export interface SharedRun {
	scenario: string;
	seed: number;
	config: Record<string, unknown>;
	/** Who plays each seat (engine and model; never a key). Absent: scripted agents everywhere. */
	seats?: Record<string, ModelChoice>;
}

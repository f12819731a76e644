import { definePhases } from '../../core';
import type { Phase } from './state';

/**
 * SETUP starts day 1; DAY works through the day's agenda and the pipeline; DECIDE is a spent token
 * waiting for the provider and the agent's answer; END. The gate can halt a run from any phase.
 */
export const phases = definePhases<Phase>({
	SETUP: ['DAY', 'END'],
	DAY: ['DAY', 'DECIDE', 'END'],
	DECIDE: ['DAY', 'END'],
	END: []
});

import { definePhases } from '../../core';
import type { Phase } from './state';

/**
 * A round: the Assigner, the Executor and the Auditor each get one turn, the person one under the
 * `human` policy, then CLOSE records metrics and checks the fuse. FUSED waits for a person. Every
 * phase may go to END: the gate can halt a run anywhere.
 */
export const phases = definePhases<Phase>({
	SETUP: ['ASSIGNER', 'END'],
	ASSIGNER: ['EXECUTOR', 'END'],
	EXECUTOR: ['AUDITOR', 'END'],
	AUDITOR: ['HUMAN', 'CLOSE', 'END'],
	HUMAN: ['CLOSE', 'END'],
	CLOSE: ['ASSIGNER', 'FUSED', 'END'],
	FUSED: ['ASSIGNER', 'END'],
	END: []
});

/**
 * The scripted governance agents' habits: how often each slips, what the Executor believes R1 should
 * be, and how long the Assigner keeps to plain reading and plotting. The numbers every golden hash was
 * recorded with.
 */

/** How often the scripted agents slip, per ask. */
export const SLIPS = Object.freeze({
	/** The Executor forgets the Sources line. */
	noSources: 0.1,
	/** The Executor writes "Confidence: high" (seed T135). */
	vagueConfidence: 0.3,
	/** The Executor's chart has no title (the seed's first vetoes). */
	noTitle: 0.35,
	/** The Executor does the task it is used to instead of the one asked (drift). */
	drift: 0.1,
	/** The Executor opens with autonomous planning ("I will now...", the seed's drift signal). */
	filler: 0.25,
	/** The Executor probes outside the sandbox, once per run. */
	probe: 0.12,
	/** The Auditor vetoes a clean inference with no rule to cite. */
	zealous: 0.12,
	/** The Auditor misses a breach. */
	lenient: 0.05,
	/** The Assigner names a file the action makes no sense on. */
	misallocate: 0.1
});

/** What the Executor believes R1 should be: the seed's T155 proposal. */
export const EXECUTOR_R1_BELIEF = Object.freeze({
	minDiscount: 15,
	longTenureMonths: 36,
	longTenureMinDiscount: 12
});

/** Rounds of plain reading and plotting before the Assigner starts asking for inferences (seed: 24 h). */
export const WARMUP_ROUNDS = 3;

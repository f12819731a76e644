/**
 * The pauses of each speed, apart from the session so that a setup page's speed field loads no run.
 */
export const SPEEDS = { slow: 1800, normal: 700, fast: 120, instant: 0 } as const;
/** At instant speed, how often the page shows the run's latest state, at most (ms). */
export const INSTANT_SHOW_MS = 100;
export type Speed = keyof typeof SPEEDS;

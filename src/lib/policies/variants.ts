/**
 * Scripted variants a seat can be given by name: governance's red-team Executor, and undercover's fair
 * baseline (the default scripted undercover agent is the oracle, which reads the word pack).
 * A module of its own: share links check a seat's variant with it, and a page that only builds links
 * (the home page's lessons) should not load every scripted policy to do so.
 */
export const SCRIPTED_VARIANTS = ['red-team', 'fair'] as const;

/**
 * Whether a teacher's preset holds the language switch (`?locale=zh&fix=locale`, or `hide=locale`):
 * the play page sets it while its preset says so, and the switch in the nav reads it. A teaching aid,
 * not a lock: the switch says why it is disabled, and editing the link frees it.
 */
export const localeHold: { state: 'fixed' | 'hidden' | null } = $state({ state: null });

/**
 * An error a person reads, as data: its kind (`code`) and the values its sentence needs. Where it is
 * made, the English sentence is made too (logs, tests, Node and `npm run sim` read it); where it is
 * shown, `i18n/errors.ts` turns the kind and values into the interface's language. Plain data with no
 * imports, so pure code and workers can make one; nothing here depends on the language, so a problem
 * may be stored or logged as it is.
 */
export type ProblemCode =
	// Run files (run/run-file.ts) and their import (state/import-run.ts).
	| 'file-empty'
	| 'file-not-text'
	| 'file-unreadable'
	| 'file-too-large'
	| 'file-too-many-events'
	| 'file-not-a-log'
	| 'file-newer'
	| 'file-header-invalid'
	| 'file-header-setup'
	| 'file-event-too-long'
	| 'file-line-unreadable'
	| 'file-event-damaged'
	| 'file-altered-sequence'
	| 'file-other-run'
	| 'file-altered-link'
	| 'file-altered-hash'
	| 'file-header-too-long'
	| 'file-header-field'
	| 'file-event-too-deep'
	| 'file-event-not-finite'
	| 'file-event-illegal'
	| 'file-event-invalid'
	| 'file-replay-diverged'
	| 'file-replay-stopped'
	| 'file-replay-ended'
	| 'file-class-log'
	| 'file-class-log-in'
	| 'file-store-failed'
	| 'file-storage-full'
	// Browser storage (storage/runs.ts).
	| 'storage-unavailable'
	| 'storage-quota'
	| 'storage-failed'
	| 'storage-blocked'
	| 'storage-outdated'
	// Share links (share/link.ts).
	| 'link-damaged'
	| 'link-newer'
	// Links with recorded replies, re-executed (run/verify.ts).
	| 'link-setup'
	| 'link-altered-call'
	| 'link-altered'
	| 'link-replay-stopped'
	| 'link-replay-ended'
	// Saved runs opened by link (state/game.svelte.ts).
	| 'run-evicted'
	| 'run-missing'
	| 'run-damaged'
	| 'run-imported';

export interface Problem {
	code: ProblemCode;
	/** The values the sentence names (numbers, ids, and sub-kinds such as which field is missing). */
	values?: Record<string, string | number>;
}

/** An Error that also says which problem it is, for errors thrown and caught in the same thread. */
export class ProblemError extends Error {
	constructor(
		message: string,
		readonly problem: Problem,
		options?: ErrorOptions
	) {
		super(message, options);
		this.name = 'ProblemError';
	}
}

/** The problem an error carries, if it is a ProblemError. */
export function problemOf(err: unknown): Problem | null {
	return err instanceof ProblemError ? err.problem : null;
}

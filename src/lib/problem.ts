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
	| 'run-imported'
	// A run that could not start or go on because a model failed (state/game.svelte.ts); `cause` says why.
	| 'run-not-started'
	| 'run-start-retry'
	| 'run-paused-retry'
	// A run that stopped (failed), a replay that stopped, the work after a game, a tab that could not
	// follow its run (state/game.svelte.ts): `cause` is what went wrong, where its kind is known.
	| 'run-stopped'
	| 'run-replay-stopped'
	| 'run-after-game'
	| 'run-follow-failed'
	// A worker that stopped during a run (state/agent-pool.svelte.ts): `who` is `seat` (with `seat`),
	// `tools`, or `engine` (with `engine`, `model`, `device`); `detail` is the browser's own words.
	| 'worker-crashed'
	| 'seat-not-running'
	// A model that could not be loaded for a run (state/agent-pool.svelte.ts): `engine`, `model` and
	// `device` name it; `cause` is the engine's problem, when it has one.
	| 'model-load-failed'
	// An engine's own failures (engines/*.ts): `model` names it; `detail` is the library's or the
	// server's own words, shown as they are; `tried` how often a request was sent.
	| 'engine-no-gpu'
	| 'engine-gpu-limits'
	| 'engine-f16'
	| 'engine-gpu-memory'
	| 'engine-gpu-stopped'
	| 'engine-files-damaged'
	| 'engine-storage-full'
	| 'engine-unknown-model'
	| 'engine-offline'
	| 'engine-download'
	| 'engine-download-failed'
	| 'engine-hub-refused'
	| 'engine-hub-missing'
	| 'engine-host-failed'
	| 'engine-files-missing'
	| 'engine-files-broken'
	| 'engine-tokenizer'
	| 'engine-no-memory'
	| 'engine-load-failed'
	| 'engine-cannot-run'
	// WebLLM's model host answering without the files (engines/webllm-errors.ts): `status` where the
	// sentence names it.
	| 'engine-host-refused'
	| 'engine-host-missing'
	| 'engine-host-limited'
	| 'engine-host-error'
	// A load (`phase` 'load') or a reply ('chat') stopped on purpose (engines/webllm-errors.ts).
	| 'engine-cancelled'
	// The Models page could not read which models this browser keeps (routes/models): `detail` is the
	// browser's own words.
	| 'model-cache-unreadable'
	// During a reply: the GPU device lost (engines/host.ts), a WebLLM reply that took too long.
	| 'engine-gpu-lost'
	| 'engine-timeout'
	// An endpoint (engines/openai.ts): `url`, `status`, `model`, `origin` as the sentence needs.
	| 'endpoint-needs-key'
	| 'endpoint-refused-key'
	| 'endpoint-rate-limited'
	| 'endpoint-failed'
	| 'endpoint-no-model'
	| 'endpoint-refused'
	| 'endpoint-nothing-at'
	| 'endpoint-unreachable'
	| 'endpoint-offline'
	| 'endpoint-cors'
	| 'endpoint-dropped'
	// A reply that did not come whole: `ms` is the limit it ran past, `detail` the server's words.
	| 'endpoint-deadline'
	| 'endpoint-silent'
	| 'endpoint-bad-json'
	| 'endpoint-no-reply'
	| 'endpoint-cut-short'
	| 'endpoint-reported'
	// An endpoint's base URL (engines/base-url.ts).
	| 'url-empty'
	| 'url-scheme'
	| 'url-invalid'
	| 'url-plain-http'
	| 'url-credentials'
	| 'url-query';

export interface Problem {
	code: ProblemCode;
	/** The values the sentence names (numbers, ids, and sub-kinds such as which field is missing). */
	values?: Record<string, string | number>;
	/** The problem this one follows from ("could not load X" because "nothing answers at Y"). */
	cause?: Problem;
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

/** Whether a value is a problem's plain data (as it arrives from a worker or from storage). */
function isProblem(value: unknown): value is Problem {
	if (!value || typeof value !== 'object') return false;
	const p = value as Partial<Problem>;
	return (
		typeof p.code === 'string' &&
		(p.values === undefined || (typeof p.values === 'object' && p.values !== null)) &&
		(p.cause === undefined || isProblem(p.cause))
	);
}

/**
 * The problem an error carries: a ProblemError's, or the `problem` field of any error that has one (an
 * engine's error, and an error that crossed a worker boundary: `workers/problems.ts` carries it).
 */
export function problemOf(err: unknown): Problem | null {
	if (err instanceof ProblemError) return err.problem;
	if (err && typeof err === 'object' && 'problem' in err && isProblem(err.problem)) return err.problem;
	return null;
}

/**
 * Racing work against an abort signal: the caller hears of a cancel at once, while the work itself
 * (a WebLLM generation, a transformers.js load, neither of which can be cancelled mid-way) is left to
 * settle on its own.
 */

/** Rejects with `onAbort()` as soon as `signal` aborts, without waiting for `work`. */
export function raceAbort<T>(
	work: Promise<T>,
	signal: AbortSignal | undefined,
	onAbort: () => Error
): Promise<T> {
	if (!signal) return work;
	if (signal.aborted) {
		work.catch(() => {}); // settles unobserved: never an unhandled rejection
		return Promise.reject(onAbort());
	}
	return new Promise<T>((resolve, reject) => {
		const abort = () => reject(onAbort());
		signal.addEventListener('abort', abort, { once: true });
		work.then(
			(v) => {
				signal.removeEventListener('abort', abort);
				resolve(v);
			},
			(e: unknown) => {
				signal.removeEventListener('abort', abort);
				reject(e);
			}
		);
	});
}

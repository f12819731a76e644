/**
 * One job at a time, in call order: a local model (WebLLM, transformers.js) serves one request per
 * engine, so the seats' simultaneous votes wait their turn. A failed job does not stop the queue.
 */
export class SerialQueue {
	#tail: Promise<unknown> = Promise.resolve();

	/** Starts `job` once every job queued before it has settled; resolves or rejects as it does. */
	run<T>(job: () => Promise<T>): Promise<T> {
		const run = this.#tail.then(job, job);
		this.#tail = run.catch(() => undefined);
		return run;
	}

	/** Settles once every job queued so far has settled (never rejects). */
	idle(): Promise<void> {
		return this.#tail.then(() => undefined);
	}
}

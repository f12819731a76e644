/**
 * The page's drift model, for a governance run whose setup names one (`driftModel`): loaded in a
 * worker of its own at the first round with outputs, not before, so a run that never reaches one
 * downloads nothing. Its similarities go into the log as the drift meter's answers; a model that
 * cannot load makes each round say so and score lexically (the meter logs the reason).
 */
import type { Embedder } from '$lib/scenarios/governance/rates';
import type { SharedRun } from '$lib/share/link';
import { startEmbedWorker } from './embed-drift.svelte';

export class PageDriftEmbedder implements Embedder {
	readonly model: string;
	#started: ReturnType<typeof startEmbedWorker> | null = null;

	constructor(model: string) {
		this.model = model;
	}

	async embed(texts: readonly string[]): Promise<number[][]> {
		const started = (this.#started ??= startEmbedWorker(this.model));
		// A model that failed to load stays failed for the run; its worker is of no more use.
		const embedder = await started.embedder.catch((err: unknown) => {
			started.worker.terminate();
			throw err;
		});
		return embedder.embed(texts);
	}

	dispose(): void {
		this.#started?.worker.terminate();
		this.#started = null;
	}
}

/** The drift model a run's setup names, or null (lexical drift, nothing to load). */
export function driftEmbedderFor(setup: SharedRun): PageDriftEmbedder | null {
	const model = (setup.config as { driftModel?: unknown }).driftModel;
	return typeof model === 'string' ? new PageDriftEmbedder(model) : null;
}

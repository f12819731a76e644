/**
 * Which endpoint models answered without their reply format. An OpenAI-compatible server that refuses
 * `response_format` (a 400 naming it) gets the same request without it, and its replies are then held
 * to their options only by the prompt and Conclave's parser: the engine records `constraint: 'none'`
 * on such a call's `model.called` event (engines/openai.ts). The play page says so, once per model.
 */
import type { LogEvent, ModelCall } from '../core';

export interface UnheldModel {
	model: string;
	/** Calls of this model whose schema the server did not take. */
	calls: number;
}

/** Whether this call asked for a schema from an endpoint that did not hold the reply to it. */
export function schemaDropped(call: ModelCall): boolean {
	return (
		call.engine === 'openai' &&
		call.request?.schema !== undefined &&
		call.constraint === 'none' &&
		call.transportError === undefined
	);
}

/**
 * Reads a growing log incrementally: each call looks only at the events added since the last, so a
 * page can ask after every tick. A log that is not the one read before (another run, a rewind) is
 * read again from its start.
 */
export class UnheldSchemas {
	#first: LogEvent | undefined;
	#read = 0;
	#counts = new Map<string, number>();
	#list: UnheldModel[] = [];

	of(events: readonly LogEvent[]): UnheldModel[] {
		if (events[0] !== this.#first || events.length < this.#read) {
			this.#first = events[0];
			this.#read = 0;
			this.#counts = new Map();
			this.#list = [];
		}
		let changed = false;
		for (; this.#read < events.length; this.#read++) {
			const e = events[this.#read]!;
			if (e.kind !== 'model.called' || !schemaDropped(e.data as ModelCall)) continue;
			const model = (e.data as ModelCall).model;
			this.#counts.set(model, (this.#counts.get(model) ?? 0) + 1);
			changed = true;
		}
		if (changed) this.#list = [...this.#counts].map(([model, calls]) => ({ model, calls }));
		return this.#list;
	}
}

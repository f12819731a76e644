import { describe, expect, it } from 'vitest';
import type { LogEvent, ModelCall } from '../core';
import { schemaDropped, UnheldSchemas } from './unheld-schemas';

let seq = 0;
function called(over: Partial<ModelCall>): LogEvent {
	const data: ModelCall = {
		engine: 'openai',
		model: 'qwen',
		requestHash: 'h',
		request: { messages: [], temperature: 0.7, seed: 1, max_tokens: 96, schema: 'abcd' },
		purpose: 'vote',
		reply: '{"target":2}',
		finishReason: 'stop',
		promptTokens: 10,
		completionTokens: 5,
		constraint: 'none',
		...over
	};
	seq++;
	return { seq, tick: seq, kind: 'model.called', data, prev: '', hash: String(seq) };
}
const other = (): LogEvent => ({ seq: ++seq, tick: seq, kind: 'vote.cast', data: {}, prev: '', hash: '' });

describe('schemaDropped', () => {
	it('is an endpoint call that sent a schema and came back unconstrained', () => {
		expect(schemaDropped(called({}).data as ModelCall)).toBe(true);
	});
	it('is not a call the server held to its schema, one with no schema, another engine, or a failed call', () => {
		for (const over of [
			{ constraint: 'json_schema' as const },
			{ request: { messages: [], temperature: 0, seed: 1, max_tokens: 9 } },
			{ engine: 'transformers', constraint: 'none' as const },
			{ transportError: 'HTTP 503' },
			// Logs from before the field existed say nothing: not read as dropped.
			{ constraint: undefined }
		])
			expect(schemaDropped(called(over).data as ModelCall), JSON.stringify(over)).toBe(false);
	});
});

describe('UnheldSchemas', () => {
	it('counts dropped calls per model as the log grows, reading only the new events', () => {
		const unheld = new UnheldSchemas();
		const log = [other(), called({ constraint: 'json_schema' })];
		expect(unheld.of(log)).toEqual([]);
		log.push(called({}), other(), called({ model: 'llama' }), called({}));
		expect(unheld.of(log)).toEqual([
			{ model: 'qwen', calls: 2 },
			{ model: 'llama', calls: 1 }
		]);
		// Nothing new: the same list, so a page showing it has nothing to redraw.
		const before = unheld.of(log);
		expect(unheld.of(log.slice())).toBe(before);
	});
	it('starts over on another log', () => {
		const unheld = new UnheldSchemas();
		expect(unheld.of([called({})])).toHaveLength(1);
		expect(unheld.of([other(), other()])).toEqual([]);
	});
});

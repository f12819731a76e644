import { transferHandlers } from 'comlink';
import { describe, expect, it } from 'vitest';
import { EngineError } from '$lib/engines/types';
import { problemOf, type Problem } from '$lib/problem';
import { carryProblems } from './problems';

/** What the other side of a worker boundary rethrows for `thrown` (Comlink's "throw" handler both ways). */
function across(thrown: unknown): unknown {
	const handler = transferHandlers.get('throw')!;
	const [wire] = handler.serialize({ value: thrown });
	// Structured clone, as postMessage does: only plain data crosses.
	const received = structuredClone(wire);
	try {
		handler.deserialize(received);
	} catch (err) {
		return err;
	}
	throw new Error('the handler did not rethrow');
}

describe('carryProblems', () => {
	const problem: Problem = {
		code: 'endpoint-unreachable',
		values: { url: 'http://127.0.0.1:9/v1', detail: 'connection refused' }
	};

	it('sends an error’s problem beside its message, and the rethrown error carries it', () => {
		carryProblems();
		const err = across(new EngineError('offline', 'Could not reach http://127.0.0.1:9/v1.', { problem }));
		expect(err).toBeInstanceOf(Error);
		expect((err as Error).message).toBe('Could not reach http://127.0.0.1:9/v1.');
		expect(problemOf(err)).toEqual(problem);
	});

	it('sends the problem of an error’s cause (a policy’s failure around the engine’s), as a monologue throws it', () => {
		carryProblems();
		const engine = new EngineError('offline', 'Could not reach http://127.0.0.1:9/v1.', { problem });
		const policy = new Error('transport: Could not reach http://127.0.0.1:9/v1.', {
			cause: new Error('wrapped again', { cause: engine })
		});
		expect(problemOf(across(policy))).toEqual(problem);
	});

	it('is installed once, and leaves errors without a problem and other thrown values as they were', () => {
		carryProblems();
		carryProblems();
		const plain = across(new Error('plain'));
		expect((plain as Error).message).toBe('plain');
		expect(problemOf(plain)).toBeNull();
		expect(across('a string')).toBe('a string');
	});
});

/**
 * Errors keep their problem (`$lib/problem`: a kind and its values) across a worker boundary. Comlink
 * sends a thrown Error as its name, message and stack only, so the page could read an engine's failure
 * back only from its English sentence; this wraps Comlink's own "throw" handler to send the problem
 * beside them. Comlink's receiving side copies every sent field onto the Error it rethrows, where
 * `problemOf` finds it. Called once in each worker entry and by the page's side (state/agent-pool).
 */
import { transferHandlers, type TransferHandler } from 'comlink';
import { problemOf, type Problem } from '$lib/problem';

/**
 * The problem behind an error: its own, or its cause's (a policy's TransportFailure holds the engine's
 * error as its cause; governance wraps that once more), so what crosses says the kind it came from.
 */
export function problemIn(err: unknown, depth = 0): Problem | null {
	if (depth > 8 || !err || typeof err !== 'object') return null;
	return problemOf(err) ?? problemIn((err as { cause?: unknown }).cause, depth + 1);
}

/** What Comlink's "throw" handler sends: an Error's fields, or any other thrown value. */
interface Thrown {
	isError: boolean;
	value: unknown;
}

const CARRIES = Symbol.for('conclave.throw-carries-problems');

export function carryProblems(): void {
	const base = transferHandlers.get('throw') as
		(TransferHandler<{ value: unknown }, Thrown> & { [CARRIES]?: true }) | undefined;
	if (!base || base[CARRIES]) return;
	const handler: TransferHandler<{ value: unknown }, Thrown> & { [CARRIES]: true } = {
		canHandle: base.canHandle,
		serialize(thrown) {
			const [wire, transfers] = base.serialize(thrown);
			const problem = problemIn(thrown.value);
			if (problem && wire.isError && wire.value && typeof wire.value === 'object')
				return [{ ...wire, value: { ...wire.value, problem } }, transfers];
			return [wire, transfers];
		},
		deserialize: (wire) => base.deserialize(wire),
		[CARRIES]: true
	};
	transferHandlers.set('throw', handler as TransferHandler<unknown, unknown>);
}

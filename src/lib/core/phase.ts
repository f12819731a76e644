/** Phase machines: a successors table, and a transition that throws when the table forbids the step. */
export class IllegalTransitionError extends Error {
	constructor(
		readonly from: string,
		readonly to: string
	) {
		super(`illegal phase transition: ${from} -> ${to}`);
		this.name = 'IllegalTransitionError';
	}
}

export type Successors<P extends string> = { readonly [K in P]: readonly P[] };

export interface PhaseMachine<P extends string> {
	readonly successors: Successors<P>;
	canGo(from: P, to: P): boolean;
	/** Returns `to`, or throws IllegalTransitionError. */
	go(from: P, to: P): P;
}

export function definePhases<P extends string>(successors: Successors<P>): PhaseMachine<P> {
	const canGo = (from: P, to: P) => successors[from].includes(to);
	return {
		successors,
		canGo,
		go(from, to) {
			if (!canGo(from, to)) throw new IllegalTransitionError(from, to);
			return to;
		}
	};
}

/**
 * The gate: the one place that says whether a run may go on. It holds the run's budgets and counts
 * what has been spent, folded from the log so that a resumed run is charged exactly as the
 * uninterrupted one was.
 */
import type { LogEvent } from './log';
import type { Budgets } from './scenario';

export class Gate {
	readonly budgets: Budgets;
	actions = 0;
	retries = 0;
	calls = 0;
	tokens = 0;

	constructor(budgets: Budgets) {
		this.budgets = budgets;
	}

	/** Charges an event already in the log. Actions carry the id of the ask they answer. */
	account(event: LogEvent): void {
		if (event.kind === 'action.rejected') this.retries++;
		else if (event.kind === 'model.called') {
			const d = event.data as { promptTokens: number; completionTokens: number };
			this.calls++;
			this.tokens += d.promptTokens + d.completionTokens;
		} else if (
			event.kind !== 'tool.called' &&
			typeof (event.data as { ask?: unknown } | null)?.ask === 'string'
		)
			this.actions++;
	}

	/** Why the run must stop before its next step, or null while budgets remain. */
	haltReason(roundsCompleted: number): string | null {
		const b = this.budgets;
		if (roundsCompleted >= b.rounds) return `round cap of ${b.rounds} reached`;
		if (this.actions >= b.actions) return `action budget of ${b.actions} spent`;
		if (b.calls !== undefined && this.calls >= b.calls) return `model-call budget of ${b.calls} spent`;
		if (b.tokens !== undefined && this.tokens >= b.tokens) return `token budget of ${b.tokens} spent`;
		return null;
	}

	mayRetry(attempt: number): boolean {
		return attempt < this.budgets.retriesPerAsk && this.retries < this.budgets.retries;
	}
}
